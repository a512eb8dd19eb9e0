// A port of the key generator of Tests/HangulTests/DifferentialTests.swift
// (`swiftRandomKeys`) and of the Swift standard library's random algorithms it
// relies on, over the same SplitMix64 generator (Tests/HangulTests/TestSupport.swift):
// with the same count and seed it yields exactly the Swift test's key sequences,
// so the JavaScript port is checked against libhangul on the same input as the
// Swift engine.
"use strict";

const MASK = (1n << 64n) - 1n;

/** SplitMix64, as TestSupport.swift's `SplitMix64`. */
class SplitMix64 {
  constructor(seed) {
    this.state = BigInt.asUintN(64, BigInt(seed));
  }

  next() {
    this.state = (this.state + 0x9e3779b97f4a7c15n) & MASK;
    let z = this.state;
    z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & MASK;
    z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & MASK;
    return z ^ (z >> 31n);
  }

  /** Swift's `RandomNumberGenerator.next(upperBound:)` (Lemire's nearly divisionless
   *  method) for UInt64. */
  nextBelow(upperBound) {
    const bound = BigInt(upperBound);
    let m = this.next() * bound;
    if ((m & MASK) < bound) {
      const t = ((1n << 64n) - bound) % bound;
      while ((m & MASK) < t) m = this.next() * bound;
    }
    return Number(m >> 64n);
  }

  /** `Int.random(in: lower...upper, using:)`. */
  intIn(lower, upper) {
    return lower + this.nextBelow(upper - lower + 1);
  }

  /** `Int.random(in: 0..<upper, using:)`. */
  intBelow(upper) {
    return this.nextBelow(upper);
  }

  /** `Array.randomElement(using:)`. */
  element(array) {
    return array[this.intBelow(array.length)];
  }

  /** `Bool.random(using:)`. */
  bool() {
    return ((this.next() >> 17n) & 1n) === 0n;
  }
}

/** The Swift test's own generator: every letter in both cases, digits and punctuation,
 *  the Backspace control character, and several styles — uniform, Backspace-heavy,
 *  syllable-shaped (consonant, vowel or compound vowel, one or two finals), and runs
 *  of vowels or consonants only. `<` is Backspace. */
function swiftRandomKeys(count, seed) {
  const rng = new SplitMix64(seed);
  const letters = Array.from("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ");
  const consonants = Array.from("rsefaqtdwczxvgREQTW");
  const vowels = Array.from("koiOjpuPhynbml");
  const compoundVowels = ["hk", "ho", "hl", "nj", "np", "nl", "ml"];
  const compoundFinals = ["rt", "sw", "sg", "fr", "fa", "fq", "ft", "fx", "fv", "fg", "qt"];
  const other = Array.from(" 1.?,!-'0\u0008");
  const lines = [];
  for (let index = 0; index < count; index++) {
    let s = "";
    const length = rng.intIn(1, 40);
    switch (index % 5) {
      case 0: // uniform over everything
        while (s.length < length) {
          const r = rng.intBelow(100);
          if (r < 80) s += rng.element(letters);
          else if (r < 90) s += "<";
          else s += rng.element(other);
        }
        break;
      case 1: // Backspace-heavy
        while (s.length < length) {
          if (rng.intBelow(100) < 40) s += "<".repeat(rng.intIn(1, 4));
          else s += rng.element(letters);
        }
        break;
      case 2:
      case 3: // syllable-shaped, with compounds and the odd Backspace
        while (s.length < length) {
          s += rng.element(consonants);
          if (rng.intBelow(4) === 0) s += rng.element(compoundVowels);
          else s += rng.element(vowels);
          switch (rng.intBelow(6)) {
            case 0: s += rng.element(compoundFinals); break;
            case 1:
            case 2: s += rng.element(consonants); break;
            case 3: s += "<"; break;
            default: break;
          }
          if (rng.intBelow(8) === 0) s += rng.element(other);
        }
        break;
      default: { // vowel runs or consonant runs, with Backspace
        const pool = rng.bool() ? [...vowels, "<"] : [...consonants, "<"];
        while (s.length < length) s += rng.element(pool);
      }
    }
    lines.push(s);
  }
  return lines;
}

/** Every sequence of up to three keys over all letters, Backspace, a digit and a
 *  space (56 keys), as the Swift test's `exhaustiveKeys`. */
function exhaustiveKeys() {
  const keys = Array.from("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ<1 .");
  const out = [];
  for (const a of keys) {
    out.push(a);
    for (const b of keys) {
      out.push(a + b);
      for (const c of keys) out.push(a + b + c);
    }
  }
  return out;
}

module.exports = { SplitMix64, swiftRandomKeys, exhaustiveKeys };
