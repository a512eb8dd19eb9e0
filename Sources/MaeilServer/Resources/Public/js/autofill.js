// Auto-fill: as the term is typed (or when asked), the meanings the sources propose
// (your books, the course data, EDICT, WordNet, DeepL) are listed under the form;
// picking a row fills the meaning from that row — the one picked — and, on the word
// form, the fields it knows that are still empty. Each [data-autofill] box names the
// fields it serves with CSS selectors (data-term, data-meaning, data-reading…).
"use strict";
(() => {
  const sourceKeys = {
    myBooks: "sourceMyBooks", course: "sourceCourse", edict: "sourceEdict",
    wordnet: "sourceWordnet", deepl: "sourceDeepl",
  };

  function setup(box) {
    const field = (name) => (box.dataset[name] ? document.querySelector(box.dataset[name]) : null);
    const term = field("term");
    const meaning = field("meaning");
    if (!term || !meaning) return;
    const list = box.querySelector("[data-autofill-list]");
    const status = box.querySelector("[data-autofill-status]");
    const reading = box.querySelector("[data-autofill-reading]");
    const problems = box.querySelector("[data-autofill-problems]");
    const ask = box.querySelector("[data-autofill-ask]");
    let timer = 0;
    let asked = 0;
    let lastTerm = "";

    function clear() {
      list.replaceChildren();
      problems.textContent = "";
      reading.textContent = "";
      status.textContent = "";
      box.hidden = !ask;
    }

    function fillEmpty(name, value) {
      const input = field(name);
      if (!input || !value || input.value.trim() !== "") return;
      input.value = value;
      input.dispatchEvent(new Event("input", { bubbles: true }));
    }

    function pick(row, result, button) {
      if (row.meaning) {
        meaning.value = row.meaning;
        meaning.dispatchEvent(new Event("input", { bubbles: true }));
      }
      fillEmpty("reading", row.reading || result.reading);
      fillEmpty("partOfSpeech", row.partOfSpeech);
      fillEmpty("synonyms", row.synonyms.join(", "));
      fillEmpty("antonyms", row.antonyms.join(", "));
      fillEmpty("note", row.note);
      fillEmpty("example", row.example);
      for (const other of list.querySelectorAll("button")) other.setAttribute("aria-pressed", "false");
      button.setAttribute("aria-pressed", "true");
      meaning.focus();
    }

    function show(result) {
      list.replaceChildren();
      reading.textContent = result.reading ? `/${result.reading}/` : "";
      status.textContent = result.proposals.length ? "" : box.dataset.none;
      result.proposals.forEach((row) => {
        const item = document.createElement("li");
        const button = document.createElement("button");
        button.type = "button";
        button.className = "autofill-row";
        button.setAttribute("aria-pressed", "false");
        button.dataset.source = row.source;
        const text = document.createElement("span");
        text.className = "autofill-meaning";
        if (row.partOfSpeech) {
          const pos = document.createElement("span");
          pos.className = "autofill-pos";
          pos.textContent = row.partOfSpeech;
          text.append(pos, " ");
        }
        text.append(row.meaning || row.note);
        const source = document.createElement("span");
        source.className = "autofill-source";
        source.textContent = box.dataset[sourceKeys[row.source]] || row.source;
        button.append(text, source);
        button.title = box.dataset.pick;
        button.addEventListener("click", () => pick(row, result, button));
        item.append(button);
        list.append(item);
      });
      problems.textContent = result.problems.map((p) => p.message).join(" ");
      box.hidden = false;
    }

    async function lookUp() {
      const value = term.value.trim();
      if (!value) { lastTerm = ""; clear(); return; }
      if (value === lastTerm) return;
      lastTerm = value;
      const mine = ++asked;
      status.textContent = box.dataset.loading;
      box.hidden = false;
      try {
        const query = new URLSearchParams({ term: value, book: box.dataset.book });
        const response = await fetch(`/autofill?${query}`, { headers: { Accept: "application/json" } });
        if (mine !== asked) return;
        if (!response.ok) { status.textContent = ""; list.replaceChildren(); return; }
        show(await response.json());
      } catch {
        if (mine === asked) status.textContent = "";
      }
    }

    if (ask) {
      ask.addEventListener("click", () => { lastTerm = ""; lookUp(); });
    }
    term.addEventListener("input", () => {
      clearTimeout(timer);
      timer = setTimeout(lookUp, 350);
    });
    // Fast entry empties the term once a word is saved: the old rows go with it.
    term.form?.addEventListener("maeil:word-saved", () => { lastTerm = ""; clear(); });
  }

  document.querySelectorAll("[data-autofill]").forEach(setup);
})();
