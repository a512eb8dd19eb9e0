import Foundation

/// A 4-choice quiz over a set of words.
///
/// Rules (`make`):
/// - A word is usable when its term and meaning are non-empty after trimming; a word
///   given twice (same id) counts once. Fewer than 4 usable words is an error.
/// - Answers are compared folded (`SearchFolding`: case, whitespace, Unicode
///   normalization, diacritics, full-width), so "Apple", " apple " and "ａｐｐｌｅ" are
///   one answer.
/// - The three wrong choices are answers of other words, each different from the right
///   answer and from each other, and never an answer that some word with the
///   question's prompt has: with "bank" → 은행, "bank" → 둑 and "dam" → 둑, the question
///   "bank" offers neither 은행 nor 둑 as a wrong choice (both are right).
/// - A word is asked only if three such wrong choices exist; each word is asked at most
///   once; the question count is capped at the words that can be asked.
/// - A wrong choice shown in one question is shown again in another only when the
///   words left offer no other.
/// - Question order and choice order are random.
public struct QuizGame: Codable, Sendable, Hashable {
    /// Choices per question.
    public static let choiceCount = 4

    /// Words to draw from a book for a quiz of `questions`: the words it asks,
    /// and the others its wrong choices come from, about a hundred for ten
    /// questions so that they vary from question to question. Enough that the
    /// questions asked are the ones drawn, whatever the book's size: a draw
    /// from a big book reads each word on its own.
    public static func wordsToDraw(questions: Int) -> Int { questions * 4 + 60 }

    public let direction: StudyDirection
    public private(set) var questions: [QuizQuestion]
    /// Answers given so far, in question order.
    public private(set) var answers: [QuizAnswer]

    init(direction: StudyDirection, questions: [QuizQuestion], answers: [QuizAnswer] = []) {
        self.direction = direction
        self.questions = questions
        self.answers = answers
    }

    /// Makes a quiz of `count` questions (all the words that can be asked when `nil`,
    /// and never more than that).
    public static func make(
        items: [StudyItem],
        direction: StudyDirection,
        count: Int? = nil,
        using rng: inout some RandomNumberGenerator
    ) throws(QuizError) -> QuizGame {
        if let count, count < 1 { throw .invalidCount(count) }
        let pool = QuizPool(items: items, direction: direction)
        guard pool.words.count >= choiceCount else {
            throw .notEnoughWords(available: pool.words.count)
        }
        let askable = pool.words.indices.filter(pool.canAsk)
        guard !askable.isEmpty else {
            throw .notEnoughDistinctAnswers(words: pool.words.count, direction: direction)
        }
        let picked = askable.shuffled(using: &rng).prefix(
            min(count ?? askable.count, askable.count))
        // Wrong choices already shown are offered again only when no other will do.
        var shown = Set<Int>()
        let questions = picked.map { index in
            let (question, groups) = pool.question(for: index, avoiding: shown, using: &rng)
            shown.formUnion(groups)
            return question
        }
        return QuizGame(direction: direction, questions: questions)
    }

    /// Index of the question being asked (equals `questions.count` once finished).
    public var currentIndex: Int { answers.count }

    /// The question being asked, `nil` once finished.
    public var currentQuestion: QuizQuestion? {
        questions.indices.contains(currentIndex) ? questions[currentIndex] : nil
    }

    public var isFinished: Bool { answers.count >= questions.count }

    /// Right answers so far.
    public var score: Int { answers.reduce(0) { $0 + ($1.isCorrect ? 1 : 0) } }

    /// The words answered wrongly, in question order.
    public var wrongItemIDs: [UUID] { answers.filter { !$0.isCorrect }.map(\.itemID) }

    /// Answers the current question with the choice at `choice` (0...3).
    @discardableResult
    public mutating func answer(choice: Int) throws(GameError) -> QuizOutcome {
        guard let question = currentQuestion else { throw .finished }
        guard question.choices.indices.contains(choice) else {
            throw .choiceOutOfRange(choice, count: question.choices.count)
        }
        let isCorrect = choice == question.correctIndex
        answers.append(
            QuizAnswer(itemID: question.itemID, chosenIndex: choice, isCorrect: isCorrect))
        return QuizOutcome(
            isCorrect: isCorrect, correctIndex: question.correctIndex, isFinished: isFinished)
    }

    // MARK: - Codable

    private enum CodingKeys: String, CodingKey {
        case direction, questions, answers
    }

    /// Decodes a saved game, refusing one whose parts do not fit together (so a damaged
    /// row fails to load instead of crashing later).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        direction = try container.decode(StudyDirection.self, forKey: .direction)
        questions = try container.decode([QuizQuestion].self, forKey: .questions)
        answers = try container.decode([QuizAnswer].self, forKey: .answers)
        if let problem = Self.problem(questions: questions, answers: answers) {
            throw DecodingError.dataCorruptedError(
                forKey: .answers, in: container, debugDescription: problem)
        }
    }

    static func problem(questions: [QuizQuestion], answers: [QuizAnswer]) -> String? {
        if answers.count > questions.count { return "more answers than questions" }
        for (i, q) in questions.enumerated() {
            if q.choices.count != choiceCount {
                return "question \(i) does not have \(choiceCount) choices"
            }
            if !q.choices.indices.contains(q.correctIndex) {
                return "question \(i) has no right choice"
            }
        }
        for (i, a) in answers.enumerated() {
            let q = questions[i]
            if a.itemID != q.itemID || !q.choices.indices.contains(a.chosenIndex)
                || a.isCorrect != (a.chosenIndex == q.correctIndex)
            {
                return "answer \(i) does not fit its question"
            }
        }
        return nil
    }
}
