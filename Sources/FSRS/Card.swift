import Foundation

/// Where a card is in its life, with py-fsrs's raw values (they are stored).
public enum CardState: Int, Sendable, Codable, Hashable {
    /// New or still going through the learning steps.
    case learning = 1
    /// Graduated: scheduled in whole days from its stability.
    case review = 2
    /// Forgotten in review and going through the relearning steps.
    case relearning = 3
}

/// The scheduling memory of one card, as py-fsrs's `Card` (without the id, which the
/// caller keeps beside it).
public struct Card: Sendable, Equatable, Codable {
    public var state: CardState
    /// The learning or relearning step, `nil` in review.
    public var step: Int?
    /// Days for retrievability to fall to 90%; `nil` until the first review.
    public var stability: Double?
    /// 1 (easy) to 10 (hard); `nil` until the first review.
    public var difficulty: Double?
    public var due: Date
    public var lastReview: Date?

    /// A new card: learning, step 0, no memory yet, like py-fsrs's `Card()`.
    public init(due: Date) {
        self.init(state: .learning, step: 0, due: due)
    }

    /// A card with every field given, e.g. read back from storage. Fields are kept as
    /// given; the scheduler treats a missing learning step as step 0.
    public init(
        state: CardState,
        step: Int? = nil,
        stability: Double? = nil,
        difficulty: Double? = nil,
        due: Date,
        lastReview: Date? = nil
    ) {
        self.state = state
        self.step = step
        self.stability = stability
        self.difficulty = difficulty
        self.due = due
        self.lastReview = lastReview
    }
}

/// One answer: the rating, when, and the card before and after (so it can be undone).
public struct ReviewLog: Sendable, Equatable, Codable {
    public var rating: Rating
    public var reviewedAt: Date
    public var before: Card
    public var after: Card

    public init(rating: Rating, reviewedAt: Date, before: Card, after: Card) {
        self.rating = rating
        self.reviewedAt = reviewedAt
        self.before = before
        self.after = after
    }
}
