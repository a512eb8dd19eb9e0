import Foundation

/// Why a study action was refused. An action that throws leaves the game as it was.
public enum GameError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The game (or the flashcard round) is over.
    case finished
    /// A quiz choice outside `0..<count`.
    case choiceOutOfRange(Int, count: Int)
    /// A hangman guess that is not one key of the answer's script.
    case notAKey(String, script: HangmanScript)
    /// A hangman key guessed before (costs nothing).
    case alreadyGuessed(String)
    /// A hangman answer with nothing to guess (only digits, punctuation, kanji, …).
    case nothingToGuess(String)
    /// `undo()` with no mark to take back.
    case nothingToUndo
    /// A self-test or a deck made from no words.
    case noItems
    /// An action that needs the game over first (a retest).
    case notFinished
    /// "Retest wrong only" when nothing was wrong.
    case nothingWrong
    /// `previous()` on the first card.
    case atFirstCard
    /// A written answer with nothing in it.
    case emptyAnswer

    public var description: String {
        switch self {
        case .finished:
            return "This game is already over."
        case .choiceOutOfRange(let choice, let count):
            return "Choice \(choice) does not exist; choose 0 to \(count - 1)."
        case .notAKey(let guess, let script):
            return "“\(guess)” is not a key of this word: \(script.guessHint)."
        case .alreadyGuessed(let key):
            return "“\(key)” was already guessed."
        case .nothingToGuess(let answer):
            return "“\(answer)” has no letters to guess."
        case .nothingToUndo:
            return "There is no mark to undo."
        case .noItems:
            return "There are no words to study."
        case .notFinished:
            return "The test is not finished yet."
        case .nothingWrong:
            return "No word was wrong; there is nothing to retest."
        case .atFirstCard:
            return "This is the first card."
        case .emptyAnswer:
            return "Type an answer first."
        }
    }
}

extension GameError: LocalizedError {
    public var errorDescription: String? { description }
}
