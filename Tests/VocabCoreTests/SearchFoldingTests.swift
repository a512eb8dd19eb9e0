import Foundation
import Testing

@testable import VocabCore

@Suite struct SearchFoldingTests {
    @Test func removesLatinDiacriticsAndLowercases() {
        #expect(SearchFolding.fold("Café") == "cafe")
        #expect(SearchFolding.fold("ÜBER") == "uber")
        #expect(SearchFolding.fold("naïve Résumé") == "naive resume")
        #expect(SearchFolding.fold("Straße") == "strasse")
        #expect(SearchFolding.fold("ﬁle") == "file")
        #expect(SearchFolding.fold("Ångström İstanbul") == "angstrom istanbul")
    }

    @Test func decomposedInputFoldsLikeComposed() {
        let decomposed = "Cafe\u{0301} U\u{0308}ber"
        #expect(SearchFolding.fold(decomposed) == "cafe uber")
        // A mark that has no precomposed form with its base is dropped too.
        #expect(SearchFolding.fold("q\u{0303}") == "q")
    }

    /// Text of scalars NFC leaves alone skips normalizing; the rest is
    /// normalized: voicing marks join their kana, jamo their syllable, and
    /// compatibility kanji become the unified ones.
    @Test func normalizesOnlyWhatNeedsIt() {
        #expect(SearchFolding.isPlainlyNFC("食べる がっこう 사과 Ｃａｆｅ, é"))
        #expect(SearchFolding.fold("か\u{3099}っこう") == "がっこう")
        #expect(SearchFolding.fold("\u{1109}\u{1161}") == "사")
        #expect(SearchFolding.fold("\u{F91D}") == "\u{6B04}")
        #expect(SearchFolding.fold("e\u{301}") == "e")
        #expect(!SearchFolding.isPlainlyNFC("か\u{3099}"))
        #expect(!SearchFolding.isPlainlyNFC("\u{1109}\u{1161}"))
    }

    @Test func foldsGreekAndCyrillic() {
        #expect(SearchFolding.fold("Ἀθῆναι") == "αθηναι")
        #expect(SearchFolding.fold("ΆΣΤΥ") == "αστυ")
        #expect(SearchFolding.fold("λόγος") == "λογοσ")
        #expect(SearchFolding.fold("Ёлка") == "елка")
        #expect(SearchFolding.fold("МОСКВА") == "москва")
    }

    @Test func fullWidthASCIIBecomesASCII() {
        #expect(SearchFolding.fold("ＡＢＣ１２３") == "abc123")
        #expect(SearchFolding.fold("ｃａｆｅ！") == "cafe!")
    }

    @Test func collapsesAndTrimsWhitespace() {
        #expect(SearchFolding.fold("  a \t\n  b  ") == "a b")
        #expect(SearchFolding.fold("사과\u{3000}\u{3000}배") == "사과 배")
        #expect(SearchFolding.fold(" \n\t ") == "")
        #expect(SearchFolding.fold("") == "")
    }

    @Test func leavesHangulIntact() {
        #expect(SearchFolding.fold("사과") == "사과")
        #expect(Array(SearchFolding.fold("사과").unicodeScalars).map(\.value) == [0xC0AC, 0xACFC])
        // NFD (jamo) input comes out as NFC syllables.
        let jamo = "사과".decomposedStringWithCanonicalMapping
        #expect(jamo.unicodeScalars.count == 4)
        let folded = SearchFolding.fold(jamo)
        #expect(Array(folded.unicodeScalars).map(\.value) == [0xC0AC, 0xACFC])
        #expect(SearchFolding.fold("Apple 사과 똠방각하") == "apple 사과 똠방각하")
    }

    @Test func keepsJapaneseDakuten() {
        #expect(SearchFolding.fold("が") == "が")
        #expect(SearchFolding.fold("パン") == "パン")
        #expect(Array(SearchFolding.fold("が").unicodeScalars).map(\.value) == [0x304C])
        // Decomposed か + combining dakuten is composed, not stripped.
        let decomposed = "\u{304B}\u{3099}"
        #expect(Array(SearchFolding.fold(decomposed).unicodeScalars).map(\.value) == [0x304C])
        #expect(SearchFolding.fold("食べる") == "食べる")
    }

    @Test func isIdempotent() {
        for sample in ["Café Ü 사과 が ＡＢ", "Ἀθῆναι Ёлка", "  x  y  "] {
            let once = SearchFolding.fold(sample)
            #expect(SearchFolding.fold(once) == once)
        }
    }

    @Test func foldsAMegabyte() {
        let unit = "Café ÜBER 사과 が ｆｕｌｌ Ёлка  \n"
        let text = String(repeating: unit, count: 1_000_000 / unit.utf8.count + 1)
        #expect(text.utf8.count >= 1_000_000)
        let folded = SearchFolding.fold(text)
        #expect(folded.hasPrefix("cafe uber 사과 が full елка cafe"))
        #expect(!folded.hasSuffix(" "))
    }

    @Test func likePatternEscapesWildcards() {
        #expect(SearchFolding.likePattern("apple") == "%apple%")
        #expect(SearchFolding.likePattern("50%_a\\b") == "%50\\%\\_a\\\\b%")
        #expect(SearchFolding.likePattern("") == "%%")
        #expect(SearchFolding.likePattern("사과") == "%사과%")
    }
}
