import Foundation
import Testing

@testable import VocabCore

@Suite struct WordDraftTests {
    @Test func normalizedTrimsDropsEmptiesAndDeduplicates() {
        let draft = WordDraft(
            term: "  apple \n", meaning: "\t사과 ", reading: " ˈæpəl ", partOfSpeech: " noun ",
            note: " a fruit ",
            synonyms: [" pome", "", "pome ", "fruit"], antonyms: ["  ", "orange", "orange"],
            examples: [
                WordExample(sentence: " An apple a day. ", translation: " 하루 사과 한 개. "),
                WordExample(sentence: " ", translation: ""),
            ],
            tags: ["food", " food ", "", "A1"])
        let n = draft.normalized()
        #expect(n.term == "apple")
        #expect(n.meaning == "사과")
        #expect(n.reading == "ˈæpəl")
        #expect(n.partOfSpeech == "noun")
        #expect(n.note == "a fruit")
        #expect(n.synonyms == ["pome", "fruit"])
        #expect(n.antonyms == ["orange"])
        #expect(n.tags == ["food", "A1"])
        #expect(n.examples == [WordExample(sentence: "An apple a day.", translation: "하루 사과 한 개.")])
        #expect(n.normalized() == n)
    }

    @Test func normalizedKeepsInnerWhitespace() {
        let n = WordDraft(term: " look  up ", note: "line1\nline2\n").normalized()
        #expect(n.term == "look  up")
        #expect(n.note == "line1\nline2")
    }

    @Test func emptyTermIsRejected() {
        for term in ["", "   ", "\n\t", "\u{3000}"] {
            #expect(
                throws: ValidationError(
                    field: "term", kind: .empty, message: "term must not be empty")
            ) {
                try WordDraft(term: term, meaning: "x").validate()
            }
        }
    }

    @Test func termAtTheLimitIsAccepted() throws {
        try WordDraft(term: String(repeating: "가", count: 2000)).validate()
    }

    @Test func termOverTheLimitIsRejected() {
        do {
            try WordDraft(term: String(repeating: "a", count: 2001)).validate()
            Issue.record("expected a validation error")
        } catch {
            #expect(error.field == "term")
            #expect(error.message.hasPrefix("term is longer than 2000 characters"))
            #expect(error.limit == 2000)
        }
    }

    static let overLimit: [(String, WordDraft)] = [
        ("meaning", WordDraft(term: "t", meaning: String(repeating: "m", count: 2001))),
        ("reading", WordDraft(term: "t", reading: String(repeating: "r", count: 501))),
        ("partOfSpeech", WordDraft(term: "t", partOfSpeech: String(repeating: "p", count: 101))),
        ("note", WordDraft(term: "t", note: String(repeating: "n", count: 10_001))),
        (
            "synonyms[1]",
            WordDraft(term: "t", synonyms: ["ok", String(repeating: "s", count: 201)])
        ),
        ("antonyms", WordDraft(term: "t", antonyms: (0..<51).map { "a\($0)" })),
        ("tags[0]", WordDraft(term: "t", tags: [String(repeating: "x", count: 201)])),
        ("tags", WordDraft(term: "t", tags: (0..<51).map { "t\($0)" })),
        (
            "examples",
            WordDraft(term: "t", examples: (0..<21).map { WordExample(sentence: "s\($0)") })
        ),
        (
            "examples[0].sentence",
            WordDraft(
                term: "t", examples: [WordExample(sentence: String(repeating: "e", count: 2001))])
        ),
        (
            "examples[1].translation",
            WordDraft(
                term: "t",
                examples: [
                    WordExample(sentence: "a"),
                    WordExample(sentence: "b", translation: String(repeating: "e", count: 2001)),
                ])
        ),
    ]

    @Test(arguments: overLimit)
    func everyLimitIsChecked(field: String, draft: WordDraft) {
        do {
            try draft.validate()
            Issue.record("\(field) over its limit was accepted")
        } catch {
            #expect(error.field == field)
            #expect(!error.message.isEmpty)
            #expect(error.limit != nil)
        }
    }

    @Test func valuesAtTheLimitsAreAccepted() throws {
        let draft = WordDraft(
            term: String(repeating: "t", count: WordLimits.term),
            meaning: String(repeating: "m", count: WordLimits.meaning),
            reading: String(repeating: "r", count: WordLimits.reading),
            partOfSpeech: String(repeating: "p", count: WordLimits.partOfSpeech),
            note: String(repeating: "n", count: WordLimits.note),
            synonyms: (0..<WordLimits.listCount).map { "s\($0)" },
            antonyms: [String(repeating: "a", count: WordLimits.listItem)],
            examples: (0..<WordLimits.exampleCount).map {
                WordExample(
                    sentence: "s\($0)",
                    translation: String(repeating: "x", count: WordLimits.exampleText))
            },
            tags: ["t"])
        try draft.validate()
    }

    @Test func limitsAreTheDocumentedOnes() {
        #expect(WordLimits.term == 2000)
        #expect(WordLimits.meaning == 2000)
        #expect(WordLimits.reading == 500)
        #expect(WordLimits.partOfSpeech == 100)
        #expect(WordLimits.note == 10_000)
        #expect(WordLimits.listItem == 200)
        #expect(WordLimits.listCount == 50)
        #expect(WordLimits.exampleText == 2000)
        #expect(WordLimits.exampleCount == 20)
        #expect(WordLimits.bookName == 200)
        #expect(WordLimits.bookDescription == 2000)
    }

    @Test func messagesAreReadable() {
        do {
            try WordDraft(term: "t", partOfSpeech: String(repeating: "p", count: 101)).validate()
            Issue.record("expected an error")
        } catch {
            #expect(error.description == "part of speech is longer than 100 characters (101)")
        }
    }

    @Test func controlCharactersAreRejected() {
        for bad in ["a\u{0}b", "a\u{1}", "\u{7F}x", "x\u{85}", "\u{9F}"] {
            do {
                try WordDraft(term: "term", note: bad).validate()
                Issue.record("expected an error for \(bad.unicodeScalars.map(\.value))")
            } catch {
                #expect(error.field == "note")
                #expect(error.message == "note must not contain control characters")
            }
        }
        // Tabs and line breaks belong in notes; Korean and other text never trips the check.
        #expect(throws: Never.self) {
            try WordDraft(term: "사과", note: "첫 줄\n\t둘째 줄\r\n¢ é 한").validate()
        }
        #expect(ControlCharacters.occur(in: "a\tb", allowingLineBreaks: false))
        #expect(!ControlCharacters.occur(in: "a b", allowingLineBreaks: false))
    }

    @Test func bookValidation() throws {
        try BookValidation.validate(name: "TOEIC", description: "")
        #expect(throws: ValidationError.self) {
            try BookValidation.validate(name: "  ", description: "")
        }
        #expect(throws: ValidationError.self) {
            try BookValidation.validate(name: String(repeating: "b", count: 201), description: "")
        }
        #expect(throws: ValidationError.self) {
            try BookValidation.validate(
                name: "ok", description: String(repeating: "d", count: 2001))
        }
    }
}
