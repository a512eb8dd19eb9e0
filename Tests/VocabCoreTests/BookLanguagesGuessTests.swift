import Testing

@testable import VocabCore

@Suite struct BookLanguagesGuessTests {
    func guess(_ rows: [(term: String, reading: String, meaning: String)]) -> [String] {
        let languages = BookLanguages.guessed(
            from: rows.map { WordDraft(term: $0.term, meaning: $0.meaning, reading: $0.reading) })
        return [languages.term, languages.meaning]
    }

    @Test func eachSideIsTheScriptMostOfItsLettersAreIn() {
        // EDICT: kanji terms read in kana are Japanese.
        #expect(guess([("学校", "がっこう", "school"), ("水", "みず", "water")]) == ["ja", "en"])
        // Kanji with no kana anywhere in the column are Chinese.
        #expect(guess([("学校", "", "학교"), ("水", "", "물")]) == ["zh", "ko"])
        #expect(guess([("사과", "", "apple")]) == ["ko", "en"])
        #expect(guess([("собака", "", "개"), ("кошка", "", "고양이")]) == ["ru", "ko"])
        #expect(guess([("แมว", "", "cat")]) == ["th", "en"])
        // A stray word of another script does not turn the book.
        #expect(
            guess([("apple", "", "사과"), ("pear", "", "배"), ("りんご", "", "사과")]) == ["en", "ko"])
    }

    @Test func aSideWithNoLettersKeepsWhatANewBookHas() {
        #expect(guess([]) == ["en", "ko"])
        #expect(guess([("123", "", "…"), ("42", "", "!")]) == ["en", "ko"])
        #expect(guess([("ねこ", "", "")]) == ["ja", "ko"])
    }

    @Test func onlyTheFirstWordsAreLookedAt() {
        let korean = Array(repeating: ("사과", "", "apple"), count: 3)
        let english = Array(repeating: ("apple", "", "사과"), count: 10)
        let languages = BookLanguages.guessed(
            from: (korean + english).map { WordDraft(term: $0.0, meaning: $0.2) }, sample: 3)
        #expect(languages == BookLanguages(term: "ko", meaning: "en"))
    }
}
