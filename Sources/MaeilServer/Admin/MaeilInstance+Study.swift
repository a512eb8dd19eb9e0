import Foundation
import MaeilAPI
import Vapor
import VocabCore

/// The study services for `maeil study`'s local mode. Each method does what the
/// matching `/api/v1` route does and returns the same type, so the terminal
/// client shows one thing whether it talks to a database or to a server.
extension MaeilInstance {
    /// The user's book `reference` names: its id, or a name only one book has.
    public func book(username: String, named reference: String) async throws -> (
        id: UUID, name: String
    ) {
        let userID = try await userID(username)
        let book = try await BookStore(db: app.db, userID: userID).find(named: reference)
        return (try book.requireID(), book.name)
    }

    /// `GET study/queue?bookID=&limit=&bookmarkedOnly=`
    public func studyQueue(
        username: String, bookID: UUID?, limit: Int, bookmarkedOnly: Bool = false
    ) async throws -> ReviewQueueDTO {
        var reviews = try await reviews(username)
        reviews.bookmarkedOnly = bookmarkedOnly
        return ReviewQueueDTO(
            try await reviews.queue(bookID: bookID, limit: max(1, min(limit, 500))))
    }

    /// `POST study/answer`
    public func answerReview(username: String, _ input: ReviewAnswerInput) async throws
        -> StudyCardDTO
    {
        let now = Date()
        return StudyCardDTO(
            try await reviews(username).answer(try input.validated(), now: now), now: now)
    }

    /// `POST study/undo?bookID=`: the last answer, to a card of the book when given.
    public func undoReview(username: String, bookID: UUID? = nil) async throws -> StudyCardDTO {
        StudyCardDTO(try await reviews(username).undo(inBook: bookID))
    }

    /// `GET study/summary?bookID=&bookmarkedOnly=`
    public func studySummary(username: String, bookID: UUID?, bookmarkedOnly: Bool = false)
        async throws -> StudySummaryDTO
    {
        var reviews = try await reviews(username)
        reviews.bookmarkedOnly = bookmarkedOnly
        return StudySummaryDTO(try await reviews.summary(bookID: bookID))
    }

    /// `POST study/more`: raises today's limits; returns the queue they open.
    public func studyMore(username: String, _ input: StudyMoreInput) async throws
        -> ReviewQueueDTO
    {
        let reviews = try await reviews(username)
        try await reviews.studyMore(
            CardTally(new: input.newCards ?? 0, reviews: input.reviews ?? 0),
            aheadDays: input.aheadDays ?? 0, bookID: input.bookID)
        return ReviewQueueDTO(try await reviews.queue(bookID: input.bookID))
    }

    /// `POST games`
    public func startGame(username: String, _ input: GameStartInput) async throws -> GameDTO {
        GameDTO(try await games(username).start(try input.setup()))
    }

    /// `POST games/{id}/moves`
    public func playGame(username: String, gameID: UUID, _ move: GameMoveInput) async throws
        -> GameDTO
    {
        GameDTO(try await games(username).play(gameID, try move.move()))
    }

    private func userID(_ username: String) async throws -> UUID {
        try await user(named: username).requireID()
    }

    private func reviews(_ username: String) async throws -> ReviewService {
        let user = try await user(named: username)
        return ReviewService(db: app.db, userID: try user.requireID(), days: days(of: user))
    }

    private func games(_ username: String) async throws -> GameService {
        let user = try await user(named: username)
        return GameService(db: app.db, userID: try user.requireID(), days: days(of: user))
    }
}
