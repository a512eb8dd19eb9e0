import Foundation

/// Why a quiz could not be made.
public enum QuizError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Fewer than 4 usable words (a word is usable when both its term and its meaning
    /// are non-empty; the same word given twice counts once).
    case notEnoughWords(available: Int)
    /// At least 4 words, but no question can get three wrong choices that differ from
    /// its answer and from each other (e.g. most words share one meaning).
    case notEnoughDistinctAnswers(words: Int, direction: StudyDirection)
    /// A question count below 1 was asked for.
    case invalidCount(Int)

    public var description: String {
        switch self {
        case .notEnoughWords(let available):
            let have = available == 1 ? "is 1 word" : "are \(available) words"
            return "A quiz needs at least 4 words with a term and a meaning; there \(have)."
        case .notEnoughDistinctAnswers(let words, let direction):
            return "A quiz needs 4 different \(direction.answerNoun) to choose from; "
                + "these \(words) words do not have enough different \(direction.answerNoun)."
        case .invalidCount(let count):
            return "A quiz needs at least 1 question; \(count) was asked for."
        }
    }
}

extension QuizError: LocalizedError {
    public var errorDescription: String? { description }
}
