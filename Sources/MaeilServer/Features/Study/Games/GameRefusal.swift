import MaeilAPI
import Vapor
import VocabCore

/// Why the game service refused, beyond what the engines refuse themselves
/// (`GameError`, `QuizError`). The API answers with the status and code below;
/// the web pages word each case in the page's language (`GameRefusals`).
enum GameRefusal: Error, Equatable, Sendable {
    case countOutOfRange(max: Int)
    case tooManyWords(max: Int)
    /// No word to play with (an empty book, or words without meanings).
    case noWords
    case emptyMistakeNotes
    /// A quiz could not be made from the words.
    case quiz(QuizError)
    /// The words cannot make this game (a hangman word with nothing to guess).
    case unplayable(GameError)
    /// A move of another kind of game.
    case wrongGame(GameKind)
    /// Only an O/X test can be retaken.
    case notATest
    /// Another move came first.
    case stale
    /// Nothing was answered wrong (bookmark all wrong).
    case nothingWrong
}

extension GameRefusal: ReportableError {
    var status: HTTPResponseStatus {
        switch self {
        case .countOutOfRange, .tooManyWords, .noWords, .emptyMistakeNotes, .quiz, .unplayable:
            .unprocessableEntity
        case .wrongGame, .notATest: .badRequest
        case .stale, .nothingWrong: .conflict
        }
    }

    var code: ErrorCode {
        switch self {
        case .countOutOfRange, .tooManyWords: .invalidInput
        case .noWords, .emptyMistakeNotes, .quiz, .unplayable: .notEnoughWords
        case .wrongGame, .notATest: .invalidMove
        case .stale: .staleMove
        case .nothingWrong: .nothingWrong
        }
    }

    var message: String {
        switch self {
        case .countOutOfRange(let max): "count must be between 1 and \(max)"
        case .tooManyWords(let max): "give between 1 and \(max) words"
        case .noWords: "there are no words to play with"
        case .emptyMistakeNotes: "the mistake notes are empty"
        case .quiz(let error): error.description
        case .unplayable(let error): error.description
        case .wrongGame(let kind): "that move does not belong to a \(kind.rawValue) game"
        case .notATest: "only an O/X test can be retaken"
        case .stale: "the game changed meanwhile; reload it"
        case .nothingWrong: "no word was answered wrong"
        }
    }
}

extension GameError: ReportableError {
    var status: HTTPResponseStatus {
        switch self {
        case .choiceOutOfRange, .notAKey, .alreadyGuessed: .badRequest
        default: .conflict
        }
    }

    var code: ErrorCode {
        switch self {
        case .finished: .gameOver
        case .noItems: .notEnoughWords
        default: .invalidMove
        }
    }

    var message: String { description }
}
