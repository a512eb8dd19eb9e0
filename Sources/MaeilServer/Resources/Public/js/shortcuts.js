// Keyboard shortcuts of the study screens (reviews and games), in one place:
// keys typed into a field or with Ctrl, Cmd or Alt are left alone, and a page
// sends one answer however fast the keys come (each answer reloads the page).
"use strict";
window.MaeilShortcuts = (function () {
  var sent = false;

  /** Calls `handler(event)` for every shortcut key press. */
  function onKey(handler) {
    document.addEventListener("keydown", function (event) {
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      var target = event.target;
      if (target && (target.tagName === "INPUT" || target.tagName === "TEXTAREA" || target.tagName === "SELECT")) return;
      handler(event);
    });
  }

  /** Lets one form inside `root` submit on this page; later submits are dropped. */
  function oneAnswer(root) {
    document.addEventListener("submit", function (event) {
      if (event.defaultPrevented || !root.contains(event.target)) return;
      if (sent) event.preventDefault();
      sent = true;
    });
  }

  /** Presses `button` (submitting its form) unless the page already answered. */
  function press(button) {
    if (!button || button.disabled || sent) return;
    if (button.form) button.form.requestSubmit(button);
    else button.click();
  }

  return { onKey: onKey, oneAnswer: oneAnswer, press: press };
})();
