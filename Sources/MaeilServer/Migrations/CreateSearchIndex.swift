import Fluent
import SQLKit

/// The trigram index behind search (see `SearchIndex`).
struct CreateSearchIndex: AsyncMigration {
    func prepare(on database: any Database) async throws {
        let sql = try database.sql()
        switch sql.maeilDialect {
        case .sqlite:
            try await sql.run(Self.sqliteIndex(over: Self.firstColumns))
        case .postgres:
            // pg_trgm ships with PostgreSQL and is a trusted extension. Without
            // the right to create it, search still works, by scanning.
            do {
                try await sql.raw("CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public").run()
            } catch {
                database.logger.warning(
                    "pg_trgm could not be enabled (\(String(reflecting: error))); search will scan")
            }
            if try await Self.hasTrigramIndexes(sql) {
                try await sql.raw(
                    "CREATE INDEX words_jamo_trgm ON words USING gin (jamo_text public.gin_trgm_ops)"
                ).run()
                try await sql.raw(
                    "CREATE INDEX words_choseong_trgm ON words USING gin (choseong_text public.gin_trgm_ops)"
                ).run()
            }
        }
    }

    func revert(on database: any Database) async throws {
        let sql = try database.sql()
        switch sql.maeilDialect {
        case .sqlite:
            try await sql.run(Self.dropSQLiteIndex)
        case .postgres:
            try await sql.raw("DROP INDEX IF EXISTS words_jamo_trgm").run()
            try await sql.raw("DROP INDEX IF EXISTS words_choseong_trgm").run()
        }
    }

    /// PostgreSQL: whether pg_trgm is there for the key columns' indexes.
    static func hasTrigramIndexes(_ sql: any SQLDatabase) async throws -> Bool {
        try await hasExtension("pg_trgm", sql)
    }

    /// PostgreSQL: whether the database has the extension.
    static func hasExtension(_ name: String, _ sql: any SQLDatabase) async throws -> Bool {
        let count =
            try await sql.raw(
                "SELECT COUNT(*) AS n FROM pg_extension WHERE extname = \(bind: name)"
            )
            .first()?.decode(column: "n", as: Int.self) ?? 0
        return count > 0
    }

    /// The key columns the index first covered (`AddCJKSearchKey` adds `cjk_text`).
    static let firstColumns = ["jamo_text", "choseong_text"]

    /// SQLite: the FTS5 table over `columns` of `words`, filled from the
    /// words there are, and the triggers that keep it in step.
    static func sqliteIndex(over columns: [String]) -> [String] {
        let list = columns.joined(separator: ", ")
        let assignments = columns.map { "\($0) = new.\($0)" }.joined(separator: ", ")
        return [
            "CREATE VIRTUAL TABLE words_fts USING fts5(\(list), tokenize = 'trigram case_sensitive 1')",
            fill(over: columns),
            insertTrigger(over: columns),
            """
            CREATE TRIGGER words_fts_delete AFTER DELETE ON words BEGIN
              DELETE FROM words_fts WHERE rowid = old.search_id;
            END
            """,
            """
            CREATE TRIGGER words_fts_update AFTER UPDATE OF \(list) ON words BEGIN
              UPDATE words_fts SET \(assignments) WHERE rowid = old.search_id;
            END
            """,
        ]
    }

    /// Puts every word into the FTS5 table, in rowid order: FTS5 writes out
    /// its pending terms whenever a rowid is lower than the one before.
    /// `values`: what is indexed of each column of `words`, by default the column.
    static func fill(over columns: [String], values: String? = nil) -> String {
        let list = columns.joined(separator: ", ")
        return
            "INSERT INTO words_fts(rowid, \(list)) SELECT search_id, \(values ?? list) FROM words ORDER BY search_id"
    }

    /// The trigger that indexes each new word; `values`, what is indexed of
    /// each column of `new` (by default the column); `when`, a condition on it.
    static func insertTrigger(over columns: [String], values: String? = nil, when: String? = nil)
        -> String
    {
        let list = columns.joined(separator: ", ")
        let new = values ?? columns.map { "new.\($0)" }.joined(separator: ", ")
        return """
            CREATE TRIGGER words_fts_insert AFTER INSERT ON words\(when.map { " WHEN \($0)" } ?? "") BEGIN
              INSERT INTO words_fts(rowid, \(list)) VALUES (new.search_id, \(new));
            END
            """
    }

    static let dropSQLiteIndex = [
        "DROP TRIGGER IF EXISTS words_fts_insert",
        "DROP TRIGGER IF EXISTS words_fts_insert_deferred",
        "DROP TRIGGER IF EXISTS words_fts_delete",
        "DROP TRIGGER IF EXISTS words_fts_update", "DROP TABLE IF EXISTS words_fts",
    ]
}
