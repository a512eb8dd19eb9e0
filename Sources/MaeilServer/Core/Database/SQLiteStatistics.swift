import SQLKit

/// SQLite's planner statistics (`sqlite_stat1`), kept only for tables of
/// `smallestCounted` rows or more.
///
/// `PRAGMA optimize` after an instance's first large import counts one user,
/// one token and one book, and re-counts a table only once it is ten times
/// larger. Believing a table holds one row, the planner scans it rather than
/// look a row up by key: every request read all of `user_tokens` and `users`
/// for its token, a review queue scanned `books` for each due card, and a
/// search sought each match once per book of the instance (EDICT's "computer"
/// beside 33 books: 13.9 ms instead of 5.0 ms). Without statistics SQLite
/// takes a table for a large one and reaches its rows by key.
enum SQLiteStatistics {
    /// Tables counted with fewer rows than this keep no statistics.
    static let smallestCounted = 1_000

    /// `PRAGMA optimize`, then the small tables' counts forgotten.
    static func refresh(on sql: any SQLDatabase) async throws {
        try await sql.raw("PRAGMA optimize").run()
        try await forgetSmallTables(on: sql)
    }

    /// Deletes the counts of tables under `smallestCounted` rows (a row's
    /// `stat` starts with its table's row count), and has this connection
    /// read the statistics again; others read them when they open.
    static func forgetSmallTables(on sql: any SQLDatabase) async throws {
        guard try await taken(on: sql) else { return }
        try await sql.raw(
            "DELETE FROM sqlite_stat1 WHERE CAST(stat AS INTEGER) < \(literal: smallestCounted)"
        ).run()
        try await sql.raw("ANALYZE sqlite_schema").run()
    }

    /// Counts `table` again when statistics were ever taken, for a new index
    /// of it: SQLite plans by its last ANALYZE (after an import), where an
    /// index without counts of its own looks cheaper than it is. Nothing on
    /// PostgreSQL, whose planner reads a new index's size itself.
    static func countAgain(_ table: String, on sql: any SQLDatabase) async throws {
        guard sql.maeilDialect == .sqlite, try await taken(on: sql) else { return }
        try await sql.raw("ANALYZE \(ident: table)").run()
    }

    /// Whether any statistics were ever taken (`sqlite_stat1` exists).
    static func taken(on sql: any SQLDatabase) async throws -> Bool {
        try await sql.raw(
            "SELECT 1 AS present FROM sqlite_master WHERE type = 'table' AND name = 'sqlite_stat1'"
        ).first() != nil
    }
}
