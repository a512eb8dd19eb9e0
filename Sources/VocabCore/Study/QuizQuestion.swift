import Foundation

/// One question of a quiz: a word's prompt and four choices, one of them right.
public struct QuizQuestion: Codable, Sendable, Hashable {
    /// The word asked about.
    public var itemID: UUID
    /// What is shown: the term (term→meaning) or the meaning (meaning→term).
    public var prompt: String
    /// Four answers in the order shown.
    public var choices: [String]
    /// Where the right answer is in `choices`.
    public var correctIndex: Int
    /// The word's term, for a speak button (nil in quizzes saved before).
    public var term: SpokenTerm?

    public init(
        itemID: UUID, prompt: String, choices: [String], correctIndex: Int,
        term: SpokenTerm? = nil
    ) {
        self.itemID = itemID
        self.term = term
        self.prompt = prompt
        self.choices = choices
        self.correctIndex = correctIndex
    }

    /// The right answer's text.
    public var correctAnswer: String {
        choices.indices.contains(correctIndex) ? choices[correctIndex] : ""
    }
}
