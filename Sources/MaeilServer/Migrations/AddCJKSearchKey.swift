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
/// FTS5 table cannot gain a column, so it is built again over the three keys
/// (`SearchKeyRefresh`). All in one transaction.
struct AddCJKSearchKey: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.transactionUntilClosed { db in
            let sql = try db.sql()
            try await sql.alter(table: "words")
                .column("cjk_text", type: .text, .notNull, .default(SQLLiteral.string(""))).run()
            try await SearchKeyRefresh.run(sql, indexing: Self.columns)
            if sql.maeilDialect == .postgres {
                if try await CreateSearchIndex.hasTrigramIndexes(sql) {
                    try await sql.raw(
                        "CREATE INDEX words_cjk_trgm ON words USING gin (cjk_text public.gin_trgm_ops)"
                    ).run()
                }
            }
        }
    }

    func revert(on database: any Database) async throws {
        try await database.transactionUntilClosed { db in
            let sql = try db.sql()
            switch sql.maeilDialect {
            case .sqlite:
                try await sql.run(CreateSearchIndex.dropSQLiteIndex)
            case .postgres:
                try await sql.raw("DROP INDEX IF EXISTS words_cjk_trgm").run()
            }
            try await sql.raw("ALTER TABLE words DROP COLUMN cjk_text").run()
            if sql.maeilDialect == .sqlite {
                try await sql.run(
                    CreateSearchIndex.sqliteIndex(over: CreateSearchIndex.firstColumns))
            }
        }
    }

    static let columns = CreateSearchIndex.firstColumns + ["cjk_text"]
}
