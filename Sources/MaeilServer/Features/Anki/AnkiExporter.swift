import AnkiPackage
import FSRS
import Fluent
import Foundation
import MaeilAPI
import NIOPosix
import SQLiteNIO
import Vapor
import VocabCore

/// A book as an Anki package (`.apkg`, the legacy layout current Anki reads): its
/// words as notes of a "Maeil" note type, the cards of the directions it studies
/// with their FSRS memory, the answers that moved them as `revlog`, and the media
/// its words keep. For the API, the web app and the CLI alike.
struct AnkiExporter: Sendable {
    let books: BookStore
    let words: WordStore

    /// The package as a download (API and web).
    func download(bookID: UUID) async throws -> Response {
        let file = try await export(bookID: bookID)
        return UploadedFile.download(file.data, fileName: file.fileName, type: Self.mediaType)
    }

    static let mediaType = HTTPMediaType(type: "application", subType: "vnd.anki")

    func export(bookID: UUID) async throws -> (data: Data, fileName: String) {
        let book = try await books.find(bookID)
        let db = words.db
        let userID = words.userID
        let drafts = try await words.identifiedDrafts(inBook: bookID)
        let stored = try await CardStore(db: db, userID: userID).storedCards(inBook: bookID)
        let answers = try await ReviewLogStore(db: db, userID: userID).answers(inBook: bookID)
        let media = try await WordMediaStore(db: db, userID: userID).files(inBook: bookID)

        var reviews: [CardKey: [AnkiDeckExport.Review]] = [:]
        for answer in answers {
            reviews[CardKey(answer.wordID, answer.direction), default: []].append(
                Self.review(answer))
        }
        var cards: [CardKey: AnkiDeckExport.Card] = [:]
        for card in stored {
            let key = CardKey(card.wordID, card.direction)
            cards[key] = Self.card(
                card.stored, suspendedState: card.suspendedState, reviews: reviews[key] ?? [])
        }
        let filesByWord = Dictionary(grouping: media, by: \.wordID)
        let directions = StudyDirections(rawValue: book.studyDirections) ?? .forward
        let deck = AnkiDeckExport(
            bookName: book.name, studiesForward: directions != .reverse,
            studiesReverse: directions != .forward,
            notes: drafts.map { id, draft in
                let files = filesByWord[id] ?? []
                return AnkiDeckExport.Note(
                    wordID: id, word: draft,
                    sounds: files.filter { !AnkiMedia.isImage($0.contentType) }.map(\.name),
                    images: files.filter { AnkiMedia.isImage($0.contentType) }.map(\.name),
                    forward: cards[CardKey(id, .forward)], reverse: cards[CardKey(id, .reverse)])
            }, exportedAt: Date())
        let rows = AnkiSchema11(deck)
        let collection = try await Self.write(rows)
        let data = try await NIOThreadPool.singleton.runIfActive {
            try AnkiArchive.package(
                collection: collection, media: media.map { ($0.name, $0.bytes) })
        }
        return (data, BookTransfer.fileName(for: book.name, extension: "apkg"))
    }

    private struct CardKey: Hashable {
        var wordID: UUID
        var direction: CardDirection
        init(_ wordID: UUID, _ direction: CardDirection) {
            self.wordID = wordID
            self.direction = direction
        }
    }

    /// A stored card as the export sees it: a memorized word's new card (set
    /// aside) goes out suspended, as does a suspended one, in the state it waits with.
    static func card(
        _ stored: StoredCard, suspendedState: QueueState?, reviews: [AnkiDeckExport.Review]
    ) -> AnkiDeckExport.Card {
        let state = stored.state == .suspended ? suspendedState ?? .new : stored.state
        return AnkiDeckExport.Card(
            state: exportState(state),
            suspended: stored.state == .suspended || stored.state == .setAside,
            due: stored.memory.due, stability: stored.memory.stability,
            difficulty: stored.memory.difficulty, lastReview: stored.memory.lastReview,
            reps: stored.reps, lapses: stored.lapses, reviews: reviews)
    }

    static func review(_ answer: ReviewLogStore.Answered) -> AnkiDeckExport.Review {
        AnkiDeckExport.Review(
            time: answer.at, rating: answer.rating,
            stateBefore: exportState(answer.before.state),
            dueBefore: answer.before.state == .new ? nil : answer.before.memory.due,
            lastReviewBefore: answer.before.memory.lastReview,
            stateAfter: exportState(answer.after.state), dueAfter: answer.after.memory.due,
            durationMilliseconds: answer.elapsedMilliseconds)
    }

