import MaeilAPI
import Vapor
import VocabCore

/// Games (quiz, hangman, O/X test, flashcards) and the mistake notes.
struct GamesAPIController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.on(.startGame, use: start)
        routes.on(.recentGames, use: recent)
        routes.on(.game, use: show)
        routes.on(.playMove, use: move)
        routes.on(.retestWrong, use: retest)
        routes.on(.bookmarkWrong, use: bookmarkWrong)
        routes.on(.mistakes, use: listMistakes)
        routes.on(.clearMistakes, use: clearMistakes)
        routes.on(.clearWordMistakes, use: clearWord)
    }

    @Sendable func start(req: Request) async throws -> Response {
        let session = try await req.games().start(
            try req.content.decode(GameStartInput.self).setup())
        return try await GameDTO(session).encodeResponse(status: .created, for: req)
    }

    /// `?limit=` (1–100, default 10): the games the games page lists, newest first.
    @Sendable func recent(req: Request) async throws -> [GameSummaryDTO] {
        let limit = try WordListQuery.int(req, "limit", default: 10, range: 1...100)
        return try await req.games().recent(limit: limit).map(GameSummaryDTO.init)
    }

    @Sendable func show(req: Request) async throws -> GameDTO {
        GameDTO(try await req.games().find(try req.idParameter("id", "game")))
    }

    @Sendable func move(req: Request) async throws -> GameDTO {
        let move = try req.content.decode(GameMoveInput.self).move()
        return GameDTO(try await req.games().play(try req.idParameter("id", "game"), move))
    }

    @Sendable func retest(req: Request) async throws -> Response {
        let session = try await req.games().retestWrong(try req.idParameter("id", "game"))
        return try await GameDTO(session).encodeResponse(status: .created, for: req)
    }

    @Sendable func bookmarkWrong(req: Request) async throws -> BulkResultDTO {
        BulkResultDTO(
            affected: try await req.games().bookmarkWrong(try req.idParameter("id", "game")))
    }

    /// `?source=review|quiz|hangman|test` (default: all).
    @Sendable func listMistakes(req: Request) async throws -> [MistakeDTO] {
        let source = try req.query[String.self, at: "source"].map(ReviewSource.filter)
        return try await req.mistakes().list(source ?? nil).map(MistakeDTO.init)
    }

    @Sendable func clearMistakes(req: Request) async throws -> BulkResultDTO {
        let source = try req.query[String.self, at: "source"].map(ReviewSource.filter)
        return BulkResultDTO(
            affected: try await req.mistakes().clear(source: source ?? nil, wordID: nil))
    }

    /// One word's notes (`?source=` for one source).
    @Sendable func clearWord(req: Request) async throws -> BulkResultDTO {
        let wordID = try req.idParameter("id", "word")
        let source = try req.query[String.self, at: "source"].map(ReviewSource.filter)
        let cleared = try await req.mistakes().clear(source: source ?? nil, wordID: wordID)
        guard cleared > 0 else { throw AppError.notFound("mistake") }
        return BulkResultDTO(affected: cleared)
    }
}
