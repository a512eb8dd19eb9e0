import FSRS
import Fluent
import Foundation
import MaeilAPI
import SQLKit
import VocabCore

/// What every queue of one request shares: the user's settings and what is
/// left of today's limits, read once (the Study page builds a queue per book).
struct ReviewDay: Sendable {
    var settings: StudySettings
    var now: Date
    var startOfTomorrow: Date
    /// What is left of today's limits in the queue's scope.
    var allowance: DailyAllowance
    /// Reviews due before this are today's: the start of tomorrow, or later
    /// when the user asked to review ahead.
    var reviewsDueBefore: Date
    /// Over all books: each book with limits of its own, and what is left of them.
    var limitedBooks: [UUID: DailyAllowance] = [:]
    /// Over all books: the limits each of those books sets.
    var bookLimits: [UUID: BookLimits] = [:]

    var newLeft: Int { allowance.new }
    /// The states of the cards the new-card queue shows: new ones, and those
    /// of memorized words when the settings bring them back.
    var newStates: [QueueState] { settings.memorizedInNew ? [.new, .setAside] : [.new] }
    var reviewsLeft: Int { allowance.reviews }
    var scheduler: Scheduler { Scheduler(settings.parameters) }

    /// What is left for one book's cards in a queue over all books.
    func left(inBook bookID: UUID) -> CardTally {
        let own = limitedBooks[bookID]
        return CardTally(
            new: min(newLeft, own?.new ?? .max), reviews: min(reviewsLeft, own?.reviews ?? .max))
    }
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

/// How many cards of one book are due today, before the daily limits (new
/// cards and reviews counted no further than the user's, `dueCountsByBook`).
struct DueCounts: Sendable, Equatable {
    var new = 0
    var learning = 0
    /// Learning cards due within the learn-ahead window (`learning` included).
    var learningSoon = 0
    var reviews = 0

