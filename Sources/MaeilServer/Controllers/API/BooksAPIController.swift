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
        let book = try await req.bookStore().create(name: input.name, description: input.description ?? "")
        return try await created(BookDTO(try await req.bookStore().summary(try book.requireID())))
    }

    @Sendable func addStarter(req: Request) async throws -> Response {
        let book = try await req.bookTransfer().addStarterBook()
        return try await created(BookDTO(try await req.bookStore().summary(try book.requireID())))
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
        BookDeletedDTO(deletedWords: try await req.bookStore().delete(try req.idParameter("id", "book")))
    }

    /// `?page=&perPage=&q=&sort=&memorized=&bookmarked=`
    @Sendable func words(req: Request) async throws -> WordPageDTO {
        let id = try req.idParameter("id", "book")
        _ = try await req.bookStore().find(id)
        var filter = try WordListQuery.filter(from: req)
        filter.bookID = id
        let (sort, page, perPage) = try WordListQuery.paging(from: req)
        return WordPageDTO(try await req.wordStore().list(filter, sort: sort, page: page, perPage: perPage))
    }

    @Sendable func addWord(req: Request) async throws -> Response {
        let id = try req.idParameter("id", "book")
        let input = try req.content.decode(WordInput.self)
        return try await created(WordDTO(try await req.wordStore().create(inBook: id, input.draft())))
    }

    /// The file is the body (raw bytes) or the `file` part of a multipart form.
    /// Options come from the query: `format`, `header`, `columns`, separators.
    @Sendable func importFile(req: Request) async throws -> ImportResultDTO {
        let id = try req.idParameter("id", "book")
        let (data, fileName) = try UploadedFile.read(from: req)
        let options = try ImportOptions.from(query: req.query)
        return ImportResultDTO(
            try await req.bookTransfer().importFile(data, fileName: fileName, intoBook: id, options: options))
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

/// Query parameters shared by word lists and search.
enum WordListQuery {
    static func filter(from req: Request) throws -> WordFilter {
        var filter = WordFilter()
        filter.query = try? req.query.get(String.self, at: "q")
        filter.memorized = try flag(req, "memorized")
        filter.bookmarked = try flag(req, "bookmarked")
        return filter
    }

    static func paging(from req: Request) throws -> (WordSort, Int, Int) {
        var sort = WordSort.recent
        if let raw = try? req.query.get(String.self, at: "sort") {
            guard let parsed = WordSort(rawValue: raw) else {
                throw AppError.invalid("sort must be one of \(WordSort.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            sort = parsed
        }
        let page = try int(req, "page", default: 1, range: 1...1_000_000)
        let perPage = try int(req, "perPage", default: 50, range: 1...500)
        return (sort, page, perPage)
    }

    static func flag(_ req: Request, _ name: String) throws -> Bool? {
        guard let raw = try? req.query.get(String.self, at: name), !raw.isEmpty else { return nil }
        switch raw.lowercased() {
        case "true", "1", "yes": return true
        case "false", "0", "no": return false
        default: throw AppError.invalid("\(name) must be true or false")
        }
    }

    static func int(_ req: Request, _ name: String, default value: Int, range: ClosedRange<Int>) throws -> Int {
        guard let raw = try? req.query.get(String.self, at: name), !raw.isEmpty else { return value }
        guard let n = Int(raw), range.contains(n) else {
            throw AppError.invalid("\(name) must be a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return n
    }
}

enum UploadedFile {
    struct Form: Content { var file: File }

    static func read(from req: Request) throws -> (Data, String?) {
        if req.headers.contentType?.type == "multipart" {
            guard let form = try? req.content.decode(Form.self) else {
                throw AppError.badRequest("the form has no file in its \"file\" field")
            }
            return (Data(buffer: form.file.data), form.file.filename)
        }
        guard let body = req.body.data, body.readableBytes > 0 else {
            throw AppError.badRequest("send the file as the request body or as a multipart \"file\" field")
        }
        return (Data(buffer: body), try? req.query.get(String.self, at: "filename"))
    }

    static func download(_ data: Data, fileName: String, type: HTTPMediaType) -> Response {
        let response = Response(status: .ok, body: .init(data: data))
        response.headers.contentType = type
        // Old clients get an ASCII name; `filename*` carries the real one (e.g. Korean).
        let ext = (fileName as NSString).pathExtension
        let stem = String((fileName as NSString).deletingPathExtension.unicodeScalars
            .filter { $0.isASCII && $0 != "\"" && $0 != "\\" }.map(Character.init))
            .trimmingCharacters(in: CharacterSet(charactersIn: "_ "))
        let ascii = (stem.isEmpty ? "book" : stem) + (ext.isEmpty ? "" : ".\(ext)")
        let encoded = fileName.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ascii
        response.headers.replaceOrAdd(
            name: .contentDisposition, value: "attachment; filename=\"\(ascii)\"; filename*=UTF-8''\(encoded)")
        return response
    }
}
