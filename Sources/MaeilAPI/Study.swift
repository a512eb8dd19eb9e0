import Foundation

/// One of a word's two cards.
public enum CardDirection: String, Codable, Sendable, CaseIterable {
    /// Term → meaning.
    case forward
    /// Meaning → term.
    case reverse
}

/// Where a card stands with the scheduler.
public enum StudyCardState: String, Codable, Sendable, CaseIterable {
    case new, learning, review, relearning
}

/// A card to show: the prompt, the answer, the word, and what each button does.
public struct StudyCardDTO: Codable, Sendable {
    public var wordID: UUID
    public var direction: CardDirection
    public var bookID: UUID
    public var bookName: String?
    public var prompt: String
    public var answer: String
    public var term: String
    public var meaning: String
    public var reading: String
    public var partOfSpeech: String
    public var examples: [ExampleDTO]
    public var state: StudyCardState
    /// Send back with the answer; a replayed answer carries a stale one.
    public var version: Int
    public var due: Date
    /// The next interval per rating ("1", "2", "3", "4"), e.g. "10m", "4d".
    public var intervals: [String: String]

    public init(
        wordID: UUID,
        direction: CardDirection,
        bookID: UUID,
        bookName: String? = nil,
        prompt: String,
        answer: String,
        term: String,
        meaning: String,
        reading: String,
        partOfSpeech: String,
        examples: [ExampleDTO],
        state: StudyCardState,
        version: Int,
        due: Date,
        intervals: [String: String]
    ) {
        self.wordID = wordID
        self.direction = direction
        self.bookID = bookID
        self.bookName = bookName
        self.prompt = prompt
        self.answer = answer
        self.term = term
        self.meaning = meaning
        self.reading = reading
        self.partOfSpeech = partOfSpeech
        self.examples = examples
        self.state = state
        self.version = version
        self.due = due
        self.intervals = intervals
    }
}

public struct ReviewQueueDTO: Codable, Sendable {
    public var newCount: Int
    public var learningCount: Int
    public var reviewCount: Int
    public var nextLearningDue: Date?
    public var cards: [StudyCardDTO]

    public init(
        newCount: Int,
        learningCount: Int,
        reviewCount: Int,
        nextLearningDue: Date? = nil,
        cards: [StudyCardDTO]
    ) {
        self.newCount = newCount
        self.learningCount = learningCount
        self.reviewCount = reviewCount
        self.nextLearningDue = nextLearningDue
        self.cards = cards
    }
}

public struct ReviewAnswerInput: Codable, Sendable {
    public var wordID: UUID
    /// A `CardDirection` value.
    public var direction: String
    /// 1 (again), 2 (hard), 3 (good) or 4 (easy).
    public var rating: Int
    /// The card's `version` as it was shown.
    public var version: Int
    public var elapsedMs: Int?

    public init(wordID: UUID, direction: String, rating: Int, version: Int, elapsedMs: Int? = nil) {
        self.wordID = wordID
        self.direction = direction
        self.rating = rating
        self.version = version
        self.elapsedMs = elapsedMs
    }
}

public struct StudySettingsDTO: Codable, Sendable {
    public var desiredRetention: Double
    public var newPerDay: Int
    public var reviewsPerDay: Int
    public var maximumInterval: Int
    public var fuzz: Bool
    public var weights: [Double]
    /// Whether the new cards of memorized words are studied too (default false).
    public var memorizedInNew: Bool
    /// Whether a review card speaks its term when the term shows (default false).
    public var speakTerms: Bool

    public init(
        desiredRetention: Double,
        newPerDay: Int,
        reviewsPerDay: Int,
        maximumInterval: Int,
        fuzz: Bool,
        weights: [Double],
        memorizedInNew: Bool = false,
        speakTerms: Bool = false
    ) {
        self.desiredRetention = desiredRetention
        self.newPerDay = newPerDay
        self.reviewsPerDay = reviewsPerDay
        self.maximumInterval = maximumInterval
        self.fuzz = fuzz
        self.weights = weights
        self.memorizedInNew = memorizedInNew
        self.speakTerms = speakTerms
    }
}

