import Foundation
import MaeilServer

/// Studies straight from a data dir or database, through `MaeilInstance`.
struct LocalStudyBackend: StudyBackend {
    let instance: MaeilInstance
    let username: String
    let bookID: UUID?

    /// Opens the database and finds the user (`--user`, or the only one) and the book.
    static func open(storage: StorageOptions, user: UserOption, bookName: String?) async throws -> LocalStudyBackend {
        // Log only what is fatal: anything printed would land in the middle of the screen.
        let instance = try await MaeilInstance.open(settings: storage.settings(), logLevel: .critical)
        do {
            let username = try await user.resolve(instance)
            var bookID: UUID?
            if let bookName { bookID = try await instance.bookID(username: username, bookName: bookName) }
            return LocalStudyBackend(instance: instance, username: username, bookID: bookID)
        } catch {
            try? await instance.shutdown()
            throw StudyError(describeError(error))
        }
    }

    func queue(limit: Int) async throws -> StudyQueue {
        try await decoded { try await instance.studyQueue(username: username, bookID: bookID, limit: limit) }
    }

    func answer(_ card: StudyCard, rating: Int, elapsedMilliseconds: Int) async throws {
        let _: StudyCard = try await decoded {
            try await instance.answerReview(
                username: username, wordID: card.wordID, direction: card.direction, rating: rating,
                version: card.version, elapsedMs: elapsedMilliseconds)
        }
    }

    func undo() async throws -> StudyCard {
        try await decoded { try await instance.undoReview(username: username) }
    }

    func startGame(_ kind: GameKind, direction: String?, count: Int?) async throws -> GameState {
        try await decoded {
            try await instance.startGame(username: username, kind: kind.rawValue, bookID: bookID, direction: direction, count: count)
        }
    }

    func play(_ game: UUID, _ move: GameMove) async throws -> GameState {
        try await decoded {
            try await instance.playGame(username: username, gameID: game, action: move.action, choice: move.choice, guess: move.guess)
        }
    }

    func close() async {
        try? await instance.shutdown()
    }

    /// Runs a call and decodes its JSON; the service's refusals become messages.
    private func decoded<T: Decodable>(_ call: () async throws -> Data) async throws -> T {
        let data: Data
        do {
            data = try await call()
        } catch {
            throw StudyError(describeError(error))
        }
        return try JSONDecoder.api().decode(T.self, from: data)
    }
}
