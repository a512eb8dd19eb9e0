import MaeilAPI
import Vapor
import VocabCore

struct BooksAPIController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.on(.books, use: list)
        routes.on(.createBook, use: create)
        routes.on(.addStarterBook, use: addStarter)
        routes.on(.book, use: show)
        routes.on(.updateBook, use: update)
        routes.on(.deleteBook, use: delete)
        routes.on(.bookWords, use: words)
        routes.on(.addWord, use: addWord)
        routes.on(.importFile, body: .collect(maxSize: "20mb"), use: importFile)
        routes.on(.exportBook, use: export)
    }

    @Sendable func list(req: Request) async throws -> [BookDTO] {
        try await req.bookStore().list().map(BookDTO.init)
    }

    @Sendable func create(req: Request) async throws -> Response {
        let input = try req.content.decode(BookInput.self)
        let book = try await req.bookStore().createSummarized(
            name: input.name, description: input.description ?? "",
            languages: try BookLanguages(
                term: BookLanguages.code(
                    input.termLanguage ?? BookLanguages.englishToKorean.term, field: "termLanguage"),
                meaning: BookLanguages.code(
                    input.meaningLanguage ?? BookLanguages.englishToKorean.meaning,
                    field: "meaningLanguage")))
        return try await created(BookDTO(book))
    }

    @Sendable func addStarter(req: Request) async throws -> Response {
        return try await created(BookDTO(try await req.bookTransfer().addStarterBook()))
    }

    @Sendable func show(req: Request) async throws -> BookDTO {
        BookDTO(try await req.bookStore().summary(try req.idParameter("id", "book")))
    }

    @Sendable func update(req: Request) async throws -> BookDTO {
        let id = try req.idParameter("id", "book")
        _ = try await req.bookStore().update(id, try req.content.decode(BookPatch.self).changes())
        return BookDTO(try await req.bookStore().summary(id))
    }

    @Sendable func delete(req: Request) async throws -> BookDeletedDTO {
        BookDeletedDTO(
            deletedWords: try await req.bookStore().delete(try req.idParameter("id", "book")))
    }

    /// `?page=&perPage=&q=&sort=&memorized=&bookmarked=`. A list (not a
    /// search, not random) is handed out again while the book is unchanged
    /// (`WordPageCache`).
    @Sendable func words(req: Request) async throws -> Response {
        let id = try req.idParameter("id", "book")
        var filter = try WordListQuery.filter(from: req)
        filter.bookID = id
        let (sort, page, perPage) = try WordListQuery.paging(from: req)
        func made() async throws -> Response {
            WordPageDTO(
                try await req.wordStore().list(filter, sort: sort, page: page, perPage: perPage)
            ).jsonResponse()
        }
        let cache = req.application.wordPageCache
        guard
            let key = WordPageCache.Key(
                userID: try req.requireUserID(), bookID: id, filter: filter, sort: sort,
                page: page, perPage: perPage)
        else { return try await made() }
        let revision = try await req.bookStore().revision(of: id)
        if let body = cache.body(for: key, at: revision) { return .json(body) }
        let response = try await made()
        if let body = response.body.buffer { cache.keep(body, for: key, at: revision) }
        return response
    }

    @Sendable func addWord(req: Request) async throws -> Response {
        let id = try req.idParameter("id", "book")
        let input = try req.content.decode(WordInput.self)
        return try await created(
            WordDTO(
                try await req.wordStore().create(
                    inBook: id, input.draft(), allowingDuplicate: input.allowDuplicate ?? false)))
    }

    /// The file is the body (raw bytes) or the `file` part of a multipart form.
    /// Options come from the query: `format`, `header`, `columns`, separators.
    @Sendable func importFile(req: Request) async throws -> ImportResultDTO {
        let id = try req.idParameter("id", "book")
        let (data, fileName) = try UploadedFile.read(from: req)
        let options = try ImportOptions.from(query: req.query)
        return ImportResultDTO(
            try await req.bookTransfer().importFile(
                data, fileName: fileName, intoBook: id, options: options,
                duplicates: DuplicateChoices(try DuplicatePolicy.from(req.queryValue("duplicates")))
            ))
    }

    @Sendable func export(req: Request) async throws -> Response {
        let id = try req.idParameter("id", "book")
        let raw = (try? req.query.get(String.self, at: "format")) ?? "json"
        guard let format = ImportFormat(rawValue: raw) else {
            throw AppError.invalid("format must be one of csv, tsv, quizlet, json")
        }
        let file = try await req.bookTransfer().export(bookID: id, format: format)
        return UploadedFile.download(file.data, fileName: file.fileName, type: file.contentType)
    }

    private func created(_ value: some Content) async throws -> Response {
        let response = Response(status: .created)
        try response.content.encode(value)
        return response
    }
}
