import Vapor
import VocabCore

/// The study services for the signed-in user.
extension Request {
    func reviews(bookmarkedOnly: Bool = false) throws -> ReviewService {
        ReviewService(
            db: db, userID: try requireUserID(),
            days: days, bookmarkedOnly: bookmarkedOnly, reads: inlineReads)
    }
    func studySettings() throws -> StudySettingsStore {
        StudySettingsStore(db: db, userID: try requireUserID(), reads: inlineReads)
    }

    func games() throws -> GameService {
        GameService(
            db: db, userID: try requireUserID(),
            days: days, orders: application.wordOrderCache)
    }
    func studyDays() throws -> StudyDayStore {
        StudyDayStore(db: db, userID: try requireUserID(), reads: inlineReads)
    }

    /// The book of the `id` path parameter, when it is the user's (else 404).
    func ownBook() async throws -> UUID {
        let id = try idParameter("id", "book")
        _ = try await bookStore().find(id)
        return id
    }

    func mistakes() throws -> MistakeStore {
        MistakeStore(db: db, userID: try requireUserID())
    }

    func stats() throws -> StatsService {
        StatsService(
            db: db, userID: try requireUserID(),
            days: days, reads: inlineReads)
    }
}
