// The JavaScript 2-beolsik automaton (Sources/MaeilServer/Resources/Public/js/hangul.js)
// against the shared vectors and against libhangul itself. Run: js-tests/run.sh
// (node --test js-tests/). The libhangul comparison needs the reference tool:
//   export MAEIL_HIC_LINES=$(scripts/hangul-reference.sh)
// Without it the comparison is skipped locally and fails when CI is set.
"use strict";

const test = require("node:test");
const assert = require("node:assert/strict");
const fs = require("node:fs");
const path = require("node:path");
const { spawnSync } = require("node:child_process");

const Hangul = require(path.join(__dirname, "..", "Sources", "MaeilServer", "Resources", "Public", "js", "hangul.js"));
const { swiftRandomKeys, exhaustiveKeys } = require("./swift-random.js");

const { HangulInputContext, type } = Hangul;
const SHARED = path.join(__dirname, "..", "..", "shared");
const VECTORS = path.join(SHARED, "vectors", "hangul", "2beolsik.tsv");
const RANDOM_KEYS = path.join(SHARED, "tools", "hangul", "gen_random_keys.py");

const codePoints = (s) => Array.from(s, (c) => c.codePointAt(0).toString(16).padStart(4, "0")).join(" ");

function loadVectors() {
  return fs
    .readFileSync(VECTORS, "utf8")
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => {
      const tab = line.indexOf("\t");
      return tab < 0 ? { keys: line, text: "" } : { keys: line.slice(0, tab), text: line.slice(tab + 1) };
    });
}

/** What hic_lines does, written against the public API only: process, commit,
 *  backspace and flush ('<' is Backspace). */
function typeByHand(keys) {
  const ic = new HangulInputContext();
  const text = [];
  for (const key of keys) {
    if (key === "<") {
      if (!ic.backspace()) text.pop();
    } else {
      const used = ic.process(key);
      text.push(...ic.commit);
      if (!used) text.push(key);
    }
  }
  text.push(...ic.flush());
  return text.join("");
}

/** The same, feeding ASCII codes (numbers) to process() instead of characters. */
function typeByCodes(keys) {
  const ic = new HangulInputContext();
  let text = "";
  for (const key of keys) {
    if (key === "<") {
      if (!ic.backspace()) text = Array.from(text).slice(0, -1).join("");
    } else {
      const used = ic.process(key.charCodeAt(0));
      text += ic.commit;
      if (!used) text += key;
    }
  }
  return text + ic.flush();
}

// ---- Vectors ----

test("the vector file is present and not trivially small", () => {
  const vectors = loadVectors();
  assert.ok(vectors.length >= 70, `only ${vectors.length} vectors`);
  assert.ok(vectors.some((v) => v.keys === "dkssudgktpdy" && v.text === "안녕하세요"));
});

test("type() reproduces every line of 2beolsik.tsv", () => {
  const failures = [];
  const vectors = loadVectors();
  for (const { keys, text } of vectors) {
    const got = type(keys);
    if (got !== text) failures.push(`${JSON.stringify(keys)}: want ${JSON.stringify(text)} [${codePoints(text)}], got ${JSON.stringify(got)} [${codePoints(got)}]`);
  }
  assert.equal(failures.length, 0, `${failures.length} of ${vectors.length} vectors differ:\n${failures.join("\n")}`);
});

test("driving process/backspace/commit/flush by hand gives the vectors too", () => {
  for (const { keys, text } of loadVectors()) {
    assert.equal(typeByHand(keys), text, `keys ${keys}`);
    assert.equal(typeByCodes(keys), text, `keys ${keys} as codes`);
  }
});

// ---- The behaviour the Swift unit tests pin (Tests/HangulTests/InputContextTests.swift) ----

test("composition, preedit and commit step by step: 한글", () => {
  const ic = new HangulInputContext();
  assert.ok(ic.isEmpty);
  assert.equal(ic.process("g"), true);
  assert.equal(ic.preedit, "ㅎ");
  assert.equal(ic.commit, "");
  assert.equal(ic.process("k"), true);
  assert.equal(ic.preedit, "하");
  assert.equal(ic.process("s"), true);
  assert.equal(ic.preedit, "한");
  assert.equal(ic.process("r"), true);
  assert.equal(ic.commit, "한");
  assert.equal(ic.preedit, "ㄱ");
  assert.equal(ic.process("m"), true);
  assert.equal(ic.commit, "");
  assert.equal(ic.preedit, "그");
  assert.equal(ic.process("f"), true);
  assert.equal(ic.preedit, "글");
  assert.equal(ic.flush(), "글");
  assert.ok(ic.isEmpty);
  assert.equal(ic.preedit, "");
});

