// Fast entry on a book page: Enter in the term moves to the meaning; Enter in
// the meaning saves the word, puts it at the top of the list and starts a new
// empty row; Enter on an empty term ends entry. Enter that only finishes an
// IME composition (Korean, Japanese) is left alone.
"use strict";
(() => {
  const box = document.querySelector("[data-fast-entry]");
  if (!box) return;
  const form = box.querySelector("[data-fast-form]");
  const term = form.querySelector("[data-fast-term]");
  const meaning = form.querySelector("[data-fast-meaning]");
  const error = box.querySelector("[data-fast-error]");
  const duplicate = box.querySelector("[data-fast-duplicate]");
  const reopen = box.querySelector("[data-fast-reopen]");
  const hint = box.querySelector(".hint");
  const list = document.querySelector("[data-word-rows]");
  const listForm = document.querySelector("[data-word-list]");
  const empty = document.querySelector("[data-empty]");
  // An empty list shows no bulk bar: the first word added brings it.
  const bulkBar = document.querySelector("[data-bulk-bar]");
  const template = document.getElementById("word-row-template");
  const count = document.querySelector("[data-word-count]");
  const csrf = document.querySelector('meta[name="csrf-token"]')?.content || "";
  let saving = false;

  const isEnter = (event) => event.key === "Enter" && !event.isComposing && event.keyCode !== 229;

  function showError(message, field) {
    duplicate.hidden = true;
    error.textContent = message || "";
    error.hidden = !message;
    term.removeAttribute("aria-invalid");
    meaning.removeAttribute("aria-invalid");
    if (message && field) field.setAttribute("aria-invalid", "true");
  }

  function close() {
    showError("");
    form.hidden = true;
    hint.hidden = true;
    reopen.hidden = false;
    term.blur();
    reopen.focus();
  }

  function open() {
    form.hidden = false;
    hint.hidden = false;
    reopen.hidden = true;
    term.focus();
  }

  function addRow(word) {
    const row = template.content.firstElementChild.cloneNode(true);
    row.dataset.wordId = word.id;
    row.dataset.speak = word.term;
    const speak = row.querySelector(".speak");
    if (speak) speak.setAttribute("aria-label", `${speak.title}: ${word.term}`);
    const check = row.querySelector("[data-select-word]");
    check.value = word.id;
    check.setAttribute("aria-label", `${listForm?.dataset.selectLabel || ""}: ${word.term}`);
    const link = row.querySelector(".term");
    link.href = word.href;
    link.textContent = word.term;
    if (word.reading) {
      const reading = document.createElement("span");
      reading.className = "reading";
      reading.textContent = word.reading;
      link.after(reading);
    }
    row.querySelector(".meaning").textContent = word.meaning;
    row.classList.add("just-added");
    list.prepend(row);
    if (empty) empty.hidden = true;
    if (bulkBar) bulkBar.hidden = false;
    listForm?.dispatchEvent(new Event("words-changed"));
  }

  // The book has this word already: say so, link to it, and offer to add it anyway.
  function showDuplicate(existingID) {
    showError("");
    duplicate.querySelector("span").textContent = box.dataset.duplicate;
    const link = duplicate.querySelector("[data-duplicate-link]");
    link.href = `/words/${existingID}`;
    link.textContent = box.dataset.duplicateOpen;
    duplicate.querySelector("[data-add-anyway]").textContent = box.dataset.duplicateAdd;
    duplicate.hidden = false;
    term.setAttribute("aria-invalid", "true");
  }

  async function save(allowDuplicate = false) {
    if (saving) return;
    if (term.value.trim() === "") {
      term.focus();
      return;
    }
    saving = true;
    form.setAttribute("aria-busy", "true");
    try {
      const response = await fetch(form.action, {
        method: "POST",
        credentials: "same-origin",
        headers: { "Content-Type": "application/json", Accept: "application/json", "X-CSRF-Token": csrf },
        body: JSON.stringify({ term: term.value, meaning: meaning.value, allowDuplicate }),
      });
      const body = response.redirected ? null : await response.json().catch(() => null);
      if (body?.error?.code === "duplicate_word" && body.error.existingID) {
        showDuplicate(body.error.existingID);
        return;
      }
      if (!response.ok || !body || body.error) {
        const message = body?.error?.message || box.dataset.failed || `HTTP ${response.status}`;
        showError(message, /meaning|뜻/.test(message) ? meaning : term);
        return;
      }
      addRow(body);
      if (count && body.wordCountText) count.textContent = body.wordCountText;
      showError("");
      term.value = "";
      meaning.value = "";
      form.dispatchEvent(new Event("maeil:word-saved"));
      term.focus();
    } catch {
      showError(box.dataset.failed || "Network error");
    } finally {
      saving = false;
      form.removeAttribute("aria-busy");
    }
  }

  term.addEventListener("keydown", (event) => {
    if (!isEnter(event)) return;
    event.preventDefault();
    if (term.value.trim() === "") close();
    else meaning.focus();
  });
  meaning.addEventListener("keydown", (event) => {
    if (!isEnter(event)) return;
    event.preventDefault();
    save();
  });
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    save();
  });
  reopen.addEventListener("click", open);
  duplicate.querySelector("[data-add-anyway]").addEventListener("click", () => save(true));
})();
