import Foundation

/// The score of an O/X test over the words marked so far.
public struct SelfTestResult: Sendable, Hashable {
    public var marked: Int
    public var known: Int
    /// The words marked X, in test order.
    public var wrongItemIDs: [UUID]
    /// Known words as a percentage of marked words (`Percent.rounded`).
    public var scorePercent: Int
    /// Whether every word of the test was marked and none X (a Day counts as complete
    /// only then).
    public var isPerfect: Bool

    public init(marked: Int, known: Int, wrongItemIDs: [UUID], scorePercent: Int, isPerfect: Bool) {
        self.marked = marked
        self.known = known
        self.wrongItemIDs = wrongItemIDs
        self.scorePercent = scorePercent
        self.isPerfect = isPerfect
    }
}
