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
    /// A new card whose word is marked memorized: out of the new-card queue
    /// (unless the user's settings bring such cards back), new again when
    /// the mark comes off.
    case setAside = 4
    /// Out of every queue until the user puts it back (an Anki card that was
    /// suspended there); the state it had waits beside it (`cards.suspended_state`).
    case suspended = 5

    public init(_ state: CardState) {
        self = QueueState(rawValue: state.rawValue) ?? .learning
    }

    public var name: String {
        switch self {
        case .new: "new"
        case .learning: "learning"
        case .review: "review"
        case .relearning: "relearning"
        case .setAside: "set aside"
        case .suspended: "suspended"
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
        case .new, .setAside: true
        case .learning, .relearning: due <= now.addingTimeInterval(learnAhead)
        case .review: due < startOfTomorrow
        case .suspended: false
        }
    }
}

/// A book's own daily limits, under the user's (as Anki's deck limits): nil
/// is no limit of its own.
public struct BookLimits: Sendable, Codable, Equatable {
    public var newPerDay: Int?
    public var reviewsPerDay: Int?

    public init(newPerDay: Int? = nil, reviewsPerDay: Int? = nil) {
        self.newPerDay = newPerDay
        self.reviewsPerDay = reviewsPerDay
    }

    /// Nil when both limits are allowed, else what is wrong.
    public var problem: String? {
        if let newPerDay, !StudyLimits.allowed.contains(newPerDay) {
            return "newPerDay must be between 0 and 9999, or null"
        }
        if let reviewsPerDay, !StudyLimits.allowed.contains(reviewsPerDay) {
            return "reviewsPerDay must be between 0 and 9999, or null"
        }
        return nil
    }
}

/// Which limit holds a queue back.
public enum LimitOwner: String, Sendable, Codable, CaseIterable {
    /// The user's own limit (over all books).
    case user
    /// The book's limit.
    case book
}

/// New cards and reviews answered, or allowed extra, on one day.
public struct CardTally: Sendable, Equatable {
    public var new: Int
    public var reviews: Int

    public init(new: Int = 0, reviews: Int = 0) {
        self.new = new
        self.reviews = reviews
    }
}

/// What is left of today's limits in one scope (all books, or one book), and
/// which limit binds each. "Study more" adds extra cards to today's limits:
/// any extra raises the user's limit, a book's extra also its book's.
public struct DailyAllowance: Sendable, Equatable {
    public var new: Int
    public var reviews: Int
    /// The limit that leaves `new` (the smaller one's owner), and its value today.
    public var newLimit: (owner: LimitOwner, cards: Int)
    public var reviewLimit: (owner: LimitOwner, cards: Int)

    public init(
        user: StudyLimits, userDone: CardTally, userExtra: CardTally,
        book: BookLimits? = nil, bookDone: CardTally = CardTally(),
        bookExtra: CardTally = CardTally()
    ) {
        func left(_ limit: Int, _ extra: Int, _ done: Int) -> Int { max(0, limit + extra - done) }
        var new = left(user.newPerDay, userExtra.new, userDone.new)
        var reviews = left(user.reviewsPerDay, userExtra.reviews, userDone.reviews)
        newLimit = (.user, user.newPerDay + userExtra.new)
        reviewLimit = (.user, user.reviewsPerDay + userExtra.reviews)
        if let limit = book?.newPerDay, left(limit, bookExtra.new, bookDone.new) <= new {
            new = left(limit, bookExtra.new, bookDone.new)
            newLimit = (.book, limit + bookExtra.new)
        }
        if let limit = book?.reviewsPerDay,
            left(limit, bookExtra.reviews, bookDone.reviews) <= reviews
        {
            reviews = left(limit, bookExtra.reviews, bookDone.reviews)
            reviewLimit = (.book, limit + bookExtra.reviews)
        }
        self.new = new
        self.reviews = reviews
    }

    /// `new` and `reviews` together.
    public var tally: CardTally { CardTally(new: new, reviews: reviews) }

    public static func == (lhs: DailyAllowance, rhs: DailyAllowance) -> Bool {
        lhs.new == rhs.new && lhs.reviews == rhs.reviews && lhs.newLimit == rhs.newLimit
            && lhs.reviewLimit == rhs.reviewLimit
    }
}
