import Fluent
import Foundation
import SQLKit
import VocabCore

/// Computes every word's search keys again (`WordSearchKeys`), for a
/// migration that changes what the keys hold. On SQLite the FTS5 table and
/// its triggers are dropped first and built again from the new keys at the
/// end: one bulk build instead of a trigger's delete and insert per word.
enum SearchKeyRefresh {
    /// `columns`: the key columns the SQLite index covers afterwards.
    static func run(_ sql: any SQLDatabase, indexing columns: [String]) async throws {
        if sql.maeilDialect == .sqlite {
            try await sql.run(CreateSearchIndex.dropSQLiteIndex)
        }
        try await refreshKeys(sql)
        if sql.maeilDialect == .sqlite {
            try await sql.run(CreateSearchIndex.sqliteIndex(over: columns))
        }
    }

    /// Computes every word's search keys from its term, meaning and reading,
    /// and writes the ones that changed; a thousand words at a time, in id order.
    private static func refreshKeys(_ sql: any SQLDatabase) async throws {
        var after: UUID?
        while true {
            let start: SQLQueryString = after.map { " WHERE id > \(bind: $0)" } ?? ""
            let rows = try await sql.raw(
                """
                SELECT id, term, meaning, reading, search_text, jamo_text, choseong_text, cjk_text
                FROM words\(start) ORDER BY id LIMIT 1000
                """
            ).all()
            guard let last = rows.last else { return }
            for row in rows {
                let keys = WordSearchKeys(
                    term: try row.decode(column: "term", as: String.self),
                    meaning: try row.decode(column: "meaning", as: String.self),
                    reading: try row.decode(column: "reading", as: String.self))
                let stored = [
                    try row.decode(column: "search_text", as: String.self),
                    try row.decode(column: "jamo_text", as: String.self),
                    try row.decode(column: "choseong_text", as: String.self),
                    try row.decode(column: "cjk_text", as: String.self),
                ]
                guard stored != [keys.text, keys.jamo, keys.choseong, keys.cjk] else { continue }
                try await sql.raw(
                    """
                    UPDATE words SET search_text = \(bind: keys.text), jamo_text = \(bind: keys.jamo),
                    choseong_text = \(bind: keys.choseong), cjk_text = \(bind: keys.cjk)
                    WHERE id = \(bind: try row.decode(column: "id", as: UUID.self))
                    """
                ).run()
            }
            after = try last.decode(column: "id", as: UUID.self)
        }
    }
}
