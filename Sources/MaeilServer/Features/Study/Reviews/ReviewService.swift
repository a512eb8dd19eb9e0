import FSRS
import Fluent
import Foundation
import MaeilAPI
import SQLKit
import VocabCore

/// Where an answer came from. A wrong answer in a game counts as Again.
/// What every queue of one request shares: the user's settings and what is
/// left of today's limits, read once (the Study page builds a queue per book).
struct ReviewDay: Sendable {
    var settings: StudySettings
    var now: Date
    var startOfTomorrow: Date
    var newLeft: Int
    var reviewsLeft: Int

    var scheduler: Scheduler { Scheduler(settings.parameters) }
}

/// A card as an answer or an undo left it, with the scheduler that shows its
/// next intervals.
struct ReviewedCard: Sendable {
    var card: StudyCard
    var scheduler: Scheduler
}

/// Today's review queue: cards due now, then new cards, within the daily limits.
struct ReviewQueue: Sendable {
    var day: ReviewDay
    var cards: [StudyCard]
    var newCount: Int
    var learningCount: Int
    var reviewCount: Int
    /// When the next learning card comes back, if nothing is due before it today.
    var nextLearningDue: Date?
}

/// How many cards of one book are due today, before the daily limits.
struct DueCounts: Sendable, Equatable {
    var new = 0
    var learning = 0
    /// Learning cards due within the learn-ahead window (`learning` included).
    var learningSoon = 0
    var reviews = 0

    /// The counts a queue of this book shows: new cards and reviews within
    /// what is left of today's limits; when nothing else is left, learning
    /// cards that come back within the learn-ahead window.
    func capped(by day: ReviewDay) -> (new: Int, learning: Int, reviews: Int) {
        let new = min(self.new, day.newLeft)
        let reviews = min(self.reviews, day.reviewsLeft)
        let nothingElse = new == 0 && learning == 0 && reviews == 0
        return (new, nothingElse ? learningSoon : learning, reviews)
    }
}

/// An answer to one card.
struct ReviewAnswer: Sendable {
    var wordID: UUID
    var direction: CardDirection
    var rating: Rating
    /// The card's `reps` when it was shown; a replayed answer names a stale one.
    var version: Int
    var elapsedMilliseconds: Int
}

/// Spaced repetition for one user: builds the queue, applies answers with the
/// user's FSRS parameters, logs them, and undoes the last one.
struct ReviewService: Sendable {
    let db: any Database
    let userID: UUID
    let days: DayFormatter

    var cards: CardStore { CardStore(db: db, userID: userID) }

    func today(_ now: Date = Date()) async throws -> ReviewDay {
        let settings = try await StudySettingsStore(db: db, userID: userID).get()
        let done = try await answeredToday(now)
        let left = settings.limits.remaining(newDone: done.new, reviewsDone: done.reviews)
        return ReviewDay(
            settings: settings, now: now, startOfTomorrow: days.startOfNextDay(after: now),
            newLeft: left.new, reviewsLeft: left.reviews)
    }

    func queue(bookID: UUID?, now: Date = Date(), limit: Int = 50) async throws -> ReviewQueue {
        try await queue(bookID: bookID, day: try await today(now), limit: limit)
    }

    func queue(bookID: UUID?, day: ReviewDay, limit: Int = 50) async throws -> ReviewQueue {
        let now = day.now
        let tomorrow = day.startOfTomorrow
        let left = (new: day.newLeft, reviews: day.reviewsLeft)
        let cards = self.cards
        let learning = try await cards.cards(
            [.learning, .relearning], dueBefore: now, bookID: bookID, limit: limit)
        let reviews = try await cards.cards(
            [.review], dueBefore: tomorrow.addingTimeInterval(-0.001), bookID: bookID,
            limit: min(limit, left.reviews))
        let fresh = try await cards.cards(
            [.new], dueBefore: .distantFuture, bookID: bookID, limit: min(limit, left.new))
        var queue = ReviewQueue(
            day: day,
            cards: Array((learning + reviews + fresh).prefix(limit)),
            newCount: try await cards.count(
                [.new], dueBefore: .distantFuture, bookID: bookID, cap: left.new),
            learningCount: try await cards.count(
                [.learning, .relearning], dueBefore: now, bookID: bookID, cap: 10_000),
            reviewCount: try await cards.count(
                [.review], dueBefore: tomorrow.addingTimeInterval(-0.001), bookID: bookID,
                cap: left.reviews))
        if queue.cards.isEmpty {
            // Nothing else today: learning cards come back up to 20 minutes early (as in Anki).
            let soon = try await cards.cards(
                [.learning, .relearning],
                dueBefore: min(now.addingTimeInterval(ReviewPolicy.learnAhead), tomorrow),
                bookID: bookID, limit: limit)
            queue.cards = soon
            queue.learningCount = soon.count
            if soon.isEmpty {
                queue.nextLearningDue = try await cards.cards(
                    [.learning, .relearning], dueBefore: tomorrow.addingTimeInterval(-0.001),
                    bookID: bookID, limit: 1
                ).first?.stored.memory.due
            }
        }
        return queue
    }

