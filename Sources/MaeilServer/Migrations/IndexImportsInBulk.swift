import Fluent
import SQLKit

/// SQLite: lets an import put its words into the FTS5 table in one statement
/// at its end (`SearchIndexBulkLoad`) instead of through the insert trigger.
///
/// FTS5 writes out its pending terms at every statement of a transaction
/// that touched it (each statement's savepoint), so an import of 400-word
/// statements built hundreds of small segments and spent half its time
/// writing and merging them. While `words_fts_deferral.deferred` is 1 (only
/// ever inside the importing transaction, so no other connection sees it),
/// new words are listed in `words_fts_pending` instead. FTS5 also writes out
/// whenever its pending terms pass `hashsize`: 32 MB instead of 1 MB makes
/// the EDICT import's one statement build a few large segments.
///
/// A later migration that builds the index again (`SearchKeyRefresh`) must
/// run `prepare`'s statements after it.
struct IndexImportsInBulk: AsyncMigration {
    private static let deferred = "(SELECT deferred FROM words_fts_deferral)"

    func prepare(on database: any Database) async throws {
        let sql = try database.sql()
        guard sql.maeilDialect == .sqlite else { return }
        try await sql.run([
            "CREATE TABLE words_fts_deferral (deferred INTEGER NOT NULL)",
            "INSERT INTO words_fts_deferral (deferred) VALUES (0)",
            "CREATE TABLE words_fts_pending (search_id INTEGER PRIMARY KEY)",
            "DROP TRIGGER words_fts_insert",
            CreateSearchIndex.insertTrigger(
                over: AddCJKSearchKey.columns, when: "\(Self.deferred) = 0"),
            """
            CREATE TRIGGER words_fts_insert_deferred AFTER INSERT ON words WHEN \(Self.deferred) = 1 BEGIN
              INSERT INTO words_fts_pending (search_id) VALUES (new.search_id);
            END
            """,
            "INSERT INTO words_fts(words_fts, rank) VALUES ('hashsize', 33554432)",
        ])
    }

    func revert(on database: any Database) async throws {
        let sql = try database.sql()
        guard sql.maeilDialect == .sqlite else { return }
        try await sql.run([
            "DROP TRIGGER words_fts_insert_deferred", "DROP TRIGGER words_fts_insert",
            CreateSearchIndex.insertTrigger(over: AddCJKSearchKey.columns),
            "DROP TABLE words_fts_pending", "DROP TABLE words_fts_deferral",
            "INSERT INTO words_fts(words_fts, rank) VALUES ('hashsize', 1048576)",
        ])
    }
}
