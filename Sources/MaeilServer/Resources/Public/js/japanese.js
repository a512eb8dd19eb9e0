// The Japanese course's pages: a word row shows its reading and meaning when its term
// is tapped; "show all" toggles do it for every row; shuffle reorders the rows; the
// speaker buttons and the kana chart's cells speak (data-speak holds kana) with the
// server's voice, or the browser's when the server has no speech engine.
"use strict";
(function () {
  const words = document.getElementById("day-words");

  function setRevealed(row, revealed) {
    row.classList.toggle("revealed", revealed);
    const term = row.querySelector(".jp-term");
    if (term) term.setAttribute("aria-expanded", String(revealed));
  }

  if (words) {
    words.addEventListener("click", (event) => {
      const term = event.target.closest(".jp-term");
      if (!term) return;
      const row = term.closest(".jp-word");
      setRevealed(row, !row.classList.contains("revealed"));
    });
    for (const toggle of document.querySelectorAll("[data-reveal]")) {
      // "Show all readings" / "show all meanings": a class on the list shows that part
      // of every row, whatever each row's own state.
      const apply = () => words.classList.toggle("show-" + toggle.dataset.reveal, toggle.checked);
      toggle.addEventListener("change", apply);
      apply();
    }
    const shuffle = document.getElementById("shuffle");
    if (shuffle) {
      shuffle.addEventListener("click", () => {
        const rows = Array.from(words.children);
        for (let i = rows.length - 1; i > 0; i--) {
          const j = Math.floor(Math.random() * (i + 1));
          [rows[i], rows[j]] = [rows[j], rows[i]];
        }
        for (const row of rows) words.appendChild(row);
      });
    }
  }

  // Speech: the server's voice (/tts, cached there) when it has an engine, else the
  // browser's synthesis with a Japanese voice when there is one.
  const synth = window.speechSynthesis;
  let serverSpeaks = true;
  function speakInBrowser(text) {
    if (!synth || !text) return false;
    const utterance = new SpeechSynthesisUtterance(text);
    utterance.lang = "ja-JP";
    const voice = synth.getVoices().find((v) => v.lang && v.lang.toLowerCase().startsWith("ja"));
    if (voice) utterance.voice = voice;
    synth.cancel();
    synth.speak(utterance);
    document.body.dataset.lastSpeech = "browser";
    return true;
  }
  function showNotice(spoken) {
    const notice = document.getElementById("no-speech");
    if (notice) notice.hidden = spoken;
  }
  function speak(text) {
    if (!text) return;
    document.body.dataset.lastSpoken = text;
    if (!serverSpeaks) {
      showNotice(speakInBrowser(text));
      return;
    }
    const audio = new Audio("/tts?lang=ja&text=" + encodeURIComponent(text));
    audio.play().then(() => {
      document.body.dataset.lastSpeech = "server";
      showNotice(true);
    }).catch(() => {
      // No engine on the server (503), or the audio cannot play here.
      serverSpeaks = false;
      showNotice(speakInBrowser(text));
    });
  }
  document.addEventListener("click", (event) => {
    const button = event.target.closest(".speak");
    if (!button) return;
    const holder = button.closest("[data-speak]");
    speak(holder ? holder.dataset.speak : "");
  });
})();