    /// New cards and reviews answered today in review sessions (the daily limits count these).
    func answeredToday(_ now: Date) async throws -> (new: Int, reviews: Int) {
        try await ReviewLogStore(db: db, userID: userID).answered(on: days.day(of: now))
    }

    /// Applies an answer. 404 for a card that is not the user's, 409 for a
    /// replayed answer or a card that is not due; nothing changes then.
    func answer(_ answer: ReviewAnswer, now: Date = Date()) async throws -> ReviewedCard {
        let (card, studied) = try await cards.studiedCard(
            wordID: answer.wordID, direction: answer.direction)
        // Reviews offer only the directions the card's book studies.
        guard studied else {
            throw AppError(
                status: .conflict, code: .notDue,
                message: "the book does not study its \(answer.direction.rawValue) cards")
        }
        guard card.stored.reps == answer.version else {
            throw AppError(
                status: .conflict, code: .staleAnswer,
                message: "this card was answered already; reload to get the next card")
        }
        guard
            ReviewPolicy.isAnswerable(
                card.stored.state, due: card.stored.memory.due, now: now,
                startOfTomorrow: days.startOfNextDay(after: now))
        else {
            throw AppError(status: .conflict, code: .notDue, message: "this card is not due yet")
        }
        return try await apply(
            answer.rating, to: card, source: .review, elapsed: answer.elapsedMilliseconds, now: now)
    }

    /// A wrong answer in a game: Again for the word's card in that direction,
    /// due or not.
    func recordMiss(
        wordID: UUID, direction: CardDirection, source: ReviewSource, now: Date = Date()
    ) async throws {
        let card = try await cards.card(wordID: wordID, direction: direction)
        _ = try await apply(.again, to: card, source: source, elapsed: 0, now: now)
    }

    private func apply(
        _ rating: Rating, to card: StudyCard, source: ReviewSource, elapsed: Int, now: Date
    ) async throws -> ReviewedCard {
        let scheduler = try await scheduler()
        let log = scheduler.review(card.stored.memory, rating: rating, at: now)
        let before = card.stored
        let after = StoredCard(
            state: QueueState(log.after.state), memory: log.after, reps: before.reps + 1,
            lapses: before.lapses + (before.state == .review && rating == .again ? 1 : 0))
        let wordID = card.word.id
        let direction = card.direction
        try await db.transaction { tx in
            let sql = try tx.sql()
            let store = CardStore(db: tx, userID: userID)
            guard
                try await store.replace(
                    wordID: wordID, direction: direction, expectedReps: before.reps, with: after,
                    on: sql)
            else {
                throw AppError(
                    status: .conflict, code: .staleAnswer,
                    message: "this card was answered already; reload to get the next card")
            }
            try await ReviewLogStore(db: tx, userID: userID).append(
                ReviewLogStore.Answer(
                    wordID: wordID, direction: direction, source: source, rating: rating, at: now,
                    day: days.day(of: now),
                    elapsedMilliseconds: elapsed, before: before, after: after))
            if rating == .again {
                try await MistakeStore.record(
                    userID: userID, wordID: wordID, source: source, at: now, on: sql)
            }
        }
        var answered = card
        answered.stored = after
        return ReviewedCard(card: answered, scheduler: scheduler)
    }

    /// One of the user's cards, ready to show again (the one an undo brought back).
    func reviewed(wordID: UUID, direction: CardDirection) async throws -> ReviewedCard {
        ReviewedCard(
            card: try await cards.card(wordID: wordID, direction: direction),
            scheduler: try await scheduler())
    }

    /// The user's scheduler (their parameters and retention).
    func scheduler() async throws -> Scheduler {
        Scheduler(try await StudySettingsStore(db: db, userID: userID).get().parameters)
    }

    /// Takes back the user's last review answer: the card returns to its state
    /// before it, and the answer leaves the log. Answers to words deleted since
    /// are passed over (their history stays). Each answer can be undone
    /// once; the card must not have changed since (else 409, nothing changes).
    func undo(inBook bookID: UUID? = nil) async throws -> ReviewedCard {
        let log = ReviewLogStore(db: db, userID: userID)
        guard let last = try await log.lastUndoable(inBook: bookID) else {
            throw AppError(
                status: .conflict, code: .nothingToUndo, message: "there is no answer to undo")
        }
        let (wordID, direction, before, after) = (
            last.wordID, last.direction, last.before, last.after
        )
        var card = try await cards.card(wordID: wordID, direction: direction)
        try await db.transaction { tx in
            let sql = try tx.sql()
            guard
                try await CardStore(db: tx, userID: userID).replace(
                    wordID: wordID, direction: direction, expectedReps: after.reps, with: before,
                    on: sql)
            else {
                throw AppError(
                    status: .conflict, code: .cardChanged,
                    message: "the card was answered again since; the last answer cannot be undone")
            }
            try await ReviewLogStore(db: tx, userID: userID).delete(last.id)
            if last.rating == Rating.again.rawValue {
                try await MistakeStore.forget(
                    userID: userID, wordID: wordID, source: .review, on: sql)
            }
        }
        card.stored = before
        return ReviewedCard(card: card, scheduler: try await scheduler())
    }
}
