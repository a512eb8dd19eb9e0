import Fluent
import SQLKit

/// SQLite: lets an import put its words into the FTS5 table in one statement
/// at its end (`SearchIndexBulkLoad`) instead of through the insert trigger,
/// and builds the table again without what search never reads.
///
/// FTS5 writes out its pending terms at every statement of a transaction
/// that touched it (each statement's savepoint), so an import of 400-word
/// statements built hundreds of small segments and spent half its time
/// writing and merging them. While `words_fts_deferral.deferred` is 1 (only
/// ever inside the importing transaction, so no other connection sees it),
/// new words are listed in `words_fts_pending` instead. FTS5 also writes out
/// whenever its pending terms pass `hashsize`: 32 MB instead of 1 MB makes
/// an import's one statement build a few large segments (an import merged
/// into one segment afterwards gathers less: `SearchIndexBulkLoad`).
///
/// Search reads only rowids from the index, so it keeps no copy of the keys
/// (`content=''`) and no per-word token counts (`columnsize=0`, for ranking
/// functions it does not use): 12% less time to index EDICT. Without the
/// copy, a word leaves the index by naming the keys it was indexed with,
/// which the triggers have in `old`; a word still pending is in no index.
/// A later migration that builds the index again must build it with
/// `sqliteIndex` (`SearchKeyRefresh` builds the older form), which since
/// `IndexLineStarts` puts a newline before each key.
struct IndexImportsInBulk: AsyncMigration {
    private static let columns = AddCJKSearchKey.columns
    private static let deferred = "(SELECT deferred FROM words_fts_deferral)"
    private static let indexed = "old.search_id NOT IN (SELECT search_id FROM words_fts_pending)"

    func prepare(on database: any Database) async throws {
        let sql = try database.sql()
        guard sql.maeilDialect == .sqlite else { return }
        try await sql.run(
            [
                "CREATE TABLE words_fts_deferral (deferred INTEGER NOT NULL)",
                "INSERT INTO words_fts_deferral (deferred) VALUES (0)",
                "CREATE TABLE words_fts_pending (search_id INTEGER PRIMARY KEY)",
            ] + Self.sqliteIndex)
    }

    /// `sqliteIndex`, its segments then merged into one, as a migration that
    /// builds the index again leaves it.
    static var sqliteIndexInOneSegment: [String] {
        sqliteIndex + [SearchIndexBulkLoad.mergeIntoOneSegment]
    }

    /// The FTS5 table and its triggers, built again from the words there are.
    static var sqliteIndex: [String] {
        let list = columns.joined(separator: ", ")
        let old = SearchIndexBulkLoad.indexed(columns, of: "old")
        let new = SearchIndexBulkLoad.indexed(columns, of: "new")
        let remove =
            "INSERT INTO words_fts(words_fts, rowid, \(list)) VALUES ('delete', old.search_id, \(old));"
        return CreateSearchIndex.dropSQLiteIndex + [
            """
            CREATE VIRTUAL TABLE words_fts USING fts5(\(list),
              content = '', columnsize = 0, tokenize = 'trigram case_sensitive 1')
            """,
            SearchIndexBulkLoad.pendingTermsLimit(SearchIndexBulkLoad.pendingTermsBytes),
            CreateSearchIndex.fill(
                over: columns, values: SearchIndexBulkLoad.indexed(columns, of: "words")),
            CreateSearchIndex.insertTrigger(over: columns, values: new, when: "\(deferred) = 0"),
            """
            CREATE TRIGGER words_fts_insert_deferred AFTER INSERT ON words WHEN \(deferred) = 1 BEGIN
              INSERT INTO words_fts_pending (search_id) VALUES (new.search_id);
            END
            """,
            """
            CREATE TRIGGER words_fts_delete AFTER DELETE ON words WHEN \(indexed) BEGIN
              \(remove)
            END
            """,
            """
            CREATE TRIGGER words_fts_update AFTER UPDATE OF \(list) ON words WHEN \(indexed) BEGIN
              \(remove)
              INSERT INTO words_fts(rowid, \(list)) VALUES (new.search_id, \(new));
            END
            """,
        ]
    }

    func revert(on database: any Database) async throws {
        let sql = try database.sql()
        guard sql.maeilDialect == .sqlite else { return }
        try await sql.run(
            CreateSearchIndex.dropSQLiteIndex
                + ["DROP TABLE words_fts_pending", "DROP TABLE words_fts_deferral"]
                + CreateSearchIndex.sqliteIndex(over: Self.columns))
    }
}
