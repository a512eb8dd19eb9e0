import Vapor
import VocabCore

/// Import into and export out of a book; shared by the API, the web app and
/// the CLI so that all three behave the same.
struct BookTransfer: Sendable {
    let books: BookStore
    let words: WordStore

    /// Parses the file and adds every row in one transaction. A bad row stops
    /// the whole import with its line number; nothing is written.
    func importFile(
        _ data: Data, fileName: String?, intoBook bookID: UUID, options: ImportOptions,
        duplicates: DuplicateChoices = DuplicateChoices(),
        progress: (@Sendable (Int, Int) -> Void)? = nil
    ) async throws -> ImportReport {
        _ = try await books.find(bookID)
        return try await importParsed(
            try parse(data, fileName: fileName, options: options), intoBook: bookID,
            duplicates: duplicates, progress: progress)
    }

    /// The words of a file, or the error of its first bad row.
    func parse(_ data: Data, fileName: String?, options: ImportOptions) throws -> ImportResult {
        let parsed = try WordImporter.parse(data: data, fileName: fileName, options: options)
        guard !parsed.words.isEmpty else {
            throw ImportError(.noWords, message: "the file has no words to import")
        }
        return parsed
    }

    /// Adds parsed words to a book in one transaction; rows whose word the
    /// book has already go as `duplicates` says (skipped unless told).
    func importParsed(
        _ parsed: ImportResult, intoBook bookID: UUID,
        duplicates: DuplicateChoices = DuplicateChoices(),
        progress: (@Sendable (Int, Int) -> Void)? = nil
    ) async throws -> ImportReport {
        let total = parsed.words.count
        let counts = try await words.importDrafts(
            parsed.words, intoBook: bookID, duplicates: duplicates
        ) { done in
            progress?(done, total)
        }
        return ImportReport(counts: counts, format: parsed.format, encoding: parsed.encoding)
    }

    func preview(_ data: Data, fileName: String?, options: ImportOptions) throws -> ImportPreview {
        try WordImporter.preview(data: data, fileName: fileName, options: options)
    }

    func export(bookID: UUID, format: ImportFormat) async throws -> (
        data: Data, fileName: String, contentType: HTTPMediaType
    ) {
        let book = try await books.find(bookID)
        let drafts = try await words.drafts(inBook: bookID)
        let data = try WordExporter.export(
            name: book.name, description: book.description, words: drafts, format: format)
        let ext = format == .quizlet ? "txt" : format.rawValue
        let type: HTTPMediaType =
            switch format {
            case .csv: HTTPMediaType(type: "text", subType: "csv", parameters: ["charset": "utf-8"])
            case .tsv:
                HTTPMediaType(
                    type: "text", subType: "tab-separated-values", parameters: ["charset": "utf-8"])
            case .json: .json
            case .quizlet: .plainText
            }
        return (data, Self.fileName(for: book.name, extension: ext), type)
    }

    /// A download's file name from a book's name: letters and digits kept, the rest `_`.
    static func fileName(for bookName: String, extension ext: String) -> String {
        let safeName = String(
            bookName.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? $0 : "_" })
        return "\(safeName.isEmpty ? "book" : safeName).\(ext)"
    }

    /// Creates the starter book written by the project (240 common English
    /// words), once: when the user has it already, 409 `already_added` names it.
    /// The book, its words and the answer are one transaction: a failure
    /// leaves no empty starter book that a second press would call added.
    func addStarterBook() async throws -> BookSummary {
        if let existing = try await books.withOrigin(Book.starterOrigin) {
            throw AppError(
                status: .conflict, code: .alreadyAdded,
                message: "the starter book is added already", existingID: existing.id)
        }
        let archive = try BookArchiveCodec.decode(
            try MaeilResources.data("Starter/english-basics.json"))
        let (books, words) = (books, words)
        return try await books.db.writeTransaction { tx in
            let (books, words) = (books.within(tx), words.within(tx))
            let book = try await books.create(
                name: archive.name, description: archive.description, origin: Book.starterOrigin)
            _ = try await words.importDrafts(archive.words, intoBook: try book.requireID())
            return try await books.summary(try book.requireID())
        }
    }
}

extension Request {
    func bookTransfer() throws -> BookTransfer {
        BookTransfer(books: try bookStore(), words: try wordStore())
    }
}

extension DuplicatePolicy {
    /// `duplicates=skip|update|keep` (default skip).
    static func from(_ raw: String?) throws -> DuplicatePolicy {
        guard let raw, !raw.isEmpty else { return .skip }
        guard let policy = DuplicatePolicy(rawValue: raw) else {
            throw AppError.invalid("duplicates must be one of skip, update, keep")
        }
        return policy
    }
}

extension ImportOptions {
    /// Reads `format`, `header`, `columns`, `termSeparator`, `rowSeparator` from a query.
    static func from(query: URLQueryContainer) throws -> ImportOptions {
        try from(lookup: { try? query.get(String.self, at: $0) })
    }

    static func from(lookup: (String) -> String?) throws -> ImportOptions {
        var options = ImportOptions()
        if let raw = lookup("format"), !raw.isEmpty, raw != "auto" {
            guard let format = ImportFormat(rawValue: raw) else {
                throw AppError.invalid("format must be one of csv, tsv, quizlet, json")
            }
            options.format = format
        }
        if let raw = lookup("header"), !raw.isEmpty, raw != "auto" {
            options.hasHeader = ["1", "true", "yes", "on"].contains(raw.lowercased())
        }
        if let raw = lookup("columns"), !raw.isEmpty {
            options.mapping = try raw.split(separator: ",").map {
                let name = $0.trimmingCharacters(in: .whitespaces)
                guard let column = WordColumn(rawValue: name) else {
                    throw AppError.invalid(
                        "unknown column \"\(name)\"; use one of \(WordColumn.allCases.map(\.rawValue).joined(separator: ", "))"
                    )
                }
                return column
            }
        }
        // Typed as `\t`, `\n`: the importer reads the escapes.
        if let sep = lookup("termSeparator"), !sep.isEmpty { options.quizletTermSeparator = sep }
        if let sep = lookup("rowSeparator"), !sep.isEmpty { options.quizletRowSeparator = sep }
        return options
    }
}
