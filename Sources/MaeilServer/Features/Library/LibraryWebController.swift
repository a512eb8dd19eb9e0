import MaeilAPI
import Vapor

/// The library's pages: public books (`/library`), a published book's page
/// with "add to my books" (`/library/{id}`), which is also its owner's
/// preview, and the copy itself.
struct LibraryWebController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.get("library", use: index)
        routes.get("library", ":id", use: show)
        routes.post("library", ":id", "copy", use: copy)
    }

    struct IndexData: Encodable, Sendable {
        var query: String
        var sorts: [OptionView]
        var matchText: String?
        var books: [LibraryBookView]
        var hasBooks: Bool
        var emptyTitle: String
        var emptyText: String
        var pager: PagerView
    }

    @Sendable func index(req: Request) async throws -> Response {
        let request = try LibraryQuery(req)
        let page = try await req.libraryStore().list(request)
        let query = request.query ?? ""
        let data = IndexData(
            query: query,
            sorts: LibrarySort.allCases.map {
                OptionView(
                    value: $0.rawValue, label: req.text(Self.sortKey($0)),
                    selected: $0 == request.sort)
            },
            matchText: query.isEmpty ? nil : req.count("libraryMatches", page.total),
            books: page.items.map { LibraryBookView($0, req) },
            hasBooks: !page.items.isEmpty,
            emptyTitle: req.text(query.isEmpty ? "libraryEmptyTitle" : "libraryNoMatchTitle"),
            emptyText: req.text(query.isEmpty ? "libraryEmptyText" : "libraryNoMatchText"),
            pager: PagerView(
                req: req, path: "/library",
                query: [
                    ("q", query), ("sort", request.sort == .newest ? "" : request.sort.rawValue),
                ],
                page: page.page, total: page.total, perPage: page.perPage))
        return try await req.renderPage(
            "library/index", title: "libraryTitle", nav: "library", data: data)
    }

    static func sortKey(_ sort: LibrarySort) -> String {
        switch sort {
        case .newest: "librarySortNewest"
        case .mostCopied: "librarySortMostCopied"
        }
    }

    struct ShowData: Encodable, Sendable {
        var book: LibraryBookView
        var isOwn: Bool
        /// For the owner: what the preview says about who sees the book.
        var previewText: String?
        var words: [LibraryWordView]
        var hasWords: Bool
        var moreText: String?
    }

    struct LibraryWordView: Encodable, Sendable {
        var term: String
        var meaning: String
        var reading: String
    }

    @Sendable func show(req: Request) async throws -> Response {
        let library = try req.libraryStore()
        let book = try await library.book(try req.idParameter("id", "book"))
        let sample = try await library.sample(of: book)
        let isOwn = book.ownerID == library.readerID
        let data = ShowData(
            book: LibraryBookView(book, req), isOwn: isOwn,
            previewText: isOwn ? req.text(Self.previewKey(book.visibility)) : nil,
            words: sample.map {
                LibraryWordView(term: $0.term, meaning: $0.meaning, reading: $0.reading)
            },
            hasWords: !sample.isEmpty,
            moreText: book.wordCount > sample.count
                ? req.count("libraryMoreWords", book.wordCount - sample.count) : nil)
        return try await req.renderPage(
            "library/book", title: book.name, nav: "library", data: data)
    }

    static func previewKey(_ visibility: BookVisibility) -> String {
        switch visibility {
        case .private: "libraryPreviewPrivate"
        case .unlisted: "libraryPreviewUnlisted"
        case .public: "libraryPreviewPublic"
        }
    }

    /// Adds the copy and opens it.
    @Sendable func copy(req: Request) async throws -> Response {
        let id = try req.idParameter("id", "book")
        do {
            let copyID = try await req.libraryStore().copy(id, words: try req.wordStore())
            req.flash("flashLibraryCopied")
            return req.redirect(to: "/books/\(copyID)")
        } catch let error as AppError where error.code == .alreadyAdded {
            req.flash("flashLibraryOwnBook", error: true)
            return req.redirect(to: "/library/\(id)")
        }
    }
}

/// A published book in the library's lists and on its page.
struct LibraryBookView: Encodable, Sendable {
    var id: String
    var name: String
    var description: String
    var wordCountText: String
    var copyText: String
    var ownerText: String
    var publishedText: String

    init(_ book: LibraryBook, _ req: Request) {
        id = book.id.uuidString
        name = book.name
        description = book.description
        wordCountText = req.count("countWords", book.wordCount)
        copyText = req.count("libraryCopies", book.copyCount)
        ownerText = Localizer.format("libraryBy", req.uiLanguage, ["name": book.ownerName])
        publishedText = req.dateText(book.publishedAt)
    }
}
