import Foundation
import MaeilAPI

/// Where `maeil study` gets its cards and plays its games: a local database
/// (`LocalStudyBackend`) or a Maeil server (`RemoteStudyBackend`). Both hand
/// back the API's own types (MaeilAPI), so the screens share every line of the
/// UI and never know where the data came from.
/// Failures are thrown as `StudyError` with a message to show.
protocol StudyBackend: Sendable {
    /// The chosen book's name (nil: every book), however the command named it.
    var bookName: String? { get }
    /// Today's queue (in the chosen book, if any): counts and up to `limit` cards.
    func queue(limit: Int) async throws -> ReviewQueueDTO
    /// Answers a card shown from the queue with a rating 1–4.
    func answer(_ card: StudyCardDTO, rating: Int, elapsedMilliseconds: Int) async throws
    /// Takes back the last review answer; returns the card as it is again.
    func undo() async throws -> StudyCardDTO
    /// Today's answers, the next card due, and what the limits hold back.
    func summary() async throws -> StudySummaryDTO
    /// Raises today's limits (in the chosen book, if any); returns the queue.
    func studyMore(newCards: Int, reviews: Int, aheadDays: Int) async throws -> ReviewQueueDTO
    /// Starts a game on the chosen book (or every book).
    /// `direction` is "forward", "reverse" or nil for the game's default.
    func startGame(_ kind: GameKind, direction: String?, count: Int?) async throws -> GameDTO
    func play(_ game: UUID, _ move: GameMoveInput) async throws -> GameDTO
    /// Lets go of the database or connection.
    func close() async
}

/// A refusal or failure to show the user, with the server's own message.
struct StudyError: Error, CustomStringConvertible {
    let description: String
    init(_ message: String) { description = message }
}

extension ReviewAnswerInput {
    init(_ card: StudyCardDTO, rating: Int, elapsedMilliseconds: Int) {
        self.init(
            wordID: card.wordID, direction: card.direction.rawValue, rating: rating,
            version: card.version,
            elapsedMs: elapsedMilliseconds)
    }
}

extension GameMoveInput {
    static func choose(_ index: Int) -> GameMoveInput {
        GameMoveInput(action: GameAction.choose.rawValue, choice: index)
    }
    static func guess(_ key: String) -> GameMoveInput {
        GameMoveInput(action: GameAction.guess.rawValue, guess: key)
    }
    static let nextWord = GameMoveInput(action: GameAction.nextWord.rawValue)
}
