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
        routes.post("books", ":id", "pull", use: pull)
    }

    struct IndexData: Encodable, Sendable {
        var query: String
        var sorts: [OptionView]
        var termLanguages: [OptionView]
        var meaningLanguages: [OptionView]
        var sizes: [OptionView]
        /// Some filter is set: the page offers to show everything again.
        var filtered: Bool
        var matchText: String?
        var books: [LibraryBookView]
        var hasBooks: Bool
        var emptyTitle: String
        var emptyText: String
        var pager: PagerView
    }

    /// The web's word-count choices, as `minWords`/`maxWords`.
    static let sizes: [(value: String, key: String, range: (Int?, Int?))] = [
        ("", "librarySizeAny", (nil, nil)), ("small", "librarySizeSmall", (nil, 100)),
        ("medium", "librarySizeMedium", (101, 1_000)), ("large", "librarySizeLarge", (1_001, nil)),
    ]

    @Sendable func index(req: Request) async throws -> Response {
        var request = try LibraryQuery(req)
        let size = req.queryValue("size") ?? ""
        guard let chosen = Self.sizes.first(where: { $0.value == size }) else {
            throw AppError.invalid("size must be small, medium or large")
        }
        if !size.isEmpty { (request.minWords, request.maxWords) = chosen.range }
        let page = try await req.libraryStore().list(request)
        let query = request.query ?? ""
        let lang = req.uiLanguage
        let data = IndexData(
            query: query,
            sorts: LibrarySort.allCases.map {
                OptionView(
                    value: $0.rawValue, label: req.text(Self.sortKey($0)),
                    selected: $0 == request.sort)
            },
            termLanguages: LanguageOptions.options(
                selected: request.termLanguage ?? "", lang, allowingAny: true),
            meaningLanguages: LanguageOptions.options(
                selected: request.meaningLanguage ?? "", lang, allowingAny: true),
            sizes: Self.sizes.map {
                OptionView(value: $0.value, label: req.text($0.key), selected: $0.value == size)
            },
            filtered: request.termLanguage != nil || request.meaningLanguage != nil
                || !size.isEmpty,
            matchText: query.isEmpty && request.termLanguage == nil
                && request.meaningLanguage == nil && size.isEmpty
                ? nil : req.count("libraryMatches", page.total),
            books: page.items.map { LibraryBookView($0, req) },
            hasBooks: !page.items.isEmpty,
            emptyTitle: req.text(query.isEmpty ? "libraryEmptyTitle" : "libraryNoMatchTitle"),
            emptyText: req.text(query.isEmpty ? "libraryEmptyText" : "libraryNoMatchText"),
            pager: PagerView(
                req: req, path: "/library",
                query: [
                    ("q", query), ("sort", request.sort == .newest ? "" : request.sort.rawValue),
                    ("termLanguage", request.termLanguage ?? ""),
                    ("meaningLanguage", request.meaningLanguage ?? ""), ("size", size),
                ],
                page: page.page, total: page.total, perPage: page.perPage))
        return try await req.renderPage(
            "library/index", title: "libraryTitle", nav: "library", data: data)
    }

    static func sortKey(_ sort: LibrarySort) -> String {
        switch sort {
        case .newest: "librarySortNewest"
        case .mostCopied: "librarySortMostCopied"
        case .bestRated: "librarySortBestRated"
        case .mostReviewed: "librarySortMostReviewed"
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
        /// The reader's copies of the book and what each can take from it.
        var copies: [CopyView]
        /// Neither the reader's own book nor one they have a copy of.
        var canCopy: Bool
        var reviews: ReviewSectionView
        /// The administrator's "unpublish" button.
        var canUnpublish: Bool
        /// The reviews' pages.
        var pager: PagerView
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
        let reviewPage = try await req.reviewStore().page(
            of: book.id, page: try WordListQuery.int(req, "page", default: 1, range: 1...100_000),
            perPage: Self.reviewsPerPage)
        let isAdmin = try req.requireUser().isAdmin
        var copies: [CopyView] = []
        for copyID in try await library.copies(of: book.id) {
            guard
                let found = try await library.updates(
                    ofCopy: copyID, words: try req.wordStore(), cache: req.application.copyUpdates)
            else { continue }
            copies.append(CopyView(found, req))
        }
        let data = ShowData(
            book: LibraryBookView(book, req), isOwn: isOwn,
            previewText: isOwn ? req.text(Self.previewKey(book.visibility)) : nil,
            words: sample.map {
                LibraryWordView(term: $0.term, meaning: $0.meaning, reading: $0.reading)
            },
            hasWords: !sample.isEmpty,
            moreText: book.wordCount > sample.count
                ? req.count("libraryMoreWords", book.wordCount - sample.count) : nil,
            copies: copies, canCopy: !isOwn && copies.isEmpty,
            reviews: ReviewSectionView(
                reviewPage, book: book, readerID: library.readerID, readerIsAdmin: isAdmin, req),
            canUnpublish: isAdmin && !isOwn && book.visibility != .private,
            pager: PagerView(
                req: req, path: "/library/\(book.id)", query: [], page: reviewPage.page,
                total: reviewPage.total, perPage: reviewPage.perPage))
        return try await req.renderPage(
            "library/book", title: book.name, nav: "library", data: data)
    }

    static let reviewsPerPage = 20

    static func previewKey(_ visibility: BookVisibility) -> String {
        switch visibility {
        case .private: "libraryPreviewPrivate"
        case .unlisted: "libraryPreviewUnlisted"
        case .public: "libraryPreviewPublic"
        }
    }

    /// Takes the original's new and changed words into the reader's copy, and opens it.
    @Sendable func pull(req: Request) async throws -> Response {
        let id = try req.idParameter("id", "book")
        let result = try await req.libraryStore().pull(intoCopy: id, words: try req.wordStore())
        let lang = req.uiLanguage
        var text = Localizer.format(
            "flashPulled", lang,
            ["added": String(result.added), "updated": String(result.updated)])
        if result.keptEdits > 0 {
            text += " " + req.count("flashPulledKept", result.keptEdits)
        }
        req.flash(text)
        return req.redirect(to: "/books/\(id)")
    }

    /// Adds the copy and opens it.
    @Sendable func copy(req: Request) async throws -> Response {
        let id = try req.idParameter("id", "book")
        do {
            let copyID = try await req.libraryStore().copy(id, words: try req.wordStore())
            req.flash("flashLibraryCopied")
            return req.redirect(to: "/books/\(copyID)")
        } catch let error as AppError where error.code == .alreadyAdded {
            guard let copy = error.existingID, copy != id else {
                req.flash("flashLibraryOwnBook", error: true)
                return req.redirect(to: "/library/\(id)")
            }
            req.flash("flashLibraryCopiedAlready")
            return req.redirect(to: "/books/\(copy)")
        }
    }
}

