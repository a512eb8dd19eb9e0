import Fluent
import Foundation
import SQLKit
import VocabCore

/// An entry of the dictionary as stored: its row id is its line's place in EDICT.
struct DictionaryRecord: Sendable {
    var id: Int
    var entry: EDICTEntry
}

/// The shared EDICT dictionary (`dictionary_entries`): replaced whole by an import,
/// searched by headword, reading and English gloss words.
struct DictionaryStore: Sendable {
    let db: any Database

    /// The lookup indexes, made after a bulk load (cheaper than keeping them up to date).
    static func lookupIndexes(_ dialect: DatabaseDialect) -> [String] {
        switch dialect {
        case .sqlite:
            [
                "CREATE INDEX dictionary_entries_term ON dictionary_entries (term)",
                "CREATE INDEX dictionary_entries_reading ON dictionary_entries (reading)",
            ]
        case .postgres:
            [
                "CREATE INDEX dictionary_entries_term ON dictionary_entries (term text_pattern_ops)",
                "CREATE INDEX dictionary_entries_reading ON dictionary_entries (reading text_pattern_ops)",
                "CREATE INDEX dictionary_entries_glosses ON dictionary_entries USING gin (to_tsvector('simple', glosses))",
            ]
        }
    }

    static let lookupIndexNames = [
        "dictionary_entries_term", "dictionary_entries_reading", "dictionary_entries_glosses",
    ]

    /// SQLite: the English words of the glosses, without a copy of the text.
    static let sqliteGlossIndex =
        "CREATE VIRTUAL TABLE dictionary_glosses USING fts5(glosses, content='', columnsize=0, detail=none)"

    /// Entries sent in one statement, as one JSON array the database takes apart
    /// (thousands of bound values per statement cost more to build than to insert).
    static let rowsPerStatement = 20_000

    /// Replaces the whole dictionary by `entries`, in one transaction: a failure leaves
    /// the dictionary that was there. `progress(done, total)` follows the inserts.
    func replace(with entries: [EDICTEntry], progress: (@Sendable (Int, Int) -> Void)? = nil)
        async throws
    {
        try await db.writeTransaction { tx in
            let sql = try tx.sql()
            let dialect = sql.maeilDialect
            try await sql.raw("DELETE FROM dictionary_entries").run()
            for name in Self.lookupIndexNames {
                try await sql.raw("DROP INDEX IF EXISTS \(ident: name)").run()
            }
            if dialect == .sqlite {
                try await sql.raw("DROP TABLE IF EXISTS dictionary_glosses").run()
            }
            let rows: SQLQueryString =
                switch dialect {
                case .sqlite:
                    // json_extract reads a row's fields faster than ->> does.
                    """
                    SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]'), json_extract(value, '$[2]'),
                      json_extract(value, '$[3]'), json_extract(value, '$[4]') FROM json_each
                    """
                case .postgres:
                    "SELECT (e->>0)::int, e->>1, e->>2, e->>3, (e->>4)::int FROM jsonb_array_elements"
                }
            for start in stride(from: 0, to: entries.count, by: Self.rowsPerStatement) {
                let end = min(start + Self.rowsPerStatement, entries.count)
                let json = Self.json(entries[start..<end], firstID: start + 1)
                let source: SQLQueryString =
                    dialect == .sqlite ? "(\(bind: json))" : "(\(bind: json)::jsonb) AS e"
                try await sql.raw(
                    "INSERT INTO dictionary_entries (id, term, reading, glosses, common) \(rows)\(source)"
                ).run()
                progress?(end, entries.count)
            }
            for statement in Self.lookupIndexes(dialect) {
                try await sql.raw(SQLQueryString(statement)).run()
            }
            if dialect == .sqlite {
                try await sql.raw(SQLQueryString(Self.sqliteGlossIndex)).run()
                try await sql.raw(
                    "INSERT INTO dictionary_glosses (rowid, glosses) SELECT id, glosses FROM dictionary_entries"
                ).run()
            } else {
                try await sql.raw("ANALYZE dictionary_entries").run()
            }
        }
    }

    /// Entries in the dictionary (0 before an import).
    func count() async throws -> Int {
        try await db.sql().raw("SELECT COUNT(*) AS n FROM dictionary_entries").first()?
            .decode(column: "n", as: Int.self) ?? 0
    }

