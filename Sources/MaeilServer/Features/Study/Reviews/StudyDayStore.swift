import Fluent
import Foundation
import SQLKit
import VocabCore

/// What shapes one user's study day besides their settings: the books' own
/// limits, today's answers per book, and the extra cards asked for today
/// ("study more"). Every statement carries `user_id`.
struct StudyDayStore: Sendable, ReadsInline {
    static let bookLimitsTable = "book_study_limits"
    static let extrasTable = "study_extras"

    let db: any Database
    let userID: UUID
    /// Where the reads of a few rows go when not in a transaction (`Request.inlineReads`).
    var reads: (any SQLDatabase)? = nil

    /// The extra cards asked for on one day: `all` sums every request (each
    /// raises the user's limit), `byBook` a book's own requests (which also
    /// raise its book's). Reviews ahead reach `aheadDays` past today.
    struct Extras: Sendable {
        var all = CardTally()
        var byBook: [UUID: CardTally] = [:]
        var aheadDays = 0
        var aheadDaysByBook: [UUID: Int] = [:]

        /// How many days past today reviews reach in a scope.
        func aheadDays(for bookID: UUID?) -> Int {
            max(aheadDays, bookID.flatMap { aheadDaysByBook[$0] } ?? 0)
        }
    }

    func limits(of bookID: UUID) async throws -> BookLimits {
        try await limitsByBook(only: bookID)[bookID] ?? BookLimits()
    }

    /// Every book's own limits (books without any are left out).
    func limitsByBook(only bookID: UUID? = nil) async throws -> [UUID: BookLimits] {
        let only: SQLQueryString = bookID.map { " AND book_id = \(bind: $0)" } ?? ""
        var limits: [UUID: BookLimits] = [:]
        for row in try await keptReader().raw(
            """
            SELECT book_id, new_per_day, reviews_per_day FROM \(ident: Self.bookLimitsTable)
            WHERE user_id = \(bind: userID)\(only)
            """
        ).all() {
            limits[try row.decode(column: "book_id", as: UUID.self)] = BookLimits(
                newPerDay: try row.decode(column: "new_per_day", as: Int?.self),
                reviewsPerDay: try row.decode(column: "reviews_per_day", as: Int?.self))
        }
        return limits
    }

    /// Sets a book's limits; the caller has checked the book is the user's.
    func setLimits(_ limits: BookLimits, of bookID: UUID) async throws {
        if let problem = limits.problem { throw AppError.invalid(problem) }
        let userID = userID
        try await db.writeTransaction { tx in
            let sql = try tx.sql()
            try await sql.raw(
                """
                DELETE FROM \(ident: Self.bookLimitsTable) WHERE user_id = \(bind: userID) AND book_id = \(bind: bookID)
                """
            ).run()
            guard limits != BookLimits() else { return }
            try await sql.raw(
                """
                INSERT INTO \(ident: Self.bookLimitsTable) (book_id, user_id, new_per_day, reviews_per_day)
                VALUES (\(bind: bookID), \(bind: userID), \(bind: limits.newPerDay), \(bind: limits.reviewsPerDay))
                """
            ).run()
        }
    }

    func extras(on day: CivilDay) async throws -> Extras {
        var extras = Extras()
        for row in try await keptReader().raw(
            """
            SELECT book_id, extra_new, extra_reviews, ahead_days FROM \(ident: Self.extrasTable)
            WHERE user_id = \(bind: userID) AND day = \(bind: day)
            """
        ).all() {
            let tally = CardTally(
                new: try row.decode(column: "extra_new", as: Int.self),
                reviews: try row.decode(column: "extra_reviews", as: Int.self))
            let ahead = try row.decode(column: "ahead_days", as: Int.self)
            extras.all.new += tally.new
            extras.all.reviews += tally.reviews
            if let bookID = try row.decode(column: "book_id", as: UUID?.self) {
                extras.byBook[bookID, default: CardTally()].new += tally.new
                extras.byBook[bookID, default: CardTally()].reviews += tally.reviews
                extras.aheadDaysByBook[bookID] = max(extras.aheadDaysByBook[bookID] ?? 0, ahead)
            } else {
                extras.aheadDays = max(extras.aheadDays, ahead)
            }
        }
        return extras
    }

    func addExtra(_ extra: CardTally, aheadDays: Int, bookID: UUID?, on day: CivilDay)
        async throws
    {
        try await db.sql().raw(
            """
            INSERT INTO \(ident: Self.extrasTable) (id, user_id, book_id, day, extra_new, extra_reviews, ahead_days, created_at)
            VALUES (\(bind: UUID()), \(bind: userID), \(bind: bookID), \(bind: day), \(bind: extra.new),
              \(bind: extra.reviews), \(bind: aheadDays), \(bind: Date()))
            """
        ).run()
    }

    /// New cards and reviews answered on `day` in review sessions, per book of the card.
    func answeredByBook(on day: CivilDay) async throws -> [UUID: CardTally] {
        var tallies: [UUID: CardTally] = [:]
        for row in try await keptReader().raw(
            """
            SELECT c.book_id, l.state_before, COUNT(*) AS n
            FROM review_logs l JOIN cards c ON c.word_id = l.word_id AND c.direction = l.direction AND c.user_id = l.user_id
            WHERE l.user_id = \(bind: userID) AND l.reviewed_on = \(bind: day) AND l.source = 'review'
              AND l.state_before IN (\(literal: QueueState.new.rawValue), \(literal: QueueState.setAside.rawValue),
                \(literal: QueueState.review.rawValue))
            GROUP BY c.book_id, l.state_before
            """
        ).all() {
            let bookID = try row.decode(column: "book_id", as: UUID.self)
            let n = try row.decode(column: "n", as: Int.self)
            let before = QueueState(rawValue: try row.decode(column: "state_before", as: Int.self))
            if before == .new || before == .setAside {
                tallies[bookID, default: CardTally()].new += n
            } else {
                tallies[bookID, default: CardTally()].reviews += n
            }
        }
        return tallies
    }
}
