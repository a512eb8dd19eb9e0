import Fluent
import SQLKit

/// PostgreSQL: `words_search_id` goes. It leads from a word's FTS5 rowid to
/// the word on SQLite (`CoverSearchLookups`); PostgreSQL searches through
/// trigram and line-heads indexes on the words themselves and never reads
/// it, while every word added wrote it. On EDICT it is 15 MB, and the
/// import without it writes 1.6% less WAL (1,604 against 1,630 MB).
/// SQLite keeps it.
struct DropUnreadSearchIDIndex: AsyncMigration {
    func prepare(on database: any Database) async throws {
        let sql = try database.sql()
        guard sql.maeilDialect == .postgres else { return }
        try await sql.drop(index: "words_search_id").ifExists().run()
    }

    func revert(on database: any Database) async throws {
        let sql = try database.sql()
        guard sql.maeilDialect == .postgres else { return }
        try await CoverSearchLookups.create(on: sql, columns: CoverSearchLookups.coveringColumns)
    }
}
