// A 2-beolsik (두벌식) Hangul input context: a line-for-line port of the Swift
// `HangulInputContext` (Sources/Hangul/HangulInputContext.swift), which behaves
// exactly like libhangul's keyboard "2" with its default options. Checked under
// Node against ../shared/vectors/hangul/2beolsik.tsv and against libhangul itself
// (js-tests/hangul.test.js).
//
//   const ic = new MaeilHangul.HangulInputContext();
//   for (const key of "dkssud") { ic.process(key); text += ic.commit; }
//   text += ic.flush();                          // 안녕
//   MaeilHangul.type("rkfrk<")                   // "갈ㄱ" ('<' = Backspace)
//
// Behaviour, as in libhangul:
// - Shift doubles: R→ㄲ, E→ㄸ, Q→ㅃ, T→ㅆ, W→ㅉ, O→ㅒ, P→ㅖ; other upper-case letters
//   act as lower-case ones. A consonant typed twice gives two consonants (rr → ㄱㄱ).
// - Compound vowels (ㅗ+ㅏ=ㅘ …) and finals (ㄱ+ㅅ=ㄳ …) combine; a vowel after a final
//   moves the final (or the second half of a compound final) to a new syllable
//   (rkqtdl → 값이). ㄸ, ㅃ, ㅉ cannot be finals and start a new syllable.
// - A vowel typed first, or a consonant after a lone vowel, stays apart (kr → ㅏㄱ);
//   ㄱ then ㅅ with no vowel is ㄳ (rt → ㄳ).
// - backspace() removes the last jamo typed, compound parts one at a time: it undoes
//   keystrokes, not syllables.
// - Keys the automaton does not use (digits, space, punctuation, anything non-ASCII)
//   commit the syllable being composed and return false: the caller inserts the key
//   itself. The ASCII Backspace control character (U+0008) acts as backspace().
//
// Loads as a classic browser script (sets window.MaeilHangul) and as a CommonJS
// module under Node (module.exports).
"use strict";
(function (root, factory) {
  const api = factory();
  if (typeof module !== "undefined" && module.exports) module.exports = api;
  else root.MaeilHangul = api;
})(typeof globalThis !== "undefined" ? globalThis : this, function () {
  // ---- Tables (indices in Unicode syllable order), as in Sources/Hangul/Jamo.swift ----

  /** Compatibility jamo of the 19 initials. */
  const COMPAT_INITIAL = [
    0x3131, 0x3132, 0x3134, 0x3137, 0x3138, 0x3139, 0x3141, 0x3142, 0x3143, 0x3145,
    0x3146, 0x3147, 0x3148, 0x3149, 0x314a, 0x314b, 0x314c, 0x314d, 0x314e,
  ];

  /** Compatibility jamo of the 28 final slots (0 = none). */
  const COMPAT_FINAL = [
    0, 0x3131, 0x3132, 0x3133, 0x3134, 0x3135, 0x3136, 0x3137, 0x3139, 0x313a,
    0x313b, 0x313c, 0x313d, 0x313e, 0x313f, 0x3140, 0x3141, 0x3142, 0x3144, 0x3145,
    0x3146, 0x3147, 0x3148, 0x314a, 0x314b, 0x314c, 0x314d, 0x314e,
  ];

  /** For each final index: [final index of the first part, initial index of the
   *  second part] of a compound final (ㄳ → ㄱ + ㅅ), or [0, -1] when not compound. */
  const FINAL_SPLIT = [
    [0, -1], [0, -1], [0, -1], [1, 9], [0, -1], [4, 12], [4, 18], [0, -1], [0, -1], [8, 0],
    [8, 6], [8, 7], [8, 9], [8, 16], [8, 17], [8, 18], [0, -1], [0, -1], [17, 9], [0, -1],
    [0, -1], [0, -1], [0, -1], [0, -1], [0, -1], [0, -1], [0, -1], [0, -1],
  ];

  /** Final index for a single initial index (ㄱ → ᆨ); 0 for ㄸ, ㅃ, ㅉ. */
  const FINAL_OF_INITIAL = [1, 2, 4, 7, 0, 8, 16, 17, 0, 19, 20, 21, 22, 0, 23, 24, 25, 26, 27];

  /** Initial index for a final index (ᆨ → ᄀ); for a compound final, its second part. */
  const INITIAL_OF_FINAL = [
    -1, 0, 1, 9, 2, 12, 18, 3, 5, 0, 6, 7, 9, 16, 17, 18, 6, 7, 9, 9,
    10, 11, 12, 14, 15, 16, 17, 18,
  ];

  /** The compound final made of a final and a following initial (ㄱ + ㅅ → ㄳ), or 0.
   *  Only the 11 compound finals of modern Hangul combine. */
  function combineFinal(final, initial) {
    switch (final * 32 + initial) {
      case 1 * 32 + 9: return 3; // ㄱ ㅅ → ㄳ
      case 4 * 32 + 12: return 5; // ㄴ ㅈ → ㄵ
      case 4 * 32 + 18: return 6; // ㄴ ㅎ → ㄶ
      case 8 * 32 + 0: return 9; // ㄹ ㄱ → ㄺ
      case 8 * 32 + 6: return 10; // ㄹ ㅁ → ㄻ
      case 8 * 32 + 7: return 11; // ㄹ ㅂ → ㄼ
      case 8 * 32 + 9: return 12; // ㄹ ㅅ → ㄽ
      case 8 * 32 + 16: return 13; // ㄹ ㅌ → ㄾ
      case 8 * 32 + 17: return 14; // ㄹ ㅍ → ㄿ
      case 8 * 32 + 18: return 15; // ㄹ ㅎ → ㅀ
      case 17 * 32 + 9: return 18; // ㅂ ㅅ → ㅄ
      default: return 0;
    }
  }

  /** The compound vowel made of two vowels (ㅗ + ㅏ → ㅘ), or -1. */
  function combineMedial(a, b) {
    switch (a * 32 + b) {
      case 8 * 32 + 0: return 9; // ㅗ ㅏ → ㅘ
      case 8 * 32 + 1: return 10; // ㅗ ㅐ → ㅙ
      case 8 * 32 + 20: return 11; // ㅗ ㅣ → ㅚ
      case 13 * 32 + 4: return 14; // ㅜ ㅓ → ㅝ
      case 13 * 32 + 5: return 15; // ㅜ ㅔ → ㅞ
      case 13 * 32 + 20: return 16; // ㅜ ㅣ → ㅟ
      case 18 * 32 + 20: return 19; // ㅡ ㅣ → ㅢ
      default: return -1;
    }
  }

  // ---- Keyboard ----

  /** The jamo of each ASCII key on the 2-beolsik layout: 0x20|initial, 0x40|medial,
   *  or 0 for keys the layout does not use. */
  const KEY_CODES = new Uint8Array(128);
  (function fillKeyCodes() {
    const initials = {
      r: 0, R: 1, s: 2, S: 2, e: 3, E: 4, f: 5, F: 5, a: 6, A: 6, q: 7, Q: 8, t: 9, T: 10,
      d: 11, D: 11, w: 12, W: 13, c: 14, C: 14, z: 15, Z: 15, x: 16, X: 16, v: 17, V: 17,
      g: 18, G: 18,
    };
    const medials = {
      k: 0, K: 0, o: 1, i: 2, I: 2, O: 3, j: 4, J: 4, p: 5, u: 6, U: 6, P: 7, h: 8, H: 8,
      y: 12, Y: 12, n: 13, N: 13, b: 17, B: 17, m: 18, M: 18, l: 20, L: 20,
    };
    for (const k of Object.keys(initials)) KEY_CODES[k.charCodeAt(0)] = 0x20 | initials[k];
    for (const k of Object.keys(medials)) KEY_CODES[k.charCodeAt(0)] = 0x40 | medials[k];
  })();

  /** The jamo code of an ASCII key (see KEY_CODES), 0 for anything else. */
  function keyCode(key) {
    return key >= 0 && key < 128 ? KEY_CODES[key] : 0;
  }

  /** The 2-beolsik layout as the on-screen keyboard shows it: rows of
   *  [key, jamo, shifted key, shifted jamo]. */
  const LAYOUT = [
    [["q", "ㅂ", "Q", "ㅃ"], ["w", "ㅈ", "W", "ㅉ"], ["e", "ㄷ", "E", "ㄸ"], ["r", "ㄱ", "R", "ㄲ"],
      ["t", "ㅅ", "T", "ㅆ"], ["y", "ㅛ", "y", "ㅛ"], ["u", "ㅕ", "u", "ㅕ"], ["i", "ㅑ", "i", "ㅑ"],
      ["o", "ㅐ", "O", "ㅒ"], ["p", "ㅔ", "P", "ㅖ"]],
    [["a", "ㅁ", "a", "ㅁ"], ["s", "ㄴ", "s", "ㄴ"], ["d", "ㅇ", "d", "ㅇ"], ["f", "ㄹ", "f", "ㄹ"],
      ["g", "ㅎ", "g", "ㅎ"], ["h", "ㅗ", "h", "ㅗ"], ["j", "ㅓ", "j", "ㅓ"], ["k", "ㅏ", "k", "ㅏ"],
      ["l", "ㅣ", "l", "ㅣ"]],
    [["z", "ㅋ", "z", "ㅋ"], ["x", "ㅌ", "x", "ㅌ"], ["c", "ㅊ", "c", "ㅊ"], ["v", "ㅍ", "v", "ㅍ"],
      ["b", "ㅠ", "b", "ㅠ"], ["n", "ㅜ", "n", "ㅜ"], ["m", "ㅡ", "m", "ㅡ"]],
  ];

  /** Code points to a string, in chunks (spreading a huge array would overflow). */
  function fromCodePoints(points) {
    let out = "";
    for (let i = 0; i < points.length; i += 4096) {
      out += String.fromCodePoint.apply(null, points.slice(i, i + 4096));
    }
    return out;
  }

  // ---- The input context (mirrors libhangul's hangul_ic_process_jamo) ----

  class HangulInputContext {
    /** A context with nothing being composed. */
    constructor() {
      // Buffer: indices in Unicode syllable order; -1 (initial, medial) or 0 (final) = none.
      this.cho = -1;
      this.jung = -1;
      this.jong = 0;
      // Stack of the jamo pushed for the current syllable (newest last):
      // 0x20|initial, 0x40|medial, 0x80|final. A syllable has at most 5 entries.
      this.stack = [];
      // Code points committed by the last call (at most three).
      this.committed = [];
    }

    // ---- Public API ----

    /**
     * Processes one key: a one-character string, or an ASCII code as a number.
     * Returns true when the key was used (a jamo key, or Backspace U+0008 that removed
     * a jamo); false when it was not, in which case the syllable being composed has
     * been committed and the caller should insert the key itself. Strings that are not
     * a single ASCII character are not used.
     */
    process(key) {
      this.committed = [];
      let code;
      if (typeof key === "number") {
        code = key;
      } else if (typeof key === "string" && key.length === 1 && key.charCodeAt(0) < 0x80) {
        code = key.charCodeAt(0);
      } else {
        return this.processCode(0);
      }
      if (code === 0x08) return this.backspaceInternal();
      return this.processCode(keyCode(code));
    }

    /**
     * Removes the last jamo of the syllable being composed (한 → 하, 과 → 고, 닭 → 달).
     * Returns false when nothing is being composed, so the caller can delete the
     * previous character of its own text. Clears `commit`.
     */
    backspace() {
      this.committed = [];
      return this.backspaceInternal();
    }

    /** The syllable being composed (empty when none), for display. */
    get preedit() {
      return fromCodePoints(this.rendered());
    }

    /** Text committed by the last process() call, as libhangul's
     *  hangul_ic_get_commit_string: finished syllables to append to the caller's text.
     *  It does not include an unused key itself. Cleared by every process(),
     *  backspace(), flush() and reset(). */
    get commit() {
      return fromCodePoints(this.committed);
    }

    /** Whether nothing is being composed. */
    get isEmpty() {
      return this.cho < 0 && this.jung < 0 && this.jong === 0;
    }

    /** Ends composition: returns the syllable being composed and empties the context
     *  (as libhangul's hangul_ic_flush; `commit` is cleared). */
    flush() {
      const text = this.preedit;
      this.clearBuffer();
      this.committed = [];
      return text;
    }

    /** Drops the syllable being composed and any commit text. */
    reset() {
      this.clearBuffer();
      this.committed = [];
    }

    /** An independent copy (the Swift type is a value type: copies compose apart). */
    clone() {
      const copy = new HangulInputContext();
      copy.cho = this.cho;
      copy.jung = this.jung;
      copy.jong = this.jong;
      copy.stack = this.stack.slice();
      copy.committed = this.committed.slice();
      return copy;
    }

    // ---- Automaton ----

    push(e) {
      switch (e & 0xe0) {
        case 0x20: this.cho = e & 0x1f; break;
        case 0x40: this.jung = e & 0x1f; break;
        default: this.jong = e & 0x1f;
      }
      if (this.stack.length < 8) this.stack.push(e);
    }

    pop() {
      return this.stack.length > 0 ? this.stack.pop() : 0;
    }

    peek() {
      return this.stack.length > 0 ? this.stack[this.stack.length - 1] : 0;
    }

    clearBuffer() {
      this.cho = -1;
      this.jung = -1;
      this.jong = 0;
      this.stack = [];
    }

    /** Appends the buffer to the commit text and clears it (libhangul's
     *  save_commit_string and flush_internal). */
    saveCommit() {
      for (const c of this.rendered()) {
        if (this.committed.length < 3) this.committed.push(c);
      }
      this.clearBuffer();
    }

    /** The buffer as code points, exactly as libhangul renders it in syllable output
     *  mode (the two conjoining forms with fillers are unreachable from the keyboard). */
    rendered() {
      const { cho, jung, jong } = this;
      if (cho >= 0) {
        if (jung >= 0) return [0xac00 + (cho * 21 + jung) * 28 + jong];
        if (jong !== 0) return [0x1100 + cho, 0x1160, 0x11a7 + jong];
        return [COMPAT_INITIAL[cho]];
      }
      if (jung >= 0) {
        if (jong !== 0) return [0x115f, 0x1161 + jung, 0x11a7 + jong];
        return [0x314f + jung];
      }
      if (jong !== 0) return [COMPAT_FINAL[jong]];
      return [];
    }

    backspaceInternal() {
      if (this.stack.length === 0) return false;
      const e = this.pop();
      if (this.stack.length > 0) {
        const p = this.peek();
        switch (e & 0xe0) {
          case 0x20: this.cho = (p & 0xe0) === 0x20 ? p & 0x1f : -1; break;
          case 0x40: this.jung = (p & 0xe0) === 0x40 ? p & 0x1f : -1; break;
          default: this.jong = (p & 0xe0) === 0x80 ? p & 0x1f : 0;
        }
      } else {
        this.cho = -1;
        this.jung = -1;
        this.jong = 0;
      }
      return true;
    }

    /** One jamo code (0 = a key the layout does not map). */
    processCode(code) {
      const kind = code & 0xe0;
      const idx = code & 0x1f;
      if (kind === 0) {
        this.saveCommit();
        return false;
      }
      if (this.jong !== 0) {
        if (kind === 0x20) {
          const combined = combineFinal(this.jong, idx);
          if (combined !== 0) {
            this.push(0x80 | combined);
          } else {
            this.saveCommit();
            this.push(code);
          }
        } else {
          const popped = this.pop();
          const p = this.peek();
          if ((p & 0xe0) === 0x80) {
            const split = FINAL_SPLIT[this.jong];
            if (split[1] >= 0 && split[0] === (p & 0x1f)) {
              this.jong = p & 0x1f;
              this.saveCommit();
              this.push(0x20 | split[1]);
              this.push(code);
            } else {
              this.saveCommit();
              this.push(code);
            }
          } else {
            this.jong = 0;
            this.saveCommit();
            const initial = INITIAL_OF_FINAL[popped & 0x1f];
            if (initial >= 0) this.push(0x20 | initial);
            this.push(code);
          }
        }
      } else if (this.jung >= 0) {
        if (kind === 0x20) {
          const f = FINAL_OF_INITIAL[idx];
          if (this.cho >= 0 && f !== 0) {
            this.push(0x80 | f);
          } else {
            this.saveCommit();
            this.push(code);
          }
        } else {
          const combined = combineMedial(this.jung, idx);
          if (combined >= 0) {
            this.push(0x40 | combined);
          } else {
            this.saveCommit();
            this.push(code);
          }
        }
      } else if (this.cho >= 0) {
        if (kind === 0x20) {
          const f = FINAL_OF_INITIAL[this.cho];
          const combined = f !== 0 ? combineFinal(f, idx) : 0;
          if (combined !== 0) {
            // MS IME compatibility in libhangul: ㄱ then ㅅ with no vowel is ㄳ.
            this.cho = -1;
            this.pop();
            this.push(0x80 | f);
            this.push(0x80 | combined);
          } else {
            this.saveCommit();
            this.push(code);
          }
        } else {
          this.push(code);
        }
      } else {
        this.push(code);
      }
      return true;
    }
  }

  /**
   * Types `keys` into a fresh context and returns the resulting text: everything
   * committed, unused keys inserted as they are, and the final flush. When `backspace`
   * is a single character (default "<"), it stands for the Backspace key: it removes
   * one jamo of the syllable being composed or, when nothing is being composed, the
   * last character of the text (as an editor does). Pass null for no Backspace key.
   * This is exactly what the libhangul reference tool hic_lines prints:
   * type("rkfrk<") → "갈ㄱ". Keys are read code point by code point; non-ASCII ones
   * pass through unchanged.
   */
  function type(keys, backspace = "<") {
    let bs = -1;
    if (typeof backspace === "string") {
      const points = Array.from(backspace);
      if (points.length === 1) bs = points[0].codePointAt(0);
    }
    const ic = new HangulInputContext();
    const out = [];
    for (const ch of String(keys)) {
      const v = ch.codePointAt(0);
      if (v === bs) {
        if (!ic.backspace()) out.pop();
        continue;
      }
      let used;
      if (v < 0x80) {
        used = ic.process(v);
      } else {
        ic.committed = [];
        used = ic.processCode(0);
      }
      for (const c of ic.committed) out.push(c);
      if (!used) out.push(v);
    }
    for (const c of ic.rendered()) out.push(c);
    return fromCodePoints(out);
  }

  return { HangulInputContext, type, keyCode, LAYOUT };
});
