// The on-screen Hangul keyboard for fields marked Korean (<input lang="ko">,
// <textarea lang="ko">), for people without a Korean input method.
//
// Every such field gets a small "한글" toggle button beside it. The keyboard is one
// panel docked at the bottom of the window, placed in the DOM right after the field
// it types into (so Tab reaches it next). It has the 2-beolsik layout, Shift (ㅃㅉㄸㄲㅆ
// ㅒㅖ, for one key), Backspace, Space and Enter, and a switch that composes Hangul
// from a physical Latin keyboard (dkssud → 안녕) while it is on.
//
// Composition runs through the same automaton as the server (hangul.js, a port of
// the Swift HangulInputContext). The syllable being composed (the preedit) is in the
// field's value at the caret, so the form always submits what is shown; clicking,
// typing elsewhere or any change made by other scripts simply ends the composition.
// Enter on the keyboard ends the composition and sends the field a real `keydown`
// Enter, so the page's own Enter handling (fast entry) runs; when no handler takes
// it, it does what Enter does in that field (submit the form, or a new line).
"use strict";
(() => {
  const Hangul = window.MaeilHangul;
  if (!Hangul) return;

  const FIELDS = 'input[lang|="ko"], textarea[lang|="ko"]';
  const TEXT_INPUTS = new Set(["text", "search"]);
  const LATIN_KEY = "maeil.hangulKeyboard.latin";
  const SVG_NS = "http://www.w3.org/2000/svg";

  let strings = {};
  let panel = null;
  let bar = null;
  let preeditView = null;
  let latinButton = null;
  let latinHint = null;
  let shiftButton = null;
  const keyButtons = [];

  // The keyboard's state: the field it types into, Shift, the Latin-keyboard switch,
  // and the composition (automaton + where its text sits in the field).
  let target = null;
  let shift = false;
  let latin = false;
  const ic = new Hangul.HangulInputContext();
  const comp = { start: 0, length: 0, value: "" };

  function text(key, fallback) {
    return strings[key] || fallback;
  }

  function isKoreanField(el) {
    if (!(el instanceof HTMLElement) || !el.matches(FIELDS)) return false;
    if (el.dataset.hangulKeyboard === "off") return false;
    return el.tagName === "TEXTAREA" || TEXT_INPUTS.has(el.type);
  }

  function fieldName(field) {
    const label = field.labels && field.labels[0];
    return (label ? label.textContent : field.getAttribute("aria-label") || field.name || "").trim();
  }

  // ---- Building ----

  function element(tag, className, attrs = {}) {
    const el = document.createElement(tag);
    if (className) el.className = className;
    for (const [name, value] of Object.entries(attrs)) el.setAttribute(name, value);
    return el;
  }

  function keyboardIcon() {
    const svg = document.createElementNS(SVG_NS, "svg");
    svg.setAttribute("viewBox", "0 0 20 14");
    svg.setAttribute("width", "18");
    svg.setAttribute("height", "13");
    svg.setAttribute("aria-hidden", "true");
    svg.setAttribute("focusable", "false");
    const body = document.createElementNS(SVG_NS, "rect");
    for (const [k, v] of Object.entries({ x: 1, y: 1, width: 18, height: 12, rx: 2, fill: "none", stroke: "currentColor", "stroke-width": 1.5 })) {
      body.setAttribute(k, String(v));
    }
    svg.append(body);
    const keys = [[4, 4], [7, 4], [10, 4], [13, 4], [16, 4], [4, 7], [7, 7], [10, 7], [13, 7], [16, 7]];
    for (const [x, y] of keys) {
      const dot = document.createElementNS(SVG_NS, "rect");
      for (const [k, v] of Object.entries({ x: x - 0.9, y: y - 0.9, width: 1.8, height: 1.8, fill: "currentColor" })) {
        dot.setAttribute(k, String(v));
      }
      svg.append(dot);
    }
    const space = document.createElementNS(SVG_NS, "rect");
    for (const [k, v] of Object.entries({ x: 6, y: 9.4, width: 8, height: 1.6, fill: "currentColor" })) {
      space.setAttribute(k, String(v));
    }
    svg.append(space);
    return svg;
  }

  /** Wraps a Korean field with its toggle button (once; copies made by other scripts
   *  arrive already wrapped). */
  function enhance(field) {
    if (!isKoreanField(field)) return;
    const parent = field.parentElement;
    if (parent && parent.classList.contains("hk-wrap")) return;
    const wrap = element("span", "hk-wrap" + (field.tagName === "TEXTAREA" ? " hk-multiline" : ""));
    const toggle = element("button", "hk-toggle small", {
      type: "button",
      "aria-expanded": "false",
      "aria-controls": "hangul-keyboard",
      "aria-label": text("toggleLabel", "Hangul keyboard (한글 키보드)"),
      title: text("toggleLabel", "Hangul keyboard (한글 키보드)"),
      "data-hk-toggle": "",
    });
    toggle.append(keyboardIcon(), element("span", "hk-toggle-text"));
    toggle.lastChild.textContent = text("toggle", "한글");
    // Moving a focused field (autofocus) drops the focus: give it back, caret and all.
    const focused = document.activeElement === field;
    const [start, end] = [field.selectionStart, field.selectionEnd];
    field.before(wrap);
    wrap.append(field, toggle);
    if (focused) {
      field.focus({ preventScroll: true });
      if (start !== null) field.setSelectionRange(start, end);
    }
  }

  function keyButton(className, action, label, content) {
    const button = element("button", "hk-key " + className, { type: "button", "data-hk": action, "aria-label": label });
    button.textContent = content;
    return button;
  }

  function buildPanel() {
    panel = element("div", "hk-panel", { id: "hangul-keyboard", role: "group", "aria-label": text("name", "Hangul keyboard") });
    panel.hidden = true;

    bar = element("div", "hk-bar");
    const title = element("span", "hk-title", { "aria-hidden": "true" });
    title.textContent = text("name", "Hangul keyboard");
    preeditView = element("span", "hk-preedit", { "aria-hidden": "true" });
    latinButton = element("button", "hk-latin small", { type: "button", "data-hk": "latin", "aria-pressed": "false" });
    latinButton.append(element("span", "hk-switch", { "aria-hidden": "true" }), document.createTextNode(text("latin", "Type Korean with a Latin keyboard")));
    const close = element("button", "hk-close small", { type: "button", "data-hk": "close", "aria-label": text("close", "Close the Hangul keyboard"), title: text("close", "Close the Hangul keyboard") });
    close.textContent = "×";
    bar.append(title, preeditView, latinButton, close);

    latinHint = element("p", "hk-latin-hint", { id: "hangul-keyboard-latin-hint" });
    latinHint.textContent = text("latinHint", "Keys a–z type 2-beolsik jamo: dkssud → 안녕");
    latinHint.hidden = true;
    latinButton.setAttribute("aria-describedby", latinHint.id);

    const keys = element("div", "hk-keys");
    Hangul.LAYOUT.forEach((row, index) => {
      const line = element("div", `hk-row hk-row${index + 1}`);
      if (index === 2) {
        shiftButton = keyButton("hk-shift", "shift", text("shift", "Shift"), "⇧");
        shiftButton.setAttribute("aria-pressed", "false");
        line.append(shiftButton);
      }
      for (const [key, jamo, shiftedKey, shiftedJamo] of row) {
        const button = keyButton("hk-jamo", "key", "", "");
        button.dataset.plain = key + jamo;
        button.dataset.shifted = shiftedKey + shiftedJamo;
        if (shiftedKey !== key) button.classList.add("hk-doubles");
        keyButtons.push(button);
        line.append(button);
      }
      if (index === 2) line.append(keyButton("hk-backspace", "backspace", text("backspace", "Backspace"), "⌫"));
      keys.append(line);
    });
    const last = element("div", "hk-row hk-row4");
    const space = keyButton("hk-space", "space", text("space", "Space"), "");
    space.append(element("span", "hk-space-label", { "aria-hidden": "true" }));
    space.lastChild.textContent = text("space", "Space");
    last.append(space, keyButton("hk-enter", "enter", text("enter", "Enter"), "↵ " + text("enter", "Enter")));
    keys.append(last);

    panel.append(bar, latinHint, keys);
    renderKeys();

    // Pressing a key must not take the focus (and the caret) away from the field.
    panel.addEventListener("mousedown", (event) => event.preventDefault());
    panel.addEventListener("click", onPanelClick);
    panel.addEventListener("keydown", (event) => {
      if (event.key === "Escape") {
        event.preventDefault();
        closeKeyboard(true);
      }
    });
    if (typeof ResizeObserver === "function") {
      new ResizeObserver(() => {
        reserveSpace();
        if (!panel.hidden && document.activeElement === target) revealTarget();
      }).observe(panel);
    }
    document.body.append(panel);
  }

  function renderKeys() {
    for (const button of keyButtons) {
      const spec = shift ? button.dataset.shifted : button.dataset.plain;
      const key = spec[0];
      const jamo = spec.slice(1);
      button.dataset.key = key;
      button.setAttribute("aria-label", `${jamo} (${key === key.toUpperCase() ? "Shift+" + key.toLowerCase() : key})`);
      button.replaceChildren(element("span", "hk-jamo-label"), element("span", "hk-latin-label", { "aria-hidden": "true" }));
      button.firstChild.textContent = jamo;
      button.lastChild.textContent = key;
    }
    shiftButton.setAttribute("aria-pressed", String(shift));
    panel.classList.toggle("hk-shifted", shift);
  }

  function renderLatin() {
    latinButton.setAttribute("aria-pressed", String(latin));
    latinHint.hidden = !latin;
  }

  function renderPreedit() {
    preeditView.textContent = ic.preedit;
  }

  // ---- Opening and closing ----

  function toggleFor(field) {
    const wrap = field.parentElement;
    return wrap && wrap.classList.contains("hk-wrap") ? wrap.querySelector("[data-hk-toggle]") : null;
  }

  function reserveSpace() {
    // Open and shown: a keyboard inside a form the page hid (fast entry ended) takes no room.
    const open = !!panel && !panel.hidden && panel.getClientRects().length > 0;
    document.documentElement.classList.toggle("hk-open", open);
    document.documentElement.style.setProperty("--hk-space", open ? `${Math.ceil(panel.offsetHeight) + 8}px` : "0px");
  }

  /** Scrolls so the field is not under the docked keyboard. */
  function revealTarget() {
    if (!target) return;
    const box = target.getBoundingClientRect();
    const limit = window.innerHeight - panel.offsetHeight - 8;
    if (box.bottom > limit) window.scrollBy(0, box.bottom - limit);
    else if (box.top < 0) window.scrollBy(0, box.top - 8);
  }

  function release(field) {
    field.classList.remove("hk-target");
    if ("hkInputmode" in field.dataset) {
      const mode = field.dataset.hkInputmode;
      if (mode) field.setAttribute("inputmode", mode);
      else field.removeAttribute("inputmode");
      delete field.dataset.hkInputmode;
    }
    toggleFor(field)?.setAttribute("aria-expanded", "false");
  }

  function openKeyboard(field, focus = true) {
    if (!panel) buildPanel();
    if (target && target !== field) release(target);
    endComposition();
    target = field;
    shift = false;
    renderKeys();
    field.classList.add("hk-target");
    // While the on-screen keyboard is open, phones keep their own keyboard down.
    if (!("hkInputmode" in field.dataset)) {
      field.dataset.hkInputmode = field.getAttribute("inputmode") || "";
      field.setAttribute("inputmode", "none");
    }
    toggleFor(field)?.setAttribute("aria-expanded", "true");
    panel.setAttribute("aria-label", text("for", "Hangul keyboard for “{field}”").replace("{field}", fieldName(field)));
    const wrap = field.parentElement.classList.contains("hk-wrap") ? field.parentElement : field;
    if (wrap.nextElementSibling !== panel) wrap.after(panel);
    panel.hidden = false;
    reserveSpace();
    if (focus && document.activeElement !== field) field.focus({ preventScroll: true });
    revealTarget();
  }

  function closeKeyboard(returnFocus = false) {
    if (!panel || panel.hidden) return;
    endComposition();
    const field = target;
    const hadFocus = panel.contains(document.activeElement);
    panel.hidden = true;
    shift = false;
    if (field) release(field);
    target = null;
    document.body.append(panel);
    reserveSpace();
    if (field && (returnFocus || hadFocus)) (toggleFor(field) || field).focus();
  }

  // ---- Editing the field ----

  /** Ends the composition: its text is already in the field, so only the automaton
   *  forgets it. */
  function endComposition() {
    ic.reset();
    comp.length = 0;
    if (preeditView) renderPreedit();
  }

  /** The composition is still where we left it? Otherwise (the user clicked, typed
   *  with the system keyboard, a script changed the value) it has ended. */
  function checkComposition() {
    if (ic.isEmpty) return;
    const at = comp.start + comp.length;
    if (target.value !== comp.value || target.selectionStart !== at || target.selectionEnd !== at) endComposition();
  }

  /** The text range the next key replaces: the composition, or else the selection. */
  function editRange() {
    if (!ic.isEmpty) return [comp.start, comp.start + comp.length];
    const start = target.selectionStart ?? target.value.length;
    const end = target.selectionEnd ?? start;
    return [start, end];
  }

  function tooLong(start, end, insert) {
    const max = target.maxLength;
    return max >= 0 && target.value.length - (end - start) + insert.length > max && insert.length > end - start;
  }

  function replace(start, end, insert, preeditLength, inputType) {
    target.setRangeText(insert, start, end, "end");
    comp.start = start + insert.length - preeditLength;
    comp.length = preeditLength;
    comp.value = target.value;
    renderPreedit();
    target.dispatchEvent(new InputEvent("input", { bubbles: true, inputType, data: insert || null }));
  }

  /** One key of the 2-beolsik layout (an ASCII letter), or a space. */
  function typeKey(key) {
    checkComposition();
    const [start, end] = editRange();
    const before = ic.clone();
    const used = ic.process(key);
    const preedit = ic.preedit;
    const insert = ic.commit + (used ? "" : key) + preedit;
    if (tooLong(start, end, insert)) {
      Object.assign(ic, before); // the field is full: the key is dropped
      return;
    }
    replace(start, end, insert, preedit.length, "insertText");
  }

  /** Backspace: one jamo of the composition, else what Backspace does in an editor. */
  function backspace() {
    checkComposition();
    if (!ic.isEmpty) {
      const start = comp.start;
      ic.backspace();
      const preedit = ic.preedit;
      replace(start, start + comp.length, preedit, preedit.length, "deleteContentBackward");
      return;
    }
    let [start, end] = editRange();
    if (start === end) {
      if (start === 0) return;
      const code = target.value.charCodeAt(start - 1);
      start -= code >= 0xdc00 && code <= 0xdfff && start >= 2 ? 2 : 1;
    }
    replace(start, end, "", 0, "deleteContentBackward");
  }

  /** Enter: end the composition, then a real keydown Enter for the page's handlers;
   *  if none takes it, what Enter does in the field. */
  function enter() {
    checkComposition();
    endComposition();
    const field = target;
    const options = { key: "Enter", code: "Enter", bubbles: true, cancelable: true, composed: true };
    const proceed = field.dispatchEvent(new KeyboardEvent("keydown", options));
    field.dispatchEvent(new KeyboardEvent("keyup", options));
    if (!proceed || !field.isConnected) return;
    if (field.tagName === "TEXTAREA") {
      const [start, end] = editRange();
      if (!tooLong(start, end, "\n")) replace(start, end, "\n", 0, "insertLineBreak");
      return;
    }
    const form = field.form;
    if (!form) return;
    const submit = Array.from(form.elements).find((el) => el.type === "submit");
    if (submit && submit.disabled) return;
    if (submit) form.requestSubmit(submit);
    else form.requestSubmit();
  }

  function onPanelClick(event) {
    const button = event.target.closest("button[data-hk]");
    if (!button || !panel.contains(button)) return;
    const action = button.dataset.hk;
    if (action === "close") {
      closeKeyboard(true);
      return;
    }
    if (action === "latin") {
      latin = !latin;
      try {
        localStorage.setItem(LATIN_KEY, latin ? "on" : "off");
      } catch {
        // Storage may be off (private mode): the switch still works for this page.
      }
      renderLatin();
      if (latin && target) target.focus({ preventScroll: true });
      return;
    }
    if (action === "shift") {
      shift = !shift;
      renderKeys();
      return;
    }
    if (!target || !target.isConnected) return;
    if (action === "key") {
      typeKey(button.dataset.key);
      if (shift) {
        shift = false;
        renderKeys();
      }
    } else if (action === "backspace") {
      backspace();
    } else if (action === "space") {
      typeKey(" ");
    } else if (action === "enter") {
      enter();
    }
  }

  // ---- Physical keys (the Latin-keyboard switch) ----

  const MODIFIERS = new Set(["Shift", "Control", "Alt", "AltGraph", "Meta", "CapsLock", "NumLock", "Fn", "OS"]);

  function onKeydown(event) {
    if (!event.isTrusted || !target || event.target !== target || !panel || panel.hidden) return;
    if (MODIFIERS.has(event.key)) return;
    // A system input method is composing: leave its keys alone.
    if (event.isComposing || event.keyCode === 229) {
      endComposition();
      return;
    }
    if (!latin || event.ctrlKey || event.metaKey || event.altKey) {
      endComposition();
      return;
    }
    if (/^[a-zA-Z]$/.test(event.key)) {
      event.preventDefault();
      typeKey(event.key);
      return;
    }
    if (event.key === "Backspace") {
      checkComposition();
      if (!ic.isEmpty) {
        event.preventDefault();
        backspace();
      }
      return;
    }
    // Anything else (Enter, space, digits, arrows, Tab) ends the composition and does
    // what it always does; the page's own handlers see it after this.
    endComposition();
  }

  // ---- Wiring ----

  function onToggleClick(event) {
    const toggle = event.target.closest("[data-hk-toggle]");
    if (!toggle) return;
    const field = toggle.parentElement.querySelector(FIELDS);
    if (!field) return;
    if (panel && !panel.hidden && target === field) closeKeyboard(false);
    else openKeyboard(field);
  }

  /** Copies of wrapped fields made by other scripts (a new example row) come with a
   *  copy of the toggle and maybe of the panel: keep one panel, fresh toggles. */
  function onMutations(mutations) {
    for (const mutation of mutations) {
      for (const node of mutation.addedNodes) {
        if (!(node instanceof Element)) continue;
        for (const stray of node.querySelectorAll(".hk-panel")) if (stray !== panel) stray.remove();
        if (node.classList.contains("hk-panel") && node !== panel) node.remove();
        for (const field of [node, ...node.querySelectorAll(FIELDS)]) {
          if (!field.matches(FIELDS)) continue;
          if (field !== target) {
            if (field.classList.contains("hk-target") || "hkInputmode" in field.dataset) release(field);
          }
          enhance(field);
        }
      }
    }
    if (target && !target.isConnected) closeKeyboard(false);
    if (panel && !panel.isConnected) {
      panel.hidden = true;
      document.body.append(panel);
      reserveSpace();
    }
  }

  function start() {
    const source = document.getElementById("hangul-keyboard-strings");
    strings = source ? { ...source.dataset } : {};
    try {
      latin = localStorage.getItem(LATIN_KEY) === "on";
    } catch {
      latin = false;
    }
    const fields = document.querySelectorAll(FIELDS);
    for (const field of fields) enhance(field);
    buildPanel();
    renderLatin();
    document.addEventListener("click", onToggleClick);
    // The toggle keeps the field's focus and caret too.
    document.addEventListener("mousedown", (event) => {
      const toggle = event.target.closest && event.target.closest("[data-hk-toggle]");
      if (toggle && toggle.parentElement.contains(document.activeElement)) event.preventDefault();
    });
    document.addEventListener("keydown", onKeydown, true);
    // Another Korean field gets the keyboard when it gets the focus.
    document.addEventListener("focusin", (event) => {
      if (panel.hidden || event.target === target || !isKoreanField(event.target)) return;
      openKeyboard(event.target, false);
    });
    document.addEventListener("pointerdown", (event) => {
      if (target && event.target === target) endComposition();
    });
    window.addEventListener("resize", () => {
      if (!panel.hidden) reserveSpace();
    });
    new MutationObserver(onMutations).observe(document.body, { childList: true, subtree: true });
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
