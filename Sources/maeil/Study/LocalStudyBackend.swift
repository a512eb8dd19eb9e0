import Foundation
import MaeilAPI
import MaeilServer

/// Studies straight from a data dir or database, through `MaeilInstance`: the
/// same services the server runs, their answers as the API's types, with no
/// JSON in between.
struct LocalStudyBackend: StudyBackend {
    let instance: MaeilInstance
    let username: String
    let bookID: UUID?
    let bookName: String?
    /// `--bookmarked`: reviews and games of bookmarked words only.
    var bookmarkedOnly = false

    /// Opens the database and finds the user (`--user`, or the only one) and the book.
    static func open(storage: StorageOptions, user: UserOption, bookName: String?) async throws
        -> LocalStudyBackend
    {
        // Log only what is fatal: anything printed would land in the middle of the screen.
        let instance = try await MaeilInstance.open(
            settings: storage.settings(), logLevel: .critical)
        do {
            let username = try await user.resolve(instance)
            var book: (id: UUID, name: String)?
            if let bookName { book = try await instance.book(username: username, named: bookName) }
            return LocalStudyBackend(
                instance: instance, username: username, bookID: book?.id, bookName: book?.name)
        } catch {
            try? await instance.shutdown()
            throw StudyError(describeError(error))
        }
    }

    func queue(limit: Int) async throws -> ReviewQueueDTO {
        try await refusalsAsMessages {
            try await instance.studyQueue(
                username: username, bookID: bookID, limit: limit, bookmarkedOnly: bookmarkedOnly)
        }
    }

    func answer(_ card: StudyCardDTO, rating: Int, elapsedMilliseconds: Int) async throws {
        _ = try await refusalsAsMessages {
            try await instance.answerReview(
                username: username,
                ReviewAnswerInput(card, rating: rating, elapsedMilliseconds: elapsedMilliseconds))
        }
    }

    func undo() async throws -> StudyCardDTO {
        try await refusalsAsMessages {
            try await instance.undoReview(username: username, bookID: bookID)
        }
    }

    func summary() async throws -> StudySummaryDTO {
        try await refusalsAsMessages {
            try await instance.studySummary(
                username: username, bookID: bookID, bookmarkedOnly: bookmarkedOnly)
        }
    }

    func studyMore(newCards: Int, reviews: Int, aheadDays: Int) async throws -> ReviewQueueDTO {
        try await refusalsAsMessages {
            try await instance.studyMore(
                username: username,
                StudyMoreInput(
                    bookID: bookID, newCards: newCards, reviews: reviews, aheadDays: aheadDays))
        }
    }

    func startGame(_ kind: GameKind, direction: String?, count: Int?) async throws -> GameDTO {
        try await refusalsAsMessages {
            try await instance.startGame(
                username: username,
                GameStartInput(
                    kind: kind.rawValue, bookID: bookID, direction: direction, count: count,
                    bookmarkedOnly: bookmarkedOnly))
        }
    }

    func play(_ game: UUID, _ move: GameMoveInput) async throws -> GameDTO {
        try await refusalsAsMessages {
            try await instance.playGame(username: username, gameID: game, move)
        }
    }

    func close() async {
        try? await instance.shutdown()
    }

    /// Runs a call; the services' refusals become messages to show.
    private func refusalsAsMessages<T>(_ call: () async throws -> T) async throws -> T {
        do {
            return try await call()
        } catch {
            throw StudyError(describeError(error))
        }
    }
}
