// The JavaScript kana converter (Sources/MaeilServer/Resources/Public/js/kana.js) against
// the shared WanaKana vectors, and against the Swift `Kana` target through `maeil kana` on
// 30,000 generated inputs. Run: js-tests/run.sh (node --test js-tests/). The Swift
// comparison needs the built CLI:
//   export MAEIL_CLI=.build/debug/maeil
// Without it the comparison is skipped locally and fails when CI is set.
"use strict";

const test = require("node:test");
const assert = require("node:assert/strict");
const fs = require("node:fs");
const path = require("node:path");
const { spawnSync } = require("node:child_process");

const Kana = require(path.join(__dirname, "..", "Sources", "MaeilServer", "Resources", "Public", "js", "kana.js"));
const VECTORS = path.join(__dirname, "..", "..", "shared", "vectors", "kana", "wanakana.tsv");

function loadVectors() {
  const lines = fs.readFileSync(VECTORS, "utf8").split("\n").filter((line) => line !== "");
  return lines.slice(1).map((line) => {
    const [input, hiragana, katakana, romaji = ""] = line.split("\t");
    return { input, hiragana, katakana, romaji };
  });
}

test("the vector file is present, with its header and every row", () => {
  const vectors = loadVectors();
  assert.ok(vectors.length >= 80, `only ${vectors.length} rows`);
  assert.ok(vectors.some((v) => v.input === "matcha" && v.hiragana === "まtちゃ"));
});

test("to hiragana, to katakana and to romaji give every row of the vectors", () => {
  for (const v of loadVectors()) {
    assert.equal(Kana.toHiragana(v.input), v.hiragana, `toHiragana(${v.input})`);
    assert.equal(Kana.toKatakana(v.input), v.katakana, `toKatakana(${v.input})`);
    assert.equal(Kana.toRomaji(v.input), v.romaji, `toRomaji(${v.input})`);
  }
});

test("typing (IME mode): a lone n and an unfinished ending wait for the next key", () => {
  const cases = [
    ["n", "n"], ["nn", "ん"], ["n'", "ん"], ["n ", "ん"], ["kon", "こn"], ["konn", "こん"],
    ["konnichiha", "こんいちは"], ["konnnichiha", "こんにちは"], ["gakusei", "がくせい"], ["k", "k"],
    ["ky", "ky"], ["kyo", "きょ"], ["kannna", "かんな"], ["shinbun", "しんぶn"], ["がくせいnn", "がくせいん"],
    ["kka", "っか"], ["KANA", "カナ"], ["kaKA", "かカ"], ["", ""],
  ];
  for (const [input, expected] of cases) assert.equal(Kana.typing(input), expected, `typing(${input})`);
  assert.equal(Kana.toKana("SUSHIdesu"), "スシです");
});

test("text that is neither kana nor romaji passes through unchanged", () => {
  for (const text of ["学生", "한국어", "日本語", "🍣", "", "Ä", "中文 text 😀"]) {
    assert.equal(Kana.toHiragana(text), text);
    assert.equal(Kana.toKatakana(text), text);
    assert.equal(Kana.toRomaji(text), text);
  }
});

/** Inputs mixing romaji (weighted to real syllables), kana of both scripts, marks,
 *  kanji and symbols; seeded, so every run tries the same ones. */
function generatedInputs(count) {
  let state = 0x9e3779b9;
  const random = () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
  const latin = Array.from("aiueokstnhmyrwgzdbpvfjcqlx'-.,!?~ ‘’AIUEOKNaiueoaiueonnstk");
  const kana = [];
  for (let c = 0x3041; c <= 0x3096; c++) kana.push(String.fromCodePoint(c));
  for (let c = 0x30a1; c <= 0x30fc; c++) kana.push(String.fromCodePoint(c));
  kana.push(..."ー・ヵヶ学　「」ゝ한😀");
  const pick = (list) => list[Math.floor(random() * list.length)];
  const inputs = [];
  for (let i = 0; i < count; i++) {
    const length = 1 + Math.floor(random() * 8);
    const mode = random();
    let text = "";
    for (let j = 0; j < length; j++) {
      text += pick(mode < 0.45 ? latin : mode < 0.85 ? kana : random() < 0.5 ? latin : kana);
    }
    inputs.push(text);
  }
  return inputs;
}

const CLI = process.env.MAEIL_CLI || "";
test("the same outputs as the Swift Kana target (maeil kana) on 30,000 generated inputs", (t) => {
  if (!CLI) {
    if (process.env.CI) assert.fail("CI is set but MAEIL_CLI is not: CI must compare with `maeil kana`");
    t.skip("MAEIL_CLI is not set: export MAEIL_CLI=.build/debug/maeil to compare with the Swift target");
    return;
  }
  const inputs = generatedInputs(30000);
  const functions = { hiragana: Kana.toHiragana, katakana: Kana.toKatakana, romaji: Kana.toRomaji };
  for (const [command, convert] of Object.entries(functions)) {
    const run = spawnSync(CLI, ["kana", command], { input: inputs.join("\n") + "\n", encoding: "utf8", maxBuffer: 1 << 26 });
    assert.equal(run.status, 0, `maeil kana ${command} failed: ${run.stderr}`);
    const swift = run.stdout.split("\n");
    assert.equal(swift.length, inputs.length + 1, "one output line per input");
    const differences = inputs
      .map((input, i) => [input, swift[i], convert(input)])
      .filter(([, fromSwift, fromJS]) => fromSwift !== fromJS);
    assert.deepEqual(differences.slice(0, 10), [], `${differences.length} of ${inputs.length} differ for ${command} (input, Swift, JS)`);
  }
});
