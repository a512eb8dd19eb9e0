import MaeilAPI
import Vapor
import VocabCore

/// `POST /api/v1/import/anki`: an Anki package into the user's books;
/// `GET /api/v1/books/{id}/export/anki`: a book as one.
struct AnkiAPIController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.on(
            .importAnki, body: .collect(maxSize: ByteCount(value: AnkiImporter.packageLimit)),
            use: importPackage)
        routes.on(.exportAnki, use: exportPackage)
    }

    @Sendable func exportPackage(req: Request) async throws -> Response {
        try await req.ankiExporter().download(bookID: req.idParameter("id", "book"))
    }

    @Sendable func importPackage(req: Request) async throws -> AnkiImportResultDTO {
        let (data, _) = try UploadedFile.read(from: req)
        let report = try await AnkiImporter(words: try req.wordStore()).importPackage(
            data, duplicates: try DuplicatePolicy.from(req.queryValue("duplicates")))
        return AnkiImportResultDTO(
            layout: report.layout.rawValue,
            books: report.books.map {
                AnkiImportResultDTO.Book(
                    id: $0.id, name: $0.name, imported: $0.counts.imported,
                    skipped: $0.counts.skipped, updated: $0.counts.updated)
            },
            notesWithoutTerm: report.notesWithoutTerm)
    }
}
