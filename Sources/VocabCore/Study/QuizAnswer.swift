import Foundation

/// One answer given in a quiz.
public struct QuizAnswer: Codable, Sendable, Hashable {
    public var itemID: UUID
    /// The index of the choice picked.
    public var chosenIndex: Int
    public var isCorrect: Bool

    public init(itemID: UUID, chosenIndex: Int, isCorrect: Bool) {
        self.itemID = itemID
        self.chosenIndex = chosenIndex
        self.isCorrect = isCorrect
    }
}
