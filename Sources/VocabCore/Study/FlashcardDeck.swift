import Foundation

/// Flashcards: one card at a time, flipped to see the other side.
///
/// Positions run from the first card to one past the last: `next()` on the last card
/// finishes the round (`isFinished`, the "end of round" screen), `previous()` from
/// there goes back to the last card, `next()` there and `previous()` on the first card
/// are errors. Moving shows the new card front up. `restart()` starts again at the
/// first card in the current order.
///
/// `shuffle(using:)` keeps the card on screen (and which side is up) as the new first
/// card and shuffles the others after it, so nothing jumps under the player's eyes;
/// cards already seen come round again. When the round is finished it shuffles all the
/// cards and restarts.
public struct FlashcardDeck: Sendable, Hashable {
    public let direction: StudyDirection
    /// The cards in the current order (a word given twice is kept once).
    public private(set) var cards: [StudyItem]
    /// The card shown, 0..<cards.count, or `cards.count` once the round is finished.
    public private(set) var index = 0
    /// Whether the back (the answer side) is up.
    public private(set) var isFlipped = false
    /// The cards marked "I know it", and those marked "still learning".
    public private(set) var known: Set<UUID> = []
    public private(set) var learning: Set<UUID> = []

    /// A deck of `items` in the order given. Throws `.noItems` when empty.
    public init(items: [StudyItem], direction: StudyDirection = .termToMeaning) throws(GameError) {
        var seen = Set<UUID>()
        cards = items.filter { seen.insert($0.id).inserted }
        guard !cards.isEmpty else { throw .noItems }
        self.direction = direction
    }

    public var isFinished: Bool { index >= cards.count }

    /// The card shown, `nil` once the round is finished.
    public var currentCard: StudyItem? { cards.indices.contains(index) ? cards[index] : nil }

    /// The text on the side that is up.
    public var visibleText: String? {
        currentCard.map { isFlipped ? $0.answer(direction) : $0.prompt(direction) }
    }

    /// Turns the card over (and back).
    public mutating func flip() throws(GameError) {
        guard !isFinished else { throw .finished }
        isFlipped.toggle()
    }

    public mutating func next() throws(GameError) {
        guard !isFinished else { throw .finished }
        index += 1
        isFlipped = false
    }

    /// Marks the card shown as known or still learning, and moves on.
    public mutating func mark(known isKnown: Bool) throws(GameError) {
        guard let card = currentCard else { throw .finished }
        if isKnown {
            known.insert(card.id)
            learning.remove(card.id)
        } else {
            learning.insert(card.id)
            known.remove(card.id)
        }
        try next()
    }

    /// Starts a round of the cards marked still learning only.
    public mutating func relearn() throws(GameError) {
        let again = cards.filter { learning.contains($0.id) }
        guard !again.isEmpty else { throw .noItems }
        cards = again
        restart()
    }

    public mutating func previous() throws(GameError) {
        guard index > 0 else { throw .atFirstCard }
        index -= 1
        isFlipped = false
    }

    public mutating func restart() {
        index = 0
        isFlipped = false
    }

    public mutating func shuffle(using rng: inout some RandomNumberGenerator) {
        if let current = currentCard {
            var rest = cards
            rest.remove(at: index)
            cards = [current] + rest.shuffled(using: &rng)
        } else {
            cards.shuffle(using: &rng)
            isFlipped = false
        }
        index = 0
    }
}

extension FlashcardDeck: Codable {
    private enum CodingKeys: String, CodingKey {
        case direction, cards, index, isFlipped, known, learning
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(direction, forKey: .direction)
        try container.encode(cards, forKey: .cards)
        try container.encode(index, forKey: .index)
        try container.encode(isFlipped, forKey: .isFlipped)
        try container.encode(known.sorted { $0.uuidString < $1.uuidString }, forKey: .known)
        try container.encode(learning.sorted { $0.uuidString < $1.uuidString }, forKey: .learning)
    }

    /// Decodes a saved deck, refusing one whose parts do not fit together.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        direction = try container.decode(StudyDirection.self, forKey: .direction)
        cards = try container.decode([StudyItem].self, forKey: .cards)
        index = try container.decode(Int.self, forKey: .index)
        isFlipped = try container.decode(Bool.self, forKey: .isFlipped)
        // Decks saved before the marks have none.
        known = Set(try container.decodeIfPresent([UUID].self, forKey: .known) ?? [])
        learning = Set(try container.decodeIfPresent([UUID].self, forKey: .learning) ?? [])
        if let problem = Self.problem(cards: cards, index: index, isFlipped: isFlipped) {
            throw DecodingError.dataCorruptedError(
                forKey: .index, in: container, debugDescription: problem)
        }
    }

    static func problem(cards: [StudyItem], index: Int, isFlipped: Bool) -> String? {
        if cards.isEmpty { return "no cards" }
        if Set(cards.map(\.id)).count != cards.count { return "a card appears twice" }
        if !(0...cards.count).contains(index) { return "index out of range" }
        if isFlipped && index == cards.count { return "flipped after the end" }
        return nil
    }
}