test("syllable split: a vowel takes the last final (값이, 갑시, 닭을, 앉아)", () => {
  const ic = new HangulInputContext();
  for (const k of "rkqt") assert.equal(ic.process(k), true);
  assert.equal(ic.preedit, "값");
  ic.process("d");
  assert.equal(ic.commit, "값");
  assert.equal(ic.preedit, "ㅇ");
  ic.process("l");
  assert.equal(ic.preedit, "이");
  ic.reset();
  for (const k of "rkqt") ic.process(k);
  ic.process("l");
  assert.equal(ic.commit, "갑");
  assert.equal(ic.preedit, "시");
  assert.equal(type("ekfrdmf"), "닭을");
  assert.equal(type("dkswdk"), "앉아");
});

test("shift doubles; other upper-case letters act as lower-case ones", () => {
  const cases = [["Rk", "까"], ["Ek", "따"], ["Qk", "빠"], ["Tk", "싸"], ["Wk", "짜"], ["dO", "얘"], ["dP", "예"],
    ["GKS", "한"], ["DKSSUD", "안녕"], ["rkR", "갂"], ["rkT", "갔"]];
  for (const [keys, text] of cases) assert.equal(type(keys), text, keys);
});

test("ㄸ ㅃ ㅉ cannot be finals; a key typed twice gives two jamo, never a double", () => {
  assert.equal(type("rkE"), "가ㄸ");
  assert.equal(type("rkQ"), "가ㅃ");
  assert.equal(type("rkW"), "가ㅉ");
  assert.equal(type("rkEk"), "가따");
  assert.equal(type("rkrE"), "각ㄸ");
  assert.equal(type("rr"), "ㄱㄱ");
  assert.equal(type("tt"), "ㅅㅅ");
  assert.equal(type("rktt"), "갓ㅅ");
  assert.equal(type("kk"), "ㅏㅏ");
});

test("compound vowels and compound finals", () => {
  const cases = [["rhk", "과"], ["rho", "괘"], ["rhl", "괴"], ["rnj", "궈"], ["rnp", "궤"], ["rnl", "귀"], ["rml", "긔"],
    ["rkrt", "갃"], ["rksw", "갅"], ["rksg", "갆"], ["rkfr", "갉"], ["rkfa", "갊"], ["rkfq", "갋"],
    ["rkft", "갌"], ["rkfx", "갍"], ["rkfv", "갎"], ["rkfg", "갏"], ["rkqt", "값"]];
  for (const [keys, text] of cases) assert.equal(type(keys), text, keys);
});

test("lone jamo: a vowel first, a consonant after a lone vowel, consonant pairs (rt → ㄳ)", () => {
  assert.equal(type("k"), "ㅏ");
  assert.equal(type("kr"), "ㅏㄱ");
  assert.equal(type("hk"), "ㅘ");
  assert.equal(type("rt"), "ㄳ");
  assert.equal(type("rtk"), "ㄱ사");
  assert.equal(type("fr"), "ㄺ");
  assert.equal(type("zz"), "ㅋㅋ");
});

test("backspace removes one jamo at a time, compound parts separately", () => {
  const ic = new HangulInputContext();
  for (const k of "rhkfr") ic.process(k);
  assert.equal(ic.preedit, "괅");
  for (const want of ["괄", "과", "고", "ㄱ", ""]) {
    assert.equal(ic.backspace(), true);
    assert.equal(ic.preedit, want);
  }
  assert.ok(ic.isEmpty);
  assert.equal(ic.backspace(), false);
});

test("backspace clears the commit text; flush and reset too", () => {
  const ic = new HangulInputContext();
  for (const k of "rkr") ic.process(k);
  ic.process("r");
  assert.equal(ic.commit, "각");
  assert.equal(ic.backspace(), true);
  assert.equal(ic.commit, "");
  ic.process("1");
  assert.equal(ic.commit, "", "nothing was being composed after the backspace");
  ic.process("r");
  ic.process("2");
  assert.equal(ic.commit, "ㄱ");
  ic.process("r");
  assert.equal(ic.flush(), "ㄱ");
  assert.equal(ic.commit, "");
  ic.process("r");
  ic.process("k");
  ic.reset();
  assert.ok(ic.isEmpty);
  assert.equal(ic.preedit, "");
  assert.equal(ic.flush(), "");
});

