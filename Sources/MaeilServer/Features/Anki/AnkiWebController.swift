import AnkiPackage
import Vapor
import VocabCore

/// An Anki package into the user's books in three steps, as a file import goes:
/// upload, preview (the books its decks become, each note type's fields mapped to
/// the word's, a few words as they will be), confirm. The package waits in the
/// `UploadStash` between the steps.
struct AnkiWebController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        let anki = routes.grouped("import", "anki")
        anki.get(use: uploadPage)
        anki.on(
            .POST, body: .collect(maxSize: ByteCount(value: AnkiImporter.packageLimit)), use: upload
        )
        anki.get(":upload", use: preview)
        anki.post(":upload", use: confirm)
        anki.post(":upload", "cancel", use: cancel)
        routes.get("books", ":id", "export", "anki", use: export)
    }

    @Sendable func export(req: Request) async throws -> Response {
        try await req.ankiExporter().download(bookID: req.idParameter("id", "book"))
    }

    struct UploadData: Encodable, Sendable {
        var error: String?
    }

    @Sendable func uploadPage(req: Request) async throws -> Response {
        try await req.renderPage(
            "notebook/anki-import", title: "ankiTitle", nav: "books", data: UploadData())
    }

    struct UploadForm: Content {
        var file: File?
    }

    @Sendable func upload(req: Request) async throws -> Response {
        func fail(_ message: String, status: HTTPStatus = .unprocessableEntity) async throws
            -> Response
        {
            try await req.renderPage(
                "notebook/anki-import", title: "ankiTitle", nav: "books",
                data: UploadData(error: message), status: status)
        }
        guard let file = try? req.content.decode(UploadForm.self).file,
            file.data.readableBytes > 0
        else { return try await fail(req.text("importNoFile")) }
        let bytes = Data(buffer: file.data)
        // Read before it is kept, so a bad package is refused at once.
        do {
            _ = try await AnkiImporter.plan(bytes)
        } catch let error as AppError {
            return try await fail(error.message, status: error.status)
        }
        let stash = try req.uploadStash()
        let name = file.filename.isEmpty ? nil : file.filename
        let id = try await req.application.threadPool.runIfActive {
            try stash.save(bytes, fileName: name, bookID: nil)
        }
        return req.redirect(to: "/import/anki/\(id)")
    }

    // MARK: preview

    struct FieldView: Encodable, Sendable {
        var key: String
        var name: String
        var roles: [OptionView]
    }

    struct NoteTypeView: Encodable, Sendable {
        var name: String
        var notesText: String
        var fields: [FieldView]
    }

    struct BookLine: Encodable, Sendable {
        var name: String
        var wordsText: String
    }

    struct SampleView: Encodable, Sendable {
        var term: String
        var meaning: String
        var reading: String
        var book: String
    }

    struct PreviewData: Encodable, Sendable {
        var uploadID: String
        var fileName: String
        var books: [BookLine]
        var noteTypes: [NoteTypeView]
        var samples: [SampleView]
        var historyText: String?
        var skippedText: String?
        var duplicates: [OptionView]
        var error: String?
    }

    @Sendable func preview(req: Request) async throws -> Response {
        try await renderPreview(req, choices: { req.query[String.self, at: $0] })
    }

    /// The preview with the mapping and duplicate choice `choices` gives (a query
    /// or a form field by name), and `error` when the last confirm failed.
    private func renderPreview(
        _ req: Request, choices: (String) -> String?, error: String? = nil,
        status: HTTPStatus = .ok
    ) async throws -> Response {
        let uploadID = try req.idParameter("upload", "upload")
        let stash = try req.uploadStash()
        let (bytes, meta) = try await req.application.threadPool.runIfActive {
            try stash.load(uploadID, bookID: nil)
        }
        // The defaults first: the preview shows even when the chosen mapping is refused.
        let read = try await AnkiImporter.plan(bytes)
        let mapping = Self.mapping(read.collection, choices)
        var plan = read.plan
        var problem = error
        switch Self.plan(read.collection, mapping) {
        case .success(let chosen): plan = chosen
        case .failure(let refused): problem = problem ?? Self.message(refused, req)
        }
        let lang = req.uiLanguage
        let usedTypes = Dictionary(grouping: read.collection.notes, by: \.typeID).mapValues(\.count)
        let roleLabels = AnkiFieldRole.allCases.map { ($0, req.text("ankiRole_" + $0.rawValue)) }
        let noteTypes = read.collection.noteTypes.values
            .filter { usedTypes[$0.id] != nil }.sorted { $0.name < $1.name }
            .map { type in
                NoteTypeView(
                    name: type.name, notesText: req.count("ankiNotes", usedTypes[type.id] ?? 0),
                    fields: type.fields.enumerated().map { index, name in
                        let chosen = mapping.roles[type.id]?[index] ?? .skip
                        return FieldView(
                            key: Self.fieldKey(type.id, index), name: name,
                            roles: roleLabels.map {
                                OptionView(
                                    value: $0.0.rawValue, label: $0.1, selected: $0.0 == chosen)
                            })
                    })
            }
        let answered = AnkiReviewHistory.answers(read.collection).values.reduce(0) { $0 + $1.count }
        let duplicate = (try? DuplicatePolicy.from(choices("duplicates"))) ?? .skip
        let data = PreviewData(
            uploadID: uploadID.uuidString, fileName: meta.fileName ?? "",
            books: plan.books.map {
                BookLine(name: $0.name, wordsText: req.count("countWords", $0.words.count))
            },
            noteTypes: noteTypes,
            samples: plan.books.flatMap { book in
                book.words.prefix(5).map {
                    SampleView(
                        term: $0.draft.term, meaning: $0.draft.meaning, reading: $0.draft.reading,
                        book: book.name)
                }
            }.prefix(8).map { $0 },
            historyText: answered == 0
                ? nil : Localizer.format("ankiHistory", lang, ["count": String(answered)]),
            skippedText: plan.notesWithoutTerm == 0
                ? nil : req.count("ankiWithoutTerm", plan.notesWithoutTerm),
            duplicates: DuplicatePolicy.allCases.map {
                OptionView(
                    value: $0.rawValue, label: req.text("ankiDuplicates_" + $0.rawValue),
                    selected: $0 == duplicate)
            },
            error: problem)
        return try await req.renderPage(
            "notebook/anki-preview", title: "ankiPreviewTitle", nav: "books", data: data,
            status: status)
    }

    static func fieldKey(_ typeID: Int64, _ index: Int) -> String { "role-\(typeID)-\(index)" }

    private static func plan(_ collection: AnkiCollection, _ mapping: AnkiFieldMapping)
        -> Result<AnkiImportPlan, AnkiImportError>
    {
        Result { () throws(AnkiImportError) in try AnkiImportPlan(collection, mapping: mapping) }
    }

    /// The defaults, with each field the choices name set to the role chosen.
    static func mapping(_ collection: AnkiCollection, _ choices: (String) -> String?)
        -> AnkiFieldMapping
    {
        var mapping = AnkiFieldMapping.defaults(for: collection)
        for (id, roles) in mapping.roles {
            mapping.roles[id] = roles.indices.map { index in
                choices(fieldKey(id, index)).flatMap(AnkiFieldRole.init(rawValue:)) ?? roles[index]
            }
        }
        return mapping
    }

    static func message(_ error: AnkiImportError, _ req: Request) -> String {
        switch error {
        case .noTermField(let name):
            Localizer.format("ankiNoTermField", req.uiLanguage, ["name": name])
        default: error.description
        }
    }

    // MARK: confirm

    @Sendable func confirm(req: Request) async throws -> Response {
        let uploadID = try req.idParameter("upload", "upload")
        let fields = try req.content.decode([String: String].self)
        let stash = try req.uploadStash()
        let (bytes, _) = try await req.application.threadPool.runIfActive {
            try stash.load(uploadID, bookID: nil)
        }
        let choices: (String) -> String? = { fields[$0] }
        // "Preview with these fields": the same page, nothing imported.
        if fields["action"] == "preview" { return try await renderPreview(req, choices: choices) }
        do {
            var read = try await AnkiImporter.plan(bytes)
            // A mapping the plan refuses goes back to the preview, said in the page's language.
            switch Self.plan(read.collection, Self.mapping(read.collection, choices)) {
            case .success(let chosen):
                guard chosen.wordCount > 0 else {
                    throw AppError.invalid(AnkiImportError.noNotes.description, code: .invalidFile)
                }
                read.plan = chosen
            case .failure(let refused):
                return try await renderPreview(
                    req, choices: choices, error: Self.message(refused, req),
                    status: .unprocessableEntity)
            }
            let report = try await AnkiImporter(words: try req.wordStore()).importPackage(
                read, duplicates: try DuplicatePolicy.from(fields["duplicates"]))
            stash.remove(uploadID)
            let imported = report.books.reduce(0) { $0 + $1.counts.imported }
            let skipped = report.books.reduce(0) { $0 + $1.counts.skipped }
            var message = Localizer.format(
                "ankiImported", req.uiLanguage,
                [
                    "count": req.count("countWords", imported),
                    "books": req.count("countBooks", report.books.count),
                ])
            if skipped > 0 {
                message +=
                    " "
                    + Localizer.format(
                        "importSkippedNote", req.uiLanguage,
                        ["count": req.count("countWords", skipped)])
            }
            req.flash(message)
            let only = report.books.count == 1 ? report.books.first : nil
            return req.redirect(to: only.map { "/books/\($0.id)" } ?? "/")
        } catch let error as AppError where error.status == .unprocessableEntity {
            // Nothing was written (one transaction); the preview says what went wrong.
            return try await renderPreview(
                req, choices: choices, error: error.message, status: .unprocessableEntity)
        }
    }

    @Sendable func cancel(req: Request) async throws -> Response {
        try req.uploadStash().cancel(try req.idParameter("upload", "upload"))
        return req.redirect(to: "/")
    }
}