    /// Entries whose headword or reading is one of `forms` or starts with one: common
    /// and short ones first, at most `limit` of each kind (through the lookup indexes).
    func japaneseCandidates(_ forms: [String], limit: Int) async throws -> [DictionaryRecord] {
        guard !forms.isEmpty else { return [] }
        let dialect = try db.sql().maeilDialect
        let prefixes = forms.map { form -> SQLQueryString in
            switch dialect {
            case .sqlite:
                // Byte order: every string that starts with `form` sorts between these.
                let upper = form + "\u{10FFFF}"
                return
                    "(term >= \(bind: form) AND term < \(bind: upper)) OR (reading >= \(bind: form) AND reading < \(bind: upper))"
            case .postgres:
                let pattern = LikePattern.literal(form) + "%"
                return "term LIKE \(bind: pattern) OR reading LIKE \(bind: pattern)"
            }
        }
        return try await select(
            where: "term IN (\(binds: forms)) OR reading IN (\(binds: forms))", limit: limit)
            + select(where: prefixes.joined(separator: " OR "), limit: limit)
    }

    /// Entries whose headword or reading holds one of `forms` (a scan of the table).
    func japaneseSubstringCandidates(_ forms: [String], limit: Int) async throws
        -> [DictionaryRecord]
    {
        guard !forms.isEmpty else { return [] }
        let function = try position()
        return try await select(
            where: forms.map { form -> SQLQueryString in
                "\(unsafeRaw: function)(term, \(bind: form)) > 0 OR \(unsafeRaw: function)(reading, \(bind: form)) > 0"
            }.joined(separator: " OR "), limit: limit)
    }

    /// Common entries written with `kanji`, shortest first: example words for a kanji
    /// that no course word uses.
    func commonWords(containing kanji: String, limit: Int) async throws -> [DictionaryRecord] {
        let function = try position()
        return try await select(
            where: "common = 1 AND \(unsafeRaw: function)(term, \(bind: kanji)) > 0", limit: limit)
    }

    /// Entries whose glosses hold every word (the last as a prefix: "stud" finds student).
    func englishCandidates(_ words: [String], limit: Int) async throws -> [DictionaryRecord] {
        let words = words.filter { !$0.isEmpty }
        guard !words.isEmpty else { return [] }
        let sql = try db.sql()
        switch sql.maeilDialect {
        case .sqlite:
            // Quoted, so no word is read as FTS5 syntax; words hold only letters and digits.
            let match =
                words.dropLast().map { "\"\($0)\"" }.joined(separator: " ")
                + " \"\(words[words.count - 1])\"*"
            return try await select(
                where:
                    "id IN (SELECT rowid FROM dictionary_glosses WHERE dictionary_glosses MATCH \(bind: match) LIMIT \(literal: limit * 4))",
                limit: limit * 4)
        case .postgres:
            let query = (words.dropLast() + [words[words.count - 1] + ":*"]).joined(
                separator: " & ")
            return try await select(
                where: "to_tsvector('simple', glosses) @@ to_tsquery('simple', \(bind: query))",
                limit: limit * 4)
        }
    }

    /// The dialect's function for a substring's position (0 when absent): a scan.
    private func position() throws -> String {
        try db.sql().maeilDialect == .sqlite ? "instr" : "strpos"
    }

    private func select(where condition: SQLQueryString, limit: Int) async throws
        -> [DictionaryRecord]
    {
        try await db.sql().raw(
            """
            SELECT id, term, reading, glosses, common FROM dictionary_entries
            WHERE \(condition) ORDER BY common DESC, length(term), id LIMIT \(literal: limit)
            """
        ).all().map { row in
            let glosses = try row.decode(column: "glosses", as: String.self)
            return DictionaryRecord(
                id: try row.decode(column: "id", as: Int.self),
                entry: EDICTEntry(
                    term: try row.decode(column: "term", as: String.self),
                    reading: try row.decode(column: "reading", as: String.self),
                    glosses: glosses.isEmpty
                        ? []
                        : glosses.split(separator: "\n", omittingEmptySubsequences: false)
                            .map(String.init),
                    common: try row.decode(column: "common", as: Int.self) != 0))
        }
    }

    /// `[[id, term, reading, glosses, common], …]`, the glosses joined by newlines.
    static func json(_ entries: ArraySlice<EDICTEntry>, firstID: Int) -> String {
        var out = JSONOutput(capacity: entries.count * 96)
        out.array(zip(firstID..., entries)) { out, row in
            let (id, entry) = row
            out.array { out in
                out.int(id)
                out.string(entry.term)
                out.string(entry.reading)
                out.string(entry.glosses.joined(separator: "\n"))
                out.int(entry.common ? 1 : 0)
            }
        }
        return String(decoding: out.bytes, as: UTF8.self)
    }
}