    private static func exportState(_ state: QueueState) -> AnkiDeckExport.Card.State {
        switch state {
        case .new, .setAside, .suspended: .new
        case .learning: .learning
        case .review: .review
        case .relearning: .relearning
        }
    }

    /// The rows into a fresh SQLite file, read back as bytes.
    private static func write(_ rows: AnkiSchema11) async throws -> Data {
        let path = NSTemporaryDirectory() + "maeil-anki-export-\(UUID().uuidString).anki21"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let connection = try await SQLiteConnection.open(storage: .file(path: path))
        do {
            try await fill(connection, with: rows)
            try await connection.close()
        } catch {
            try? await connection.close()
            throw error
        }
        return try Data(contentsOf: URL(fileURLWithPath: path))
    }

    private static func fill(_ connection: SQLiteConnection, with rows: AnkiSchema11)
        async throws
    {
        for statement in AnkiSchema11.schema { _ = try await connection.query(statement) }
        _ = try await connection.query("BEGIN")
        _ = try await connection.query(
            """
            INSERT INTO col (id, crt, mod, scm, ver, dty, usn, ls, conf, models, decks, dconf, tags)
            VALUES (1, ?, ?, ?, 11, 0, 0, 0, ?, ?, ?, ?, '{}')
            """,
            [
                .integer(Int(rows.creation)), .integer(Int(rows.modified)),
                .integer(Int(rows.modified)), .text(rows.conf), .text(rows.models),
                .text(rows.decks), .text(rows.deckConfigs),
            ])
        try await insert(
            into: "notes (id, guid, mid, mod, usn, tags, flds, sfld, csum, flags, data)",
            rows.notes.map { note in
                [
                    .integer(Int(note.id)), .text(note.guid), .integer(Int(note.noteTypeID)),
                    .integer(Int(note.modified)), .integer(-1), .text(note.tags),
                    .text(note.fields), .text(note.sortField), .integer(Int(note.checksum)),
                    .integer(0), .text(""),
                ]
            }, on: connection)
        try await insert(
            into: """
                cards (id, nid, did, ord, mod, usn, type, queue, due, ivl, factor, reps, lapses,
                  left, odue, odid, flags, data)
                """,
            rows.cards.map { card in
                [
                    .integer(Int(card.id)), .integer(Int(card.noteID)), .integer(Int(card.deckID)),
                    .integer(card.ordinal), .integer(Int(card.modified)), .integer(-1),
                    .integer(card.type), .integer(card.queue), .integer(Int(card.due)),
                    .integer(card.interval), .integer(card.factor), .integer(card.reps),
                    .integer(card.lapses), .integer(card.left), .integer(0), .integer(0),
                    .integer(0), .text(card.data),
                ]
            }, on: connection)
        try await insert(
            into: "revlog (id, cid, usn, ease, ivl, lastIvl, factor, time, type)",
            rows.reviews.map { review in
                [
                    .integer(Int(review.id)), .integer(Int(review.cardID)), .integer(-1),
                    .integer(review.ease), .integer(review.interval),
                    .integer(review.lastInterval), .integer(review.factor),
                    .integer(review.time), .integer(review.type),
                ]
            }, on: connection)
        _ = try await connection.query("COMMIT")
    }

    /// Rows into a table, many to a statement (a book of 100,000 words is a few
    /// thousand statements, not 300,000).
    private static func insert(
        into table: String, _ rows: [[SQLiteData]], on connection: SQLiteConnection
    ) async throws {
        guard let width = rows.first?.count else { return }
        let placeholder = "(" + Array(repeating: "?", count: width).joined(separator: ", ") + ")"
        for chunk in rows.chunked(max(1, 30_000 / width)) {
            _ = try await connection.query(
                "INSERT INTO \(table) VALUES "
                    + Array(repeating: placeholder, count: chunk.count).joined(separator: ", "),
                chunk.flatMap { $0 })
        }
    }
}

extension Request {
    func ankiExporter() throws -> AnkiExporter {
        AnkiExporter(books: try bookStore(), words: try wordStore())
    }
}
