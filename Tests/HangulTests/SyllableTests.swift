import MaeilTestSupport
import Testing

@testable import Hangul

@Suite("Syllables and jamo")
struct SyllableTests {
    @Test("HangulSyllable decomposes and recomposes")
    func syllable() throws {
        let s = try #require(HangulSyllable("값"))
        #expect(s.initial == 0)
        #expect(s.medial == 0)
        #expect(s.final == 18)
        #expect(s.hasFinal)
        #expect(s.jamo() == ["ㄱ", "ㅏ", "ㅄ"])
        #expect(s.jamo(splitCompounds: true) == ["ㄱ", "ㅏ", "ㅂ", "ㅅ"])
        #expect(s.conjoiningJamo == ["\u{1100}", "\u{1161}", "\u{11B9}"])
        #expect(s.initialJamo == "ㄱ")
        #expect(s.medialJamo == "ㅏ")
        #expect(s.finalJamo == "ㅄ")
        #expect(s.character == "값")
        #expect(s.description == "값")
        #expect(s.withFinal(0)?.character == "가")
        #expect(HangulSyllable(initial: "ㄱ", medial: "ㅏ", final: "ㅄ") == s)
        #expect(HangulSyllable(initial: 0, medial: 0, final: 18) == s)
        #expect(HangulSyllable("과")?.jamo(splitCompounds: true) == ["ㄱ", "ㅗ", "ㅏ"])
        #expect(HangulSyllable("까")?.jamo(splitCompounds: true) == ["ㄲ", "ㅏ"])
        #expect(HangulSyllable("쌨")?.jamo(splitCompounds: true) == ["ㅆ", "ㅐ", "ㅆ"])
    }

    @Test("all 11,172 syllables round-trip through their parts")
    func allSyllables() {
        var count = 0
        for v in Jamo.syllableBase...Jamo.syllableLast {
            let scalar = Unicode.Scalar(v)!
            guard let s = HangulSyllable(scalar) else {
                Issue.record("U+\(String(v, radix: 16)) not a syllable")
                continue
            }
            let jamo = s.jamo()
            let rebuilt = HangulSyllable(
                initial: jamo[0], medial: jamo[1], final: jamo.count > 2 ? jamo[2] : nil)
            if rebuilt != s || s.scalar != scalar {
                Issue.record("round trip failed for \(scalar)")
            }
            if Hangul.compose(String(String.UnicodeScalarView(jamo))) != String(scalar) {
                Issue.record("compose failed for \(scalar)")
            }
            if Hangul.compose(Hangul.decompose(String(scalar), splitCompounds: true))
                != String(scalar)
            {
                Issue.record("typing-unit round trip failed for \(scalar)")
            }
            count += 1
        }
        #expect(count == 11172)
    }

    @Test("invalid syllable parts are refused")
    func invalidParts() {
        #expect(HangulSyllable(initial: 19, medial: 0) == nil)
        #expect(HangulSyllable(initial: 0, medial: 21) == nil)
        #expect(HangulSyllable(initial: 0, medial: 0, final: 28) == nil)
        #expect(HangulSyllable(initial: -1, medial: 0) == nil)
        #expect(HangulSyllable(initial: "ㄱ", medial: "ㅏ", final: "ㄸ") == nil)
        #expect(HangulSyllable(initial: "ㄳ", medial: "ㅏ") == nil)
        #expect(HangulSyllable(initial: "a", medial: "ㅏ") == nil)
        #expect(HangulSyllable("a") == nil)
        #expect(HangulSyllable("가나") == nil)
        #expect(HangulSyllable("") == nil)
        #expect(HangulSyllable("ㄱ" as Unicode.Scalar) == nil)
        #expect(HangulSyllable("\u{1100}\u{1161}\u{11B9}")?.scalar == "값")
    }

    @Test("decompose: compatibility jamo, typing units, NFD input")
    func decompose() {
        #expect(Hangul.decompose("값") == "ㄱㅏㅄ")
        #expect(Hangul.decompose("값", splitCompounds: true) == "ㄱㅏㅂㅅ")
        #expect(Hangul.decompose("과", splitCompounds: true) == "ㄱㅗㅏ")
        #expect(Hangul.decompose("과") == "ㄱㅘ")
        #expect(Hangul.decompose("안녕, world!") == "ㅇㅏㄴㄴㅕㅇ, world!")
        #expect(scalars(Hangul.decompose("\u{1100}\u{1161}\u{11B9}")) == scalars("ㄱㅏㅄ"))
        #expect(scalars(Hangul.decompose("가\u{11B9}")) == scalars("ㄱㅏㅄ"))
        #expect(Hangul.decompose("ㅄ", splitCompounds: true) == "ㅂㅅ")
        #expect(scalars(Hangul.decompose("\u{11B9}", splitCompounds: true)) == scalars("ㅂㅅ"))
        #expect(Hangul.decompose("의자", splitCompounds: true) == "ㅇㅡㅣㅈㅏ")
        #expect(Hangul.decompose("") == "")
    }

