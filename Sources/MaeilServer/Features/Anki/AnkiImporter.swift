import AnkiPackage
import FSRS
import Fluent
import Foundation
import MaeilAPI
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

    /// A package read, and planned with a mapping.
    struct Planned: Sendable {
        var archive: AnkiArchive
        var collection: AnkiCollection
        var plan: AnkiImportPlan
    }

    /// The package read and planned with `mapping` (the defaults when nil), or the
    /// first thing wrong with it as a 4xx.
    static func plan(_ data: Data, mapping: AnkiFieldMapping? = nil) async throws -> Planned {
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
            return Planned(archive: archive, collection: collection, plan: plan)
        } catch let error as AnkiImportError {
            throw AppError.invalid(error.description, code: .invalidFile)
        }
    }

    func importPackage(
        _ data: Data, mapping: AnkiFieldMapping? = nil,
        duplicates: DuplicatePolicy = .skip
    ) async throws -> Report {
        try await importPackage(Self.plan(data, mapping: mapping), duplicates: duplicates)
    }

    /// A package already read and planned (the web's confirm step reads it once).
    func importPackage(_ planned: Planned, duplicates: DuplicatePolicy = .skip) async throws
        -> Report
    {
        let (archive, collection, plan) = (planned.archive, planned.collection, planned.plan)
        let history = AnkiReviewHistory.answers(collection)
        let words = words
        let books = try await words.db.writeTransaction { tx -> [Report.BookResult] in
            let store = WordStore(
                db: tx, userID: words.userID, days: words.days, hooks: words.hooks)
            let shelf = BookStore(db: tx, userID: words.userID)
            let scheduler = Scheduler(
                try await StudySettingsStore(db: tx, userID: words.userID).get().parameters)
            var results: [Report.BookResult] = []
            for planned in plan.books {
                let found = try await shelf.book(named: planned.name)
                let isNew = found == nil
                let book =
                    if let found { found } else {
                        try await shelf.create(
                            name: planned.name,
                            languages: .guessed(from: planned.words.lazy.map(\.draft)))
                    }
                let id = try book.requireID()
                // A new deck's book is in the languages its words are written in;
                // a deck that studies its notes both ways makes a book that does,
                // and one whose templates speak its fields a book in those languages.
                if isNew {
                    let changes = BookChanges(
                        studyDirections: planned.words.contains { $0.reverseCard != nil }
                            ? .both : nil,
                        termLanguage: planned.termLanguage, meaningLanguage: planned.meaningLanguage
                    )
                    if changes.studyDirections != nil || changes.termLanguage != nil
                        || changes.meaningLanguage != nil
                    {
                        _ = try await shelf.update(id, changes)
                    }
                }
                let drafts = planned.words.map(\.draft)
                // The words that will be added (not those the book has, unless kept)
                // get their ids here, to carry their Anki history.
                let existing =
                    duplicates == .keep
                    ? [] : Set(try await store.duplicates(of: drafts, inBook: id).map(\.row))
                let added = drafts.indices.filter { !existing.contains($0) }
                let ids = WordStore.ascendingIDs(added.count)
                let counts = try await store.importDrafts(
                    drafts, intoBook: id, duplicates: DuplicateChoices(duplicates), ids: ids)
                var cards:
                    [(wordID: UUID, direction: CardDirection, card: StoredCard, suspended: Bool)] =
                        []
                var answers: [ReviewLogStore.Answer] = []
                for (row, wordID) in zip(added, ids) {
                    let word = planned.words[row]
                    for (card, direction) in [
                        (word.forwardCard, CardDirection.forward), (word.reverseCard, .reverse),
                    ] {
                        // Cards Anki answered go on from their history; suspended
                        // ones stay suspended (and so does a card Anki has no
                        // counterpart of, when the note was); the rest are new, as made.
                        let answered = card.flatMap { history[$0.id] } ?? []
                        let suspended = card?.isSuspended ?? word.isSuspended
                        guard !answered.isEmpty || suspended else { continue }
                        let replayed = Self.replay(
                            answered, of: wordID, direction: direction, with: scheduler,
                            days: words.days, madeAt: word.draft.createdAt ?? Date())
                        cards.append((wordID, direction, replayed.card, suspended))
                        answers += replayed.answers
                    }
                }
                let sql = try tx.sql()
                try await CardStore(db: tx, userID: words.userID).store(cards, inBook: id, on: sql)
                try await ReviewLogStore(db: tx, userID: words.userID).append(contentsOf: answers)
                try await Self.keepMedia(
                    of: zip(added, ids).map { (planned.words[$0].media, $1) }, from: archive,
                    in: WordMediaStore(db: tx, userID: words.userID))
                results.append(Report.BookResult(id: id, name: book.name, counts: counts))
            }
            return results
        }
        return Report(layout: archive.layout, books: books, notesWithoutTerm: plan.notesWithoutTerm)
    }

    /// Replays a card's Anki answers through FSRS-6 (`AnkiReviewHistory`): the state
    /// they lead to, and each answer as the review log keeps it, on its own day, as if
    /// answered in Maeil.
    private static func replay(
        _ history: [AnkiReviewHistory.Answer], of wordID: UUID, direction: CardDirection,
        with scheduler: Scheduler, days: DayFormatter, madeAt: Date
    ) -> (card: StoredCard, answers: [ReviewLogStore.Answer]) {
        let logs = AnkiReviewHistory.replay(history, with: scheduler)
        var stored = StoredCard(
            state: .new, memory: logs.first?.before ?? Card(due: madeAt), reps: 0, lapses: 0)
        var answers: [ReviewLogStore.Answer] = []
        for (log, answer) in zip(logs, history) {
            let before = stored
            stored = StoredCard(
                state: QueueState(log.after.state), memory: log.after, reps: before.reps + 1,
                lapses: before.lapses + (before.state == .review && log.rating == .again ? 1 : 0))
            answers.append(
                ReviewLogStore.Answer(
                    wordID: wordID, direction: direction, source: .review, rating: log.rating,
                    at: answer.time, day: days.day(of: answer.time),
                    elapsedMilliseconds: answer.duration, before: before, after: stored))
        }
        return (stored, answers)
    }

    /// The sounds and pictures each word's note names, as the package has them
    /// (`AnkiMedia`: kinds a browser plays or shows, up to 10 MB each), written a few
    /// megabytes at a time.
    private static func keepMedia(
        of words: [(names: [String], wordID: UUID)], from archive: AnkiArchive,
        in store: WordMediaStore
    ) async throws {
        var pending: [WordMediaStore.File] = []
        var pendingBytes = 0
        for (names, wordID) in words {
            for name in names {
                guard let type = AnkiMedia.contentType(ofName: name) else { continue }
                let bytes: Data?
                do { bytes = try archive.media(named: name) } catch { throw appError(error) }
                guard let bytes, bytes.count <= AnkiMedia.fileLimit else { continue }
                pending.append(
                    WordMediaStore.File(
                        wordID: wordID, name: name, contentType: type, bytes: bytes))
                pendingBytes += bytes.count
                if pendingBytes > 16 * 1_048_576 {
                    try await store.add(pending)
                    pending = []
                    pendingBytes = 0
                }
            }
        }
        try await store.add(pending)
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
