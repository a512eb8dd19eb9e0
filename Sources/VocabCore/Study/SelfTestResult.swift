import Foundation

/// The score of an O/X test over the words marked so far.
public struct SelfTestResult: Sendable, Hashable {
    public var marked: Int
    public var known: Int
    /// The words marked X, in test order.
    public var wrongItemIDs: [UUID]
    /// Known words as a percentage of marked words; see `percent(known:of:)`.
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

    /// `known` out of `total` as a whole percentage, rounded to nearest with halves up
    /// (2 of 3 → 67, 1 of 8 → 13), except that a mixed result never shows 100 or 0:
    /// 199 of 200 → 99, 1 of 300 → 1. Nothing marked → 0.
    public static func percent(known: Int, of total: Int) -> Int {
        guard total > 0, known > 0 else { return 0 }
        if known >= total { return 100 }
        let rounded = (known * 200 + total) / (total * 2)
        return min(max(rounded, 1), 99)
    }
}
