// Small helpers shared by every page. No framework, no build step.
"use strict";
document.documentElement.classList.add("js");
document.addEventListener("DOMContentLoaded", () => {
  // The language toggle returns to the page it was pressed on.
  for (const input of document.querySelectorAll("input[data-current-path]")) {
    input.value = location.pathname + location.search;
  }
  // Selects marked data-autosubmit apply at once (their form's button is the fallback).
  for (const select of document.querySelectorAll("select[data-autosubmit]")) {
    select.addEventListener("change", () => select.form && select.form.requestSubmit());
  }
  // A one-time secret is easier to copy when focusing selects it.
  for (const input of document.querySelectorAll("input[data-select-on-focus]")) {
    input.addEventListener("focus", () => input.select());
  }
});
// Destructive buttons ask first: <button data-confirm="Delete 3 words?">.
document.addEventListener("submit", (event) => {
  const button = event.submitter;
  const message = button && button.dataset ? button.dataset.confirm : null;
  if (message && !window.confirm(message)) event.preventDefault();
});
