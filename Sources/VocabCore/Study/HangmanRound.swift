import Foundation

/// A hangman session: one game per word, played in order. A finished word
/// stays on screen until `next()`, so the player sees how it ended.
public struct HangmanRound: Codable, Sendable, Hashable {
    public let direction: StudyDirection
    public private(set) var games: [HangmanGame]
    public private(set) var index = 0

    /// Words with nothing to guess (e.g. digits only) are left out; an empty
    /// round is refused.
    public init(items: [StudyItem], direction: StudyDirection = .meaningToTerm) throws(GameError) {
        self.direction = direction
        games = items.compactMap { try? HangmanGame(item: $0, direction: direction) }
        guard !games.isEmpty else { throw .noItems }
    }

    public var current: HangmanGame { games[index] }
    public var isFinished: Bool { index == games.count - 1 && current.isFinished }
    /// Words won so far.
    public var score: Int { games.filter(\.isWon).count }
    /// The words lost so far.
    public var lostItemIDs: [UUID] { games.filter(\.isLost).compactMap(\.itemID) }

    @discardableResult
    public mutating func guess(_ key: String) throws(GameError) -> HangmanOutcome {
        try games[index].guess(key)
    }

    /// The next word, once this one is won or lost.
    public mutating func next() throws(GameError) {
        guard current.isFinished else { throw .notFinished }
        guard index + 1 < games.count else { throw .finished }
        index += 1
    }
}

/// Any game's whole state, as stored with its session.
public enum StudyGame: Codable, Sendable, Hashable {
    case quiz(QuizGame)
    case hangman(HangmanRound)
    case test(SelfTest)
    case flashcards(FlashcardDeck)
    case write(WritingGame)

    public var kind: String {
        switch self {
        case .quiz: "quiz"
        case .hangman: "hangman"
        case .test: "test"
        case .flashcards: "flashcards"
        case .write: "write"
        }
    }

    public var isFinished: Bool {
        switch self {
        case .quiz(let game): game.isFinished
        case .hangman(let round): round.isFinished
        case .test(let test): test.isFinished
        case .flashcards(let deck): deck.isFinished
        case .write(let game): game.isFinished
        }
    }

    /// Right answers so far (flashcards: cards seen).
    public var score: Int {
        switch self {
        case .quiz(let game): game.score
        case .hangman(let round): round.score
        case .test(let test): test.result.known
        case .flashcards(let deck): deck.index
        case .write(let game): game.score
        }
    }

    public var total: Int {
        switch self {
        case .quiz(let game): game.questions.count
        case .hangman(let round): round.games.count
        case .test(let test): test.items.count
        case .flashcards(let deck): deck.cards.count
        case .write(let game): game.items.count
        }
    }
}
