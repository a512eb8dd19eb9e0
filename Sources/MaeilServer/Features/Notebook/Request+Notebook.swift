import Vapor
import VocabCore

/// The notebook's stores for the signed-in user.
extension Request {
    func wordStore() throws -> WordStore {
        WordStore(
            db: db, userID: try requireUserID(),
            days: days,
            hooks: application.notebookHooks)
    }

    func bookStore() throws -> BookStore {
        BookStore(db: db, userID: try requireUserID())
    }
}
