import Foundation
import Testing

@testable import VocabCore

/// WordNet as Debian's `wordnet-base` installs it (the test command installs it).
@Suite("WordNet")
struct WordNetTests {
    static let wordNet = WordNet()

    func requireWordNet() -> WordNet? {
        if Self.wordNet == nil {
            #expect(
                ProcessInfo.processInfo.environment["CI"] == nil,
                "the test command installs wordnet-base")
        }
        return Self.wordNet
    }

    @Test func sensesCarryDefinitionsExamplesSynonymsAndAntonyms() throws {
        guard let wordNet = requireWordNet() else { return }
        let happy = wordNet.senses(of: "happy")
        let first = try #require(happy.first)
        #expect(first.partOfSpeech == .adjective)
        #expect(first.definition == "enjoying or showing or marked by joy or pleasure")
        #expect(first.examples.first == "a happy smile")
        #expect(first.antonyms == ["unhappy"])
        #expect(happy.contains { $0.synonyms.contains("felicitous") })
        let dog = try #require(wordNet.senses(of: "Dog").first)
        #expect(dog.partOfSpeech == .noun && dog.synonyms.contains("domestic dog"))
    }

    @Test func inflectedFormsAndPhrasesAreFound() throws {
        guard let wordNet = requireWordNet() else { return }
        #expect(
            wordNet.senses(of: "went").contains {
                $0.partOfSpeech == .verb && $0.synonyms.contains("go")
            })
        #expect(
            wordNet.senses(of: "passports").contains { $0.definition.contains("travel abroad") })
        #expect(wordNet.senses(of: "ice cream").first?.partOfSpeech == .noun)
        #expect(wordNet.senses(of: "qwzxv").isEmpty)
        #expect(wordNet.senses(of: "  ").isEmpty)
    }

    @Test func aMissingDictionaryIsNil() {
        #expect(WordNet(directory: "/nonexistent") == nil)
    }
}

@Suite("Auto-fill merge")
struct AutofillMergeTests {
    @Test func sourcesRankAndTheSameMeaningComesOnce() {
        let merged = Autofill.merged([
            AutofillProposal(source: .deepl, meaning: "여권"),
            AutofillProposal(
                source: .wordnet, meaning: "", partOfSpeech: "noun", note: "a document"),
            AutofillProposal(source: .course, meaning: "여권.", reading: "", partOfSpeech: "noun"),
            AutofillProposal(source: .myBooks, meaning: "패스포트"),
            AutofillProposal(source: .edict, meaning: "", reading: "", note: ""),
        ])
        #expect(merged.map(\.source) == [.myBooks, .course, .wordnet])
        #expect(merged.map(\.label) == ["패스포트", "여권.", "a document"])
    }

    @Test func wordNetDefinitionsFillTheMeaningOnlyInEnglish() {
        let sense = WordNet.Sense(
            partOfSpeech: .noun, definition: "a document", examples: ["show your passport"],
            synonyms: ["pass"], antonyms: [])
        let english = Autofill.proposals(from: [sense], meaningLanguage: "en")
        #expect(english[0].meaning == "a document" && english[0].note.isEmpty)
        let korean = Autofill.proposals(from: [sense], meaningLanguage: "ko")
        #expect(korean[0].meaning.isEmpty && korean[0].note == "a document")
        #expect(korean[0].example == "show your passport" && korean[0].synonyms == ["pass"])
        #expect(korean[0].partOfSpeech == "명사" && english[0].partOfSpeech == "noun")
    }
}
