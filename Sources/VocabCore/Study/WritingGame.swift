import Foundation

/// The write game: each word's prompt in turn, the answer typed, and checked
/// as a typed review answer is (`TypedAnswer`: any one sense, case and
/// spacing aside). Only a right answer scores; a close one (a slipped key)
/// says so and counts as a miss, as the spelling is what is practised.
///
/// - `write(_:)` checks the typed text against the current word and moves on;
///   an empty text is refused and changes nothing.
/// - `retestWrongOnly()` starts a new game of the words missed, once finished.
public struct WritingGame: Codable, Sendable, Hashable {
    public let direction: StudyDirection
    /// The words in order (a word given twice is kept once).
    public let items: [StudyItem]
    /// What was typed for each word so far, from the first.
    public private(set) var answers: [WrittenAnswer] = []

    /// A game of `items` in the order given (the term asked by default, as
    /// spelling it is the point). Throws `.noItems` when empty.
    public init(items: [StudyItem], direction: StudyDirection = .meaningToTerm) throws(GameError) {
        var seen = Set<UUID>()
        let unique = items.filter { seen.insert($0.id).inserted }
        guard !unique.isEmpty else { throw .noItems }
        self.items = unique
        self.direction = direction
    }

    /// Index of the word asked (equals `items.count` once finished).
    public var currentIndex: Int { answers.count }

    public var currentItem: StudyItem? {
        items.indices.contains(currentIndex) ? items[currentIndex] : nil
    }

    public var isFinished: Bool { answers.count >= items.count }

    public var score: Int { answers.filter { $0.verdict == .right }.count }

    /// The words not written right so far, in game order.
    public var wrongItemIDs: [UUID] {
        zip(items, answers).filter { $0.1.verdict != .right }.map { $0.0.id }
    }

    /// Checks `typed` against the current word's answer and moves to the next word.
    @discardableResult
    public mutating func write(_ typed: String) throws(GameError) -> TypedAnswerCheck {
        guard let item = currentItem else { throw .finished }
        let text = typed.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { throw .emptyAnswer }
        let check = TypedAnswer.check(text, expected: item.answer(direction))
        answers.append(WrittenAnswer(typed: text, verdict: check.verdict))
        return check
    }

    /// The last answer with its word: what was typed against what was right.
    public var lastAnswer: (item: StudyItem, answer: WrittenAnswer)? {
        guard let answer = answers.last else { return nil }
        return (items[answers.count - 1], answer)
    }

    /// A new game of the words missed, in the same order and direction.
    public func retestWrongOnly() throws(GameError) -> WritingGame {
        guard isFinished else { throw .notFinished }
        let wrong = Set(wrongItemIDs)
        guard !wrong.isEmpty else { throw .nothingWrong }
        return try WritingGame(items: items.filter { wrong.contains($0.id) }, direction: direction)
    }
}

/// One typed answer of the write game.
public struct WrittenAnswer: Codable, Sendable, Hashable {
    public var typed: String
    public var verdict: TypedAnswerCheck.Verdict
}
