import FSRS
import Foundation

/// A card's place in the review queue. FSRS calls a new card "learning, step
/// 0"; the queue tells new cards apart (they have their own daily limit), so
/// storage keeps them as `new` until the first answer.
public enum QueueState: Int, Sendable, Codable, CaseIterable {
    case new = 0
    case learning = 1
    case review = 2
    case relearning = 3

    public init(_ state: CardState) {
        self = QueueState(rawValue: state.rawValue) ?? .learning
    }

    public var name: String {
        switch self {
        case .new: "new"
        case .learning: "learning"
        case .review: "review"
        case .relearning: "relearning"
        }
    }
}

/// Daily limits on the review queue (Anki's defaults: 20 new, 200 reviews).
public struct StudyLimits: Sendable, Codable, Equatable {
    public var newPerDay: Int
    public var reviewsPerDay: Int

    public init(newPerDay: Int = 20, reviewsPerDay: Int = 200) {
        self.newPerDay = newPerDay
        self.reviewsPerDay = reviewsPerDay
    }

    public static let allowed = 0...9_999

    /// Nil when both limits are allowed, else what is wrong.
    public var problem: String? {
        if !Self.allowed.contains(newPerDay) { return "newPerDay must be between 0 and 9999" }
        if !Self.allowed.contains(reviewsPerDay) {
            return "reviewsPerDay must be between 0 and 9999"
        }
        return nil
    }

    /// What is left for today after `newDone` new cards and `reviewsDone`
    /// reviews were answered.
    public func remaining(newDone: Int, reviewsDone: Int) -> (new: Int, reviews: Int) {
        (max(0, newPerDay - newDone), max(0, reviewsPerDay - reviewsDone))
    }
}

/// Which cards are due. Learning steps are minutes, so a learning card is due
/// at its time, or up to `learnAhead` early when nothing else is left (as in
/// Anki); a review card is due for the whole day it falls on.
public enum ReviewPolicy {
    public static let learnAhead: TimeInterval = 20 * 60

    /// Whether a card may be answered now. `startOfTomorrow` is the end of the
    /// user's day.
    public static func isAnswerable(
        _ state: QueueState, due: Date, now: Date, startOfTomorrow: Date
    ) -> Bool {
        switch state {
        case .new: true
        case .learning, .relearning: due <= now.addingTimeInterval(learnAhead)
        case .review: due < startOfTomorrow
        }
    }
}