    /// The counts a queue of this book shows: new cards and reviews within
    /// what is left of today's limits (the user's and the book's); when
    /// nothing else is left, learning cards that come back within the
    /// learn-ahead window.
    func capped(by day: ReviewDay, book bookID: UUID) -> (new: Int, learning: Int, reviews: Int) {
        let left = day.left(inBook: bookID)
        let new = min(self.new, left.new)
        let reviews = min(self.reviews, left.reviews)
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
    /// A session of bookmarked words only: its queue, counts and summary read
    /// their cards alone (the daily limits stay the user's and the books').
    var bookmarkedOnly = false
    /// Where the queue's short reads go when not in a transaction
    /// (`Request.inlineReads`); a service made on a transaction has none.
    var reads: (any SQLDatabase)? = nil

    var cards: CardStore {
        CardStore(db: db, userID: userID, bookmarkedOnly: bookmarkedOnly, reads: reads)
    }
    private var settings: StudySettingsStore {
        StudySettingsStore(db: db, userID: userID, reads: reads)
    }
    private var dayStore: StudyDayStore { StudyDayStore(db: db, userID: userID, reads: reads) }
    private var reviewLog: ReviewLogStore {
        ReviewLogStore(db: db, userID: userID, reads: reads)
    }

    /// Today's settings and limits for a queue of one book, or of all books
    /// (nil): the user's limits, the book's own, and the extra cards asked for today.
    func today(_ now: Date = Date(), bookID: UUID? = nil) async throws -> ReviewDay {
        let settings = try await self.settings.get()
        let done = try await answeredToday(now)
        let extras = try await dayStore.extras(on: days.day(of: now))
        let limits = try await dayStore.limitsByBook(only: bookID)
        let doneByBook =
            limits.isEmpty ? [:] : try await dayStore.answeredByBook(on: days.day(of: now))
        func allowance(_ book: UUID?) -> DailyAllowance {
            DailyAllowance(
                user: settings.limits, userDone: CardTally(new: done.new, reviews: done.reviews),
                userExtra: extras.all, book: book.flatMap { limits[$0] },
                bookDone: book.flatMap { doneByBook[$0] } ?? CardTally(),
                bookExtra: book.flatMap { extras.byBook[$0] } ?? CardTally())
        }
        let tomorrow = days.startOfNextDay(after: now)
        var day = ReviewDay(
            settings: settings, now: now, startOfTomorrow: tomorrow, allowance: allowance(bookID),
            reviewsDueBefore: reviewCutoff(tomorrow, aheadDays: extras.aheadDays(for: bookID)))
        if bookID == nil {
            day.bookLimits = limits
            day.limitedBooks = Dictionary(
                uniqueKeysWithValues: limits.keys.map { ($0, allowance($0)) })
        }
        return day
    }

    /// The start of the day `aheadDays` after tomorrow.
    private func reviewCutoff(_ tomorrow: Date, aheadDays: Int) -> Date {
        aheadDays == 0 ? tomorrow : days.dayStarts(from: tomorrow, count: aheadDays)[aheadDays]
    }

    func queue(bookID: UUID?, now: Date = Date(), limit: Int = 50) async throws -> ReviewQueue {
        try await queue(bookID: bookID, day: try await today(now, bookID: bookID), limit: limit)
    }

    func queue(bookID: UUID?, day: ReviewDay, limit: Int = 50) async throws -> ReviewQueue {
        let now = day.now
        let tomorrow = day.startOfTomorrow
        let reviewsBefore = day.reviewsDueBefore.addingTimeInterval(-0.001)
        let cards = self.cards
        let learning = try await cards.cards(
            [.learning, .relearning], dueBefore: now, bookID: bookID, limit: limit)
        let reviews = try await within(day, bookID: bookID, \.reviews, limit: limit) {
            try await cards.cards([.review], dueBefore: reviewsBefore, in: $0, limit: $1)
        }
        let fresh = try await within(day, bookID: bookID, \.new, limit: limit) {
            try await cards.cards(day.newStates, dueBefore: .distantFuture, in: $0, limit: $1)
        }
        var queue = ReviewQueue(
            day: day,
            cards: Array((learning + reviews + fresh).prefix(limit)),
            newCount: try await countWithin(day, bookID: bookID, \.new, cap: 10_000) {
                try await cards.count(day.newStates, dueBefore: .distantFuture, in: $0, cap: $1)
            },
            learningCount: try await cards.count(
                [.learning, .relearning], dueBefore: now, bookID: bookID, cap: 10_000),
            reviewCount: try await countWithin(day, bookID: bookID, \.reviews, cap: 10_000) {
                try await cards.count([.review], dueBefore: reviewsBefore, in: $0, cap: $1)
            })
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

    /// New cards or reviews (`kind`) within what is left of today's limits:
    /// `read(scope, limit)` runs once for a book; over all books, once for
    /// the books without limits of their own and once per book with some,
    /// each within what is left of its own, merged in due order.
    private func within(
        _ day: ReviewDay, bookID: UUID?, _ kind: KeyPath<CardTally, Int>, limit: Int,
        _ read: (CardScope, Int) async throws -> [StudyCard]
    ) async throws -> [StudyCard] {
        let overall = min(limit, day.allowance.tally[keyPath: kind])
        if let bookID { return try await read(.book(bookID), overall) }
        var found = try await read(.allBooks(except: Array(day.limitedBooks.keys)), overall)
        for id in day.limitedBooks.keys {
            let left = min(overall, day.left(inBook: id)[keyPath: kind])
            if left > 0 { found += try await read(.book(id), left) }
        }
        return Array(found.sorted(by: StudyCard.dueOrder).prefix(overall))
    }

    /// How many cards `within` would find, counting at most `cap`.
    private func countWithin(
        _ day: ReviewDay, bookID: UUID?, _ kind: KeyPath<CardTally, Int>, cap: Int,
        _ count: (CardScope, Int) async throws -> Int
    ) async throws -> Int {
        let overall = min(cap, day.allowance.tally[keyPath: kind])
        if let bookID { return try await count(.book(bookID), overall) }
        var total = try await count(.allBooks(except: Array(day.limitedBooks.keys)), overall)
        for id in day.limitedBooks.keys where total < overall {
            let left = min(overall - total, day.left(inBook: id)[keyPath: kind])
            if left > 0 { total += try await count(.book(id), left) }
        }
        return total
    }

    /// New cards and reviews answered today in review sessions (the daily limits count these).
    func answeredToday(_ now: Date) async throws -> (new: Int, reviews: Int) {
        try await reviewLog.answered(on: days.day(of: now))
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
        func answerable(before end: Date) -> Bool {
            ReviewPolicy.isAnswerable(
                card.stored.state, due: card.stored.memory.due, now: now, startOfTomorrow: end)
        }
        // Today's extras are read only for a review due after today: one asked for ahead.
        var isAnswerable = answerable(before: days.startOfNextDay(after: now))
        if !isAnswerable, card.stored.state == .review {
            isAnswerable = answerable(
                before: try await reviewsDueBefore(now, bookID: card.word.bookID))
        }
        guard isAnswerable else {
            throw AppError(status: .conflict, code: .notDue, message: "this card is not due yet")
        }
        return try await apply(
            answer.rating, to: card, source: .review, elapsed: answer.elapsedMilliseconds, now: now)
    }

    /// When a book's reviews stop being today's: tomorrow, or later when the
    /// user asked to review ahead.
    private func reviewsDueBefore(_ now: Date, bookID: UUID) async throws -> Date {
        let extras = try await dayStore.extras(on: days.day(of: now))
        return reviewCutoff(
            days.startOfNextDay(after: now), aheadDays: extras.aheadDays(for: bookID))
    }

    // MARK: the end of a session

    /// Today's review answers in a scope, when the next card falls due, and
    /// which limit (if any) holds back cards that are left.
    func summary(bookID: UUID?, now: Date = Date()) async throws -> StudySummary {
        try await summary(of: try await queue(bookID: bookID, now: now, limit: 1), bookID: bookID)
    }

    /// The summary of a scope whose queue the caller has built already.
    func summary(of queued: ReviewQueue, bookID: UUID?) async throws -> StudySummary {
        let day = queued.day
        let now = day.now
        let tally = try await reviewLog.tally(
            on: days.day(of: now), inBook: bookID)
        let cards = self.cards
        let scope = CardScope(bookID)
        var held: [StudySummary.Held] = []
        // Cards the limits hold back: the scope's new cards, and its reviews
        // due today, less those the queue still shows.
        let newLeft =
            try await cards.count(
                day.newStates, dueBefore: .distantFuture, in: scope, cap: 10_000) - queued.newCount
        // The limit's number when one limit holds them all: the user's, or
        // the book's on a book's screen (over all books, several books' may).
        func holder(_ left: Int, _ limit: (owner: LimitOwner, cards: Int)) -> (LimitOwner, Int?) {
            left == 0 ? (limit.owner, limit.cards) : (.book, nil)
        }
        if newLeft > 0 {
            let (owner, limit) = holder(day.newLeft, day.allowance.newLimit)
            held.append(.init(kind: .new, owner: owner, limit: limit, cards: newLeft))
        }
        let reviewsLeft =
            try await cards.count(
                [.review], dueBefore: day.reviewsDueBefore.addingTimeInterval(-0.001), in: scope,
                cap: 10_000) - queued.reviewCount
        if reviewsLeft > 0 {
            let (owner, limit) = holder(day.reviewsLeft, day.allowance.reviewLimit)
            held.append(.init(kind: .reviews, owner: owner, limit: limit, cards: reviewsLeft))
        }
        return StudySummary(
            answered: tally.answered, correct: tally.correct,
            elapsedMilliseconds: tally.elapsedMilliseconds,
            nextDue: try await cards.nextDue(after: now, bookID: bookID), held: held,
            reviewsAheadThisWeek: try await reviewsAhead(days: 7, of: day, in: scope),
            finished: queued.cards.isEmpty)
    }

    /// Reviews due in the `count` days after the ones `day` counts as today's.
    private func reviewsAhead(days count: Int, of day: ReviewDay, in scope: CardScope)
        async throws -> Int
    {
        let until = days.dayStarts(from: day.reviewsDueBefore, count: count)[count]
        func dueBefore(_ date: Date) async throws -> Int {
            try await cards.count(
                [.review], dueBefore: date.addingTimeInterval(-0.001), in: scope, cap: 10_000)
        }
        return try await dueBefore(until) - dueBefore(day.reviewsDueBefore)
    }

    /// "Study more today": `extra` new cards and reviews on top of today's
    /// limits, and reviews due within `aheadDays` days after today's (their
    /// number is added to the reviews allowed), for one book or all.
    func studyMore(_ extra: CardTally, aheadDays: Int, bookID: UUID?, now: Date = Date())
        async throws
    {
        let allowed = StudyLimits.allowed
        guard allowed.contains(extra.new), allowed.contains(extra.reviews),
            (0...StudySummary.longestReviewAhead).contains(aheadDays)
        else {
            throw AppError.invalid(
                "newCards and reviews must be 0–9999, aheadDays 0–\(StudySummary.longestReviewAhead)"
            )
        }
        guard extra.new + extra.reviews + aheadDays > 0 else {
            throw AppError.invalid("ask for at least one more card or day")
        }
        var extra = extra
        if aheadDays > 0 {
            extra.reviews += try await reviewsAhead(
                days: aheadDays, of: try await today(now, bookID: bookID), in: CardScope(bookID))
        }
        let ahead =
            aheadDays == 0
            ? 0
            : try await dayStore.extras(on: days.day(of: now)).aheadDays(for: bookID) + aheadDays
        try await dayStore.addExtra(extra, aheadDays: ahead, bookID: bookID, on: days.day(of: now))
    }

    /// `studyMore`, answered with the queue it opens, in one transaction: an
    /// error raises no limit, so a client that tries again raises it once.
    func studyMoreQueue(_ extra: CardTally, aheadDays: Int, bookID: UUID?) async throws
        -> ReviewQueue
    {
        let (userID, days, bookmarkedOnly) = (userID, days, bookmarkedOnly)
        return try await db.writeTransaction { tx in
            let reviews = ReviewService(
                db: tx, userID: userID, days: days, bookmarkedOnly: bookmarkedOnly)
            try await reviews.studyMore(extra, aheadDays: aheadDays, bookID: bookID)
            return try await reviews.queue(bookID: bookID)
        }
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
        try await db.writeTransaction { tx in
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
        Scheduler(try await settings.get().parameters)
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
        // Read before the change: an error after it would have a client that
        // tries again undo a second, earlier answer.
        let scheduler = try await scheduler()
        try await db.writeTransaction { tx in
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
        return ReviewedCard(card: card, scheduler: scheduler)
    }
}

/// The end of a review session: today's answers in its scope, the next card
/// due, and the cards today's limits hold back.
struct StudySummary: Sendable {
    /// Reviews ahead reach at most this many days past today.
    static let longestReviewAhead = 30

    struct Held: Sendable, Equatable {
        enum Kind: String, Sendable { case new, reviews }
        var kind: Kind
        /// Whose limit holds them: the user's, or a book's.
        var owner: LimitOwner
        /// That limit's number of cards today (extras included); nil when
        /// several books' limits hold them.
        var limit: Int?
        /// How many cards it holds back.
        var cards: Int
    }

    var answered: Int
    var correct: Int
    var elapsedMilliseconds: Int
    var nextDue: Date?
    var held: [Held]
    /// Reviews due in the seven days after today's (what "review ahead" would bring).
    var reviewsAheadThisWeek: Int
    /// Whether the queue has nothing left to show now.
    var finished: Bool

    /// Right answers (Hard, Good, Easy) of all answers, in percent.
    var rightPercent: Int? {
        answered == 0 ? nil : Percent.rounded(correct, of: answered)
    }
}
