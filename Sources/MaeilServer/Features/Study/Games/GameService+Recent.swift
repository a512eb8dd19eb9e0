import Foundation
import MaeilAPI
import SQLKit

/// One game in the list of recent games: what was played, on which book, and how it went.
struct GameSummary: Sendable {
    var id: UUID
    var kind: GameKind
    /// `nil` for "all books", and for a book deleted since.
    var bookName: String?
    var score: Int
    var total: Int
    var finished: Bool
    var startedAt: Date
}

extension GameService {
    /// The user's latest games, newest first. Reads the stored score columns, not the
    /// engine state, so the list stays cheap however long the games were.
    func recent(limit: Int = 10) async throws -> [GameSummary] {
        let rows = try await db.sql().raw("""
            SELECT g.id, g.kind, g.score, g.total, g.finished, g.started_at, b.name AS book_name
            FROM game_sessions g LEFT JOIN books b ON b.id = g.book_id AND b.user_id = g.user_id
            WHERE g.user_id = \(bind: userID) ORDER BY g.started_at DESC LIMIT \(literal: limit)
            """).all()
        return try rows.compactMap { row in
            guard let kind = GameKind(rawValue: try row.decode(column: "kind", as: String.self)) else { return nil }
            return GameSummary(
                id: try row.decode(column: "id", as: UUID.self), kind: kind,
                bookName: try row.decode(column: "book_name", as: String?.self),
                score: try row.decode(column: "score", as: Int.self), total: try row.decode(column: "total", as: Int.self),
                finished: try row.decode(column: "finished", as: Bool.self),
                startedAt: try row.decode(column: "started_at", as: Date.self))
        }
    }
}
