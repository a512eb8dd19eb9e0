import Vapor
import VocabCore

/// Import into a book in three steps: upload, preview with a column mapping,
/// confirm. The file waits in an `UploadStash` between the steps.
struct ImportWebController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        let book = routes.grouped("books", ":id", "import")
        book.get(use: uploadPage)
        book.post(use: upload)
        book.get(":upload", use: preview)
        book.post(":upload", use: confirm)
        book.post(":upload", "cancel", use: cancel)
    }

    // MARK: options shared by the steps

    /// The parsing choices, as typed in the forms (kept as text so the pages can echo them).
    struct Choices: Content, Sendable {
        var format: String?
        var header: String?
        var termSeparator: String?
        var rowSeparator: String?

        func options(mapping: [String]? = nil) throws -> ImportOptions {
            try ImportOptions.from { key in
                switch key {
                case "format": format
                case "header": header
                case "termSeparator": termSeparator
                case "rowSeparator": rowSeparator
                case "columns": mapping?.joined(separator: ",")
                default: nil
                }
            }
        }

        var query: [(String, String)] {
            [
                ("format", format ?? ""), ("header", header ?? ""),
                ("termSeparator", termSeparator ?? ""),
                ("rowSeparator", rowSeparator ?? ""),
            ]
        }
    }

    struct ChoiceViews: Encodable, Sendable {
        var formats: [OptionView]
        var headers: [OptionView]
        var termSeparator: String
        var rowSeparator: String
    }

    static func choiceViews(_ req: Request, _ choices: Choices) -> ChoiceViews {
        let format = choices.format ?? "auto"
        let header = choices.header ?? "auto"
        return ChoiceViews(
            formats: [
                ("auto", req.text("importAuto")), ("csv", "CSV"), ("tsv", "TSV"),
                ("quizlet", "Quizlet"), ("json", "JSON"),
            ].map { OptionView(value: $0.0, label: $0.1, selected: $0.0 == format) },
            headers: [("auto", "importAuto"), ("yes", "importHeaderYes"), ("no", "importHeaderNo")]
                .map {
                    OptionView(value: $0.0, label: req.text($0.1), selected: $0.0 == header)
                },
            termSeparator: choices.termSeparator ?? "\\t",
            rowSeparator: choices.rowSeparator ?? "\\n")
    }

    // MARK: step 1: upload

    struct UploadData: Encodable, Sendable {
        var bookID: String
        var bookName: String
        var choices: ChoiceViews
        var error: String?
    }

    @Sendable func uploadPage(req: Request) async throws -> Response {
        let book = try await req.bookStore().find(try req.idParameter("id", "book"))
        let data = UploadData(
            bookID: try book.requireID().uuidString, bookName: book.name,
            choices: Self.choiceViews(req, Choices()))
        return try await req.renderPage(
            "notebook/import", title: "importTitle", nav: "books", data: data)
    }

    struct UploadForm: Content {
        var file: File?
        var format: String?
        var header: String?
        var termSeparator: String?
        var rowSeparator: String?

        var choices: Choices {
            Choices(
                format: format, header: header, termSeparator: termSeparator,
                rowSeparator: rowSeparator)
        }
    }

    @Sendable func upload(req: Request) async throws -> Response {
        let bookID = try req.idParameter("id", "book")
        let book = try await req.bookStore().find(bookID)
        let form = try req.content.decode(UploadForm.self)
        func fail(_ message: String) async throws -> Response {
            let data = UploadData(
                bookID: bookID.uuidString, bookName: book.name,
                choices: Self.choiceViews(req, form.choices),
                error: message)
            return try await req.renderPage(
                "notebook/import", title: "importTitle", nav: "books", data: data,
                status: .unprocessableEntity)
        }
        guard let file = form.file, file.data.readableBytes > 0 else {
            return try await fail(req.text("importNoFile"))
        }
        let bytes = Data(buffer: file.data)
        let fileName = file.filename.isEmpty ? nil : file.filename
        // Check the file reads before keeping it, so a bad file is refused at once.
        do {
            let options = try form.choices.options()
            _ = try await req.application.threadPool.runIfActive {
                try WordImporter.preview(data: bytes, fileName: fileName, options: options)
            }
        } catch let error as ImportError {
            return try await fail(WebMessages.importProblem(error, req.uiLanguage))
        } catch let error as AppError {
            return try await fail(error.message)
        }
        let stash = try req.uploadStash()
        let id = try await req.application.threadPool.runIfActive {
            try stash.save(bytes, fileName: fileName, bookID: bookID)
        }
        return req.redirect(to: Self.previewURL(bookID: bookID, upload: id, choices: form.choices))
    }

    static func previewURL(bookID: UUID, upload: UUID, choices: Choices) -> String {
        var components = URLComponents()
        components.path = "/books/\(bookID)/import/\(upload)"
        let items = choices.query.filter { !$0.1.isEmpty }.map {
            URLQueryItem(name: $0.0, value: $0.1)
        }
        components.queryItems = items.isEmpty ? nil : items
        return components.string ?? components.path
    }

    // MARK: step 2: preview

    struct ColumnView: Encodable, Sendable {
        var index: Int
        var header: String
        var options: [OptionView]
    }

    struct PreviewData: Encodable, Sendable {
        var bookID: String
        var bookName: String
        var uploadID: String
        var fileName: String
        var format: String
        var formatLabel: String
        var encoding: String
        var encodingLabel: String
        var hasHeader: Bool
        var mappable: Bool
        var columns: [ColumnView]
        var rows: [[String]]
        var totalText: String
        var moreText: String?
        var choices: ChoiceViews
        var raw: Choices
        var error: String?
        /// "이 단어장에 이미 있는 단어 3개", and what to do with them; nil when none.
        var duplicatesText: String?
        var duplicateChoices: [OptionView]
        /// The first duplicates, each with its own choice; "and N more" past them.
        var duplicateRows: [DuplicateRowView]
        var duplicateRowOptions: [OptionView]
        var moreDuplicatesText: String?
    }

    /// A row of the file whose word the book has: the row's meaning against the book's.
    struct DuplicateRowView: Encodable, Sendable {
        var row: Int
        var number: Int
        /// "3행" / "Row 3".
        var rowText: String
        var term: String
        var fileMeaning: String
        var bookMeaning: String
        var wordID: String
    }

    /// How many duplicates the preview lists one by one.
    static let listedDuplicates = 50

    static func encodingLabel(_ encoding: TextEncodingDetected) -> String {
        switch encoding {
        case .utf8: "UTF-8"
        case .utf8BOM: "UTF-8 (BOM)"
        case .utf16LE: "UTF-16 LE"
        case .utf16BE: "UTF-16 BE"
        case .cp949: "CP949 (EUC-KR)"
        }
    }

    static func columnKey(_ column: WordColumn) -> String { "column_" + column.rawValue }

    @Sendable func preview(req: Request) async throws -> Response {
        let choices = try req.query.decode(Choices.self)
        return try await renderPreview(req, choices: choices, mapping: nil, error: nil)
    }

    private func renderPreview(
        _ req: Request, choices: Choices, mapping: [String]?, error: String?,
        status: HTTPStatus = .ok
    ) async throws -> Response {
        let bookID = try req.idParameter("id", "book")
        let uploadID = try req.idParameter("upload", "upload")
        let book = try await req.bookStore().find(bookID)
        let stash = try req.uploadStash()
        let (bytes, meta) = try await req.application.threadPool.runIfActive {
            try stash.load(uploadID, bookID: bookID)
        }
        let preview: ImportPreview
        do {
            let options = try choices.options()
            preview = try await req.application.threadPool.runIfActive {
                try WordImporter.preview(
                    data: bytes, fileName: meta.fileName, options: options, maxRows: 10)
            }
        } catch let problem as ImportError {
            // Other choices (format, separators) may read it; the upload page lets the user pick them.
            let data = UploadData(
                bookID: bookID.uuidString, bookName: book.name,
                choices: Self.choiceViews(req, choices),
                error: WebMessages.importProblem(problem, req.uiLanguage))
            stash.remove(uploadID)
            return try await req.renderPage(
                "notebook/import", title: "importTitle", nav: "books", data: data,
                status: .unprocessableEntity)
        }
        let width = max(
            preview.suggestedMapping.count, preview.header.count,
            preview.rows.map(\.count).max() ?? 0)
        let chosen: [WordColumn] = (0..<width).map { i in
            if let mapping, i < mapping.count, let column = WordColumn(rawValue: mapping[i]) {
                return column
            }
            return i < preview.suggestedMapping.count ? preview.suggestedMapping[i] : .ignore
        }
        let columns = (0..<width).map { i in
            ColumnView(
                index: i + 1,
                header: preview.hasHeader && i < preview.header.count ? preview.header[i] : "",
                options: WordColumn.allCases.map {
                    OptionView(
                        value: $0.rawValue, label: req.text(Self.columnKey($0)),
                        selected: $0 == chosen[i])
                })
        }
        let rows = preview.rows.map { row in (0..<width).map { $0 < row.count ? row[$0] : "" } }
        let lang = req.uiLanguage
        // The whole file, as it would be imported now, against the book's
        // words; an empty book (its kept count) has none to clash with.
        var duplicates = 0
        var duplicateRows: [DuplicateRowView] = []
        if try await req.bookStore().counts(of: bookID).words > 0 {
            var options = try choices.options()
            options.mapping = chosen
            let parsed = try? await req.application.threadPool.runIfActive { [options] in
                try WordImporter.parse(data: bytes, fileName: meta.fileName, options: options)
            }
            if let parsed {
                let found = try await req.wordStore().duplicates(of: parsed.words, inBook: bookID)
                duplicates = found.count
                let listed = Array(found.prefix(Self.listedDuplicates))
                let existing = Dictionary(
                    try await req.wordStore().words(listed.map(\.existingID)).map { ($0.id, $0) },
                    uniquingKeysWith: { first, _ in first })
                duplicateRows = listed.map { row, existingID in
                    DuplicateRowView(
                        row: row, number: row + 1,
                        rowText: Localizer.format(
                            "importDuplicateRow", lang, ["n": String(row + 1)]),
                        term: parsed.words[row].term,
                        fileMeaning: parsed.words[row].meaning,
                        bookMeaning: existing[existingID]?.meaning ?? "",
                        wordID: existingID.uuidString)
                }
            }
        }
        let data = PreviewData(
            bookID: bookID.uuidString, bookName: book.name, uploadID: uploadID.uuidString,
            fileName: meta.fileName ?? "", format: preview.format.rawValue,
            formatLabel: preview.format == .quizlet
                ? "Quizlet" : preview.format.rawValue.uppercased(),
            encoding: preview.encoding.rawValue,
            encodingLabel: Self.encodingLabel(preview.encoding),
            hasHeader: preview.hasHeader, mappable: preview.format != .json, columns: columns,
            rows: rows,
            totalText: req.count("countRows", preview.totalRows),
            moreText: preview.totalRows > rows.count
                ? Localizer.format(
                    "importMoreRows", lang, ["count": String(preview.totalRows - rows.count)])
                : nil,
            choices: Self.choiceViews(req, choices), raw: choices, error: error,
            duplicatesText: duplicates > 0
                ? Localizer.format(
                    "importDuplicates", lang, ["count": req.count("countWords", duplicates)])
                : nil,
            duplicateChoices: [
                ("skip", "importDuplicatesSkip"), ("update", "importDuplicatesUpdate"),
                ("keep", "importDuplicatesKeep"),
            ].map { OptionView(value: $0.0, label: req.text($0.1), selected: $0.0 == "skip") },
            duplicateRows: duplicateRows,
            duplicateRowOptions: [
                ("", "importDuplicateAsAbove"), ("skip", "importDuplicateSkipOne"),
                ("update", "importDuplicateUpdateOne"), ("keep", "importDuplicateKeepOne"),
            ].map { OptionView(value: $0.0, label: req.text($0.1), selected: $0.0 == "") },
            moreDuplicatesText: duplicates > duplicateRows.count
                ? Localizer.format(
                    "importMoreDuplicates", lang,
                    ["count": req.count("countWords", duplicates - duplicateRows.count)])
                : nil)
        return try await req.renderPage(
            "notebook/import-preview", title: "importPreviewTitle", nav: "books", data: data,
            status: status)
    }

    // MARK: step 3: confirm

    struct ConfirmForm: Content {
        var format: String?
        var header: String?
        var termSeparator: String?
        var rowSeparator: String?
        var columns: [String]?
        var duplicates: String?
        /// A duplicate's own choice by its row (`duplicateRow[12]=update`); empty follows `duplicates`.
        var duplicateRow: [String: String]?

        func duplicateChoices() throws -> DuplicateChoices {
            var choices = DuplicateChoices(try DuplicatePolicy.from(duplicates))
            for (row, raw) in duplicateRow ?? [:] where !raw.isEmpty {
                guard let index = Int(row), index >= 0 else {
                    throw AppError.invalid("duplicateRow must be keyed by a row number")
                }
                choices.rows[index] = try DuplicatePolicy.from(raw)
            }
            return choices
        }

        var choices: Choices {
            Choices(
                format: format, header: header, termSeparator: termSeparator,
                rowSeparator: rowSeparator)
        }
    }

    @Sendable func confirm(req: Request) async throws -> Response {
        let bookID = try req.idParameter("id", "book")
        let uploadID = try req.idParameter("upload", "upload")
        let form = try req.content.decode(ConfirmForm.self)
        let stash = try req.uploadStash()
        let (bytes, meta) = try await req.application.threadPool.runIfActive {
            try stash.load(uploadID, bookID: bookID)
        }
        let mapping = form.columns
        do {
            var options = try form.choices.options()
            if let mapping, !mapping.isEmpty {
                let columns = try mapping.map { raw in
                    guard let column = WordColumn(rawValue: raw) else {
                        throw AppError.invalid("unknown column \"\(raw)\"")
                    }
                    return column
                }
                guard columns.contains(.term) else {
                    throw AppError.invalid(req.text("importNeedTerm"))
                }
                options.mapping = columns
            }
            let result = try await req.bookTransfer().importFile(
                bytes, fileName: meta.fileName, intoBook: bookID, options: options,
                duplicates: try form.duplicateChoices())
            stash.remove(uploadID)
            let counts = result.counts
            let message = [
                ("flashImported", counts.imported, true),
                ("importSkippedNote", counts.skipped, counts.skipped > 0),
                ("importUpdatedNote", counts.updated, counts.updated > 0),
            ].filter(\.2).map { key, count, _ in
                Localizer.format(key, req.uiLanguage, ["count": req.count("countWords", count)])
            }.joined(separator: " ")
            req.flash(message)
            return req.redirect(to: "/books/\(bookID)")
        } catch let error as ImportError {
            // Nothing was written (one transaction); show the problem on the preview.
            return try await renderPreview(
                req, choices: form.choices, mapping: mapping,
                error: WebMessages.importProblem(error, req.uiLanguage),
                status: .unprocessableEntity)
        } catch let error as AppError where error.status == .unprocessableEntity {
            return try await renderPreview(
                req, choices: form.choices, mapping: mapping, error: error.message,
                status: .unprocessableEntity)
        }
    }

    @Sendable func cancel(req: Request) async throws -> Response {
        let bookID = try req.idParameter("id", "book")
        let uploadID = try req.idParameter("upload", "upload")
        _ = try await req.bookStore().find(bookID)
        try req.uploadStash().cancel(uploadID)
        return req.redirect(to: "/books/\(bookID)")
    }
}
