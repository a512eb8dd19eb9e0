import MaeilAPI
import Vapor
import VocabCore

/// The books home, a book's page (its words, fast entry, edit, delete) and export.
struct BooksWebController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.get(use: index)
        // The books live at the home page; `/books`, where a book's page
        // sits under, is a natural address to type for them.
        routes.get("books") { req in req.redirect(to: "/") }
        routes.post("books", use: create)
        routes.post("books", "starter", use: addStarter)
        routes.get("books", ":id", use: show)
        routes.post("books", ":id", use: update)
        routes.get("books", ":id", "delete", use: confirmDelete)
        routes.post("books", ":id", "delete", use: delete)
        routes.get("books", ":id", "export", use: export)
        routes.post("books", ":id", "words", use: addWord)
        routes.post("books", ":id", "visibility", use: setVisibility)
    }

    // MARK: books home

    struct BookCard: Encodable, Sendable {
        var id: String
        var name: String
        var description: String
        var wordCountText: String
        var memorizedText: String
        /// "Public" or "Unlisted"; nil for a private book.
        var sharingText: String?
    }

    struct IndexData: Encodable, Sendable {
        var books: [BookCard]
        var hasBooks: Bool
        var name: String
        var description: String
        var error: String?
        /// Other features' cards (the Japanese word of the day).
        var cards: [HomeCard]
    }

    struct BookForm: Content {
        var name: String?
        var description: String?
        var termLanguage: String?
        var meaningLanguage: String?
    }

    @Sendable func index(req: Request) async throws -> Response {
        try await renderIndex(req, form: BookForm(name: nil, description: nil), error: nil)
    }

    private func renderIndex(
        _ req: Request, form: BookForm, error: String?, status: HTTPStatus = .ok
    ) async throws -> Response {
        let books = try await req.bookStore().list().map { book in
            BookCard(
                id: book.id.uuidString, name: book.name, description: book.description,
                wordCountText: req.count("countWords", book.wordCount),
                memorizedText: req.count("countMemorized", book.memorizedCount),
                sharingText: Self.sharingText(req, book.visibility))
        }
        let data = IndexData(
            books: books, hasBooks: !books.isEmpty, name: form.name ?? "",
            description: form.description ?? "", error: error, cards: try await req.homeCards())
        return try await req.renderPage(
            "notebook/books", title: "navBooks", nav: "books", data: data, status: status)
    }

    @Sendable func create(req: Request) async throws -> Response {
        let form = try req.content.decode(BookForm.self)
        do {
            let book = try await req.bookStore().create(
                name: form.name ?? "", description: form.description ?? "")
            req.flash(Localizer.format("flashBookCreated", req.uiLanguage, ["name": book.name]))
            return req.redirect(to: "/books/\(try book.requireID())")
        } catch let error as ValidationError {
            return try await renderIndex(
                req, form: form, error: WebMessages.validation(error, req.uiLanguage),
                status: .unprocessableEntity)
        }
    }

    /// A second press opens the starter book already added.
    @Sendable func addStarter(req: Request) async throws -> Response {
        let book: BookSummary
        do {
            book = try await req.bookTransfer().addStarterBook()
        } catch let error as AppError where error.code == .alreadyAdded {
            req.flash("flashStarterExists")
            return req.redirect(to: "/books/\(error.existingID?.uuidString ?? "")")
        }
        req.flash(
            Localizer.format(
                "flashStarterAdded", req.uiLanguage,
                ["name": book.name, "count": req.count("countWords", book.counts.words)]))
        return req.redirect(to: "/books/\(book.id)")
    }

    // MARK: one book

    struct BookView: Encodable, Sendable {
        var id: String
        var name: String
        var description: String
        var wordCountText: String
        var memorizedText: String
        var sharingText: String?
        /// A library copy's original, where its new words are offered.
        var originalID: String?
        var termLanguages: [OptionView]
        var meaningLanguages: [OptionView]
        /// The fields' `lang`: they choose the on-screen keyboard (Hangul for
        /// `ko`) and, for Japanese terms, offer kana input.
        var termLanguage: String
        var meaningLanguage: String
        var termIsJapanese: Bool
        /// "영어 → 한국어".
        var languagesText: String
    }

    /// The badge of a shared book; nil for a private one.
    static func sharingText(_ req: Request, _ visibility: BookVisibility) -> String? {
        switch visibility {
        case .private: nil
        case .unlisted: req.text("bookBadgeUnlisted")
        case .public: req.text("bookBadgePublic")
        }
    }

    struct ExportLink: Encodable, Sendable {
        var label: String
        var href: String
    }

    struct ShowData: Encodable, Sendable {
        var book: BookView
        var query: String
        var sorts: [OptionView]
        var shows: [OptionView]
        /// "N words" for the current search or filter, nil when showing all.
        var matchText: String?
        var list: WordListView
        var pager: PagerView
        var exports: [ExportLink]
        /// Private, unlisted, public: who besides the owner sees the book.
        var visibilities: [OptionView]
        /// For the fast entry script: counts as it adds words.
        var countTemplate: String
        var countTemplateOne: String
    }

    static let sortOrder: [WordSort] = [
        .recent, .oldest, .alphabetical, .memorized, .notMemorized, .random,
    ]

    static func sortOptions(_ req: Request, selected: WordSort, choices: [WordSort] = sortOrder)
        -> [OptionView]
    {
        choices.map { sort in
            OptionView(
                value: sort.rawValue, label: req.text(sortKey(sort)), selected: sort == selected)
        }
    }

    static func sortKey(_ sort: WordSort) -> String {
        switch sort {
        case .recent: "sortRecent"
        case .oldest: "sortOldest"
        case .memorized: "sortMemorized"
        case .notMemorized: "sortNotMemorized"
        case .random: "sortRandom"
        case .alphabetical: "sortAlphabetical"
        }
    }

    /// What a book's page shows besides its words: the book's row (name,
    /// counts, revision) and the books its words can move to.
    struct ShowVersion: Equatable, Sendable {
        var book: BookSummary
        var moveTargets: [OptionView]
    }

    /// A list of a book's words with the query string it was asked with (the
    /// page's forms return to it).
    struct ShowKey: Hashable, Sendable {
        var list: WordPageCache.Key
        var query: String
    }

    /// A book's page. A list (not a search, not random) is handed out again
    /// while the book and the move menu are unchanged (`RenderedPageCache`);
    /// kept with the user's kept books, it goes out at once, without the task
    /// an async handler starts.
    @Sendable func show(req: Request) throws -> EventLoopFuture<Response> {
        let id = try req.idParameter("id", "book")
        let query = (req.queryValue("q") ?? "").trimmingCharacters(
            in: .whitespaces)
        guard query.count <= 200 else { throw AppError.invalid(req.text("errQueryTooLong")) }
        let (sort, page, perPage) = try WordListQuery.paging(from: req)
        var filter = WordFilter()
        filter.bookID = id
        filter.query = query.isEmpty ? nil : query
        let show = WordShowFilter(req)
        show.apply(to: &filter)
        let userID = try req.requireUserID()
        let list = WordPageCache.Key(
            userID: userID, bookID: id, filter: filter, sort: sort, page: page, perPage: perPage)
        if let list, let books = BookStore.keptList(for: userID, in: req.keptReads),
            let version = Self.version(of: id, among: books),
            let kept = req.application.bookPageCache.keptPage(
                ShowKey(list: list, query: req.url.query ?? ""), at: version, for: req)
        {
            return req.eventLoop.makeSucceededFuture(kept)
        }
        return req.eventLoop.makeFutureWithTask { [filter] in
            try await made(
                req, id: id, query: query, show: show, filter: filter, list: list,
                sort: sort, page: page, perPage: perPage)
        }
    }

    /// The book's page as it shows it; nil for a book not among `books`.
    private static func version(of id: UUID, among books: [BookSummary]) -> ShowVersion? {
        guard let book = books.first(where: { $0.id == id }) else { return nil }
        return ShowVersion(
            book: book,
            moveTargets: books.filter { $0.id != id }.map {
                OptionView(value: $0.id.uuidString, label: $0.name, selected: false)
            })
    }

    /// A book's page, read and rendered, or kept (`RenderedPageCache`).
    private func made(
        _ req: Request, id: UUID, query: String, show: WordShowFilter, filter: WordFilter,
        list: WordPageCache.Key?, sort: WordSort, page: Int, perPage: Int
    ) async throws -> Response {
        // One read of the user's books gives the book (or the 404) and the
        // move menu, before the words: a kept page is never older than them.
        let books = try await req.bookStore().list()
        guard let version = Self.version(of: id, among: books) else {
            throw AppError.notFound("book")
        }
        let book = version.book
        let key = list.map { ShowKey(list: $0, query: req.url.query ?? "") }
        if let key, let kept = req.application.bookPageCache.keptPage(key, at: version, for: req) {
            return kept
        }
        let result = try await req.wordStore().list(
            filter, sort: sort, page: page, perPage: perPage)
        let own = ListParts(
            req, book: book, query: query, show: show, sort: sort, page: page, perPage: perPage,
            result: result)
        func data(_ parts: ListParts) -> ShowData {
            showData(
                req, version: version, query: query, show: show, sort: sort, result: result,
                parts: parts)
        }
        guard let list, let key else {
            return try await req.renderPage(
                "notebook/book", title: book.name, nav: "books", data: data(own))
        }
        return try await req.application.bookPageCache.page(
            key, frame: own.frame(of: list), parts: own.parts, at: version, for: req,
            template: "notebook/book",
            title: book.name, nav: "books"
        ) { data(own.with($0)) }
    }

    /// What changes from one page of a book's list to the next: its rows, the
    /// address its forms return to, and its pager. The rest of the page, the
    /// frame, is the same on every page (`RenderedPageCache`).
    private struct ListParts {
        var rowsHTML: String
        var returnPath: String
        var pager: PagerView
        var isEmpty: Bool

        init(
            _ req: Request, book: BookSummary, query: String, show: WordShowFilter,
            sort: WordSort, page: Int, perPage: Int, result: WordPage
        ) {
            let path = "/books/\(book.id)"
            rowsHTML = WordListView.html(
                rows: result.items.map { WordRowView($0, highlight: query.isEmpty ? nil : query) },
                labels: WordRowLabels(req), showBook: false, speechLanguage: book.languages.term)
            returnPath = req.url.query.map { "\(path)?\($0)" } ?? path
            pager = PagerView(
                req: req, path: path,
                query: [
                    ("q", query), ("show", show.rawValue),
                    ("sort", sort == .recent ? "" : sort.rawValue),
                ],
                page: page, total: result.total, perPage: perPage)
            isEmpty = result.items.isEmpty
        }

        /// The parts in the order `with` reads them back.
        var parts: [RenderedPageCache<ShowKey, Frame, ShowVersion>.Part] {
            [
                .html(rowsHTML), .text(returnPath), .text(pager.label),
                .text(pager.previous ?? ""), .text(pager.next ?? ""),
            ]
        }

        /// These parts with `strings` (placeholders, say) in their place.
        func with(_ strings: [String]) -> ListParts {
            var copy = self
            copy.rowsHTML = strings[0]
            copy.returnPath = strings[1]
            copy.pager = PagerView(
                label: strings[2], previous: pager.previous.map { _ in strings[3] },
                next: pager.next.map { _ in strings[4] })
            return copy
        }

        /// The frame these parts go into: the list on any page, and what the
        /// template decides by them (an empty list is hidden, a first page
        /// has no "previous").
        func frame(of list: WordPageCache.Key) -> Frame {
            Frame(
                list: list.onAnyPage, isEmpty: isEmpty, hasPrevious: pager.previous != nil,
                hasNext: pager.next != nil)
        }
    }

    /// A book's page without its `ListParts`.
    struct Frame: Hashable, Sendable {
        var list: WordPageCache.Key
        var isEmpty: Bool
        var hasPrevious: Bool
        var hasNext: Bool
    }

    private func showData(
        _ req: Request, version: ShowVersion, query: String, show: WordShowFilter, sort: WordSort,
        result: WordPage, parts: ListParts
    ) -> ShowData {
        let book = version.book
        let path = "/books/\(book.id)"
        let list = WordListView(
            rowsHTML: parts.rowsHTML, isEmpty: parts.isEmpty,
            moveTargets: version.moveTargets,
            returnPath: parts.returnPath, showBook: false,
            emptyText: req.text(query.isEmpty && show == .all ? "bookEmpty" : "searchNoResults"),
            speechLanguage: book.languages.term)
        let lang = req.uiLanguage
        return ShowData(
            book: BookView(
                id: book.id.uuidString, name: book.name, description: book.description,
                wordCountText: req.count("countWords", book.wordCount),
                memorizedText: req.count("countMemorized", book.memorizedCount),
                sharingText: Self.sharingText(req, book.visibility),
                originalID: book.copiedFrom?.uuidString,
                termLanguages: LanguageOptions.options(selected: book.languages.term, lang),
                meaningLanguages: LanguageOptions.options(selected: book.languages.meaning, lang),
                termLanguage: book.languages.term, meaningLanguage: book.languages.meaning,
                termIsJapanese: book.languages.term == "ja",
                languagesText: LanguageOptions.name(book.languages.term, lang) + " → "
                    + LanguageOptions.name(book.languages.meaning, lang)),
            query: query,
            sorts: Self.sortOptions(req, selected: sort),
            shows: WordShowFilter.options(req, selected: show),
            matchText: query.isEmpty && show == .all
                ? nil
                : req.count(
                    result.totalCapped ? "countMatchesCapped" : "countMatches", result.total),
            list: list,
            pager: parts.pager,
            exports: [("CSV", "csv"), ("TSV", "tsv"), ("JSON", "json"), ("Quizlet", "quizlet")].map
            {
                ExportLink(label: $0.0, href: "\(path)/export?format=\($0.1)")
            } + [ExportLink(label: "Anki (.apkg)", href: "\(path)/export/anki")],
            visibilities: BookVisibility.allCases.map {
                OptionView(
                    value: $0.rawValue, label: req.text(Self.visibilityKey($0)),
                    selected: $0 == book.visibility)
            },
            countTemplate: Localizer.text("countWords", lang),
            countTemplateOne: Localizer.strings(lang)["countWordsOne"]
                ?? Localizer.text("countWords", lang))
    }

    static func visibilityKey(_ visibility: BookVisibility) -> String {
        switch visibility {
        case .private: "bookVisibilityPrivate"
        case .unlisted: "bookVisibilityUnlisted"
        case .public: "bookVisibilityPublic"
        }
    }

    struct VisibilityForm: Content {
        var visibility: String?
    }

    /// Publishes the book (unlisted or public) or makes it private again, at once.
    @Sendable func setVisibility(req: Request) async throws -> Response {
        let id = try req.idParameter("id", "book")
        guard
            let visibility = try req.content.decode(VisibilityForm.self).visibility.flatMap(
                BookVisibility.init(rawValue:))
        else { throw AppError.invalid("visibility must be private, unlisted or public") }
        _ = try await req.bookStore().update(id, BookChanges(visibility: visibility))
        req.flash(Self.visibilityFlash(visibility))
        return req.redirect(to: "/books/\(id)")
    }

    private static func visibilityFlash(_ visibility: BookVisibility) -> String {
        switch visibility {
        case .private: "flashVisibilityPrivate"
        case .unlisted: "flashVisibilityUnlisted"
        case .public: "flashVisibilityPublic"
        }
    }

    @Sendable func update(req: Request) async throws -> Response {
        let id = try req.idParameter("id", "book")
        let form = try req.content.decode(BookForm.self)
        do {
            _ = try await req.bookStore().update(
                id,
                BookChanges(
                    name: form.name ?? "", description: form.description ?? "",
                    termLanguage: form.termLanguage, meaningLanguage: form.meaningLanguage))
            req.flash("flashBookSaved")
        } catch let error as ValidationError {
            req.flash(WebMessages.validation(error, req.uiLanguage), error: true)
        }
        return req.redirect(to: "/books/\(id)")
    }

    struct DeleteData: Encodable, Sendable {
        var id: String
        var name: String
        var warning: String
    }

    @Sendable func confirmDelete(req: Request) async throws -> Response {
        let id = try req.idParameter("id", "book")
        let book = try await req.bookStore().summary(id)
        let warning = Localizer.format(
            "bookDeleteWarning", req.uiLanguage,
            ["name": book.name, "count": req.count("countWords", book.wordCount)])
        return try await req.renderPage(
            "notebook/book-delete", title: "bookDeleteTitle", nav: "books",
            data: DeleteData(id: id.uuidString, name: book.name, warning: warning))
    }

    @Sendable func delete(req: Request) async throws -> Response {
        let id = try req.idParameter("id", "book")
        let name = try await req.bookStore().find(id).name
        let count = try await req.bookStore().delete(id)
        req.flash(
            Localizer.format(
                "flashBookDeleted", req.uiLanguage,
                ["name": name, "count": req.count("countWords", count)]))
        return req.redirect(to: "/")
    }

    @Sendable func export(req: Request) async throws -> Response {
        let id = try req.idParameter("id", "book")
        let raw = (try? req.query.get(String.self, at: "format")) ?? "csv"
        guard let format = ImportFormat(rawValue: raw) else {
            throw AppError.invalid("format must be one of csv, tsv, quizlet, json")
        }
        let file = try await req.bookTransfer().export(bookID: id, format: format)
        return UploadedFile.download(file.data, fileName: file.fileName, type: file.contentType)
    }

    // MARK: fast entry

    struct FastEntryForm: Content {
        var term: String
        var meaning: String?
        /// The script's "add it anyway" after a duplicate warning.
        var allowDuplicate: Bool?
    }

    /// What the fast entry script gets back: the new word and the book's new count.
    struct FastEntryResult: Content {
        var id: String
        var term: String
        var meaning: String
        var reading: String
        var href: String
        var wordCountText: String
    }

    /// Adds one word from the fast entry row: JSON for the script, or a plain
    /// form post (without JavaScript) that returns to the book.
    @Sendable func addWord(req: Request) async throws -> Response {
        let id = try req.idParameter("id", "book")
        let form = try req.content.decode(FastEntryForm.self)
        let draft = WordDraft(term: form.term, meaning: form.meaning ?? "")
        if let problem = WebMessages.check(draft, req.uiLanguage) {
            if req.wantsJSON { throw AppError.invalid(problem.message) }
            req.flash(problem.message, error: true)
            return req.redirect(to: "/books/\(id)")
        }
        let word: WordRecord
        let count: Int
        do {
            (word, count) = try await req.wordStore().create(
                inBook: id, draft, allowingDuplicate: form.allowDuplicate ?? false
            ) { word, store in
                (word, try await BookStore(db: store.db, userID: store.userID).counts(of: id).words)
            }
        } catch let error as AppError where error.code == .duplicateWord && !req.wantsJSON {
            req.flash("wordDuplicate", error: true)
            return req.redirect(to: "/books/\(id)")
        }
        guard req.wantsJSON else { return req.redirect(to: "/books/\(id)") }
        let result = FastEntryResult(
            id: word.id.uuidString, term: word.term, meaning: word.meaning, reading: word.reading,
            href: "/words/\(word.id)", wordCountText: req.count("countWords", count))
        let response = Response(status: .created)
        try response.content.encode(result)
        return response
    }
}

extension Application {
    private struct BookPageCacheKey: StorageKey {
        typealias Value = RenderedPageCache<
            BooksWebController.ShowKey, BooksWebController.Frame, BooksWebController.ShowVersion
        >
    }

    /// Book pages (`BooksWebController.show`): 8 MB, about 230 pages of 50 words,
    /// and 4 MB of their frames (the page without its rows), about 13 KB each.
    var bookPageCache:
        RenderedPageCache<
            BooksWebController.ShowKey, BooksWebController.Frame, BooksWebController.ShowVersion
        >
    {
        get { storage[BookPageCacheKey.self] ?? RenderedPageCache(byteLimit: 0) }
        set { storage[BookPageCacheKey.self] = newValue }
    }
}
