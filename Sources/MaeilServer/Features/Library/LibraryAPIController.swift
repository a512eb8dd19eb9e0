import MaeilAPI
import Vapor

/// `/api/v1/library`: public books, a published book's page, and copies.
struct LibraryAPIController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.on(.library, use: list)
        routes.on(.libraryBook, use: show)
        routes.on(.copyLibraryBook, use: copy)
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
