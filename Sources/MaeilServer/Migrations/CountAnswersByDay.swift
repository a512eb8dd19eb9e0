import Fluent
import SQLKit

/// Each user's answers counted by day, in `answer_days`, so the streaks,
/// the dashboard and the diary (retention by month included) read a row for
/// each day rather than the answers of that day. The streaks read every day
/// ever studied: one index seek per day, 400 days cost the dashboard and the
/// Study page 8 ms on PostgreSQL; the diary's year grouped every answer of
/// the year.
///
/// Triggers keep the counts in the write's own transaction, whichever code
/// path writes (an answer, its undo, an import, an account's days filed
/// again under a new time zone, an account deleted): on SQLite for each row,
/// on PostgreSQL for each statement with its rows as a table, as
/// `CountWordsByDay` keeps the words'. Answers are updated only when their
/// account's days are filed again (`AccountDays.refile`), so a trigger on
/// updates costs nothing elsewhere. A day whose answers are all gone loses its row.
struct CountAnswersByDay: AsyncMigration {
    func prepare(on database: any Database) async throws {
        let sql = try database.sql()
        let dialect = sql.maeilDialect
        try await sql.raw(
            """
            CREATE TABLE answer_days (
              user_id \(unsafeRaw: dialect == .postgres ? "uuid" : "TEXT") NOT NULL
                REFERENCES users (id) ON DELETE CASCADE,
              day TEXT NOT NULL,
              answers BIGINT NOT NULL,
              reviews BIGINT NOT NULL,
              correct BIGINT NOT NULL,
              recalls BIGINT NOT NULL,
              recalled BIGINT NOT NULL,
              PRIMARY KEY (user_id, day)
            )\(unsafeRaw: dialect == .sqlite ? " WITHOUT ROWID" : "")
            """
        ).run()
        try await sql.run(dialect == .postgres ? Self.postgresTriggers : Self.sqliteTriggers)
        try await AnswersByDay.recount(on: sql)
    }

    func revert(on database: any Database) async throws {
        let sql = try database.sql()
        switch sql.maeilDialect {
        case .sqlite:
            try await sql.run(
                ["insert", "delete", "update"].map { "DROP TRIGGER IF EXISTS answer_days_\($0)" })
        case .postgres:
            try await sql.raw("DROP FUNCTION IF EXISTS answer_days_count() CASCADE").run()
        }
        try await sql.drop(table: "answer_days").run()
    }

    /// SQLite: each answer counted into its day as it arrives, out as it
    /// leaves; whether it is a review, a correct one, a recall and a recall
    /// remembered (`AnswerKind`) as 1 or 0.
    static let sqliteTriggers = {
        func arrive(_ row: String) -> String {
            """
            INSERT INTO answer_days (user_id, day, answers, reviews, correct, recalls, recalled)
              VALUES (\(row).user_id, \(row).reviewed_on, 1, \(AnswerKind.isReview(row)), \(AnswerKind.isCorrectReview(row)),
                \(AnswerKind.isRecall(row)), \(AnswerKind.isRecalled(row)))
              ON CONFLICT (user_id, day) DO UPDATE SET answers = answers + 1,
                reviews = reviews + excluded.reviews, correct = correct + excluded.correct,
                recalls = recalls + excluded.recalls, recalled = recalled + excluded.recalled;
            """
        }
        func leave(_ row: String) -> String {
            """
            UPDATE answer_days SET answers = answers - 1, reviews = reviews - (\(AnswerKind.isReview(row))),
                correct = correct - (\(AnswerKind.isCorrectReview(row))),
                recalls = recalls - (\(AnswerKind.isRecall(row))),
                recalled = recalled - (\(AnswerKind.isRecalled(row)))
              WHERE user_id = \(row).user_id AND day = \(row).reviewed_on;
            DELETE FROM answer_days
              WHERE user_id = \(row).user_id AND day = \(row).reviewed_on AND answers <= 0;
            """
        }
        return [
            "CREATE TRIGGER answer_days_insert AFTER INSERT ON review_logs BEGIN\n\(arrive("NEW"))\nEND",
            "CREATE TRIGGER answer_days_delete AFTER DELETE ON review_logs BEGIN\n\(leave("OLD"))\nEND",
            """
            CREATE TRIGGER answer_days_update AFTER UPDATE OF user_id, reviewed_on, source, rating, state_before
            ON review_logs BEGIN
            \(leave("OLD"))
            \(arrive("NEW"))
            END
            """,
        ]
    }()

    /// PostgreSQL: a statement's answers counted by day in one go, from its
    /// rows as a table; days in order, so two writers lock them in the same order.
    static let postgresTriggers =
        [
            """
            CREATE OR REPLACE FUNCTION answer_days_count() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
              IF TG_OP IN ('UPDATE', 'DELETE') THEN
                UPDATE answer_days d SET answers = d.answers - gone.answers,
                  reviews = d.reviews - gone.reviews, correct = d.correct - gone.correct,
                  recalls = d.recalls - gone.recalls, recalled = d.recalled - gone.recalled
                FROM (\(AnswersByDay.counted(from: "old_rows"))) gone
                WHERE d.user_id = gone.user_id AND d.day = gone.day;
                DELETE FROM answer_days d
                USING (SELECT DISTINCT user_id, reviewed_on FROM old_rows) gone
                WHERE d.user_id = gone.user_id AND d.day = gone.reviewed_on AND d.answers <= 0;
              END IF;
              IF TG_OP IN ('UPDATE', 'INSERT') THEN
                INSERT INTO answer_days (user_id, day, answers, reviews, correct, recalls, recalled)
                \(AnswersByDay.counted(from: "new_rows")) ORDER BY user_id, day
                ON CONFLICT (user_id, day) DO UPDATE SET answers = answer_days.answers + excluded.answers,
                  reviews = answer_days.reviews + excluded.reviews,
                  correct = answer_days.correct + excluded.correct,
                  recalls = answer_days.recalls + excluded.recalls,
                  recalled = answer_days.recalled + excluded.recalled;
              END IF;
              RETURN NULL;
            END $$
            """
        ]
        + AddBookCounts.postgresArrivalsAndDepartures(
            triggers: "answer_days", on: "review_logs", run: "answer_days_count()")
        + [
            """
            CREATE TRIGGER answer_days_update AFTER UPDATE ON review_logs
            REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
            FOR EACH STATEMENT EXECUTE FUNCTION answer_days_count()
            """
        ]
}
