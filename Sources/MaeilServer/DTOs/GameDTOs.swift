import Foundation
import Vapor
import VocabCore

/// A game as the client sees it: the common fields and the view of its kind.
/// Answers are not revealed before they are given.
struct GameDTO: Content, Sendable {
    var id: UUID
    var kind: String
    var bookID: UUID?
    var direction: String
    var finished: Bool
    var score: Int
    var total: Int
    var startedAt: Date
    var finishedAt: Date?
    var quiz: QuizView?
    var hangman: HangmanView?
    var test: TestView?
    var flashcards: FlashcardsView?

    struct QuizView: Content, Sendable {
        var index: Int
        var prompt: String?
        var choices: [String]
        /// The last answer: what was chosen and what was right.
        var last: QuizLast?
        var wrong: [WordRef]
    }

    struct QuizLast: Content, Sendable {
        var prompt: String
        var chosen: Int
        var correct: Int
        var correctAnswer: String
        var isCorrect: Bool
    }

    struct HangmanView: Content, Sendable {
        var wordIndex: Int
        var wordCount: Int
        var hint: String
        var script: String
        /// One per character: its text when shown (a partly revealed syllable is drawn from its jamo), else null.
        var cells: [HangmanCellView]
        var misses: Int
        var maxMisses: Int
        var pad: [String]
        var guessed: [String]
        var wrongGuesses: [String]
        var won: Bool
        var lost: Bool
        /// The word, once this one is over.
        var answer: String?
    }

    struct HangmanCellView: Content, Sendable {
        var text: String?
        var complete: Bool
    }

    struct TestView: Content, Sendable {
        var index: Int
        var prompt: String?
        var answer: String?
        var revealed: Bool
        var marks: [String]
        var scorePercent: Int
        var wrong: [WordRef]
    }

    struct FlashcardsView: Content, Sendable {
        var index: Int
        var front: String?
        var back: String?
        var flipped: Bool
    }

    /// A word answered wrong, as the game asked it.
    struct WordRef: Content, Sendable {
        var id: UUID
        var prompt: String
        var answer: String
    }

    init(_ session: GameSession) {
        id = session.id
        kind = session.game.kind
        bookID = session.bookID
        finished = session.game.isFinished
        score = session.game.score
        total = session.game.total
        startedAt = session.startedAt
        finishedAt = session.finishedAt
        switch session.game {
        case .quiz(let game):
            direction = game.direction.rawValue
            let question = game.currentQuestion
            let last = game.answers.last.map { answer -> QuizLast in
                let asked = game.questions[game.answers.count - 1]
                return QuizLast(
                    prompt: asked.prompt, chosen: answer.chosenIndex, correct: asked.correctIndex,
                    correctAnswer: asked.correctAnswer, isCorrect: answer.isCorrect)
            }
            let byID = Dictionary(game.questions.map { ($0.itemID, $0) }, uniquingKeysWith: { a, _ in a })
            quiz = QuizView(
                index: game.currentIndex, prompt: question?.prompt, choices: question?.choices ?? [], last: last,
                wrong: game.wrongItemIDs.compactMap { id in
                    byID[id].map { WordRef(id: id, prompt: $0.prompt, answer: $0.correctAnswer) }
                })
        case .hangman(let round):
            direction = round.direction.rawValue
            let game = round.current
            hangman = HangmanView(
                wordIndex: round.index, wordCount: round.games.count, hint: game.hint, script: game.script.rawValue,
                cells: game.cells.map { HangmanCellView(text: $0.text, complete: $0.isComplete) },
                misses: game.misses, maxMisses: HangmanGame.maxMisses, pad: game.pad, guessed: game.guesses,
                wrongGuesses: game.wrongGuesses, won: game.isWon, lost: game.isLost,
                answer: game.isFinished ? game.answer : nil)
        case .test(let test):
            direction = test.direction.rawValue
            let item = test.currentItem
            let wrong = Set(test.wrongItemIDs)
            self.test = TestView(
                index: test.currentIndex, prompt: item?.prompt(test.direction),
                answer: test.isRevealed ? item?.answer(test.direction) : nil, revealed: test.isRevealed,
                marks: test.marks.map(\.rawValue), scorePercent: test.result.scorePercent,
                wrong: test.items.filter { wrong.contains($0.id) }.map {
                    WordRef(id: $0.id, prompt: $0.prompt(test.direction), answer: $0.answer(test.direction))
                })
        case .flashcards(let deck):
            direction = deck.direction.rawValue
            let card = deck.currentCard
            flashcards = FlashcardsView(
                index: deck.index, front: card?.prompt(deck.direction),
                back: deck.isFlipped ? card?.answer(deck.direction) : nil, flipped: deck.isFlipped)
        }
    }
}

struct GameStartInput: Content, Sendable {
    var kind: String
    var book: UUID?
    /// "termToMeaning" (default; hangman: "meaningToTerm") or the other.
    var direction: String?
    var count: Int?
    var wordIDs: [UUID]?
    /// Play the words in the mistake notes of this source ("review", "quiz", "hangman", "test" or "all").
    var mistakes: String?

    /// The game's kind, and its direction (hangman guesses the term by default, the others ask the meaning).
    func kindAndDirection() throws -> (GameKind, StudyDirection) {
        guard let kind = GameKind(rawValue: kind) else {
            throw AppError.badRequest("kind must be quiz, hangman, test or flashcards")
        }
        guard let direction else { return (kind, kind == .hangman ? .meaningToTerm : .termToMeaning) }
        guard let value = StudyDirection(rawValue: direction) else {
            throw AppError.badRequest("direction must be termToMeaning or meaningToTerm")
        }
        return (kind, value)
    }
}

struct GameMoveInput: Content, Sendable {
    /// choose, guess, next-word, reveal, mark, undo, flip, next, previous, restart, shuffle
    var action: String
    var choice: Int?
    var guess: String?
    /// "known" (O) or "unknown" (X)
    var mark: String?

    func move() throws -> GameMove {
        switch action {
        case "choose":
            guard let choice else { throw AppError.badRequest("choose needs choice (0–3)") }
            return .choose(choice)
        case "guess":
            guard let guess, !guess.isEmpty else { throw AppError.badRequest("guess needs a letter") }
            return .guess(guess)
        case "next-word": return .nextWord
        case "reveal": return .reveal
        case "mark":
            guard let mark, let value = SelfTestMark(rawValue: mark) else { throw AppError.badRequest("mark must be known or unknown") }
            return .mark(value)
        case "undo": return .undo
        case "flip": return .flip
        case "next": return .nextCard
        case "previous": return .previousCard
        case "restart": return .restart
        case "shuffle": return .shuffle
        default: throw AppError.badRequest("unknown action \"\(action)\"", code: "invalid_move")
        }
    }
}

struct MistakeDTO: Content, Sendable {
    var word: WordDTO
    var source: String
    var count: Int
    var lastAt: Date
}
