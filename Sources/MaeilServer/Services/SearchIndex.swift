import Foundation
import SQLKit
import VocabCore

/// Substring search over `words.search_text` (folded term, meaning, reading)
/// through a trigram index, so a query does not scan every word:
/// SQLite: an FTS5 table with the trigram tokenizer, kept in step by triggers
/// and keyed by `words.search_id` (a 64-bit id derived from the word's UUID,
/// stable across VACUUM, unlike SQLite's implicit rowid);
/// PostgreSQL: a pg_trgm GIN index, which LIKE uses by itself.
/// Trigrams need three characters; shorter queries scan, which is what LIKE
/// does anyway. The LIKE stays in every query, so results are exact either way.
enum SearchIndex {
    static func searchID(_ id: UUID) -> Int64 {
        let u = id.uuid
        let bytes = [u.0, u.1, u.2, u.3, u.4, u.5, u.6, u.7]
        return Int64(bitPattern: bytes.reduce(UInt64(0)) { $0 << 8 | UInt64($1) })
    }

    static func usesFTS(folded query: String, dialect: String) -> Bool {
        dialect == "sqlite" && query.unicodeScalars.count >= 3
    }

    /// How `words w` is named in FROM. With FTS, SQLite must drive the query
    /// from the trigram matches; left alone it prefers the user_id index and
    /// reads every word of the user.
    static func wordsTable(folded query: String?, dialect: String) -> String {
        guard let query, usesFTS(folded: query, dialect: dialect) else { return "words w" }
        return "words w INDEXED BY words_search_id"
    }

    static func condition(folded query: String, dialect: String) -> SQLQueryString {
        let like: SQLQueryString = " AND w.search_text LIKE \(bind: SearchFolding.likePattern(query)) ESCAPE '\\'"
        guard usesFTS(folded: query, dialect: dialect) else { return like }
        // An FTS5 string literal: double quotes doubled.
        let phrase = "\"" + query.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        return " AND w.search_id IN (SELECT rowid FROM words_fts WHERE words_fts MATCH \(bind: phrase))" + like
    }
}
