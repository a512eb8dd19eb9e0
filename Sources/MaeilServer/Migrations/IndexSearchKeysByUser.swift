import Fluent
import SQLKit

/// PostgreSQL: search's indexes lead with the words' owner, and the starts
/// of the keys' lines have indexes of their own (`SearchIndex` asks them).
///
/// - Each key column's trigram index leads with the owner (`btree_gin` lets
///   a GIN index hold the uuid), so a user's search reads only their own
///   entries of each trigram. With an index of every user's words, the
///   planner joined the matches to all of the user's rows in another index:
///   counting EDICT's "eat" read 267,379 entries for 1,000 matches (10 ms;
///   3.8 ms now). The library's search of every user's words uses the
///   trigram column alone.
/// - `maeil_line_heads` lists the first characters of each line of a key
///   (`SearchIndex.headLength`), for the searches that ask for lines that start with
///   the query (the ranking's head, the typo pass). pg_trgm finds the start
///   of a line only as the start of any word and checks each candidate in
///   the table: "ing" at a line's start was 15,519 candidates of EDICT's
///   267,000 words for 87 lines (33 ms); this index lists the 87 (0.6 ms).
///
/// Without `btree_gin` the indexes are every user's, as before; without
/// pg_trgm, only the heads are indexed. SQLite's FTS5 does all this itself.
struct IndexSearchKeysByUser: AsyncMigration {
    /// Each key column and the name of its trigram index of every user's words.
    static let trigramColumns = [
        ("jamo_text", "words_jamo_trgm"), ("choseong_text", "words_choseong_trgm"),
        ("cjk_text", "words_cjk_trgm"),
    ]

    /// `maeil_line_heads` as this migration makes it (`ListLineHeadsInALoop` replaces it).
    static let lineHeadsQuery = """
        LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
          SELECT ARRAY(SELECT left(line, length)
            FROM unnest(string_to_array(key, E'\\n')) AS line WHERE line <> '')
        $$
        """

    func prepare(on database: any Database) async throws {
        let sql = try database.sql()
        guard sql.maeilDialect == .postgres else { return }
        // Repeated heads are left in: GIN keeps each key once per row, and
        // without DISTINCT EDICT's 267,000 jamo keys took 0.8 s instead of 1.4.
        try await sql.raw(
            """
            CREATE FUNCTION maeil_line_heads(key text, length integer) RETURNS text[]
            \(unsafeRaw: Self.lineHeadsQuery)
            """
        ).run()
        let byUser = try await Self.enableBtreeGin(sql, logger: database.logger)
        let owner = byUser ? "user_id, " : ""
        for column in SearchIndex.headColumns {
            try await sql.raw(
                "CREATE INDEX words_\(unsafeRaw: column)_heads ON words USING gin (\(unsafeRaw: owner + SearchIndex.heads(of: column)))"
            ).run()
        }
        if byUser, try await CreateSearchIndex.hasTrigramIndexes(sql) {
            for (column, shared) in Self.trigramColumns {
                try await sql.run([
                    "CREATE INDEX words_user_\(column)_trgm ON words USING gin (user_id, \(column) public.gin_trgm_ops)",
                    "DROP INDEX IF EXISTS \(shared)",
                ])
            }
        }
        // The planner estimates a lookup by a line's head from the index's
        // own statistics; without them it read every word of the user too.
        try await sql.raw("ANALYZE words").run()
    }

    /// Whether `btree_gin` is there, created if need be. A trusted extension
    /// since PostgreSQL 13, as pg_trgm is; another process migrating at the
    /// same time may create it first, when this one's attempt fails.
    private static func enableBtreeGin(_ sql: any SQLDatabase, logger: Logger) async throws -> Bool
    {
        if try await CreateSearchIndex.hasExtension("btree_gin", sql) { return true }
        do {
            try await sql.raw("CREATE EXTENSION IF NOT EXISTS btree_gin SCHEMA public").run()
            return true
        } catch {
            if try await CreateSearchIndex.hasExtension("btree_gin", sql) { return true }
            logger.warning(
                "btree_gin could not be enabled (\(String(reflecting: error))); search's indexes stay shared by all users"
            )
            return false
        }
    }

    func revert(on database: any Database) async throws {
        let sql = try database.sql()
        guard sql.maeilDialect == .postgres else { return }
        if try await CreateSearchIndex.hasTrigramIndexes(sql) {
            for (column, shared) in Self.trigramColumns {
                try await sql.run([
                    "CREATE INDEX IF NOT EXISTS \(shared) ON words USING gin (\(column) public.gin_trgm_ops)",
                    "DROP INDEX IF EXISTS words_user_\(column)_trgm",
                ])
            }
        }
        for column in SearchIndex.headColumns {
            try await sql.raw("DROP INDEX IF EXISTS words_\(unsafeRaw: column)_heads").run()
        }
        try await sql.raw("DROP FUNCTION IF EXISTS maeil_line_heads(text, integer)").run()
    }
}
