/// The Hangul engine: syllables and jamo, a 2-beolsik input context identical to
/// libhangul's keyboard "2", QWERTY ↔ Hangul conversion, choseong extraction, josa,
/// Sino-Korean number readings, Revised Romanization and jamo-level edit distance.
///
/// Everything here is a pure function or a value type (`Sendable`), works on Unicode
/// scalars in linear time, and passes text it does not understand through unchanged.
/// Conjoining jamo sequences (NFD Hangul) are composed into syllables before any other
/// processing, so NFC and NFD input give the same results.
///
/// Entry points:
/// - ``HangulSyllable`` and ``Jamo`` — one syllable, one jamo.
/// - ``Hangul/compose(_:)``, ``Hangul/decompose(_:splitCompounds:)``,
///   ``Hangul/decomposeToConjoining(_:)``, ``Hangul/toCompatibilityJamo(_:)``,
///   ``Hangul/toConjoiningJamo(_:)`` — composition.
/// - ``HangulInputContext`` — the 2-beolsik automaton.
/// - ``Hangul/qwertyToHangul(_:)``, ``Hangul/hangulToQwerty(_:)`` — keyboard layouts.
/// - ``Hangul/choseong(_:)``, ``Hangul/hasBatchim(_:)`` — search helpers.
/// - ``Josa`` — particles (이/가, 을/를, …).
/// - ``Hangul/sinoKoreanReading(_:spaced:)`` — 1234 → 천이백삼십사.
/// - ``Hangul/romanize(_:options:)`` — Revised Romanization with sound changes.
/// - ``Hangul/jamoDistance(_:_:)`` — Levenshtein distance over typing-unit jamo.
public enum Hangul {}
