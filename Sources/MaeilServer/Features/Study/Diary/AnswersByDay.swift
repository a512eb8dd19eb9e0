import Foundation
import SQLKit

/// Each user's answers counted by day (`answer_days`, kept by the triggers of
/// `CountAnswersByDay`), which the streaks, the dashboard and the diary read.
enum AnswersByDay {
    /// The answers of `rows` (review_logs, or a trigger's rows as a table)
    /// counted by user and day: every answer, the reviews, the correct
    /// reviews, the recalls and the ones recalled (`AnswerKind`).
    static func counted(from rows: String) -> String {
        """
        SELECT user_id, reviewed_on AS day, COUNT(*) AS answers,
          SUM(CASE WHEN \(AnswerKind.isReview(rows)) THEN 1 ELSE 0 END) AS reviews,
          SUM(CASE WHEN \(AnswerKind.isCorrectReview(rows)) THEN 1 ELSE 0 END) AS correct,
          SUM(CASE WHEN \(AnswerKind.isRecall(rows)) THEN 1 ELSE 0 END) AS recalls,
          SUM(CASE WHEN \(AnswerKind.isRecalled(rows)) THEN 1 ELSE 0 END) AS recalled
        FROM \(rows) GROUP BY user_id, reviewed_on
        """
    }

    /// Counts the answers by day again from the answers themselves, everyone's
    /// (an upgrade, or a restore that loaded answers with the triggers off).
    static func recount(on sql: any SQLDatabase) async throws {
        try await sql.raw("DELETE FROM answer_days").run()
        try await sql.raw(
            """
            INSERT INTO answer_days (user_id, day, answers, reviews, correct, recalls, recalled)
            \(unsafeRaw: counted(from: "review_logs"))
            """
        ).run()
    }
}
