// Word lists: select rows, select all, the live "N selected" count, and the
// bulk bar's buttons (enabled only when they can act). The form posts the
// checked rows' own word ids, so an action never depends on row positions.
"use strict";
(() => {
  for (const form of document.querySelectorAll("[data-word-list]")) setUp(form);

  function setUp(form) {
    const selectAll = form.querySelector("[data-select-all]");
    const counter = form.querySelector("[data-selected-count]");
    const book = form.querySelector("[data-bulk-book]");
    const template = form.dataset.selectedTemplate || "{n}";
    const boxes = () => Array.from(form.querySelectorAll("[data-select-word]"));

    function update() {
      const all = boxes();
      const checked = all.filter((box) => box.checked).length;
      counter.textContent = template.replace("{n}", String(checked));
      selectAll.checked = all.length > 0 && checked === all.length;
      selectAll.indeterminate = checked > 0 && checked < all.length;
      selectAll.disabled = all.length === 0;
      for (const button of form.querySelectorAll("[data-bulk]")) {
        const needsBook = button.hasAttribute("data-needs-book") && book && !book.value;
        button.disabled = checked === 0 || Boolean(needsBook);
      }
      form.classList.toggle("has-selection", checked > 0);
      for (const box of all) box.closest(".word-row")?.classList.toggle("selected", box.checked);
    }

    form.addEventListener("change", (event) => {
      if (event.target === selectAll) {
        for (const box of boxes()) box.checked = selectAll.checked;
      }
      update();
    });
    // The fast entry adds rows; keep the counts right.
    form.addEventListener("words-changed", update);
    // With the script running, a phone shows the bulk actions only once a row is picked.
    form.classList.add("live");
    update();
  }
})();
