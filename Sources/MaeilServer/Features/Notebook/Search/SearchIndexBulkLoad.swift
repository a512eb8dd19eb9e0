import SQLKit

/// SQLite: an import indexes its new words for search in one statement at
/// its end, inside its transaction (`IndexImportsInBulk` has why): EDICT's
/// 267,000 words took 35 s with the insert trigger and 29 s this way
/// (release build; a 64 MB page cache meanwhile saved nothing measurable and
/// took the import's peak memory from 243 to 312 MB). PostgreSQL's trigram
/// indexes need nothing of the kind.
enum SearchIndexBulkLoad {
    /// The key columns the FTS5 table covers (since `AddCJKSearchKey`).
    static let columns = ["jamo_text", "choseong_text", "cjk_text"]

    /// Runs `body`, which adds words on `sql` (a transaction), then indexes
    /// them. An import of half the words or more then merges the index into
    /// one segment: one statement leaves FTS5 a stack of segments that every
    /// phrase lookup walks one by one (EDICT's "dog" 5.6 → 3.0 ms, "school"
    /// 6.1 → 4.0 ms, for 3 s of a 25 s import), and FTS5's own merging
    /// meanwhile is undone by it (off for that statement: 1 s less of EDICT's
    /// 8 s of indexing). A smaller one leaves it to FTS5's own merging:
    /// merging rewrites the whole index.
    static func around<T>(_ sql: any SQLDatabase, _ body: () async throws -> T) async throws -> T {
        guard sql.maeilDialect == .sqlite else { return try await body() }
        let keys = indexed(columns, of: "w")
        try await sql.raw("UPDATE words_fts_deferral SET deferred = 1").run()
        let result = try await body()
        let pending =
            try await sql.raw("SELECT COUNT(*) AS n FROM words_fts_pending").first()?.decode(
                column: "n", as: Int.self) ?? 0
        let indexed =
            try await sql.raw("SELECT COALESCE(SUM(word_count), 0) AS n FROM books").first()?
            .decode(column: "n", as: Int.self) ?? 0
        let merges = pending * 2 >= indexed
        try await sql.run(
            (merges ? [automerge(0), pendingTermsLimit(Self.mergedPendingTermsBytes)] : [])
                + [
                    """
                    INSERT INTO words_fts(rowid, \(columns.joined(separator: ", ")))
                    SELECT w.search_id, \(keys)
                    FROM words_fts_pending p CROSS JOIN words w INDEXED BY words_search_id
                    WHERE w.search_id = p.search_id ORDER BY p.search_id
                    """,
                    "DELETE FROM words_fts_pending",
                    "UPDATE words_fts_deferral SET deferred = 0",
                ]
                + (merges
                    ? [
                        Self.mergeIntoOneSegment, automerge(4),
                        pendingTermsLimit(Self.pendingTermsBytes),
                    ] : []))
        return result
    }

    /// What the index is given of each key column of `row` (a trigger's
    /// `new` or `old`, or a table's alias): the key after a newline, so that
    /// every line starts after one (`IndexLineStarts`, `SearchIndex.lineStart`).
    static func indexed(_ columns: [String], of row: String) -> String {
        columns.map { "char(10) || \(row).\($0)" }.joined(separator: ", ")
    }

    /// Merges the FTS5 table's segments into one (FTS5's `optimize`).
    static let mergeIntoOneSegment = "INSERT INTO words_fts(words_fts) VALUES ('optimize')"

    /// FTS5's `hashsize`, the terms it gathers in memory before it writes
    /// them out as a segment, as the table keeps it: large, so that an
    /// import too small to be merged into one segment leaves few of them
    /// (`IndexImportsInBulk`; 100,000 words into EDICT's index: 3 segments
    /// and 10.2 s, where 2 MB left 18 and took 11.3 s).
    static let pendingTermsBytes = 32 << 20

    /// `hashsize` while an import that is merged into one segment afterwards
    /// indexes its words: a table of terms that stays in the processor's
    /// caches, where at 32 MB each term's lookup missed them (FTS5's hash
    /// writes were 13.5% of EDICT's import, 6.0% at 2 MB). The merge reads
    /// the more segments once. EDICT: 27.1 s against 28.7 s (means of 10
    /// pairs of runs, 8 of them faster; 1 and 4 MB alike) and 200 MB at the
    /// peak against 266.
    static let mergedPendingTermsBytes = 2 << 20

    /// Sets FTS5's `hashsize` to `bytes`.
    static func pendingTermsLimit(_ bytes: Int) -> String {
        "INSERT INTO words_fts(words_fts, rank) VALUES ('hashsize', \(bytes))"
    }

    /// FTS5's `automerge` setting (4, its default: merge once 4 segments of
    /// a size are there; 0: never).
    private static func automerge(_ segments: Int) -> String {
        "INSERT INTO words_fts(words_fts, rank) VALUES ('automerge', \(segments))"
    }
}