test("keys the layout does not use commit the syllable and return false", () => {
  for (const key of ["1", " ", ".", "?", "<", "~", "\t", "\u007f", "é", "한", "😀", "ab", ""]) {
    const ic = new HangulInputContext();
    ic.process("r");
    ic.process("k");
    assert.equal(ic.process(key), false, `key ${JSON.stringify(key)}`);
    assert.equal(ic.commit, "가", `key ${JSON.stringify(key)}`);
    assert.equal(ic.preedit, "");
    assert.ok(ic.isEmpty);
  }
  const ic = new HangulInputContext();
  assert.equal(ic.process("1".charCodeAt(0)), false);
  assert.equal(ic.commit, "");
  assert.equal(ic.process(0xff), false);
});

test("U+0008 Backspace given to process acts as backspace, as in libhangul", () => {
  const ic = new HangulInputContext();
  ic.process("r");
  ic.process("k");
  assert.equal(ic.process(0x08), true);
  assert.equal(ic.preedit, "ㄱ");
  assert.equal(ic.process("\b"), true);
  assert.equal(ic.process(0x08), false);
  assert.equal(type("rk\bk"), "가");
  assert.equal(type("\b"), "\b");
});

test("type(): Backspace deletes committed text when nothing is composed; other backspace keys", () => {
  assert.equal(type("dkssud<<"), "안ㄴ");
  assert.equal(type("gksrmf<"), "한그");
  assert.equal(type("gksrmf 1<<"), "한글");
  assert.equal(type("rk<<<<<"), "");
  assert.equal(type("rk<", null), "가<");
  assert.equal(type("rkfrk#k", "#"), "갈가");
  assert.equal(type("rkfrk#", "#"), "갈ㄱ");
  assert.equal(type(""), "");
  assert.equal(type("이미 한글 rk"), "이미 한글 가");
  assert.equal(type("😀<rk"), "가", "Backspace removes a whole code point");
});

test("a context's state is its own: two contexts compose independently; clone() copies", () => {
  const a = new HangulInputContext();
  const b = new HangulInputContext();
  a.process("r");
  b.process("r");
  a.process("k");
  b.process("h");
  assert.equal(a.preedit, "가");
  assert.equal(b.preedit, "고");
  const c = a.clone();
  c.process("r");
  assert.equal(c.preedit, "각");
  assert.equal(a.preedit, "가");
  a.process("s");
  assert.equal(a.preedit, "간");
  assert.equal(c.preedit, "각");
});

test("a megabyte of keys types in linear time", () => {
  const keys = "dkssudgktpdy ".repeat(80000); // 1,040,000 keys
  const started = process.hrtime.bigint();
  const text = type(keys);
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  assert.equal(text, "안녕하세요 ".repeat(80000));
  assert.ok(seconds < 5, `took ${seconds} s`);
});

// ---- Key generators ----

test("the port of the Swift test's generator yields the Swift sequences and covers every key", () => {
  // The first lines Swift's DifferentialTests.swiftRandomKeys(count: 2000, seed: 7) prints.
  const a = swiftRandomKeys(2000, 7);
  assert.deepEqual(a.slice(0, 5), ["Uxygf\b<<TGJrU UY", "<<F", "Tho<", "shl<QysznjztmwEl", "Py"]);
  assert.deepEqual(a, swiftRandomKeys(2000, 7));
  const all = new Set(a.join(""));
  for (const c of "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ<") assert.ok(all.has(c), `missing ${c}`);
  assert.ok(a.every((s) => !s.includes("\n") && !s.includes("\t") && s.length < 200));
  assert.equal(exhaustiveKeys().length, 56 + 56 * 56 + 56 * 56 * 56);
});

/** xorshift32: a tiny seeded generator for our own sequences. */
function xorshift32(seed) {
  let x = seed >>> 0 || 1;
  const next = () => {
    x ^= x << 13; x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5; x >>>= 0;
    return x;
  };
  return { below: (n) => next() % n, pick: (s) => s[next() % s.length] };
}

/** Our own sequences, as a person at the on-screen keyboard types: whole syllables
 *  (every initial, plain or compound vowel, none/one/compound final, all 52 letters
 *  including upper-case ones that do not double) with Backspace bursts that run past
 *  the syllable into committed text, typos retyped, spaces and digits. */
function editingKeys(count, seed) {
  const r = xorshift32(seed);
  const initials = "rRseEfaqQtTdwWczxvgSFADCZXVG";
  const vowels = ["k", "o", "i", "O", "j", "p", "u", "P", "h", "y", "n", "b", "m", "l", "K", "I", "J", "U", "H", "Y", "N", "B", "M", "L",
    "hk", "ho", "hl", "nj", "np", "nl", "ml"];
  const finals = ["", "", "r", "R", "s", "e", "f", "a", "q", "t", "T", "d", "w", "c", "z", "x", "v", "g",
    "rt", "sw", "sg", "fr", "fa", "fq", "ft", "fx", "fv", "fg", "qt", "E", "Q", "W"];
  const letters = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
  const out = [];
  for (let i = 0; i < count; i++) {
    let s = "";
    const syllables = 1 + r.below(8);
    for (let j = 0; j < syllables && s.length < 150; j++) {
      s += r.pick(initials) + r.pick(vowels) + r.pick(finals);
      const roll = r.below(10);
      if (roll < 3) s += "<".repeat(1 + r.below(6)); // Backspace burst, often past the syllable
      else if (roll < 4) s += r.pick(letters) + "<"; // a typo, undone
      else if (roll < 5) s += r.pick(" 1 .");
      else if (roll < 6) s += r.pick(letters);
    }
    out.push(s);
  }
  return out;
}

