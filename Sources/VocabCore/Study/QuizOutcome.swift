/// What answering a quiz question tells the player.
public struct QuizOutcome: Sendable, Hashable {
    public var isCorrect: Bool
    /// Where the right answer was, to highlight it.
    public var correctIndex: Int
    /// Whether that was the last question.
    public var isFinished: Bool

    public init(isCorrect: Bool, correctIndex: Int, isFinished: Bool) {
        self.isCorrect = isCorrect
        self.correctIndex = correctIndex
        self.isFinished = isFinished
    }
}
