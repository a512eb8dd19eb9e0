// Speak buttons: a .speak button speaks the data-speak text of itself or an ancestor,
// in the data-speak-lang language found there or further up (ja when none says: the
// Japanese course's pages). The server's voice (/tts, cached there) for Korean, English
// and Japanese when it has an engine, else the browser's synthesis with a voice of that
// language when there is one.
"use strict";
(function () {
  const synth = window.speechSynthesis;
  const serverLanguages = ["ko", "en", "ja"];
  let serverSpeaks = true;
  function speakInBrowser(text, lang) {
    if (!synth || !text) return false;
    const utterance = new SpeechSynthesisUtterance(text);
    utterance.lang = lang;
    const voice = synth.getVoices().find((v) => v.lang && v.lang.toLowerCase().startsWith(lang));
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
  function speak(text, lang) {
    if (!text) return;
    document.body.dataset.lastSpoken = text;
    document.body.dataset.lastSpokenLang = lang;
    if (!serverSpeaks || !serverLanguages.includes(lang)) {
      showNotice(speakInBrowser(text, lang));
      return;
    }
    const audio = new Audio("/tts?lang=" + lang + "&text=" + encodeURIComponent(text));
    audio.play().then(() => {
      document.body.dataset.lastSpeech = "server";
      showNotice(true);
    }).catch((error) => {
      // Not allowed to play before the user touched the page (a card that speaks by
      // itself): nothing to fall back to, the speak button still works.
      if (error && error.name === "NotAllowedError") return;
      // No engine on the server (503), or the audio cannot play here.
      serverSpeaks = false;
      showNotice(speakInBrowser(text, lang));
    });
  }
  // A review card that speaks by itself (the study setting): its term as the page
  // opens when the term is on it, else when the answer is shown (review.js's event).
  const talking = document.querySelector("[data-auto-speak]");
  function speakCard() {
    const language = talking.closest("[data-speak-lang]");
    speak(talking.dataset.speak, language ? language.dataset.speakLang : "ja");
  }
  if (talking && talking.dataset.autoSpeak === "shown") speakCard();
  if (talking && talking.dataset.autoSpeak === "answer") {
    document.addEventListener("maeil:answer-shown", speakCard, { once: true });
  }
  document.addEventListener("click", (event) => {
    const button = event.target.closest(".speak");
    if (!button) return;
    // A click with the mouse gives the keys back to the page (Space reveals a review
    // card's answer, not this button again); a key press keeps the focus where it is.
    if (event.detail > 0) button.blur();
    const holder = button.closest("[data-speak]");
    const language = button.closest("[data-speak-lang]");
    speak(holder ? holder.dataset.speak : "", language ? language.dataset.speakLang : "ja");
  });
})();
