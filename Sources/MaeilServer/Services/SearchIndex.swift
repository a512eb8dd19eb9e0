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
        // A consonants-only query is a choseong query: as typing units it
        // would also match a final and the next initial (옷가게 for ㅅㄱ).
        var list = [query.choseong.map { ("choseong_text", WordSearchKeys.doubled($0)) } ?? ("jamo_text", query.jamo)]
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
            "\(unsafeRaw: column(alt.column, for: alt.needle)) LIKE \(bind: Self.contains(alt.needle)) ESCAPE '\\'"
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

    /// The column as the condition names it. pg_trgm cannot use a needle of
    /// fewer than three characters and then reads its whole index, far slower
    /// than scanning the user's words (measured: 190 ms against 20 ms on
    /// 50,000 words), so such a condition is written so the index is not chosen.
    private func column(_ name: String, for needle: String) -> String {
        dialect == "postgresql" && needle.unicodeScalars.count < 3 ? "(w.\(name) || '')" : "w.\(name)"
    }

    /// Rank of a matching word, best first (`WordMatchKind` order): exact
    /// sense, prefix of a sense, substring, partial syllable, choseong, then
    /// the same three for the query in the other layout.
    var rank: SQLQueryString {
        var rank: SQLQueryString = "CASE " + Self.textRanks(query.folded, from: 0)
            + " WHEN w.jamo_text LIKE \(bind: Self.contains(query.jamo)) ESCAPE '\\' THEN 3"
        if let choseong = query.choseong {
            rank = rank + " WHEN w.choseong_text LIKE \(bind: Self.contains(WordSearchKeys.doubled(choseong))) ESCAPE '\\' THEN 4"
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

    /// Candidates for the one-jamo-typo pass: words with the query's initial
    /// consonants (a typo in a vowel or a final keeps them: 사가 → ㅅㄱ → 사과).
    /// The caller checks the edit distance. A typo in an initial consonant is
    /// not looked for: every other word would be a candidate.
    var fuzzyCandidates: (table: String, condition: SQLQueryString)? {
        guard let choseong = query.fuzzyChoseong.map(WordSearchKeys.doubled) else { return nil }
        var condition: SQLQueryString = " AND \(unsafeRaw: column("choseong_text", for: choseong)) LIKE \(bind: Self.contains(choseong)) ESCAPE '\\'"
        guard dialect == "sqlite", choseong.unicodeScalars.count >= 3 else { return ("words w", condition) }
        condition = condition + " AND w.search_id IN (SELECT rowid FROM words_fts WHERE words_fts MATCH \(bind: "choseong_text:" + Self.phrase(choseong)))"
        return ("words w INDEXED BY words_search_id", condition)
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
