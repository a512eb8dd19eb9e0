import Fluent
import Foundation
import SQLKit
import VocabCore

/// Adds the `cjk_text` search key (`WordSearchKeys.cjk`), so one- and
/// two-character kanji and kana queries (水, 学校) go through the trigram
/// index instead of reading every word of the user (250–300 ms on the
/// 267,000-word EDICT book).
///
/// Every word's keys are computed again, not only the new one: words saved
/// before the choseong key held only lines with Hangul shrink too. SQLite's
/// FTS5 table cannot gain a column, so it is built again over the three keys,
/// once the words are up to date. All in one transaction.
struct AddCJKSearchKey: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.transaction { db in
            let sql = try db.sql()
            try await sql.alter(table: "words")
                .column("cjk_text", type: .text, .notNull, .default(SQLLiteral.string(""))).run()
            if sql.maeilDialect == .sqlite {
                for statement in CreateSearchIndex.dropSQLiteIndex {
                    try await sql.raw(SQLQueryString(statement)).run()
                }
            }
            try await Self.refreshKeys(sql)
            switch sql.maeilDialect {
            case .sqlite:
                for statement in CreateSearchIndex.sqliteIndex(over: Self.columns) {
                    try await sql.raw(SQLQueryString(statement)).run()
                }
            case .postgres:
                if try await CreateSearchIndex.hasTrigramIndexes(sql) {
                    try await sql.raw(
                        "CREATE INDEX words_cjk_trgm ON words USING gin (cjk_text public.gin_trgm_ops)"
                    ).run()
                }
            }
        }
    }

    func revert(on database: any Database) async throws {
        try await database.transaction { db in
            let sql = try db.sql()
            switch sql.maeilDialect {
            case .sqlite:
                for statement in CreateSearchIndex.dropSQLiteIndex {
                    try await sql.raw(SQLQueryString(statement)).run()
                }
            case .postgres:
                try await sql.raw("DROP INDEX IF EXISTS words_cjk_trgm").run()
            }
            try await sql.raw("ALTER TABLE words DROP COLUMN cjk_text").run()
            if sql.maeilDialect == .sqlite {
                for statement in CreateSearchIndex.sqliteIndex(over: CreateSearchIndex.firstColumns)
                {
                    try await sql.raw(SQLQueryString(statement)).run()
                }
            }
        }
    }

    static let columns = CreateSearchIndex.firstColumns + ["cjk_text"]

    /// Computes every word's search keys from its term, meaning and reading,
    /// and writes the ones that changed; a thousand words at a time, in id order.
    static func refreshKeys(_ sql: any SQLDatabase) async throws {
        var after: UUID?
        while true {
            let start: SQLQueryString = after.map { " WHERE id > \(bind: $0)" } ?? ""
            let rows = try await sql.raw(
                """
                SELECT id, term, meaning, reading, search_text, jamo_text, choseong_text, cjk_text
                FROM words\(start) ORDER BY id LIMIT 1000
                """
            ).all()
            guard let last = rows.last else { return }
            for row in rows {
                let keys = WordSearchKeys(
                    term: try row.decode(column: "term", as: String.self),
                    meaning: try row.decode(column: "meaning", as: String.self),
                    reading: try row.decode(column: "reading", as: String.self))
                let stored = [
                    try row.decode(column: "search_text", as: String.self),
                    try row.decode(column: "jamo_text", as: String.self),
                    try row.decode(column: "choseong_text", as: String.self),
                    try row.decode(column: "cjk_text", as: String.self),
                ]
                guard stored != [keys.text, keys.jamo, keys.choseong, keys.cjk] else { continue }
                try await sql.raw(
                    """
                    UPDATE words SET search_text = \(bind: keys.text), jamo_text = \(bind: keys.jamo),
                    choseong_text = \(bind: keys.choseong), cjk_text = \(bind: keys.cjk)
                    WHERE id = \(bind: try row.decode(column: "id", as: UUID.self))
                    """
                ).run()
            }
            after = try last.decode(column: "id", as: UUID.self)
        }
    }
}
