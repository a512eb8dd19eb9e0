import Foundation
import MaeilAPI
import Vapor

/// The library for the CLI (`maeil books publish`, `maeil library search|copy`).
extension MaeilInstance {
    /// Sets who can see a book of `username`'s; returns the book's name.
    public func publish(username: String, bookName: String, visibility: BookVisibility)
        async throws -> String
    {
        let books = BookStore(db: app.db, userID: try await user(named: username).requireID())
        let book = try await books.find(named: bookName)
        return try await books.update(try book.requireID(), BookChanges(visibility: visibility))
            .name
    }

    /// A page of the library as `username` sees it.
    public func library(
        username: String, query: String?, sort: LibrarySort, page: Int, perPage: Int = 20
    ) async throws -> LibraryPageDTO {
        let reader = try await user(named: username).requireID()
        return LibraryPageDTO(
            try await LibraryStore(db: app.db, readerID: reader).list(
                LibraryQuery(query: query, sort: sort, page: max(1, page), perPage: perPage)))
    }

    /// Adds a copy of a published book to `username`'s books.
    public func copyLibraryBook(username: String, id: UUID) async throws -> BookDTO {
        let user = try await user(named: username)
        let userID = try user.requireID()
        let words = WordStore(
            db: app.db, userID: userID, days: days(of: user), hooks: app.notebookHooks)
        let copyID = try await LibraryStore(db: app.db, readerID: userID).copy(id, words: words)
        return BookDTO(try await BookStore(db: app.db, userID: userID).summary(copyID))
    }
}
