import Foundation
import SQLKit
import VocabCore

/// The SQL side of Korean-aware search (see `WordSearchKeys`): which words
/// match a query, and in which rank, using the keys stored with each word.
///
/// Candidates come from a trigram index so a query does not read every word:
/// SQLite: an FTS5 table (trigram tokenizer) over `jamo_text`,
/// `choseong_text` and `cjk_text`, kept in step by triggers and keyed by `words.search_id` (a
/// 64-bit id derived from the word's UUID, stable across VACUUM, unlike
/// SQLite's implicit rowid); PostgreSQL: pg_trgm GIN indexes, which LIKE uses
/// by itself. Trigrams need three characters: choseong and short kanji or
/// kana queries are matched against keys with each character repeated
/// (`WordSearchKeys`); any other shorter form of the query scans, which is
/// what LIKE does anyway. The LIKE conditions stay in every
/// query, so results are exact either way.
struct SearchIndex: Sendable {
    let query: WordSearchQuery
    let dialect: DatabaseDialect
    /// The user whose words are searched; nil searches every user's (the library).
    var owner: UUID? = nil

    /// The id's first eight bytes, big-endian, as a signed integer.
    static func searchID(_ id: UUID) -> Int64 {
        withUnsafeBytes(of: id.uuid) { bytes in
            Int64(bitPattern: bytes.prefix(8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) })
        }
    }

    /// SQLite: the search ids of a user's words, one range of 2^40 per user
    /// (23 bits of the user's id above 40 bits counted up), so one user's
    /// search reads only their part of each trigram's list in the shared FTS5
    /// table: EDICT's "water" read every other user's "wat", "ate" and "ter"
    /// (14 ms p50 beside 400,000 words of two other users, 5 ms alone). Users
    /// whose bits agree share a range, which stays correct: every query also
    /// checks the owner.
    static func searchIDs(of user: UUID) -> ClosedRange<Int64> {
        let block = Int64(UInt64(bitPattern: searchID(user)) >> 41)
        return (block << 40)...((block << 40) | (1 << 40 - 1))
    }

    /// SQLite: the highest search id in the user's range (its start when
    /// there is none), which new words count on from.
    static func highestSearchID(of user: UUID, on sql: any SQLDatabase) async throws -> Int64 {
        let range = searchIDs(of: user)
        let row = try await sql.raw(
            """
            SELECT COALESCE(MAX(search_id), \(bind: range.lowerBound)) AS highest FROM words
            WHERE search_id BETWEEN \(bind: range.lowerBound) AND \(bind: range.upperBound)
            """
        ).first()
        return try row?.decode(column: "highest", as: Int64.self) ?? range.lowerBound
    }

    /// The search id of the `row`th word (from 0) of a statement inserting
    /// words of `user`. SQLite: the next in the user's range, counted from the
    /// highest there inside the statement itself, so two writers never take
    /// the same one (evaluated once or per row, the ids only rise).
    /// PostgreSQL, whose trigram indexes never read them: from the word's id.
    static func newSearchID(
        for id: UUID, row: Int, of user: UUID, dialect: DatabaseDialect
    ) -> any SQLExpression {
        guard dialect == .sqlite else { return SQLBind(searchID(id)) }
        let range = searchIDs(of: user)
        return SQLQueryString(
            """
            ((SELECT COALESCE(MAX(search_id), \(literal: range.lowerBound)) FROM words
            WHERE search_id BETWEEN \(literal: range.lowerBound) AND \(literal: range.upperBound))
            + \(literal: row + 1))
            """)
    }

    /// PostgreSQL: the key columns with an index of their lines' heads
    /// (`IndexSearchKeysByUser`).
    static let headColumns = ["jamo_text", "choseong_text"]

    /// How many characters of each line the heads index of a key keeps. A
    /// jamo line is asked for by its start, three typing units or more. A
    /// choseong line is asked for whole (the typo pass, a choseong query's
    /// head), so its head is the whole line up to four initials (written
    /// twice): two initials as a head were 1,654 words of 300,000 for 569
    /// lines of exactly those two, each checked in the table (9.6 ms).
    static func headLength(of column: String) -> Int { column == "choseong_text" ? 8 : 3 }

    /// `maeil_line_heads(column, length)`, as the heads index of `column`
    /// has it (a query must say it alike for the index to answer).
    static func heads(of column: String, qualifier: String = "") -> String {
        "maeil_line_heads(\(qualifier)\(column), \(headLength(of: column)))"
    }

    /// (column, needle) pairs: a word matches when any column contains its needle.
    private var alternatives: [(column: String, needle: String)] {
        // A consonants-only query is a choseong query: as typing units it
        // would also match a final and the next initial (옷가게 for ㅅㄱ).
        // A kanji or kana query of one or two characters is looked up in its
        // tripled form, long enough for the trigram index.
        var list = [
            query.choseong.map { ("choseong_text", WordSearchKeys.doubled($0)) }
                ?? WordSearchKeys.shortCJKNeedle(query).map { ("cjk_text", $0) }
                ?? ("jamo_text", query.jamo)
        ]
        if let other = query.otherLayoutJamo, other != query.jamo {
            list.append(("jamo_text", other))
        }
        return list
    }

    private var usesFTS: Bool {
        dialect == .sqlite && alternatives.allSatisfy { $0.needle.unicodeScalars.count >= 3 }
    }

    /// How `words w` is named in FROM. With FTS, SQLite must drive the query
    /// from the trigram matches; left alone it prefers the user_id index and
    /// reads every word of the user.
    var wordsTable: String {
        usesFTS ? Self.indexedWords : "words w"
    }

    /// `words w` read by `search_id` (the covering `words_search_id` index).
    private static let indexedWords = "words w INDEXED BY words_search_id"

    /// Where a count of the matches reads (FROM, and ` AND …` after the
    /// filter's conditions). With FTS5 the trigram matches drive: the phrase
    /// match is the same test as LIKE for needles of three characters or
    /// more, so each match is checked against the covering `words_search_id`
    /// index (owner, book) without reading the word, and the count stops at
    /// its cap without finding every match first.
    var countSource: (table: String, condition: SQLQueryString) {
        guard usesFTS else { return ("words w", condition) }
        return (
            "words_fts f CROSS JOIN \(Self.indexedWords)",
            " AND w.search_id = f.rowid AND words_fts MATCH \(bind: Self.ftsMatch(alternatives))"
                + ownersRange("f.rowid")
        )
    }

    /// SQLite: the search ids of the matches, read from the FTS5 index alone
    /// (at most `limit`), for a search of every word of the owner when
    /// `ownsItsRange`: each match in the owner's range is then the owner's,
    /// and checking each against `words` (owner, book) cost 2 µs a match:
    /// 2 ms of EDICT's "water", which stops at 1,000. Nil without the index.
    func matchesInOwnersRange(limit: Int) -> SQLQueryString? {
        guard usesFTS, owner != nil else { return nil }
        return
            "SELECT rowid AS id FROM words_fts WHERE words_fts MATCH \(bind: Self.ftsMatch(alternatives))"
            + ownersRange("rowid") + " LIMIT \(literal: limit)"
    }

    /// SQLite: whether no other user can have words in the user's range of
    /// search ids (`searchIDs(of:)`): no other user's id starts with the same
    /// 23 bits, five hex digits and three bits of the sixth, which an index
    /// range of `users` finds. Ids are text, upper-case as Fluent writes
    /// them; lower-case is looked for as well. The bounds end with "!" and "~",
    /// which sort before and after any character an id has there (and keep
    /// a bound of digits from being compared as a number).
    static func ownsItsRange(_ user: UUID, on sql: any SQLDatabase) async throws -> Bool {
        let hex = Array(user.uuidString.uppercased())
        guard let sixth = hex[5].hexDigitValue else { return false }
        let prefix = String(hex[0..<5])
        let low = prefix + String(sixth & ~1, radix: 16, uppercase: true) + "!"
        let high = prefix + String(sixth | 1, radix: 16, uppercase: true) + "~"
        let row = try await sql.raw(
            """
            SELECT COUNT(*) AS n FROM (SELECT 1 FROM users
            WHERE id BETWEEN \(bind: low) AND \(bind: high)
            OR id BETWEEN \(bind: low.lowercased()) AND \(bind: high.lowercased()) LIMIT 2)
            """
        ).first()
        return try row?.decode(column: "n", as: Int.self) == 1
    }

    /// Whether `countSource` reads the matches from the index alone (FTS5):
    /// a count that lists their search ids lists every match.
    var listsMatchesFromIndex: Bool { usesFTS }

    /// ` AND (…)`: the query's match condition for words already found
    /// through the index (`listsMatchesFromIndex`), by their search ids (a
    /// JSON array).
    func condition(matchingJSON searchIDs: String) -> SQLQueryString {
        anyContains(alternatives)
            + " AND w.search_id IN (SELECT value FROM json_each(\(bind: searchIDs)))"
    }

    /// ` AND (…)`: the query's match condition.
    var condition: SQLQueryString { matching(alternatives) }

    /// Whether the query can be in a large share of a book's words: its
    /// needle as typed (the first: a choseong query's initials, doubled) is
    /// letters or jamo one or two trigrams long (three or four characters),
    /// which the trigram index narrows least ("ing": 58,612 of EDICT's
    /// 267,379 words). A shorter one is not looked up in the index at all
    /// (`column`), and three kanji or kana are a word or most of one, in a few
    /// words at most (食べる: 8 of EDICT's). The other layout's needle is
    /// left out: three initials typed as Latin keys ("qxT" for ㅂㅌㅆ) would
    /// be probed for a query that is narrow as typed.
    var mayBeInALargeShare: Bool {
        guard let typed = alternatives.first else { return false }
        return (3...4).contains(typed.needle.unicodeScalars.count)
            && !WordSearchKeys.holdsCJK(typed.needle)
    }

    /// ` AND (…)`: some of the alternatives match, through the index where it serves.
    private func matching(_ some: [(column: String, needle: String)]) -> SQLQueryString {
        usesFTS ? anyContains(some) + found(by: Self.ftsMatch(some)) : anyContains(some)
    }

    /// ` AND …`: the words at the head of the ranking, where a term, sense or
    /// reading starts with the query (exact and prefix matches), found through
    /// the index by the start of a line (`^` or a newline, in the query's key).
    /// A broad query ("eat": 7,984 of 267,000 words) has hundreds of those at
    /// most, so its first page is ranked without reading every match; nil
    /// where this does not apply (no index; choseong queries on PostgreSQL).
    private var headCondition: SQLQueryString? {
        if dialect == .postgres { return postgresHead }
        guard usesFTS, let first = alternatives.first else { return nil }
        if let line = choseongLine {
            // A choseong query's head: words with a line of exactly those
            // initials (rank 0), which a line-start lookup of the line with
            // its end finds. "ㅌㅊ" matched 3,264 of 300,000 words, read and
            // ranked one by one; 549 of them are exact.
            return
                " AND " + Self.lineStartsLike("choseong_text", Self.escape(line))
                + found(by: Self.lineStart("choseong_text", line))
        }
        let anchored = Self.lineStart(first.column, first.needle)
        return
            " AND " + Self.lineStartsLike("search_text", Self.escape(query.folded))
            + found(by: anchored)
    }

    /// PostgreSQL's head, found by the heads of the key's lines
    /// (`IndexSearchKeysByUser`): lines that start with the query's typing
    /// units ("eat": 51 of EDICT's 7,984 matches, ranked without the rest),
    /// or for a choseong query lines of exactly its initials.
    /// A kanji or kana query of one or two characters is found by the lines
    /// of the `cjk` key that start with it, tripled (`cjkLineStarts`).
    private var postgresHead: SQLQueryString? {
        if let line = choseongLine {
            return
                " AND " + Self.lineStartsLike("choseong_text", Self.escape(line)) + " AND "
                + Self.lineHeads("choseong_text", line)
        }
        if let first = alternatives.first, first.column == "cjk_text" {
            return
                " AND " + Self.lineStartsLike("search_text", Self.escape(query.folded)) + " AND "
                + Self.cjkLineStarts(first.needle)
        }
        guard let first = alternatives.first, first.column == "jamo_text",
            first.needle.unicodeScalars.count >= Self.headLength(of: "jamo_text")
        else { return nil }
        return
            " AND " + Self.lineStartsLike("search_text", Self.escape(query.folded)) + " AND "
            + Self.lineHeads("jamo_text", first.needle)
    }

    /// ` AND …` conditions whose matches come first in the ranking, narrowest
    /// first: a full page of one of them at the page's offset is the page.
    /// After the head, the query as typed: its matches rank before any match
    /// of the other layout alone (`rank`: 0–3 against 5–8). "wba" among
    /// 300,000 words: 73 matches as typed, and its layout twin "ㅈㅠㅁ" is in
    /// thousands (쥬 and a next syllable starting with ㅁ), all ranked for
    /// each page (18 ms) until the 73 were asked alone.
    /// `startsLines`: the condition reads only lines that start with the
    /// query, few even for a broad one.
    var leadingConditions: [(condition: SQLQueryString, startsLines: Bool)] {
        var tiers = headCondition.map { [($0, true)] } ?? []
        if alternatives.count > 1, let typed = alternatives.first, typed.column != "cjk_text" {
            tiers.append((matching([typed]), false))
        }
        return tiers
    }

    /// ` AND (a LIKE … OR b LIKE …)`: some column contains its needle.
    private func anyContains(_ alternatives: [(column: String, needle: String)]) -> SQLQueryString {
        " AND ("
            + Self.joined(
                alternatives.map {
                    "\(unsafeRaw: column($0.column, for: $0.needle)) LIKE \(bind: Self.contains($0.needle)) ESCAPE '\\'"
                }, by: " OR ") + ")"
    }

    /// SQL pieces with `separator` between them.
    private static func joined(_ parts: [SQLQueryString], by separator: String) -> SQLQueryString {
        parts.dropFirst().reduce(parts.first ?? "") { $0 + SQLQueryString(separator) + $1 }
    }

    /// ` AND w.search_id IN (…)`: the words the FTS5 trigram index finds for
    /// an FTS5 query (every phrase needs three characters).
    private func found(by ftsQuery: String) -> SQLQueryString {
        " AND w.search_id IN (SELECT rowid FROM words_fts WHERE words_fts MATCH \(bind: ftsQuery)"
            + ownersRange("rowid") + ")"
    }

    /// ` AND rowid BETWEEN …`: the owner's range of search ids, which FTS5
    /// seeks to in each trigram's list; nothing for every user's words.
    private func ownersRange(_ rowid: String) -> SQLQueryString {
        guard let owner else { return "" }
        let range = Self.searchIDs(of: owner)
        return
            " AND \(unsafeRaw: rowid) BETWEEN \(bind: range.lowerBound) AND \(bind: range.upperBound)"
    }

    /// The FTS5 query for the alternatives: any column's phrase.
    private static func ftsMatch(_ alternatives: [(column: String, needle: String)]) -> String {
        alternatives.map { "\($0.column):\(phrase($0.needle))" }.joined(separator: " OR ")
    }

    /// The column as the condition names it. pg_trgm cannot use a needle of
    /// fewer than three characters and then reads its whole index, far slower
    /// than scanning the user's words (measured: 190 ms against 20 ms on
    /// 50,000 words), so such a condition is written so the index is not chosen.
    private func column(_ name: String, for needle: String) -> String {
        dialect == .postgres && needle.unicodeScalars.count < 3 ? "(w.\(name) || '')" : "w.\(name)"
    }

    /// Rank of a matching word, best first (`WordMatchKind` order): exact
    /// sense, prefix of a sense, substring, partial syllable, then the same
    /// three for the query in the other layout. A choseong query ranks its
    /// own way: a line of exactly those initials (ㅅㄱ: 사과, 수건), a line
    /// that starts with them (사과나무), then the initials anywhere (옷가게);
    /// the text of such a query is its initials, so no other rank applies.
    var rank: SQLQueryString {
        var rank: SQLQueryString = "CASE "
        if let line = choseongLine {
            let escaped = Self.escape(line)
            let start = String(escaped.dropLast())
            rank =
                rank
                    + """
                    WHEN \(Self.lineStartsLike("choseong_text", escaped)) THEN 0
                    WHEN \(Self.lineStartsLike("choseong_text", start)) THEN 1
                    WHEN w.choseong_text LIKE \(bind: "%" + start + "%") ESCAPE '\\' THEN 2
                    """
        } else {
            rank =
                rank + Self.textRanks(query.folded, from: 0)
                + " WHEN w.jamo_text LIKE \(bind: Self.contains(query.jamo)) ESCAPE '\\' THEN 3"
        }
        if let other = query.otherLayout {
            rank = rank + " " + Self.textRanks(other, from: 5)
        }
        return rank + " ELSE 8 END"
    }

    /// A choseong query's initials as a line of the choseong key: doubled,
    /// with the line's end.
    private var choseongLine: String? {
        query.choseong.map { WordSearchKeys.doubled($0) + "\n" }
    }

    /// WHENs for a whole sense, the start of a sense, and anywhere in `search_text`.
    private static func textRanks(_ needle: String, from first: Int) -> SQLQueryString {
        let q = escape(needle)
        return """
            WHEN (\(bind: "\n") || w.search_text || \(bind: "\n")) LIKE \(bind: "%\n" + q + "\n%") ESCAPE '\\' THEN \(literal: first)
            WHEN \(lineStartsLike("search_text", q)) THEN \(literal: first + 1)
            WHEN w.search_text LIKE \(bind: "%" + q + "%") ESCAPE '\\' THEN \(literal: first + 2)
            """
    }

    /// Where the one-jamo-typo pass looks, in the order it looks.
    enum TypoKind: CaseIterable {
        /// A typo in a vowel or a final keeps the query's initial consonants
        /// (사가 → ㅅㄱ → 사과): words with a line of exactly those initials
        /// are candidates (`WordSearchQuery.typoLine`). One indexed lookup.
        case vowelOrFinal
        /// A typo in an initial consonant keeps the rest of the typing units:
        /// words with the query's units around one initial are candidates
        /// (자과 → ㅅㅏㄱㅗㅏ → 사과; `WordSearchQuery.initialTypoGaps`). Only
        /// when the first kind found nothing.
        case initial
        /// Wrong letters in a Latin query: words with a line that starts with
        /// its first piece or holds another whole (`WordSearchQuery.latinTypoPieces`).
        case letters
    }

    /// Candidates for one kind of typo, through the trigram indexes; the
    /// caller checks the edit distance. Nil when the query gets no typo pass.
    func fuzzyCandidates(_ kind: TypoKind) -> (table: SQLQueryString, condition: SQLQueryString)? {
        switch kind {
        case .vowelOrFinal:
            return query.typoLine.map {
                lineCandidates(column: "choseong_text", line: $0, narrowedBy: query.typoHalves)
            }
        case .initial:
            let gaps = query.initialTypoGaps
            return gaps.isEmpty ? nil : gapCandidates(gaps)
        case .letters:
            let pieces = query.latinTypoPieces
            return pieces.isEmpty ? nil : pieceCandidates(pieces)
        }
    }

    /// Words with a line of `jamo_text` that starts with the first piece, or
    /// that holds one of the others (every piece three letters or more).
    private func pieceCandidates(_ pieces: [String]) -> (
        table: SQLQueryString, condition: SQLQueryString
    ) {
        guard let first = pieces.first else { return ("words w", " AND 1 = 0") }
        let rest = pieces.dropFirst()
        switch dialect {
        case .postgres:
            let startsALine =
                Self.lineStartsLike("jamo_text", Self.escape(first)) + " AND "
                + Self.lineHeads("jamo_text", first)
            return (
                Self.union([startsALine] + rest.map { Self.like("jamo_text", Self.contains($0)) }),
                ""
            )
        case .sqlite:
            let match =
                ([Self.lineStart("jamo_text", first)] + rest.map { "jamo_text:\(Self.phrase($0))" })
                .map { "(\($0))" }.joined(separator: " OR ")
            return (SQLQueryString(Self.indexedWords), found(by: match))
        }
    }

    /// Words with a line that is the query with one initial swapped. Each gap
    /// is looked up by its sides of three typing units or more (`before`,
    /// which starts the line, and `after`, or for a shorter `after` the
    /// units around the gap, `InitialTypoGap.windows`) and checked with one
    /// LIKE whose `_` stands for the other initial: 18 times fewer trigram
    /// phrases than every swapped spelling (100 ms for a four-syllable query
    /// at 300,000 words). A gap with no side that long is looked up by its
    /// spellings.
    /// The typo test compares whole lines, so SQLite looks for `before` only
    /// at the start of one: a two-syllable query's first syllable anywhere
    /// was 2,830 candidates of 300,000 words, read and tested one by one.
    /// PostgreSQL, for the same reason, looks for a line that ends with an
    /// `after` of two units (`endingALine`).
    private func gapCandidates(_ gaps: [InitialTypoGap]) -> (
        table: SQLQueryString, condition: SQLQueryString
    ) {
        // Each line's LIKE pattern, and whether two units follow its gap
        // (PostgreSQL then looks for it at a line's end).
        var lines: [(pattern: String, twoUnitsAfter: Bool)] = []
        var phrases: [String] = []
        for gap in gaps {
            var sides: [String] = []
            if gap.before.unicodeScalars.count >= 3 {
                sides.append("(\(Self.lineStart("jamo_text", gap.before)))")
            }
            if gap.after.unicodeScalars.count >= 3 {
                sides.append("jamo_text:\(Self.phrase(gap.after))")
            }
            if sides.isEmpty {
                lines += gap.variants.map { (Self.escape($0), false) }
                phrases.append(
                    gap.variants.map { Self.lineStart("jamo_text", $0) }.joined(separator: " OR "))
            } else {
                if gap.after.unicodeScalars.count < 3, !gap.windows.isEmpty {
                    sides.append(
                        "("
                            + gap.windows.map { "jamo_text:\(Self.phrase($0))" }.joined(
                                separator: " OR ") + ")")
                }
                lines.append(
                    (
                        Self.escape(gap.before) + "_" + Self.escape(gap.after),
                        gap.after.unicodeScalars.count == 2
                    ))
                phrases.append(sides.joined(separator: " AND "))
            }
        }
        if dialect == .postgres {
            // One LIKE for each arm of a UNION.
            let arms = lines.flatMap {
                $0.twoUnitsAfter
                    ? Self.endingALine($0.pattern)
                    : [Self.like("jamo_text", "%" + $0.pattern + "%")]
            }
            return (Self.union(arms), "")
        }
        let condition: SQLQueryString =
            " AND ("
            + Self.joined(
                lines.map {
                    Self.lineStartsLike("jamo_text", $0.pattern)
                }, by: " OR ")
        let match = phrases.map { "(\($0))" }.joined(separator: " OR ")
        return (SQLQueryString(Self.indexedWords), condition + ")" + found(by: match))
    }

    /// Words with a line of `column` equal to `line` (which ends with its
    /// newline): at the start of the key or after a newline. On SQLite, when
    /// the query has halves (`WordSearchQuery.typoHalves`), the index is
    /// asked for words that hold the line's characters and a half anywhere,
    /// and the LIKE and the typo test check where: a two-syllable query's
    /// initials alone matched 565 of 300,000 words, with the halves 37, and
    /// without the line's ends 204, found in a fifth of the time (the
    /// trigrams of a line's start or end are in most words: "ㅉㅉ\n" in 31,469).
    private func lineCandidates(
        column: String, line: String, narrowedBy halves: (left: String, right: String)?
    ) -> (table: SQLQueryString, condition: SQLQueryString) {
        let escaped = Self.escape(line)
        switch dialect {
        case .postgres:
            return (
                "words w",
                " AND " + Self.lineStartsLike(column, escaped) + " AND "
                    + Self.lineHeads(column, line)
            )
        case .sqlite:
            var match = Self.lineStart(column, line)
            if let halves {
                let inner = Self.phrase(String(line.dropLast()))
                match =
                    "\(column):\(inner) AND (jamo_text:\(Self.phrase(halves.left)) OR jamo_text:\(Self.phrase(halves.right)))"
            }
            return (
                SQLQueryString(Self.indexedWords),
                " AND " + Self.lineStartsLike(column, escaped)
                    + found(by: match)
            )
        }
    }

    /// PostgreSQL: `(…) w`, the words of a UNION of one condition per arm,
    /// with the columns a filter and the typo pass read. Each arm is then
    /// planned alone and uses its index; one OR of several was
    /// planned as a read of every word of the user (3.5 s for ~40 typo
    /// spellings at 300,000 words), and so was a join of the UNION's ids
    /// back to `words` (170 ms for 592 candidates); the owner condition is
    /// pushed into each arm instead.
    private static func union(_ arms: [SQLQueryString]) -> SQLQueryString {
        let columns = "id, user_id, book_id, added_on, memorized, bookmarked, created_at, jamo_text"
        let selects = arms.map { "SELECT \(unsafeRaw: columns) FROM words w WHERE " + $0 }
        return "(" + joined(selects, by: " UNION ") + ") w"
    }

    /// PostgreSQL: `jamo_text` has a line that ends with `pattern` (escaped
    /// for LIKE), before a newline or at the key's end: two arms. pg_trgm
    /// takes both for the end of a word, so the last two units of the
    /// pattern make a trigram with it, which two units alone do not: a
    /// line of "ㅈㅗㅏㅂㅅ" and two units after the swapped initial was
    /// 3,008 candidates of 300,000 words read one by one (12–18 ms) where
    /// it holds them anywhere, and 11 (1.8 ms for each arm) where it ends with them.
    private static func endingALine(_ pattern: String) -> [SQLQueryString] {
        [like("jamo_text", "%" + pattern + "\n%"), like("jamo_text", "%" + pattern)]
    }

    /// PostgreSQL: a line of the `cjk` key starts with `needle` (a tripled
    /// query): at the key's start, or after a newline. pg_trgm takes a
    /// newline, as any character that is not a letter, for the start of a
    /// word, so both arms read only words that start with the needle from
    /// the trigram index: for 水, the 754 of EDICT's 1,579 words with a line
    /// that starts with it, where the ranking read all 1,579.
    private static func cjkLineStarts(_ needle: String) -> SQLQueryString {
        let escaped = escape(needle)
        return "(" + like("cjk_text", escaped + "%") + " OR "
            + like("cjk_text", "%\n" + escaped + "%") + ")"
    }

    /// `w.column LIKE pattern` (escaped for LIKE).
    private static func like(_ column: String, _ pattern: String) -> SQLQueryString {
        "w.\(unsafeRaw: column) LIKE \(bind: pattern) ESCAPE '\\'"
    }

    /// PostgreSQL: a line of `column` starts with the first characters of
    /// `start` (`IndexSearchKeysByUser`, whose index answers it), beside a
    /// LIKE that checks the whole line's start. The heads are as long as the
    /// index keeps, so `start` is that long or more, or a whole line (then
    /// ending with its newline, which no head holds).
    private static func lineHeads(_ column: String, _ start: String) -> SQLQueryString {
        let head = start.unicodeScalars.prefix { $0 != "\n" }.prefix(
            Self.headLength(of: column))
        return
            "\(unsafeRaw: Self.heads(of: column, qualifier: "w.")) @> ARRAY[\(bind: String(String.UnicodeScalarView(head)))]"
    }

    /// An FTS5 query for lines of `column` that start with `needle`: after a
    /// newline, as the index has one before each key (`IndexLineStarts`).
    static func lineStart(_ column: String, _ needle: String) -> String {
        "\(column):\(phrase("\n" + needle))"
    }

    /// `("\n" || w.column) LIKE '%\n<pattern>%'`: a line of the column starts
    /// with `pattern` (escaped for LIKE; `_` may stand for one character).
    private static func lineStartsLike(_ column: String, _ pattern: String) -> SQLQueryString {
        "(\(bind: "\n") || w.\(unsafeRaw: column)) LIKE \(bind: "%\n" + pattern + "%") ESCAPE '\\'"
    }

    static func escape(_ s: String) -> String { LikePattern.literal(s) }

    static func contains(_ s: String) -> String { "%" + escape(s) + "%" }

    /// An FTS5 string literal: double quotes doubled.
    static func phrase(_ s: String) -> String {
        "\"" + s.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
