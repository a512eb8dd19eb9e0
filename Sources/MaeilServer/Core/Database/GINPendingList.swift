import SQLKit

/// PostgreSQL: how much a GIN index (`words`' trigram and line-head indexes,
/// `books`' search text) holds in its pending list: new entries written
/// unsorted, merged into the index when the list outgrows
/// `gin_pending_list_limit` (checked by the writer) or by vacuum. Every
/// lookup in the index reads that list whole, every user's entries in it.
///
/// At PostgreSQL's default of 4 MB a server whose users add words between
/// autovacuum runs slowed every search: 3,500 words added (473 pages) took
/// the count of EDICT's "dog" from 3.0 to 8.9 ms, and 3,000 added by another
/// user through the API the EDICT user's search mix from a p50 of 5.3-6.6 ms
/// to 9.9-13.0 (three runs; 7.0-8.3 with this). The app's connections keep
/// the list to `everyday` instead; a word added then merges it now and then
/// (1,500 single-row inserts into a 20,000-word book: mean 2.08-2.30 ms
/// against 1.85-2.10, p99 11-13 ms against 5 ms).
enum GINPendingList {
    /// The startup parameter of the app's connections.
    static let everyday = (name: "gin_pending_list_limit", value: "128kB")

    /// A large import merges in bigger batches, inside its transaction only:
    /// a list of up to 16 MB, gathered in up to 64 MB (`work_mem`, what a
    /// merge by a writer may use) so that each key's entries reach the index
    /// in few visits. EDICT's import took 61.8-64.3 s so, against 66.2-70.1 s
    /// at PostgreSQL's default of 4 MB in 4 MB (same sitting); lists of 8,
    /// 16 and 32 MB took it 62-64, 60-61 and 62-64 s against 65-78 s at 4 MB
    /// (two to six runs each); merging every 256 kB, 93 s. The cost: other
    /// users' searches during such an import read a list up to four times
    /// longer, and disk: an index keeps the pages its list used (reused by
    /// later lists, never given back), so after EDICT the five shared GIN
    /// indexes on `words` held 6,725 pages (53 MB) more than at 4 MB; 16 MB
    /// each at most. Its words are merged when it ends
    /// (`WordStore.refreshStatistics`).
    static let bulk: SQLQueryString = """
        SELECT set_config('gin_pending_list_limit', '16MB', true), set_config('work_mem', '64MB', true)
        """

    /// Merges the pending entries of every GIN index on `words`.
    static let mergeWords: SQLQueryString = """
        SELECT gin_clean_pending_list(i.indexrelid) FROM pg_index i
        JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_am a ON a.oid = c.relam
        WHERE i.indrelid = to_regclass('words') AND a.amname = 'gin'
        """
}
