// Game pages: keyboard shortcuts and the hangman keyboard. The page works without
// this file (every move is a form); this only presses the buttons for the keys.
// - A button lists its keys in data-keys ("1", "space", "o 1", "arrowleft").
// - Hangman: a key whose letter is on the pad guesses it. Latin words take a–z as
//   typed; Korean words take the jamo at the key's 2-beolsik position (r → ㄱ,
//   Shift+r → ㄲ; hangul.js's layout), also while a Korean IME is on (the key's
//   position, event.code, is read then); kana come from the pad or a kana IME.
// - One move per page: every move reloads the page with the next state, so keys
//   pressed while it loads are dropped instead of answering the next question.
(function () {
  "use strict";
  var keys = window.MaeilShortcuts;
  var game = document.getElementById("game");
  if (!game || !keys) return;
  var pad = document.getElementById("hangman-pad");
  keys.oneAnswer(game);

  /** The 2-beolsik jamo of each Latin key, shifted keys included (R → ㄲ). */
  var jamoOfKey = {};
  if (window.MaeilHangul) {
    window.MaeilHangul.LAYOUT.forEach(function (row) {
      row.forEach(function (key) {
        jamoOfKey[key[0]] = key[1];
        jamoOfKey[key[2]] = key[3];
      });
    });
  }

  function padButton(key) {
    if (!pad || !key) return null;
    return pad.querySelector('[data-guess="' + (window.CSS && CSS.escape ? CSS.escape(key) : key) + '"]');
  }

  /** The pad button a key press stands for, or null. */
  function guessButton(event) {
    if (!pad) return null;
    var direct = event.key && event.key.length <= 2 ? padButton(event.key) : null;
    if (direct) return direct;
    var letter = /^[a-zA-Z]$/.test(event.key) ? event.key : null;
    // With an IME composing, event.key is "Process": the key's position still tells the letter.
    if (!letter && /^Key[A-Z]$/.test(event.code || "")) {
      letter = event.shiftKey ? event.code.charAt(3) : event.code.charAt(3).toLowerCase();
    }
    if (!letter) return null;
    switch (pad.dataset.script) {
      case "latin": return padButton(letter.toLowerCase());
      case "hangul": return padButton(jamoOfKey[letter] || jamoOfKey[letter.toLowerCase()]);
      default: return null;
    }
  }

  function keyName(event) {
    return event.key === " " ? "space" : String(event.key || "").toLowerCase();
  }

  keys.onKey(function (event) {
    var name = keyName(event);
    var shortcut = null;
    var buttons = game.querySelectorAll("[data-keys]");
    for (var i = 0; i < buttons.length && !shortcut; i++) {
      if (buttons[i].dataset.keys.split(" ").indexOf(name) >= 0) shortcut = buttons[i];
    }
    var button = shortcut || guessButton(event);
    if (!button) return;
    // Handled here, so Space does not scroll and Enter does not press the focused button too.
    event.preventDefault();
    keys.press(button);
  });
})();