/// One of the reader's copies of a library book, on the original's page.
struct CopyView: Encodable, Sendable {
    var id: String
    var name: String
    /// "원본에 새 단어 3개, 바뀐 단어 1개가 있습니다." or that it is up to date.
    var statusText: String
    var keptText: String?
    var canPull: Bool

    init(_ found: CopyUpdates, _ req: Request) {
        id = found.copyID.uuidString
        name = found.copyName
        let updates = found.updates
        canPull = !updates.isEmpty
        statusText =
            updates.isEmpty
            ? req.text("copyUpToDate")
            : Localizer.format(
                "copyHasUpdates", req.uiLanguage,
                [
                    "new": String(updates.new.count),
                    "changed": String(updates.changed.count),
                ])
        keptText =
            updates.keptEdits.isEmpty ? nil : req.count("copyKeptEdits", updates.keptEdits.count)
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
    var ownerAvatarURL: String
    var publishedText: String
    /// "영어 → 한국어".
    var languagesText: String

    init(_ book: LibraryBook, _ req: Request) {
        id = book.id.uuidString
        name = book.name
        description = book.description
        wordCountText = req.count("countWords", book.wordCount)
        copyText = req.count("libraryCopies", book.copyCount)
        ownerText = Localizer.format("libraryBy", req.uiLanguage, ["name": book.ownerName])
        ownerAvatarURL = book.ownerAvatar.webURL
        languagesText =
            LanguageOptions.name(book.languages.term, req.uiLanguage) + " → "
            + LanguageOptions.name(book.languages.meaning, req.uiLanguage)
        publishedText = req.dateText(book.publishedAt)
        rating = book.averageStars.map { RatingView($0, req) }
        reviewCountText = req.count("libraryReviewCount", book.reviewCount)
    }

    /// The average of its reviews; nil without any.
    var rating: RatingView?
    var reviewCountText: String
}

/// A book's average stars as its card, page and reviews show them.
struct RatingView: Encodable, Sendable {
    /// To one decimal ("4.5", "4.0").
    var text: String
    /// ★★★★☆ for the rounded average.
    var stars: String
    /// "별점 4.5점 (5점 만점)", for screen readers.
    var label: String

    init(_ average: Double, _ req: Request) {
        text = String(format: "%.1f", average)
        stars = StarsView.text(Int(average.rounded()))
        label = Localizer.format("libraryRatingLabel", req.uiLanguage, ["rating": text])
    }
}
