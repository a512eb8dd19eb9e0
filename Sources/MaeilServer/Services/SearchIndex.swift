import Foundation
import SQLKit
import VocabCore

/// The SQL side of Korean-aware search (see `WordSearchKeys`): which words
/// match a query, and in which rank, using the keys stored with each word.
///
/// Candidates come from a trigram index so a query does not read every word:
/// SQLite: an FTS5 table (trigram tokenizer) over `jamo_text` and
/// `choseong_text`, kept in step by triggers and keyed by `words.search_id` (a
/// 64-bit id derived from the word's UUID, stable across VACUUM, unlike
/// SQLite's implicit rowid); PostgreSQL: pg_trgm GIN indexes, which LIKE uses
/// by itself. Trigrams need three characters; a shorter form of the query
/// scans, which is what LIKE does anyway. The LIKE conditions stay in every
/// query, so results are exact either way.
struct SearchIndex: Sendable {
    let query: WordSearchQuery
    let dialect: String

    static func searchID(_ id: UUID) -> Int64 {
        let u = id.uuid
        let bytes = [u.0, u.1, u.2, u.3, u.4, u.5, u.6, u.7]
        return Int64(bitPattern: bytes.reduce(UInt64(0)) { $0 << 8 | UInt64($1) })
    }

    /// (column, needle) pairs: a word matches when any column contains its needle.
    private var alternatives: [(column: String, needle: String)] {
        var list = [("jamo_text", query.jamo)]
        if let choseong = query.choseong { list.append(("choseong_text", choseong)) }
        if let other = query.otherLayoutJamo, other != query.jamo { list.append(("jamo_text", other)) }
        return list
    }

    private var usesFTS: Bool {
        dialect == "sqlite" && alternatives.allSatisfy { $0.needle.unicodeScalars.count >= 3 }
    }

    /// How `words w` is named in FROM. With FTS, SQLite must drive the query
    /// from the trigram matches; left alone it prefers the user_id index and
    /// reads every word of the user.
    var wordsTable: String {
        usesFTS ? "words w INDEXED BY words_search_id" : "words w"
    }

    /// ` AND (…)`: the query's match condition.
    var condition: SQLQueryString {
        var parts: [SQLQueryString] = alternatives.map { alt in
            "w.\(unsafeRaw: alt.column) LIKE \(bind: Self.contains(alt.needle)) ESCAPE '\\'"
        }
        var clause: SQLQueryString = " AND (" + parts.removeFirst()
        for part in parts { clause = clause + " OR " + part }
        clause = clause + ")"
        if usesFTS {
            let match = alternatives.map { "\($0.column):\(Self.phrase($0.needle))" }.joined(separator: " OR ")
            clause = clause + " AND w.search_id IN (SELECT rowid FROM words_fts WHERE words_fts MATCH \(bind: match))"
        }
        return clause
    }

    /// Rank of a matching word, best first (`WordMatchKind` order): exact
    /// sense, prefix of a sense, substring, partial syllable, choseong, then
    /// the same three for the query in the other layout.
    var rank: SQLQueryString {
        var rank: SQLQueryString = "CASE " + Self.textRanks(query.folded, from: 0)
            + " WHEN w.jamo_text LIKE \(bind: Self.contains(query.jamo)) ESCAPE '\\' THEN 3"
        if let choseong = query.choseong {
            rank = rank + " WHEN w.choseong_text LIKE \(bind: Self.contains(choseong)) ESCAPE '\\' THEN 4"
        }
        if let other = query.otherLayout {
            rank = rank + " " + Self.textRanks(other, from: 5)
        }
        return rank + " ELSE 8 END"
    }

    /// WHENs for a whole sense, the start of a sense, and anywhere in `search_text`.
    private static func textRanks(_ needle: String, from first: Int) -> SQLQueryString {
        let q = escape(needle)
        return """
            WHEN (\(bind: "\n") || w.search_text || \(bind: "\n")) LIKE \(bind: "%\n" + q + "\n%") ESCAPE '\\' THEN \(literal: first)
            WHEN (\(bind: "\n") || w.search_text) LIKE \(bind: "%\n" + q + "%") ESCAPE '\\' THEN \(literal: first + 1)
            WHEN w.search_text LIKE \(bind: "%" + q + "%") ESCAPE '\\' THEN \(literal: first + 2)
            """
    }

    /// Candidates for the one-jamo-typo pass: words sharing a trigram of the
    /// query's typing units. The caller checks the edit distance.
    var fuzzyCandidates: SQLQueryString? {
        let scalars = Array(query.jamo.unicodeScalars)
        guard query.allowsFuzzy, scalars.count >= 3 else { return nil }
        var trigrams: [String] = []
        for i in 0...(scalars.count - 3) {
            let t = String(String.UnicodeScalarView(scalars[i..<(i + 3)]))
            if !t.contains(" "), !trigrams.contains(t) { trigrams.append(t) }
        }
        guard !trigrams.isEmpty else { return nil }
        if dialect == "sqlite" {
            let match = trigrams.map { "jamo_text:" + Self.phrase($0) }.joined(separator: " OR ")
            return " AND w.search_id IN (SELECT rowid FROM words_fts WHERE words_fts MATCH \(bind: match) ORDER BY rank LIMIT 2000)"
        }
        var clause: SQLQueryString = " AND (w.jamo_text LIKE \(bind: Self.contains(trigrams[0])) ESCAPE '\\'"
        for t in trigrams.dropFirst() { clause = clause + " OR w.jamo_text LIKE \(bind: Self.contains(t)) ESCAPE '\\'" }
        return clause + ")"
    }

    static func escape(_ s: String) -> String {
        s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "%", with: "\\%")
            .replacingOccurrences(of: "_", with: "\\_")
    }

    static func contains(_ s: String) -> String { "%" + escape(s) + "%" }

    /// An FTS5 string literal: double quotes doubled.
    static func phrase(_ s: String) -> String {
        "\"" + s.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
