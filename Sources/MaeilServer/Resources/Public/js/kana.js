// Romaji ↔ kana for the web app: a port of the Swift `Kana` target (Sources/Kana), which
// follows WanaKana 5.3.1's rules and default options. Checked under Node against
// ../shared/vectors/kana/wanakana.tsv and against `maeil kana` (js-tests/kana.test.js).
//
//   MaeilKana.toHiragana("gakkou")   // がっこう
//   MaeilKana.toKatakana("ka-do")    // カード
//   MaeilKana.toRomaji("きんようび")   // kin'youbi
//   MaeilKana.typing("gakusein")     // がくせいn (IME mode: the n waits for the next key)
//   MaeilKana.bind(input)            // converts romaji as it is typed into the field
//
// In a page, every field marked lang="ja" converts as it is typed, and a
// button.kana-toggle (aria-controls = a field with data-kana-toggle) switches a field
// between Japanese and not.
//
// Loads as a classic browser script (sets window.MaeilKana) and as a CommonJS module
// under Node (module.exports).
"use strict";
(function (root, factory) {
  const api = factory();
  if (typeof module !== "undefined" && module.exports) module.exports = api;
  else root.MaeilKana = api;
})(typeof globalThis !== "undefined" ? globalThis : this, function () {
  // ---- Conversion trees (as Sources/Kana/ConversionTree.swift) ----
  // A node is { value: string | undefined, children: Map<char, node> }; a node without
  // a value reads as its parent's value plus the character followed.

  const node = (value) => ({ value, children: new Map() });

  function at(tree, path, create) {
    let current = tree;
    for (const ch of path) {
      let next = current.children.get(ch);
      if (!next) {
        if (!create) return node(undefined);
        next = node(undefined);
        current.children.set(ch, next);
      }
      current = next;
    }
    return current;
  }

  function copy(tree, transform) {
    const result = node(tree.value === undefined ? undefined : transform ? transform(tree.value) : tree.value);
    for (const [key, child] of tree.children) result.children.set(key, copy(child, transform));
    return result;
  }

  /** Replaces the subtree at `path` (not empty) by a copy of `subtree`. */
  function put(tree, path, subtree) {
    const chars = Array.from(path);
    const last = chars.pop();
    at(tree, chars, true).children.set(last, copy(subtree));
  }

  const set = (tree, path, value) => {
    at(tree, Array.from(path), true).value = value;
  };

  /** The longest paths the tree knows, as [start, end, output]; output is null for an
   *  unfinished ending left as typed (convertEnding false). */
  function chunks(tree, chars, convertEnding) {
    const result = [];
    let position = 0;
    while (position < chars.length) {
      const start = position;
      let current = tree.children.get(chars[position]) || node(undefined);
      let output = current.value !== undefined ? current.value : chars[position];
      position += 1;
      for (;;) {
        if (position === chars.length) {
          if (convertEnding || current.children.size === 0) {
            if (output !== "") result.push([start, position, output]);
          } else {
            result.push([start, position, null]);
          }
          break;
        }
        const next = current.children.get(chars[position]);
        if (!next) {
          result.push([start, position, output]);
          break;
        }
        output = next.value !== undefined ? next.value : output + chars[position];
        current = next;
        position += 1;
      }
    }
    return result;
  }

  // ---- Romaji → kana (as Sources/Kana/RomajiToKana.swift) ----

  const VOWELS = [["a", "あ"], ["i", "い"], ["u", "う"], ["e", "え"], ["o", "お"]];
  const SYLLABLES = [
    ["k", "かきくけこ"], ["s", "さしすせそ"], ["t", "たちつてと"], ["n", "なにぬねの"],
    ["h", "はひふへほ"], ["m", "まみむめも"], ["r", "らりるれろ"], ["g", "がぎぐげご"],
    ["z", "ざじずぜぞ"], ["d", "だぢづでど"], ["b", "ばびぶべぼ"], ["p", "ぱぴぷぺぽ"],
  ];
  const IRREGULAR_ROWS = [
    ["y", [["a", "や"], ["u", "ゆ"], ["o", "よ"]]],
    ["w", [["a", "わ"], ["i", "ゐ"], ["e", "ゑ"], ["o", "を"]]],
    ["v", [["a", "ゔぁ"], ["i", "ゔぃ"], ["u", "ゔ"], ["e", "ゔぇ"], ["o", "ゔぉ"]]],
  ];
  const SMALL_VOWELS = [["a", "ぁ"], ["i", "ぃ"], ["u", "ぅ"], ["e", "ぇ"], ["o", "ぉ"]];
  const SMALL_Y = [["ya", "ゃ"], ["yi", "ぃ"], ["yu", "ゅ"], ["ye", "ぇ"], ["yo", "ょ"]];
  const YOON_CONSONANTS = [
    ["k", "き"], ["s", "し"], ["t", "ち"], ["n", "に"], ["h", "ひ"], ["m", "み"], ["r", "り"],
    ["g", "ぎ"], ["z", "じ"], ["d", "ぢ"], ["b", "び"], ["p", "ぴ"], ["v", "ゔ"], ["q", "く"],
    ["f", "ふ"],
  ];
  const SMALL_VOWEL_SPELLINGS = [
    ["wh", "う"], ["kw", "く"], ["qw", "く"], ["q", "く"], ["gw", "ぐ"], ["sw", "す"], ["ts", "つ"],
    ["th", "て"], ["tw", "と"], ["dh", "で"], ["dw", "ど"], ["fw", "ふ"], ["f", "ふ"],
  ];
  const ROMAJI_SYMBOLS = [
    [".", "。"], [",", "、"], [":", "："], ["/", "・"], ["!", "！"], ["?", "？"], ["~", "〜"],
    ["-", "ー"], ["‘", "「"], ["’", "」"], ["“", "『"], ["”", "』"], ["[", "［"], ["]", "］"],
    ["(", "（"], [")", "）"], ["{", "｛"], ["}", "｝"],
  ];
  const ALIASES = [
    ["sh", "sy"], ["ch", "ty"], ["cy", "ty"], ["chy", "ty"], ["shy", "sy"], ["j", "zy"],
    ["jy", "zy"], ["shi", "si"], ["chi", "ti"], ["tsu", "tu"], ["ji", "zi"], ["fu", "hu"],
  ];
  const SMALL_LETTERS = [["tu", "っ"], ["wa", "ゎ"], ["ka", "ヵ"], ["ke", "ヶ"]].concat(SMALL_VOWELS, SMALL_Y);
  const IRREGULAR = [
    ["yi", "い"], ["wu", "う"], ["ye", "いぇ"], ["wi", "うぃ"], ["we", "うぇ"], ["kwa", "くぁ"],
    ["whu", "う"], ["tha", "てゃ"], ["thu", "てゅ"], ["tho", "てょ"], ["dha", "でゃ"],
    ["dhu", "でゅ"], ["dho", "でょ"],
  ];
  const DOUBLING = YOON_CONSONANTS.map(([c]) => c).filter((c) => c !== "n").concat(["c", "y", "w", "j"]);

  function buildRomajiTree() {
    const tree = node(undefined);
    for (const [vowel, kana] of VOWELS) set(tree, vowel, kana);
    for (const [consonant, row] of SYLLABLES) {
      Array.from(row).forEach((kana, i) => set(tree, consonant + "aiueo"[i], kana));
    }
    for (const [consonant, row] of IRREGULAR_ROWS) {
      for (const [vowel, kana] of row) set(tree, consonant + vowel, kana);
    }
    for (const [consonant, iKana] of YOON_CONSONANTS) {
      for (const [spelling, small] of SMALL_Y) set(tree, consonant + spelling, iKana + small);
    }
    for (const [symbol, kana] of ROMAJI_SYMBOLS) set(tree, symbol, kana);
    for (const [prefix, kana] of SMALL_VOWEL_SPELLINGS) {
      for (const [vowel, small] of SMALL_VOWELS) set(tree, prefix + vowel, kana + small);
    }
    for (const spelling of ["n", "n'", "xn"]) set(tree, spelling, "ん");
    put(tree, "c", at(tree, "k"));
    for (const [spelling, other] of ALIASES) put(tree, spelling, at(tree, other));
    const alternatives = (spelling) =>
      ALIASES.concat([["c", "k"]])
        .filter(([, readsAs]) => spelling.startsWith(readsAs))
        .map(([alias, readsAs]) => alias + spelling.slice(readsAs.length));
    for (const [spelling, kana] of SMALL_LETTERS) {
      set(tree, "x" + spelling, kana);
      const small = at(tree, "x" + spelling);
      put(tree, "l" + spelling, small);
      for (const alternative of alternatives(spelling)) {
        put(tree, "l" + alternative, small);
        put(tree, "x" + alternative, small);
      }
    }
    for (const [spelling, kana] of IRREGULAR) set(tree, spelling, kana);
    for (const consonant of DOUBLING) {
      tree.children.get(consonant).children.set(consonant, copy(at(tree, consonant), (v) => "っ" + v));
    }
    return tree;
  }

  const ROMAJI_TREE = buildRomajiTree();
  const TYPING_TREE = (() => {
    const tree = copy(ROMAJI_TREE);
    set(tree, "nn", "ん");
    set(tree, "n ", "ん");
    return tree;
  })();

  // ---- Kana → romaji (as Sources/Kana/KanaToRomaji.swift) ----

  const BASIC_ROMAJI = [
    ["あいうえお", ["a", "i", "u", "e", "o"]],
    ["かきくけこ", ["ka", "ki", "ku", "ke", "ko"]],
    ["さしすせそ", ["sa", "shi", "su", "se", "so"]],
    ["たちつてと", ["ta", "chi", "tsu", "te", "to"]],
    ["なにぬねの", ["na", "ni", "nu", "ne", "no"]],
    ["はひふへほ", ["ha", "hi", "fu", "he", "ho"]],
    ["まみむめも", ["ma", "mi", "mu", "me", "mo"]],
    ["らりるれろ", ["ra", "ri", "ru", "re", "ro"]],
    ["やゆよ", ["ya", "yu", "yo"]],
    ["わゐゑを", ["wa", "wi", "we", "wo"]],
    ["ん", ["n"]],
    ["がぎぐげご", ["ga", "gi", "gu", "ge", "go"]],
    ["ざじずぜぞ", ["za", "ji", "zu", "ze", "zo"]],
    ["だぢづでど", ["da", "ji", "zu", "de", "do"]],
    ["ばびぶべぼ", ["ba", "bi", "bu", "be", "bo"]],
    ["ぱぴぷぺぽ", ["pa", "pi", "pu", "pe", "po"]],
    // ゔぁ… are unreachable in WanaKana's tree (two-character keys): ゔぁ reads ゔ + ぁ.
    ["ゔ", ["vu"]],
  ];
  const KANA_SYMBOLS = [
    ["。", "."], ["、", ","], ["：", ":"], ["・", "/"], ["！", "!"], ["？", "?"], ["〜", "~"],
    ["ー", "-"], ["「", "‘"], ["」", "’"], ["『", "“"], ["』", "”"], ["［", "["], ["］", "]"],
    ["（", "("], ["）", ")"], ["｛", "{"], ["｝", "}"], ["　", " "],
  ];
  const KANA_SMALL_Y = [["ゃ", "ya"], ["ゅ", "yu"], ["ょ", "yo"]];
  const KANA_SMALL_Y_EXTRA = [["ぃ", "yi"], ["ぇ", "ye"]];
  const KANA_SMALL_VOWELS = [["ぁ", "a"], ["ぃ", "i"], ["ぅ", "u"], ["ぇ", "e"], ["ぉ", "o"]];
  const YOON_KANA = ["き", "に", "ひ", "み", "り", "ぎ", "び", "ぴ", "ゔ", "く", "ふ"];
  const YOON_EXCEPTIONS = [["し", "sh"], ["ち", "ch"], ["じ", "j"], ["ぢ", "j"]];
  const DOUBLED_BY = {
    b: "b", c: "t", d: "d", f: "f", g: "g", h: "h", j: "j", k: "k", m: "m", p: "p", q: "q",
    r: "r", s: "s", t: "t", v: "v", w: "w", x: "x", z: "z",
  };
  const AMBIGUOUS_AFTER_N = ["あ", "い", "う", "え", "お", "や", "ゆ", "よ"];

  function buildKanaTree() {
    const tree = node(undefined);
    for (const [row, romaji] of BASIC_ROMAJI) {
      Array.from(row).forEach((kana, i) => set(tree, kana, romaji[i]));
    }
    for (const [kana, romaji] of KANA_SYMBOLS.concat(KANA_SMALL_Y, KANA_SMALL_VOWELS)) set(tree, kana, romaji);
    for (const kana of YOON_KANA) {
      const first = at(tree, kana).value[0];
      for (const [small, romaji] of KANA_SMALL_Y.concat(KANA_SMALL_Y_EXTRA)) set(tree, kana + small, first + romaji);
    }
    for (const [kana, romaji] of YOON_EXCEPTIONS) {
      for (const [small, y] of KANA_SMALL_Y) set(tree, kana + small, romaji + y.slice(1));
      set(tree, kana + "ぃ", romaji + "yi");
      set(tree, kana + "ぇ", romaji + "e");
    }
    tree.children.set("っ", copy(tree, (romaji) => (DOUBLED_BY[romaji[0]] || "") + romaji));
    set(tree, "っ", "");
    for (const kana of AMBIGUOUS_AFTER_N) set(tree, "ん" + kana, "n'" + at(tree, kana).value);
    return tree;
  }

  const KANA_TREE = buildKanaTree();

  // ---- Character classes ----

  const LONG_MARK = "ー";
  const MIDDLE_DOT = "・";
  const KATAKANA_OFFSET = 0x30a1 - 0x3041;
  const code = (ch) => ch.codePointAt(0);
  const inRanges = (ch, ranges) => ranges.some(([low, high]) => low <= code(ch) && code(ch) <= high);
  const isHiragana = (ch) => ch === LONG_MARK || inRanges(ch, [[0x3041, 0x3096]]);
  const isKatakana = (ch) => inRanges(ch, [[0x30a1, 0x30fc]]);
  const ROMAJI_RANGES = [[0x0, 0x7f], [0x100, 0x101], [0x112, 0x113], [0x12a, 0x12b], [0x14c, 0x14d], [0x16a, 0x16b]];
  const ENGLISH_PUNCTUATION = [[0x20, 0x2f], [0x3a, 0x3f], [0x5b, 0x60], [0x7b, 0x7e], [0x2018, 0x2019], [0x201c, 0x201d]];
  const isRomajiChar = (ch) => inRanges(ch, ROMAJI_RANGES);
  const isRomaji = (chars) => chars.length > 0 && chars.every(isRomajiChar);
  const isMixed = (chars) => chars.some((ch) => isHiragana(ch) || isKatakana(ch)) && chars.some(isRomajiChar);
  // Only the first character counts, as in WanaKana.
  const startsWithEnglishPunctuation = (chars) => chars.length > 0 && inRanges(chars[0], ENGLISH_PUNCTUATION);

  // ---- Conversions (as Sources/Kana/Kana.swift) ----

  const LONG_VOWELS = { a: "あ", i: "い", u: "う", e: "え", o: "う" };

  function katakanaToHiragana(chars, forRomaji) {
    let output = "";
    let previousKana = null;
    chars.forEach((ch, index) => {
      if (ch === MIDDLE_DOT || (ch === LONG_MARK && index === 0) || ch === "ヵ" || ch === "ヶ") {
        output += ch;
      } else if (ch === LONG_MARK && previousKana !== null) {
        const romaji = toRomaji(previousKana);
        const lastLetter = romaji.length > 0 ? romaji[romaji.length - 1] : null;
        if (forRomaji && lastLetter === "o" && isKatakana(chars[index - 1])) output += "お";
        else if (lastLetter !== null && LONG_VOWELS[lastLetter]) output += LONG_VOWELS[lastLetter];
      } else if (ch !== LONG_MARK && isKatakana(ch)) {
        previousKana = String.fromCodePoint(code(ch) - KATAKANA_OFFSET);
        output += previousKana;
      } else {
        previousKana = null;
        output += ch;
      }
    });
    return output;
  }

  function hiraganaToKatakana(text) {
    let output = "";
    for (const ch of text) {
      output += ch !== LONG_MARK && isHiragana(ch) ? String.fromCodePoint(code(ch) + KATAKANA_OFFSET) : ch;
    }
    return output;
  }

  function romajiToKana(text, tree, convertEnding) {
    const original = Array.from(text);
    // Lowered character by character, so that every position is the original's
    // (İ lowers to two: it stays as it is, as in the Swift target).
    const lowered = original.map((ch) => {
      const lower = ch.toLowerCase();
      return Array.from(lower).length === 1 ? lower : ch;
    });
    let output = "";
    for (const [start, end, kana] of chunks(tree, lowered, convertEnding)) {
      if (kana === null) {
        output += original.slice(start, end).join("");
        continue;
      }
      const upperCase = original.slice(start, end).every((ch) => ch >= "A" && ch <= "Z");
      output += upperCase ? hiraganaToKatakana(kana) : kana;
    }
    return output;
  }

  function toHiragana(text) {
    const chars = Array.from(text);
    if (isMixed(chars)) return romajiToKana(katakanaToHiragana(chars, false).toLowerCase(), ROMAJI_TREE, true);
    if (isRomaji(chars) || startsWithEnglishPunctuation(chars)) return romajiToKana(text.toLowerCase(), ROMAJI_TREE, true);
    return katakanaToHiragana(chars, false);
  }

  function toKatakana(text) {
    const chars = Array.from(text);
    if (isMixed(chars) || isRomaji(chars) || startsWithEnglishPunctuation(chars)) {
      return hiraganaToKatakana(romajiToKana(text.toLowerCase(), ROMAJI_TREE, true));
    }
    return hiraganaToKatakana(text);
  }

  function toRomaji(text) {
    const hiragana = Array.from(katakanaToHiragana(Array.from(text), true));
    return chunks(KANA_TREE, hiragana, true)
      .map(([, , output]) => output || "")
      .join("");
  }

  const typing = (text) => romajiToKana(text, TYPING_TREE, false);
  const toKana = (text) => romajiToKana(text, ROMAJI_TREE, true);

  // ---- Live conversion in a text field ----

  /** Converts romaji to kana as it is typed into `field` (an input or textarea): the text
   *  before the caret goes through `typing`, the caret stays after what was converted,
   *  and an unfinished ending (a lone n) waits. `enabled()` is asked on every input, so
   *  a toggle can turn it off. IME composition (a system Japanese keyboard) is left alone. */
  function bind(field, enabled) {
    let composing = false;
    field.addEventListener("compositionstart", () => { composing = true; });
    field.addEventListener("compositionend", () => { composing = false; });
    field.addEventListener("input", () => {
      if (composing || (enabled && !enabled())) return;
      const caret = field.selectionEnd === null ? field.value.length : field.selectionEnd;
      const before = field.value.slice(0, caret);
      const converted = typing(before);
      if (converted === before) return;
      field.value = converted + field.value.slice(caret);
      field.setSelectionRange(converted.length, converted.length);
    });
    // Leaving the field, or Enter, finishes an ending that was waiting (a lone n → ん),
    // as a Japanese IME commits its text.
    const finish = () => {
      if (enabled && !enabled()) return;
      const finished = toKana(field.value);
      if (finished !== field.value) field.value = finished;
    };
    field.addEventListener("blur", finish);
    field.addEventListener("keydown", (event) => {
      if (event.key === "Enter" && !composing) finish();
    });
  }

  /** Every field marked Japanese (lang="ja") converts romaji as it is typed; a field
   *  with data-kana-toggle has a switch (button.kana-toggle naming it in aria-controls)
   *  that marks it Japanese or not, remembered in this browser. */
  function attach(document, storage) {
    const fields = document.querySelectorAll('input[lang="ja"], textarea[lang="ja"], [data-kana-toggle]');
    for (const field of fields) bind(field, () => field.lang === "ja");
    for (const toggle of document.querySelectorAll("button.kana-toggle[aria-controls]")) {
      const field = document.getElementById(toggle.getAttribute("aria-controls"));
      if (!field) continue;
      const set = (on) => {
        field.lang = on ? "ja" : "";
        toggle.setAttribute("aria-pressed", String(on));
        if (storage) storage.setItem("maeil.kanaInput", on ? "on" : "off");
      };
      set(storage ? storage.getItem("maeil.kanaInput") === "on" : false);
      toggle.addEventListener("click", () => {
        set(field.lang !== "ja");
        field.focus();
      });
    }
  }

  if (typeof document !== "undefined" && document.addEventListener) {
    const start = () => {
      let storage = null;
      try { storage = window.localStorage; } catch (error) { storage = null; }
      attach(document, storage);
    };
    if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
    else start();
  }

  return { toHiragana, toKatakana, toRomaji, toKana, typing, bind };
});
