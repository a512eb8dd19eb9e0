import AnkiPackage
import Fluent
import Foundation
import NIOPosix
import VocabCore

/// An Anki package (.apkg, .colpkg) into the user's books, for the API, the web app
/// and the CLI alike: each deck a book ("Korean › Basics", found by that name or
/// made), each note a word (`AnkiImportPlan`), all in one transaction — a package
/// that fails anywhere leaves nothing behind.
struct AnkiImporter: Sendable {
    let words: WordStore

    /// The package's largest accepted size, packed.
    static let packageLimit = 200 * 1_048_576

    /// What an import did, per book.
    struct Report: Sendable {
        struct BookResult: Sendable {
            var id: UUID
            var name: String
            var counts: ImportCounts
        }

        var layout: AnkiArchive.Layout
        var books: [BookResult]
        var notesWithoutTerm: Int
    }

    /// The package read and planned with `mapping` (the defaults when nil), or the
    /// first thing wrong with it as a 4xx.
    static func plan(_ data: Data, mapping: AnkiFieldMapping? = nil) async throws -> (
        archive: AnkiArchive, collection: AnkiCollection, plan: AnkiImportPlan
    ) {
        guard data.count <= packageLimit else { throw AppError.tooLarge(packageLimit) }
        // Unpacking is CPU work: off the event loop.
        let archive: AnkiArchive
        do {
            archive = try await NIOThreadPool.singleton.runIfActive { try AnkiArchive(data) }
        } catch let error as AnkiPackageError {
            throw appError(error)
        }
        let collection = try await AnkiCollectionReader.read(archive.collection)
        do {
            let plan = try AnkiImportPlan(
                collection, mapping: mapping ?? AnkiFieldMapping.defaults(for: collection))
            guard plan.wordCount > 0 else { throw AnkiImportError.noNotes }
            return (archive, collection, plan)
        } catch let error as AnkiImportError {
            throw AppError.invalid(error.description, code: .invalidFile)
        }
    }

    func importPackage(
        _ data: Data, mapping: AnkiFieldMapping? = nil,
        duplicates: DuplicatePolicy = .skip
    ) async throws -> Report {
        let (archive, _, plan) = try await Self.plan(data, mapping: mapping)
        let words = words
        let books = try await words.db.transaction { tx -> [Report.BookResult] in
            let store = WordStore(
                db: tx, userID: words.userID, days: words.days, hooks: words.hooks)
            let shelf = BookStore(db: tx, userID: words.userID)
            var results: [Report.BookResult] = []
            for planned in plan.books {
                let book = try await shelf.findOrCreate(named: planned.name)
                let id = try book.requireID()
                let counts = try await store.importDrafts(
                    planned.words.map(\.draft), intoBook: id,
                    duplicates: DuplicateChoices(duplicates))
                results.append(Report.BookResult(id: id, name: book.name, counts: counts))
            }
            return results
        }
        return Report(layout: archive.layout, books: books, notesWithoutTerm: plan.notesWithoutTerm)
    }

    /// A package error as the API says it: too big is 413, a missing system library
    /// 503, anything else about the file 422.
    static func appError(_ error: AnkiPackageError) -> AppError {
        switch error {
        case .tooLarge, .tooManyFiles, .compressionRatio:
            AppError(status: .payloadTooLarge, code: .tooLarge, message: error.description)
        case .zstdMissing:
            AppError(
                status: .serviceUnavailable, code: .ankiUnavailable, message: error.description)
        default:
            AppError.invalid(error.description, code: .invalidFile)
        }
    }
}
