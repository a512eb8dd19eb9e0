import Foundation

/// Where `maeil study` gets its cards and plays its games: a local database
/// (`LocalStudyBackend`) or a Maeil server (`RemoteStudyBackend`). The screens
/// only talk to this, so both modes share every line of the UI.
/// Failures are thrown as `StudyError` with a message to show.
protocol StudyBackend: Sendable {
    /// Today's queue (in the chosen book, if any): counts and up to `limit` cards.
    func queue(limit: Int) async throws -> StudyQueue
    /// Answers a card shown from the queue with a rating 1–4.
    func answer(_ card: StudyCard, rating: Int, elapsedMilliseconds: Int) async throws
    /// Takes back the last review answer; returns the card as it is again.
    func undo() async throws -> StudyCard
    /// Starts a game on the chosen book (or every book).
    /// `direction` is "termToMeaning", "meaningToTerm" or nil for the game's default.
    func startGame(_ kind: GameKind, direction: String?, count: Int?) async throws -> GameState
    func play(_ game: UUID, _ move: GameMove) async throws -> GameState
    /// Lets go of the database or connection.
    func close() async
}
