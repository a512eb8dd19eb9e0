import Foundation
import Vapor
import VocabCore

/// The study services for `maeil study`'s local mode. Each method does what the
/// matching `/api/v1` route does and returns the same JSON, so the terminal client
/// reads one format whether it talks to a database or to a server.
extension MaeilInstance {
    /// The id of the user's book with exactly this name.
    public func bookID(username: String, bookName: String) async throws -> UUID {
        let userID = try await userID(username)
        return try await BookStore(db: app.db, userID: userID).find(named: bookName).requireID()
    }

    /// `GET study/queue?book=&limit=`
    public func studyQueue(username: String, bookID: UUID?, limit: Int) async throws -> Data {
        let queue = try await reviews(username).queue(bookID: bookID, limit: max(1, min(limit, 500)))
        return try Self.json(ReviewQueueDTO(queue))
    }

    /// `POST study/answer`
    public func answerReview(
        username: String, wordID: UUID, direction: String, rating: Int, version: Int, elapsedMs: Int
    ) async throws -> Data {
        let input = ReviewAnswerInput(wordID: wordID, direction: direction, rating: rating, version: version, elapsedMs: elapsedMs)
        let now = Date()
        return try Self.json(StudyCardDTO(try await reviews(username).answer(try input.validated(), now: now), now: now))
    }

    /// `POST study/undo`
    public func undoReview(username: String) async throws -> Data {
        return try Self.json(StudyCardDTO(try await reviews(username).undo()))
    }

    /// `POST games` with `kind`, `book`, `direction` and `count`.
    public func startGame(username: String, kind: String, bookID: UUID?, direction: String?, count: Int?) async throws -> Data {
        let (gameKind, studyDirection) = try GameStartInput(kind: kind, direction: direction).kindAndDirection()
        let setup = GameSetup(kind: gameKind, bookID: bookID, direction: studyDirection, count: count, wordIDs: nil)
        return try Self.json(GameDTO(try await games(username).start(setup)))
    }

    /// `POST games/{id}/moves`
    public func playGame(username: String, gameID: UUID, action: String, choice: Int?, guess: String?) async throws -> Data {
        let move = try GameMoveInput(action: action, choice: choice, guess: guess, mark: nil).move()
        return try Self.json(GameDTO(try await games(username).play(gameID, move)))
    }

    private func userID(_ username: String) async throws -> UUID {
        try await user(named: username).requireID()
    }

    private func reviews(_ username: String) async throws -> ReviewService {
        ReviewService(db: app.db, userID: try await userID(username), days: DayFormatter(timeZone: app.maeilSettings.timeZone))
    }

    private func games(_ username: String) async throws -> GameService {
        GameService(db: app.db, userID: try await userID(username), days: DayFormatter(timeZone: app.maeilSettings.timeZone))
    }

    /// Encoded as the API encodes its responses (Vapor's default: ISO 8601 dates).
    private static func json(_ value: some Encodable) throws -> Data {
        try JSONEncoder.custom(dates: .iso8601).encode(value)
    }
}
