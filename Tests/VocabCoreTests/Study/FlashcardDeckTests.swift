import Foundation
import MaeilTestSupport
import Testing

@testable import VocabCore

@Suite struct FlashcardDeckTests {
    static let cards = StudyFixtures.items([
        ("one", "하나"), ("two", "둘"), ("three", "셋"), ("four", "넷"), ("five", "다섯"),
    ])

    @Test func flipShowsTheOtherSide() throws {
        var deck = try FlashcardDeck(items: Self.cards)
        #expect(deck.visibleText == "one" && !deck.isFlipped)
        try deck.flip()
        #expect(deck.visibleText == "하나" && deck.isFlipped)
        try deck.flip()
        #expect(deck.visibleText == "one")
        let reverse = try FlashcardDeck(items: Self.cards, direction: .meaningToTerm)
        #expect(reverse.visibleText == "하나")
    }

    @Test func nextAndPreviousMoveFrontUp() throws {
        var deck = try FlashcardDeck(items: Self.cards)
        try deck.flip()
        try deck.next()
        #expect(deck.index == 1 && deck.currentCard == Self.cards[1] && !deck.isFlipped)
        try deck.flip()
        try deck.previous()
        #expect(deck.index == 0 && !deck.isFlipped)
        let before = deck
        #expect(throws: GameError.atFirstCard) { try deck.previous() }
        #expect(deck == before)
    }

    @Test func nextOnTheLastCardFinishesTheRound() throws {
        var deck = try FlashcardDeck(items: Self.cards)
        for _ in Self.cards { try deck.next() }
        #expect(
            deck.isFinished && deck.currentCard == nil && deck.visibleText == nil && deck.index == 5
        )
        let before = deck
        #expect(throws: GameError.finished) { try deck.next() }
        #expect(throws: GameError.finished) { try deck.flip() }
        #expect(deck == before)
        try deck.previous()
        #expect(!deck.isFinished && deck.currentCard == Self.cards[4])
    }

    @Test func restartGoesBackToTheFirstCardInTheSameOrder() throws {
        var deck = try FlashcardDeck(items: Self.cards)
        var rng = SplitMix64(seed: 9)
        deck.shuffle(using: &rng)
        let order = deck.cards
        try deck.next()
        try deck.next()
        try deck.flip()
        deck.restart()
        #expect(deck.index == 0 && !deck.isFlipped && deck.cards == order)
    }

    @Test func shuffleKeepsTheCardOnScreenFirst() throws {
        var deck = try FlashcardDeck(items: Self.cards)
        try deck.next()
        try deck.next()
        try deck.flip()
        var rng = SplitMix64(seed: 3)
        var orders = Set<[UUID]>()
        for _ in 0..<50 {
            deck.shuffle(using: &rng)
            #expect(deck.index == 0 && deck.currentCard == Self.cards[2] && deck.isFlipped)
            #expect(Set(deck.cards) == Set(Self.cards))
            orders.insert(deck.cards.map(\.id))
        }
        #expect(orders.count > 5)
    }

    @Test func shuffleAtTheEndShufflesAllAndRestarts() throws {
        var deck = try FlashcardDeck(items: Self.cards)
        for _ in Self.cards { try deck.next() }
        var rng = SplitMix64(seed: 5)
        var firsts = Set<UUID>()
        for _ in 0..<40 {
            var copy = deck
            copy.shuffle(using: &rng)
            #expect(copy.index == 0 && !copy.isFlipped && !copy.isFinished)
            #expect(Set(copy.cards) == Set(Self.cards))
            firsts.insert(copy.cards[0].id)
        }
        #expect(firsts.count > 1)
    }

    @Test func noCardsIsRefusedAndDuplicatesAreKeptOnce() throws {
        #expect(throws: GameError.noItems) { try FlashcardDeck(items: []) }
        #expect(try FlashcardDeck(items: Self.cards + Self.cards).cards == Self.cards)
    }

    @Test func codableRoundTripAndDamagedStates() throws {
        var deck = try FlashcardDeck(items: Self.cards)
        try deck.next()
        try deck.flip()
        #expect(try StudyFixtures.roundTrip(deck) == deck)
        let data = try JSONEncoder().encode(deck)
        var json = try #require(JSONSerialization.jsonObject(with: data) as? [String: Any])
        json["index"] = 6
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(
                FlashcardDeck.self, from: JSONSerialization.data(withJSONObject: json))
        }
        json["index"] = -1
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(
                FlashcardDeck.self, from: JSONSerialization.data(withJSONObject: json))
        }
    }
}
