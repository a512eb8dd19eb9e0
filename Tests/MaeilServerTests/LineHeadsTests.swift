import Fluent
import Foundation
import MaeilTestSupport
import SQLKit
import Testing
import Vapor

@testable import MaeilServer

/// PostgreSQL: `maeil_line_heads`, the key of the line-heads indexes, is a
/// PL/pgSQL loop (`ListLineHeadsInALoop`) that lists exactly what the SQL
/// function before it listed, so indexes built with that one stay valid.
@Suite("PostgreSQL: the line heads of a search key")
struct LineHeadsTests {
    @Test func theLoopListsWhatTheQueryListed() async throws {
        try await withMaeilApp { app in
            guard try app.db.sql().maeilDialect == .postgres else { return }
            try await app.db.transaction { tx in
                let sql = try tx.sql()
                let language = try await sql.raw(
                    """
                    SELECT l.lanname FROM pg_proc p JOIN pg_language l ON l.oid = p.prolang
                    WHERE p.oid = 'maeil_line_heads(text, integer)'::regprocedure
                    """
                ).first()?.decode(column: "lanname", as: String.self)
                #expect(language == "plpgsql")

                // The function as it was, beside it for this connection only.
                try await sql.raw(
                    """
                    CREATE FUNCTION pg_temp.line_heads_query(key text, length integer) RETURNS text[]
                    \(unsafeRaw: IndexSearchKeysByUser.lineHeadsQuery)
                    """
                ).run()
                let keys = Self.keys(count: 3_000) + ["", "\n", "\n\n", "a", "a\n", "\na"]
                let differing = try await sql.raw(
                    """
                    SELECT k.key, n.length FROM unnest(\(bind: keys)::text[]) AS k(key)
                    CROSS JOIN unnest(ARRAY[1, 2, 3, 8]) AS n(length)
                    WHERE maeil_line_heads(k.key, n.length)
                      IS DISTINCT FROM pg_temp.line_heads_query(k.key, n.length)
                    """
                ).all()
                #expect(differing.isEmpty, "\(differing.count) keys list other heads")

                let heads = try await sql.raw(
                    """
                    SELECT maeil_line_heads(E'\\n\\nwater\\r\\n물 마시다\\n\\n学校\\n', 3) AS lines,
                      maeil_line_heads('', 3) AS empty, maeil_line_heads(NULL, 3) IS NULL AS null_key
                    """
                ).first()
                #expect(
                    try heads?.decode(column: "lines", as: [String].self) == [
                        "wat", "물 마", "学校",
                    ])
                #expect(try heads?.decode(column: "empty", as: [String].self) == [])
                #expect(try heads?.decode(column: "null_key", as: Bool.self) == true)
            }
        }
    }

    /// Keys of up to six lines of Hangul, jamo, kanji, Latin with accents
    /// (composed and not), emoji with modifiers, spaces, tabs and carriage
    /// returns, empty lines among them.
    private static func keys(count: Int) -> [String] {
        let pieces = [
            "가", "ㄱ", "ㅏ", "学", "校", "a", "Z", "é", "e\u{301}", "👍🏽", " ", "\t", "\r", "-",
        ]
        var random = SplitMix64(seed: 0x6865_6164)
        return (0..<count).map { _ in
            (0..<Int.random(in: 1...6, using: &random)).map { _ in
                String(
                    (0..<Int.random(in: 0...10, using: &random)).map { _ in
                        pieces.randomElement(using: &random)!
                    }.joined())
            }.joined(separator: "\n")
        }
    }
}
