// The Japanese course's pages: a word row shows its reading and meaning when its term
// is tapped; "show all" toggles do it for every row; shuffle reorders the rows; the
// speaker buttons and the kana chart's cells speak through speech.js.
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

})();
