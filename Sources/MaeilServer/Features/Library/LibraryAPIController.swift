import MaeilAPI
import Vapor

/// `/api/v1/library`: public books, a published book's page, and copies.
struct LibraryAPIController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.on(.library, use: list)
        routes.on(.libraryBook, use: show)
        routes.on(.copyLibraryBook, use: copy)
        routes.on(.copyUpdates, use: updates)
        routes.on(.pullCopy, use: pull)
    }

    /// A copy's updates; 404 for a book that is not a copy of a shared book.
    @Sendable func updates(req: Request) async throws -> CopyUpdatesDTO {
        guard
            let found = try await req.libraryStore().updates(
                ofCopy: try req.idParameter("id", "book"), words: try req.wordStore(),
                cache: req.application.copyUpdates)
        else { throw AppError.notFound("shared original of this book") }
        return CopyUpdatesDTO(
            original: LibraryBookDTO(found.original), newWords: found.updates.new.count,
            changedWords: found.updates.changed.count, keptEdits: found.updates.keptEdits.count)
    }

    @Sendable func pull(req: Request) async throws -> PullResultDTO {
        let result = try await req.libraryStore().pull(
            intoCopy: try req.idParameter("id", "book"), words: try req.wordStore())
        return PullResultDTO(
            added: result.added, updated: result.updated, keptEdits: result.keptEdits)
    }

    @Sendable func list(req: Request) async throws -> LibraryPageDTO {
        LibraryPageDTO(try await req.libraryStore().list(try LibraryQuery(req)))
    }

    @Sendable func show(req: Request) async throws -> LibraryBookDetailDTO {
        let library = try req.libraryStore()
        let book = try await library.book(try req.idParameter("id", "book"))
        return LibraryBookDetailDTO(
            book: LibraryBookDTO(book), isOwn: book.ownerID == library.readerID,
            sample: try await library.sample(of: book))
    }

    /// 201 with the new book; 409 `already_added` for the reader's own book.
    @Sendable func copy(req: Request) async throws -> Response {
        let copyID = try await req.libraryStore().copy(
            try req.idParameter("id", "book"), words: try req.wordStore())
        return try await BookDTO(try await req.bookStore().summary(copyID)).encodeResponse(
            status: .created, for: req)
    }
}
