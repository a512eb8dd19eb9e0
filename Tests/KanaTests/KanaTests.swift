import MaeilTestSupport
import Testing

@testable import Kana

@Suite("Kana conversion beyond the vectors")
struct KanaTests {
    @Test(
        "typing (IME mode): a lone n and an unfinished ending wait for the next key",
        arguments: [
            ("n", "n"), ("nn", "ん"), ("n'", "ん"), ("n ", "ん"), ("kon", "こn"), ("konn", "こん"),
            ("konnichiha", "こんいちは"), ("konnnichiha", "こんにちは"), ("gakusei", "がくせい"), ("k", "k"),
            ("ky", "ky"),
            ("kyo", "きょ"), ("kannna", "かんな"), ("shinbun", "しんぶn"), ("shinbun'", "しんぶん"),
            ("がくせいn", "がくせいn"),
            ("がくせいnn", "がくせいん"), ("kk", "kk"), ("kka", "っか"), ("tt", "tt"), ("", ""),
        ])
    func typing(_ input: String, _ expected: String) {
        #expect(scalars(Kana.typing(input)) == scalars(expected), "typing \(input)")
    }

    /// İ lowers to two scalars (i and a combining dot): it stays as it is, and
    /// what follows still converts (lowering the whole text shifted the
    /// positions, and the converter read past the end: a crash found by fuzzing).
    @Test("a letter whose lower case is longer stays, and the rest converts")
    func lettersWhoseLowerCaseIsLonger() {
        #expect(Kana.toKana("İkaVV") == "İかvv")
        #expect(Kana.typing("KAİKA") == "カİカ")
        // The fuzzer's input: it stopped the process; now it converts.
        let found = "P\u{08}\0\0\0İİ" + String(repeating: "V", count: 40)
        #expect(Kana.toKana(found).hasPrefix("p\u{08}\0\0\0İİ"))
    }

    @Test("typing in upper case gives katakana, by run")
    func typingUpperCase() {
        #expect(Kana.typing("KANA") == "カナ")
        #expect(Kana.typing("kaKA") == "かカ")
        #expect(Kana.toKana("SUSHIdesu") == "スシです")
        // toHiragana and toKatakana read upper case like lower case.
        #expect(Kana.toHiragana("KA") == "か")
        #expect(Kana.toKatakana("ka") == "カ")
    }

    @Test(
        "text that is not kana or romaji passes through unchanged",
        arguments: ["学生", "한국어", "日本語", "🍣", "", "Ä", "中文 text 😀"])
    func passThrough(_ text: String) {
        #expect(Kana.toHiragana(text) == text)
        #expect(Kana.toKatakana(text) == text)
        #expect(Kana.toRomaji(text) == text)
    }

    @Test("kanji beside kana or romaji stays, the rest converts")
    func mixedText() {
        #expect(Kana.toHiragana("学生のdesu") == "学生のです")
        // Without kana, kanji and romaji together are left alone (WanaKana's choice).
        #expect(Kana.toHiragana("学生desu") == "学生desu")
        #expect(Kana.toHiragana("カタカナkana") == "かたかなかな")
        #expect(Kana.toKatakana("ひらがなkana") == "ヒラガナカナ")
        #expect(Kana.toRomaji("学生です") == "学生desu")
        #expect(Kana.toKatakana("日本語の本") == "日本語ノ本")
        #expect(Kana.toRomaji("ハンバーガー") == "hanbaagaa")
    }

    @Test("a long mark after ん or っ has no vowel to stand for and disappears")
    func longMarkWithoutVowel() {
        #expect(Kana.toHiragana("ンー") == "ん")
        #expect(Kana.toHiragana("ッー") == "っ")
        // After hiragana (not katakana) it stays as it is.
        #expect(Kana.toHiragana("かーど") == "かーど")
        #expect(Kana.toRomaji("かーど") == "ka-do")
        // Repeated marks repeat the vowel.
        #expect(Kana.toHiragana("ラーー") == "らああ")
    }

    @Test(
        "curly quotes are punctuation, not romaji: they convert only when the text starts with one")
    func curlyQuotes() {
        #expect(Kana.toHiragana("‘ka’") == "「か」")
        #expect(Kana.toHiragana("ka‘") == "ka‘")
        #expect(Kana.toRomaji("「か」") == "‘ka’")
    }

    @Test("small kana and doubled consonants")
    func smallKana() {
        #expect(Kana.toHiragana("xtsu ltu xya lyo xka") == "っ っ ゃ ょ ヵ")
        #expect(Kana.toHiragana("kke ssha tta cchi") == "っけ っしゃ った っち")
        #expect(Kana.toRomaji("っち っしゃ っか") == "tchi ssha kka")
        #expect(Kana.toRomaji("きゃ じぇ ちぃ てぃ ふぁ") == "kya je chyi tei fua")
    }
}

@Suite("Kana chart")
struct KanaChartTests {
    @Test("the gojūon has 46 kana, the voiced rows 25, the contracted sounds 33")
    func counts() {
        let counts = KanaChart.sections.map { section in
            section.rows.joined().compactMap { $0 }.count
        }
        #expect(counts == [46, 25, 33])
    }

    @Test("every cell is one sound in both scripts, and reads back as its romaji")
    func cells() throws {
        let cells = KanaChart.sections.flatMap { $0.rows.joined().compactMap { $0 } }
        #expect(Set(cells.map(\.hiragana)).count == cells.count)
        for cell in cells {
            #expect(
                cell.hiragana.unicodeScalars.allSatisfy { (0x3041...0x3096).contains($0.value) })
            #expect(cell.katakana == Kana.toKatakana(cell.hiragana))
            #expect(
                Kana.toHiragana(cell.romaji) == cell.hiragana || cell.romaji == "ji"
                    || cell.romaji == "zu")
        }
        let first = try #require(KanaChart.sections.first?.rows.first?.first ?? nil)
        #expect(first == KanaChart.Cell(hiragana: "あ", katakana: "ア", romaji: "a"))
        let n = try #require(KanaChart.sections[0].rows.last?.first ?? nil)
        #expect(n.hiragana == "ん" && n.romaji == "n")
        let di = try #require(KanaChart.sections[1].rows[2][1])
        #expect(di.hiragana == "ぢ" && di.romaji == "ji")
    }
}
