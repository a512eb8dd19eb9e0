import Vapor
import VocabCore

/// The notebook's stores for the signed-in user.
extension Request {
    func wordStore() throws -> WordStore {
        WordStore(
            db: db, userID: try requireUserID(),
            days: days,
            hooks: application.notebookHooks, reads: inlineReads,
            orders: application.wordOrderCache, kept: keptReads, searches: searchDatabase,
            ownerIndexWords: application.maeilSettings.ownerIndexWords)
    }

    func bookStore() throws -> BookStore {
        BookStore(db: db, userID: try requireUserID(), reads: inlineReads, kept: keptReads)
    }

    /// The book of an optional query parameter (the API's `bookID`, the web's
    /// `book`); a book that is not the user's is a 404.
    func studiedBook(parameter: String = "bookID") async throws -> UUID? {
        try await studiedBook(queryValue(parameter))
    }

    /// The book a form names (empty: all books); another user's book is 404.
    func studiedBook(_ raw: String?) async throws -> UUID? {
        guard let raw, !raw.isEmpty else { return nil }
        guard let id = UUID(uuidString: raw) else { throw AppError.notFound("book") }
        _ = try await bookStore().find(id)
        return id
    }
}
