import Fluent
import Foundation
import MaeilAPI
import SQLKit
import VocabCore

/// The games of one user (`game_sessions`): each with its whole engine state as
/// JSON, and its score columns for lists. Every statement carries `user_id`.
struct GameStore: Sendable {
    let db: any Database
    let userID: UUID

    func insert(_ session: GameSession, playedOn day: CivilDay) async throws {
        let game = session.game
        try await db.sql().raw(
            """
            INSERT INTO game_sessions (id, user_id, kind, book_id, state, score, total, finished, started_at, played_on)
            VALUES (\(bind: session.id), \(bind: userID), \(bind: session.kind.rawValue), \(bind: session.bookID),
              \(bind: try Self.json(game)), \(bind: game.score), \(bind: game.total), \(bind: false),
              \(bind: session.startedAt), \(bind: day))
            """
        ).run()
    }

    func find(_ id: UUID) async throws -> GameSession {
        guard
            let row = try await db.sql().raw(
                """
                SELECT id, book_id, state, started_at, finished_at FROM game_sessions
                WHERE id = \(bind: id) AND user_id = \(bind: userID)
                """
            ).first()
        else { throw AppError.notFound("game") }
        return GameSession(
            id: id, bookID: try row.decode(column: "book_id", as: UUID?.self),
            game: try Self.game(try row.decode(column: "state", as: String.self)),
            startedAt: try row.decode(column: "started_at", as: Date.self),
            finishedAt: try row.decode(column: "finished_at", as: Date?.self))
    }

    /// Writes the session's new state only if the stored one is still `before`;
    /// false when another move came first.
    func replace(_ before: StudyGame, with session: GameSession) async throws -> Bool {
        let game = session.game
        return try await !db.sql().raw(
            """
            UPDATE game_sessions SET state = \(bind: try Self.json(game)), score = \(bind: game.score),
              total = \(bind: game.total), finished = \(bind: game.isFinished), finished_at = \(bind: session.finishedAt)
            WHERE id = \(bind: session.id) AND user_id = \(bind: userID) AND state = \(bind: try Self.json(before))
            RETURNING id
            """
        ).all().isEmpty
    }

    /// The latest games, newest first. Reads the stored score columns, not the
    /// engine state, so the list stays cheap however long the games were.
    func recent(limit: Int) async throws -> [GameSummary] {
        let rows = try await db.sql().raw(
            """
            SELECT g.id, g.kind, g.score, g.total, g.finished, g.started_at, b.name AS book_name
            FROM game_sessions g LEFT JOIN books b ON b.id = g.book_id AND b.user_id = g.user_id
            WHERE g.user_id = \(bind: userID) ORDER BY g.started_at DESC LIMIT \(literal: limit)
            """
        ).all()
        return try rows.compactMap { row in
            guard let kind = GameKind(rawValue: try row.decode(column: "kind", as: String.self))
            else { return nil }
            return GameSummary(
                id: try row.decode(column: "id", as: UUID.self), kind: kind,
                bookName: try row.decode(column: "book_name", as: String?.self),
                score: try row.decode(column: "score", as: Int.self),
                total: try row.decode(column: "total", as: Int.self),
                finished: try row.decode(column: "finished", as: Bool.self),
                startedAt: try row.decode(column: "started_at", as: Date.self))
        }
    }

    /// Sorted keys: the same state always has the same text, which `replace` compares.
    static func json(_ game: StudyGame) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return String(decoding: try encoder.encode(game), as: UTF8.self)
    }

    static func game(_ json: String) throws -> StudyGame {
        try JSONDecoder().decode(StudyGame.self, from: Data(json.utf8))
    }
}

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
