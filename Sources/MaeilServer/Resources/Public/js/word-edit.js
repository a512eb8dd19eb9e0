// The word form's examples: add and remove rows. Without scripts the page
// still offers two blank rows.
"use strict";
(() => {
  const list = document.querySelector("[data-example-list]");
  const add = document.querySelector("[data-add-example]");
  if (!list || !add) return;
  let next = list.children.length;

  function clearRow(row) {
    for (const input of row.querySelectorAll("input")) input.value = "";
  }

  add.addEventListener("click", () => {
    const last = list.querySelector("[data-example-row]:last-child");
    if (!last) return;
    const row = last.cloneNode(true);
    clearRow(row);
    // Fresh ids keep every label tied to its own input.
    for (const label of row.querySelectorAll("label")) {
      const input = row.querySelector(`#${CSS.escape(label.htmlFor)}`);
      const id = label.htmlFor.replace(/-\d+$/, `-${next}`);
      label.htmlFor = id;
      if (input) input.id = id;
    }
    next += 1;
    list.append(row);
    row.querySelector("input")?.focus();
  });

  list.addEventListener("click", (event) => {
    const button = event.target.closest("[data-remove-example]");
    if (!button) return;
    const row = button.closest("[data-example-row]");
    if (list.children.length > 1) row.remove();
    else clearRow(row);
    add.focus();
  });
})();
