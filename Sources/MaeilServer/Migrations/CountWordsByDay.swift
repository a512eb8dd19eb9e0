import Fluent
import SQLKit

/// Each user's words counted by the day they were added, in `word_days`, so
/// the calendar, the dashboard and the diary read a row for each day they
/// show instead of counting that day's words: EDICT imported in one day
/// (267,379 words) cost each of those pages 25–60 ms a count, on every
/// visit while that day was in its range (a year, on the diary's).
///
/// Triggers keep the counts as words arrive and leave, as `AddBookCounts`
/// keeps a book's, in the write's own transaction, whichever code path it
/// comes from: on SQLite the books' own count triggers, for each row; on
/// PostgreSQL triggers of its own, for each statement with its rows as a
/// table. A day whose words are all gone loses its row. A word's day
/// changes only when its account's time zone does (`AccountDays.refile`),
/// which counts that account's days again: a trigger on updates would pair
/// the old and new rows of every update of words.
struct CountWordsByDay: AsyncMigration {
    func prepare(on database: any Database) async throws {
        let sql = try database.sql()
        let dialect = sql.maeilDialect
        try await sql.raw(
            """
            CREATE TABLE word_days (
              user_id \(unsafeRaw: dialect == .postgres ? "uuid" : "TEXT") NOT NULL
                REFERENCES users (id) ON DELETE CASCADE,
              day TEXT NOT NULL,
              words BIGINT NOT NULL,
              PRIMARY KEY (user_id, day)
            )\(unsafeRaw: dialect == .sqlite ? " WITHOUT ROWID" : "")
            """
        ).run()
        switch dialect {
        case .sqlite:
            try await sql.run(AddBookRevisions.dropCountTriggers)
            try await sql.run(AddBookCounts.triggers(.sqlite, revisions: true, days: true))
        case .postgres:
            try await sql.run(Self.postgresTriggers)
        }
        try await WordsByDay.recount(on: sql)
    }

    func revert(on database: any Database) async throws {
        let sql = try database.sql()
        switch sql.maeilDialect {
        case .sqlite:
            try await sql.run(AddBookRevisions.dropCountTriggers)
            try await sql.run(AddBookCounts.triggers(.sqlite, revisions: true))
        case .postgres:
            try await sql.raw("DROP FUNCTION IF EXISTS word_days_count() CASCADE").run()
        }
        try await sql.drop(table: "word_days").run()
    }

    /// SQLite: the day's count of the word `row` (`NEW` or `OLD`) as it
    /// arrives (`sign` +) or leaves (-), in the books' count triggers
    /// (`AddBookCounts.triggers`): a trigger of its own cost EDICT's import
    /// a second trigger program for each of its 267,379 words (1–1.5 s,
    /// against 0.5 s for the statement in the first).
    static func sqliteChange(_ row: String, sign: String) -> String {
        if sign == "+" {
            return """
                INSERT INTO word_days (user_id, day, words) VALUES (\(row).user_id, \(row).added_on, 1)
                  ON CONFLICT (user_id, day) DO UPDATE SET words = words + 1;
                """
        }
        return """
            UPDATE word_days SET words = words - 1 WHERE user_id = \(row).user_id AND day = \(row).added_on;
            DELETE FROM word_days WHERE user_id = \(row).user_id AND day = \(row).added_on AND words <= 0;
            """
    }

    /// PostgreSQL: a statement's words counted by day in one go, from its
    /// rows as a table.
    static let postgresTriggers =
        [
            """
            CREATE OR REPLACE FUNCTION word_days_count() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
              IF TG_OP = 'INSERT' THEN
                INSERT INTO word_days (user_id, day, words)
                SELECT user_id, added_on, COUNT(*) FROM new_rows GROUP BY user_id, added_on
                ON CONFLICT (user_id, day) DO UPDATE SET words = word_days.words + excluded.words;
              ELSE
                UPDATE word_days d SET words = d.words - gone.n
                FROM (SELECT user_id, added_on, COUNT(*) AS n FROM old_rows
                      GROUP BY user_id, added_on) gone
                WHERE d.user_id = gone.user_id AND d.day = gone.added_on;
                DELETE FROM word_days d
                USING (SELECT DISTINCT user_id, added_on FROM old_rows) gone
                WHERE d.user_id = gone.user_id AND d.day = gone.added_on AND d.words <= 0;
              END IF;
              RETURN NULL;
            END $$
            """
        ]
        + AddBookCounts.postgresArrivalsAndDepartures(
            triggers: "word_days", run: "word_days_count()")
}