function pythonRandomKeys(count, seed) {
  const result = spawnSync("python3", [RANDOM_KEYS, String(count), String(seed)], { encoding: "utf8", maxBuffer: 1 << 28 });
  assert.equal(result.status, 0, `gen_random_keys.py failed: ${result.stderr}`);
  const lines = result.stdout.split("\n");
  assert.equal(lines.pop(), "");
  return lines;
}

test("our own generator covers every letter, Backspace runs, and stays within a line", () => {
  const lines = editingKeys(3000, 1);
  const all = new Set(lines.join(""));
  for (const c of "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ<") assert.ok(all.has(c), `missing ${c}`);
  assert.ok(lines.some((s) => s.includes("<<<<")));
  assert.ok(lines.every((s) => s.length > 0 && s.length < 4000 && !s.includes("\n")));
});

// ---- The libhangul differential test ----

const TOOL = process.env.MAEIL_HIC_LINES || "";
const IN_CI = !!process.env.CI;

test("random and exhaustive key sequences: zero differences from libhangul", (t) => {
  if (!TOOL) {
    if (IN_CI) {
      assert.fail("CI is set but MAEIL_HIC_LINES is not: CI must run the libhangul differential test (export MAEIL_HIC_LINES=$(scripts/hangul-reference.sh))");
    }
    t.skip("MAEIL_HIC_LINES is not set: run `export MAEIL_HIC_LINES=$(scripts/hangul-reference.sh)` to compare with libhangul");
    return;
  }
  fs.accessSync(TOOL, fs.constants.X_OK);

  // The same sequences as the Swift differential test (Tests/HangulTests/DifferentialTests.swift),
  // then our own.
  const pythonKeys = pythonRandomKeys(6000, 20260101);
  const swiftKeys = swiftRandomKeys(24000, 0x4d4145494c21);
  const ownKeys = editingKeys(10000, 0x6d61656c);
  const exhaustive = exhaustiveKeys();
  const randomCount = pythonKeys.length + swiftKeys.length + ownKeys.length;
  const sequences = [...pythonKeys, ...swiftKeys, ...ownKeys, ...exhaustive];
  assert.equal(pythonKeys.length, 6000);

  const run = spawnSync(TOOL, [], { input: sequences.join("\n") + "\n", encoding: "utf8", maxBuffer: 1 << 28 });
  assert.equal(run.status, 0, `${TOOL} exited with ${run.status}: ${run.stderr}`);
  const reference = run.stdout.split("\n");
  if (reference[reference.length - 1] === "") reference.pop();
  assert.equal(reference.length, sequences.length, `the tool printed ${reference.length} lines for ${sequences.length} inputs`);

  const differences = [];
  let count = 0;
  sequences.forEach((keys, index) => {
    const line = reference[index];
    const tab = line.indexOf("\t");
    if (tab < 0 || line.slice(0, tab) !== keys) {
      count++;
      if (differences.length < 10) differences.push(`unexpected tool line ${JSON.stringify(line)} for keys ${JSON.stringify(keys)}`);
      return;
    }
    const expected = line.slice(tab + 1);
    let actual = type(keys);
    // The random sequences are also typed key by key through the public API.
    if (index < randomCount && actual === expected) actual = typeByHand(keys);
    if (actual !== expected) {
      count++;
      if (differences.length < 10) {
        differences.push(`${JSON.stringify(keys)}: libhangul ${JSON.stringify(expected)} [${codePoints(expected)}], Maeil JS ${JSON.stringify(actual)} [${codePoints(actual)}]`);
      }
    }
  });
  t.diagnostic(`libhangul differential: ${sequences.length} sequences (${pythonKeys.length} from gen_random_keys.py, ` +
    `${swiftKeys.length} from the Swift test's generator, ${ownKeys.length} from our own, ${exhaustive.length} exhaustive), ${count} differences`);
  assert.equal(count, 0, `${count} of ${sequences.length} sequences differ; first ones:\n${differences.join("\n")}`);
});
