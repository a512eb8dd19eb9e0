import Foundation
import Testing

@testable import VocabCore

@Suite("Flashcards: know it, still learning")
struct FlashcardMarksTests {
    static let items = ["one", "two", "three"].map {
        StudyItem(id: UUID(), term: $0, meaning: "뜻 \($0)", bookID: UUID(), bookName: "Book")
    }

    @Test func marksMoveOnAndARoundOfTheOnesStillLearningFollows() throws {
        var deck = try FlashcardDeck(items: Self.items)
        try deck.mark(known: true)
        try deck.mark(known: false)
        try deck.mark(known: false)
        #expect(deck.isFinished)
        #expect(deck.known == [Self.items[0].id])
        #expect(deck.learning == [Self.items[1].id, Self.items[2].id])
        #expect(throws: GameError.finished) { try deck.mark(known: true) }
        try deck.relearn()
        #expect(deck.cards.map(\.term) == ["two", "three"] && deck.index == 0)
        // Known at last: it leaves the still-learning pile.
        try deck.mark(known: true)
        #expect(deck.known.count == 2 && deck.learning == [Self.items[2].id])
    }

    @Test func aDeckSavedBeforeTheMarksStillOpens() throws {
        var deck = try FlashcardDeck(items: Self.items)
        try deck.mark(known: false)
        let saved = try JSONEncoder().encode(deck)
        #expect(try JSONDecoder().decode(FlashcardDeck.self, from: saved) == deck)
        var old = try JSONSerialization.jsonObject(with: saved) as! [String: Any]
        old["known"] = nil
        old["learning"] = nil
        let reopened = try JSONDecoder().decode(
            FlashcardDeck.self, from: JSONSerialization.data(withJSONObject: old))
        #expect(reopened.index == 1 && reopened.known.isEmpty && reopened.learning.isEmpty)
    }
}
