import Foundation
import SQLKit

/// Each user's words counted by the day they were added (`word_days`, kept by
/// the triggers of `CountWordsByDay`), which the calendar and the diary read.
enum WordsByDay {
    /// Counts the words by day again from the words themselves: one user's
    /// (their days filed again), or everyone's (an upgrade, or a restore
    /// that loaded words with the triggers off).
    static func recount(of userID: UUID? = nil, on sql: any SQLDatabase) async throws {
        let whose: SQLQueryString = userID.map { " WHERE user_id = \(bind: $0)" } ?? ""
        try await sql.raw("DELETE FROM word_days" + whose).run()
        try await sql.raw(
            """
            INSERT INTO word_days (user_id, day, words)
            SELECT user_id, added_on, COUNT(*) FROM words\(whose) GROUP BY user_id, added_on
            """
        ).run()
    }
}
