import Fluent
import Foundation
import SQLKit
import VocabCore

/// The study diary's numbers for one user, straight from SQL. Every statement
/// carries `user_id` and reads a range of days through the (user, day) keys
/// and indexes: the answers' and words' counts by day (`CountAnswersByDay`,
/// `CountWordsByDay`), retention's among them, and `game_sessions_user_day`.
struct StatsStore: Sendable {
    let db: any Database
    let userID: UUID

    /// The database, its statements kept prepared on PostgreSQL: each has
    /// one shape and plan for any user and days, and the dashboard of every
    /// Study page runs five of them.
    private func keptSQL() throws -> any SQLDatabase { try db.sql().keepingStatementsPrepared() }

    /// What happened on each day of `from...to`; days with nothing are absent.
    func activity(from: CivilDay, to: CivilDay) async throws -> [CivilDay: DayActivity] {
        let sql = try keptSQL()
        let first = from.description
        let last = to.description
        var days: [CivilDay: DayActivity] = [:]
        func update(_ rows: [any SQLRow], _ apply: (inout DayActivity, any SQLRow) throws -> Void)
            throws
        {
            for row in rows {
                guard let day = CivilDay(try row.decode(column: "day", as: String.self)) else {
                    continue
                }
                try apply(&days[day, default: .none], row)
            }
        }
        // Reviews are answers in review sessions; games log only their misses,
        // which count as study (the streak) but not toward review accuracy.
        let answers = try await sql.raw(
            """
            SELECT day, answers, reviews, correct FROM answer_days
            WHERE user_id = \(bind: userID) AND day >= \(bind: first) AND day <= \(bind: last)
            """
        ).all()
        try update(answers) { day, row in
            day.answers = try row.decode(column: "answers", as: Int.self)
            day.reviews = try row.decode(column: "reviews", as: Int.self)
            day.correctReviews = try row.decode(column: "correct", as: Int.self)
        }
        let words = try await sql.raw(
            """
            SELECT day, words AS n FROM word_days
            WHERE user_id = \(bind: userID) AND day >= \(bind: first) AND day <= \(bind: last)
            """
        ).all()
        try update(words) { day, row in day.wordsAdded = try row.decode(column: "n", as: Int.self) }
        let games = try await sql.raw(
            """
            SELECT played_on AS day, COUNT(*) AS n FROM game_sessions
            WHERE user_id = \(bind: userID) AND played_on >= \(bind: first) AND played_on <= \(bind: last)
              AND finished = \(bind: true)
            GROUP BY played_on
            """
        ).all()
        try update(games) { day, row in day.games = try row.decode(column: "n", as: Int.self) }
        return days
    }

    /// Every day, ever, with an answer or a finished game (for the streaks):
    /// a row for each day (`answer_days`), where finding the days in the
    /// answers cost an index seek for each (400 days: 8 ms on PostgreSQL).
    func studyDays() async throws -> [CivilDay] {
        let rows = try await keptSQL().raw(
            """
            SELECT day FROM answer_days WHERE user_id = \(bind: userID)
            UNION
            SELECT played_on AS day FROM game_sessions WHERE user_id = \(bind: userID) AND finished = \(bind: true)
            """
        ).all()
        return try rows.compactMap { CivilDay(try $0.decode(column: "day", as: String.self)) }
    }

    /// Finished games: all of them, and those of `today`.
    func gamesFinished(today: CivilDay) async throws -> (total: Int, today: Int) {
        guard
            let row = try await keptSQL().raw(
                """
                SELECT COUNT(*) AS total, COALESCE(SUM(CASE WHEN played_on = \(bind: today.description) THEN 1 ELSE 0 END), 0) AS today
                FROM game_sessions WHERE user_id = \(bind: userID) AND finished = \(bind: true)
                """
            ).first()
        else { return (0, 0) }
        return (
            try row.decode(column: "total", as: Int.self),
            try row.decode(column: "today", as: Int.self)
        )
    }

    struct RetentionCount: Sendable, Equatable {
        var reviewed: Int
        var passed: Int
    }

    /// True retention as Anki counts it: per month ("2026-11"), review-session
    /// answers to cards that were in review (not new, not learning), and how
    /// many of them were not Again (`AnswerKind.isRecall`), from the days'
    /// counts: 13 months of answers cost the retention chart 22 ms on SQLite.
    func retention(from: CivilDay, to: CivilDay) async throws -> [String: RetentionCount] {
        let rows = try await keptSQL().raw(
            """
            SELECT SUBSTR(day, 1, 7) AS month, CAST(SUM(recalls) AS BIGINT) AS n,
              CAST(SUM(recalled) AS BIGINT) AS passed
            FROM answer_days
            WHERE user_id = \(bind: userID) AND day >= \(bind: from.description) AND day <= \(bind: to.description)
            GROUP BY SUBSTR(day, 1, 7) HAVING SUM(recalls) > 0
            """
        ).all()
        var months: [String: RetentionCount] = [:]
        for row in rows {
            months[try row.decode(column: "month", as: String.self)] = RetentionCount(
                reviewed: try row.decode(column: "n", as: Int.self),
                passed: try row.decode(column: "passed", as: Int.self))
        }
        return months
    }

    /// Review cards (state 2, in a direction their book studies) coming due on
    /// each day: `dayStarts` holds the start of today and of each following day,
    /// plus the end of the last; the answer has one count per day, overdue
    /// cards counted today.
    func forecast(dayStarts: [Date]) async throws -> [Int] {
        guard dayStarts.count >= 2, let start = dayStarts.first, let end = dayStarts.last else {
            return []
        }
        let sql = try keptSQL()
        // Grouped by quarter hour, not by day: SQL does not know the user's time
        // zone, and every zone's midnight falls on a quarter hour, so each group
        // lies in one local day. At most 96 rows a day come back.
        let quarter: SQLQueryString =
            sql.maeilDialect == .postgres
            ? "CAST(FLOOR(EXTRACT(EPOCH FROM c.due) / 900) AS BIGINT)"
            : "CAST(c.due / 900 AS INTEGER)"
        let rows = try await sql.raw(
            """
            SELECT CASE WHEN c.due < \(bind: start) THEN -1 ELSE \(quarter) END AS slot, COUNT(*) AS n
            FROM cards c JOIN books b ON b.id = c.book_id AND b.user_id = c.user_id
            WHERE c.user_id = \(bind: userID) AND c.state = \(literal: QueueState.review.rawValue) AND c.due < \(bind: end)
              AND \(unsafeRaw: CardStore.studiedDirection)
            GROUP BY slot
            """
        ).all()
        var counts = Array(repeating: 0, count: dayStarts.count - 1)
        let boundaries = dayStarts.map(\.timeIntervalSince1970)
        for row in rows {
            let slot = try row.decode(column: "slot", as: Int.self)
            let n = try row.decode(column: "n", as: Int.self)
            counts[slot < 0 ? 0 : Self.dayIndex(of: Double(slot) * 900, in: boundaries)] += n
        }
        return counts
    }

    /// The day whose [start, next start) holds `time`; clamped to the range.
    static func dayIndex(of time: Double, in boundaries: [Double]) -> Int {
        var low = 0
        var high = boundaries.count - 2
        guard high >= 0 else { return 0 }
        while low < high {
            let middle = (low + high + 1) / 2
            if boundaries[middle] <= time { low = middle } else { high = middle - 1 }
        }
        return low
    }
}
