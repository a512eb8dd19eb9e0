import Vapor
import VocabCore

/// Games (quiz, hangman, O/X test, flashcards) and the mistake notes.
struct GamesAPIController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        let games = routes.grouped("games")
        games.post(use: start)
        games.get(":id", use: show)
        games.post(":id", "moves", use: move)
        games.post(":id", "retest", use: retest)
        games.post(":id", "bookmark-wrong", use: bookmarkWrong)
        let mistakes = routes.grouped("mistakes")
        mistakes.get(use: listMistakes)
        mistakes.delete(use: clearMistakes)
        mistakes.delete(":id", use: clearWord)
    }

    @Sendable func start(req: Request) async throws -> Response {
        let input = try req.content.decode(GameStartInput.self)
        let session = try await req.games().start(try await Self.setup(input, req))
        return try await GameDTO(session).encodeResponse(status: .created, for: req)
    }

    static func setup(_ input: GameStartInput, _ req: Request) async throws -> GameSetup {
        let (kind, direction) = try input.kindAndDirection()
        var wordIDs = input.wordIDs
        if let source = input.mistakes {
            let ids = try await req.mistakes().wordIDs(try Self.source(source))
            guard !ids.isEmpty else { throw AppError.invalid("the mistake notes are empty", code: "not_enough_words") }
            wordIDs = ids
        }
        return GameSetup(kind: kind, bookID: input.book, direction: direction, count: input.count, wordIDs: wordIDs)
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
        BulkResultDTO(affected: try await req.games().bookmarkWrong(try req.idParameter("id", "game")))
    }

    /// `?source=review|quiz|hangman|test` (default: all).
    @Sendable func listMistakes(req: Request) async throws -> [MistakeDTO] {
        let source = try req.query[String.self, at: "source"].map(Self.source)
        return try await req.mistakes().list(source ?? nil).map {
            MistakeDTO(word: $0.word, source: $0.source.rawValue, count: $0.count, lastAt: $0.lastAt)
        }
    }

    @Sendable func clearMistakes(req: Request) async throws -> BulkResultDTO {
        let source = try req.query[String.self, at: "source"].map(Self.source)
        return BulkResultDTO(affected: try await req.mistakes().clear(source: source ?? nil, wordID: nil))
    }

    /// One word's notes (`?source=` for one source).
    @Sendable func clearWord(req: Request) async throws -> BulkResultDTO {
        let wordID = try req.idParameter("id", "word")
        let source = try req.query[String.self, at: "source"].map(Self.source)
        let cleared = try await req.mistakes().clear(source: source ?? nil, wordID: wordID)
        guard cleared > 0 else { throw AppError.notFound("mistake") }
        return BulkResultDTO(affected: cleared)
    }

    /// A source name, or nil for "all".
    static func source(_ raw: String) throws -> ReviewSource? {
        if raw == "all" || raw.isEmpty { return nil }
        guard let source = ReviewSource(rawValue: raw) else {
            throw AppError.badRequest("source must be review, quiz, hangman, test or all")
        }
        return source
    }
}

extension Request {
    func games() throws -> GameService {
        GameService(db: db, userID: try requireUserID(), days: DayFormatter(timeZone: maeilSettings.timeZone))
    }
    func mistakes() throws -> MistakeStore {
        MistakeStore(db: db, userID: try requireUserID())
    }
}