/// Every field optional: what is sent changes, the rest stays.
public struct StudySettingsPatch: Codable, Sendable {
    public var desiredRetention: Double?
    public var newPerDay: Int?
    public var reviewsPerDay: Int?
    public var maximumInterval: Int?
    public var fuzz: Bool?
    public var weights: [Double]?
    public var memorizedInNew: Bool?
    public var speakTerms: Bool?

    public init(
        desiredRetention: Double? = nil,
        newPerDay: Int? = nil,
        reviewsPerDay: Int? = nil,
        maximumInterval: Int? = nil,
        fuzz: Bool? = nil,
        weights: [Double]? = nil,
        memorizedInNew: Bool? = nil,
        speakTerms: Bool? = nil
    ) {
        self.desiredRetention = desiredRetention
        self.newPerDay = newPerDay
        self.reviewsPerDay = reviewsPerDay
        self.maximumInterval = maximumInterval
        self.fuzz = fuzz
        self.weights = weights
        self.memorizedInNew = memorizedInNew
        self.speakTerms = speakTerms
    }
}

/// `GET study/summary?book=`: the end of a session.
public struct StudySummaryDTO: Codable, Sendable {
    /// Cards a limit holds back: `kind` is `new` or `reviews`, `owner` `user`
    /// or `book`, `limit` that limit's cards today (nil when several books'
    /// limits hold them).
    public struct Held: Codable, Sendable, Equatable {
        public var kind: String
        public var owner: String
        public var limit: Int?
        public var cards: Int

        public init(kind: String, owner: String, limit: Int?, cards: Int) {
            self.kind = kind
            self.owner = owner
            self.limit = limit
            self.cards = cards
        }
    }

    /// Review answers today in the scope.
    public var answered: Int
    public var correct: Int
    /// Right answers (Hard, Good, Easy) in percent; nil before the first answer.
    public var rightPercent: Int?
    public var elapsedMs: Int
    /// When the next card that is not new falls due.
    public var nextDue: Date?
    public var held: [Held]
    /// Reviews due in the seven days after today's: what `study/more` with `aheadDays` brings.
    public var reviewsAheadThisWeek: Int
    /// Whether nothing is left to study now.
    public var finished: Bool

    public init(
        answered: Int, correct: Int, rightPercent: Int?, elapsedMs: Int, nextDue: Date?,
        held: [Held], reviewsAheadThisWeek: Int, finished: Bool
    ) {
        self.answered = answered
        self.correct = correct
        self.rightPercent = rightPercent
        self.elapsedMs = elapsedMs
        self.nextDue = nextDue
        self.held = held
        self.reviewsAheadThisWeek = reviewsAheadThisWeek
        self.finished = finished
    }
}

/// `POST study/more`: study more today, as Anki's custom study.
public struct StudyMoreInput: Codable, Sendable {
    /// One book, or all books when left out.
    public var bookID: UUID?
    /// New cards on top of today's limit (0–9999).
    public var newCards: Int?
    /// Reviews on top of today's limit (0–9999).
    public var reviews: Int?
    /// Reviews due up to this many days after today, ahead of schedule (0–30).
    public var aheadDays: Int?

    public init(
        bookID: UUID? = nil, newCards: Int? = nil, reviews: Int? = nil, aheadDays: Int? = nil
    ) {
        self.bookID = bookID
        self.newCards = newCards
        self.reviews = reviews
        self.aheadDays = aheadDays
    }
}

/// `study/books/{id}/limits`: a book's own daily limits under the user's;
/// null is none of its own.
public struct BookLimitsDTO: Codable, Sendable, Equatable {
    public var newPerDay: Int?
    public var reviewsPerDay: Int?

    public init(newPerDay: Int? = nil, reviewsPerDay: Int? = nil) {
        self.newPerDay = newPerDay
        self.reviewsPerDay = reviewsPerDay
    }
}

/// `POST study/unsuspend`: how many suspended cards came back into the queues.
public struct UnsuspendResultDTO: Codable, Sendable {
    public var unsuspended: Int

    public init(unsuspended: Int) {
        self.unsuspended = unsuspended
    }
}