    @Test("compose: typing-style assembly of compatibility jamo")
    func compose() {
        #expect(Hangul.compose("ㄱㅏㅄ") == "값")
        #expect(Hangul.compose("ㄱㅏㅂㅅ") == "값")
        #expect(Hangul.compose("ㄱㅗㅏ") == "과")
        #expect(Hangul.compose("ㄱㅏㅂㅅㅣ") == "갑시")
        #expect(Hangul.compose("ㅇㅏㄴㄴㅕㅇ") == "안녕")
        #expect(Hangul.compose("ㄱㄱ") == "ㄱㄱ")
        #expect(Hangul.compose("ㅏㄱ") == "ㅏㄱ")
        #expect(Hangul.compose("ㄲㅏㄸ") == "까ㄸ")
        #expect(Hangul.compose("ㄳ") == "ㄳ")
        #expect(Hangul.compose("ㄱㅏㄳㅏ") == "각사")
        #expect(Hangul.compose("ㅗㅏ") == "ㅘ")
        #expect(Hangul.compose("ㄷㅏㄹㄱ ㅇㅡㄹ") == "닭 을")
        #expect(Hangul.compose("가ㅂ") == "가ㅂ")
        #expect(scalars(Hangul.compose("\u{1100}\u{1161}\u{11B9}")) == scalars("값"))
        #expect(Hangul.compose("abc") == "abc")
        #expect(Hangul.compose("") == "")
    }

    @Test("conjoining ↔ compatibility jamo")
    func conjoining() {
        #expect(scalars(Hangul.decomposeToConjoining("값")) == scalars("\u{1100}\u{1161}\u{11B9}"))
        #expect(scalars(Hangul.decomposeToConjoining("a가")) == scalars("a\u{1100}\u{1161}"))
        #expect(scalars(Hangul.toCompatibilityJamo("\u{1100}")) == scalars("ㄱ"))
        #expect(scalars(Hangul.toCompatibilityJamo("\u{11B9}")) == scalars("ㅄ"))
        #expect(scalars(Hangul.toCompatibilityJamo("\u{1161}")) == scalars("ㅏ"))
        #expect(scalars(Hangul.toCompatibilityJamo("\u{1100}\u{1161}")) == scalars("가"))
        #expect(
            scalars(Hangul.toCompatibilityJamo("\u{1113}\u{A960}\u{D7B0}"))
                == scalars("\u{1113}\u{A960}\u{D7B0}"))
        #expect(scalars(Hangul.toConjoiningJamo("ㄱㅏㄳ")) == scalars("\u{1100}\u{1161}\u{11AA}"))
        #expect(scalars(Hangul.toConjoiningJamo("가 ㅎ")) == scalars("가 \u{1112}"))
        #expect(Jamo.compatibility(fromConjoining: "\u{11A8}") == "ㄱ")
        #expect(Jamo.compatibility(fromConjoining: "a") == nil)
        #expect(Jamo.conjoiningInitial(fromCompatibility: "ㄸ") == "\u{1104}")
        #expect(Jamo.conjoiningInitial(fromCompatibility: "ㄳ") == nil)
        #expect(Jamo.conjoiningFinal(fromCompatibility: "ㄸ") == nil)
        #expect(Jamo.conjoiningFinal(fromCompatibility: "ㅆ") == "\u{11BB}")
        #expect(Jamo.conjoiningMedial(fromCompatibility: "ㅢ") == "\u{1174}")
        #expect(Jamo.typingUnits(of: "ㅙ") == ["ㅗ", "ㅐ"])
        #expect(Jamo.typingUnits(of: "ㅒ") == ["ㅒ"])
        #expect(Jamo.typingUnits(of: "x") == ["x"])
    }

    @Test("every compatibility jamo converts to conjoining and back")
    func jamoRoundTrip() {
        for v in UInt32(0x3131)...0x3163 {
            let c = Unicode.Scalar(v)!
            let conj =
                Jamo.conjoiningInitial(fromCompatibility: c)
                ?? Jamo.conjoiningFinal(fromCompatibility: c)
                ?? Jamo.conjoiningMedial(fromCompatibility: c)
            #expect(conj != nil, "U+\(String(v, radix: 16))")
            if let conj { #expect(Jamo.compatibility(fromConjoining: conj) == c) }
            if let f = Jamo.conjoiningFinal(fromCompatibility: c) {
                #expect(Jamo.compatibility(fromConjoining: f) == c)
            }
        }
        #expect(Jamo.initials.count == 19)
        #expect(Jamo.medials.count == 21)
        #expect(Jamo.finals.count == 28)
    }

    @Test("choseong and hasBatchim")
    func choseong() {
        #expect(Hangul.choseong("사과") == "ㅅㄱ")
        #expect(Hangul.choseong("사과 주스 100ml!") == "ㅅㄱ ㅈㅅ 100ml!")
        #expect(Hangul.choseong("\u{1109}\u{1161}\u{1100}\u{116A}") == "ㅅㄱ")
        #expect(Hangul.choseong("ㅅㄱ") == "ㅅㄱ")
        #expect(Hangul.choseong("") == "")
        #expect(Hangul.hasBatchim("책"))
        #expect(Hangul.hasBatchim("사과") == false)
        #expect(Hangul.hasBatchim("값"))
        #expect(Hangul.hasBatchim("가\u{11B9}"))
        #expect(Hangul.hasBatchim("\u{1100}\u{1161}\u{11A8}"))
        #expect(Hangul.hasBatchim("\u{1100}\u{1161}") == false)
        #expect(Hangul.hasBatchim("abc") == false)
        #expect(Hangul.hasBatchim("") == false)
    }
}
