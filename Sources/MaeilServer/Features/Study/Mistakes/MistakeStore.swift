import Fluent
import Foundation
import MaeilAPI
import SQLKit

/// The mistake notes: words answered wrong, one row per word and source,
/// counted up when missed again.
struct MistakeStore: Sendable {
    let db: any Database
    let userID: UUID

    struct Entry: Sendable {
        var word: WordRecord
        var source: ReviewSource
        var count: Int
        var lastAt: Date
    }

    /// Adds one miss of `wordID` from `source` (inside the caller's transaction).
    static func record(
        userID: UUID, wordID: UUID, source: ReviewSource, at: Date, on sql: any SQLDatabase
    ) async throws {
        try await sql.raw(
            """
            INSERT INTO mistakes (user_id, word_id, source, count, last_at)
            VALUES (\(bind: userID), \(bind: wordID), \(bind: source.rawValue), 1, \(bind: at))
            ON CONFLICT (user_id, word_id, source) DO UPDATE SET count = mistakes.count + 1, last_at = excluded.last_at
            """
        ).run()
    }

    /// Takes one miss back (an undone answer); the row goes at zero.
    static func forget(userID: UUID, wordID: UUID, source: ReviewSource, on sql: any SQLDatabase)
        async throws
    {
        try await sql.raw(
            """
            UPDATE mistakes SET count = count - 1
            WHERE user_id = \(bind: userID) AND word_id = \(bind: wordID) AND source = \(bind: source.rawValue)
            """
        ).run()
        try await sql.raw("DELETE FROM mistakes WHERE user_id = \(bind: userID) AND count <= 0")
            .run()
    }

    /// The notes of one source (or all), most recent first.
    func list(_ source: ReviewSource?, limit: Int = 500) async throws -> [Entry] {
        var condition: SQLQueryString = "m.user_id = \(bind: userID)"
        if let source { condition = condition + " AND m.source = \(bind: source.rawValue)" }
        let rows = try await db.sql().raw(
            """
            SELECT \(unsafeRaw: WordRow.selected), m.source, m.count, m.last_at
            FROM mistakes m JOIN words w ON w.id = m.word_id AND w.user_id = m.user_id JOIN books b ON b.id = w.book_id AND b.user_id = w.user_id
            WHERE \(condition) ORDER BY m.last_at DESC, w.term ASC LIMIT \(literal: limit)
            """
        ).all()
        return try rows.map { row in
            Entry(
                word: try WordRow.record(from: row),
                source: ReviewSource(rawValue: try row.decode(column: "source", as: String.self))
                    ?? .review,
                count: try row.decode(column: "count", as: Int.self),
                lastAt: try row.decode(column: "last_at", as: Date.self))
        }
    }

    /// Word ids in the notes of one source (or all), de-duplicated, most recent first.
    func wordIDs(_ source: ReviewSource?) async throws -> [UUID] {
        var seen = Set<UUID>()
        return try await list(source).map(\.word.id).filter { seen.insert($0).inserted }
    }

    /// Clears one word's note (in one source, or all), or the whole source, or everything.
    func clear(source: ReviewSource?, wordID: UUID?) async throws -> Int {
        var condition: SQLQueryString = "user_id = \(bind: userID)"
        if let source { condition = condition + " AND source = \(bind: source.rawValue)" }
        if let wordID { condition = condition + " AND word_id = \(bind: wordID)" }
        let sql = try db.sql()
        let n =
            try await sql.raw("SELECT COUNT(*) AS n FROM mistakes WHERE \(condition)").first()?
            .decode(column: "n", as: Int.self) ?? 0
        try await sql.raw("DELETE FROM mistakes WHERE \(condition)").run()
        return n
    }
}
