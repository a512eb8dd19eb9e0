import FSRS
import Foundation
import Vapor
import VocabCore

/// A card to show: the prompt, the answer, the word, and what each button does.
struct StudyCardDTO: Content, Sendable {
    var wordID: UUID
    var direction: String
    var bookID: UUID
    var bookName: String?
    var prompt: String
    var answer: String
    var term: String
    var meaning: String
    var reading: String
    var partOfSpeech: String
    var examples: [WordExample]
    /// "new", "learning", "review" or "relearning".
    var state: String
    /// Send back with the answer; a replayed answer carries a stale one.
    var version: Int
    var due: Date
    /// The next interval per rating ("1", "2", "3", "4"), e.g. "10m", "4d".
    var intervals: [String: String]

    init(_ reviewed: ReviewedCard, now: Date = Date()) {
        self.init(reviewed.card, scheduler: reviewed.scheduler, now: now)
    }

    init(_ card: StudyCard, scheduler: Scheduler, now: Date) {
        let word = card.word
        wordID = word.id
        direction = card.direction.rawValue
        bookID = word.bookID
        bookName = word.bookName
        (prompt, answer) = card.direction == .forward ? (word.term, word.meaning) : (word.meaning, word.term)
        term = word.term
        meaning = word.meaning
        reading = word.reading
        partOfSpeech = word.partOfSpeech
        examples = word.examples
        state = card.stored.state.name
        version = card.stored.reps
        due = card.stored.memory.due
        intervals = Dictionary(uniqueKeysWithValues: scheduler.preview(card.stored.memory, at: now).map { rating, after in
            (String(rating.rawValue), IntervalFormatter.short(after.due.timeIntervalSince(now)))
        })
    }
}

struct ReviewQueueDTO: Content, Sendable {
    var newCount: Int
    var learningCount: Int
    var reviewCount: Int
    var nextLearningDue: Date?
    var cards: [StudyCardDTO]

    init(_ queue: ReviewQueue) {
        let scheduler = queue.day.scheduler
        newCount = queue.newCount
        learningCount = queue.learningCount
        reviewCount = queue.reviewCount
        nextLearningDue = queue.nextLearningDue
        cards = queue.cards.map { StudyCardDTO($0, scheduler: scheduler, now: queue.day.now) }
    }
}

struct ReviewAnswerInput: Content, Sendable {
    var wordID: UUID
    var direction: String
    var rating: Int
    var version: Int
    var elapsedMs: Int?

    func validated() throws -> ReviewAnswer {
        guard let rating = Rating(rawValue: rating) else {
            throw AppError.badRequest("rating must be 1 (again), 2 (hard), 3 (good) or 4 (easy)", code: "invalid_rating")
        }
        guard let direction = CardDirection(rawValue: direction) else {
            throw AppError.badRequest("direction must be forward or reverse")
        }
        return ReviewAnswer(wordID: wordID, direction: direction, rating: rating, version: version, elapsedMilliseconds: elapsedMs ?? 0)
    }
}

struct StudySettingsDTO: Content, Sendable {
    var desiredRetention: Double
    var newPerDay: Int
    var reviewsPerDay: Int
    var maximumInterval: Int
    var fuzz: Bool
    var weights: [Double]

    init(_ settings: StudySettings) {
        desiredRetention = settings.parameters.desiredRetention
        newPerDay = settings.limits.newPerDay
        reviewsPerDay = settings.limits.reviewsPerDay
        maximumInterval = settings.parameters.maximumInterval
        fuzz = settings.parameters.enableFuzzing
        weights = settings.parameters.weights
    }
}

/// Every field optional: what is sent changes, the rest stays.
struct StudySettingsPatch: Content, Sendable {
    var desiredRetention: Double?
    var newPerDay: Int?
    var reviewsPerDay: Int?
    var maximumInterval: Int?
    var fuzz: Bool?
    var weights: [Double]?

    func applied(to settings: StudySettings) -> StudySettings {
        var s = settings
        if let desiredRetention { s.parameters.desiredRetention = desiredRetention }
        if let newPerDay { s.limits.newPerDay = newPerDay }
        if let reviewsPerDay { s.limits.reviewsPerDay = reviewsPerDay }
        if let maximumInterval { s.parameters.maximumInterval = maximumInterval }
        if let fuzz { s.parameters.enableFuzzing = fuzz }
        if let weights { s.parameters.weights = weights }
        return s
    }
}
