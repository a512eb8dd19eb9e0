import Foundation
import MaeilAPI
import MaeilTestSupport
import Testing
import Vapor
import VaporTesting
import VocabCore

@testable import MaeilServer

/// Anki packages made by real Anki (`scripts/anki-packages.sh`) imported over the API.
@Suite("Anki import over the API")
struct AnkiImportAPITests {
    static let files = ["A.apkg", "B.apkg", "C.apkg", "D.apkg", "D.colpkg"]

    func importPackage(_ api: API, _ data: Data, _ query: String = "") async throws
        -> TestingHTTPResponse
    {
        try await api.send(
            .POST, "/api/v1/import/anki\(query)", raw: data,
            contentType: HTTPMediaType(type: "application", subType: "octet-stream"))
    }

    func words(_ api: API, _ book: UUID) async throws -> [WordDTO] {
        try api.decode(
            WordPageDTO.self,
            try await api.send(.GET, "/api/v1/books/\(book)/words?sort=oldest&perPage=100")
        ).items
    }

    @Test(arguments: files)
    func everyLayoutBecomesTheDecksBookWithItsWords(file: String) async throws {
        guard let data = try AnkiPackages.data(file) else {
            #expect(AnkiPackages.mayBeMissing, "the test command makes the packages")
            return
        }
        try await withMaeilApp { app in
            let api = try await API.signUp(app)
            let response = try await importPackage(api, data)
            #expect(response.status == .ok, "\(response.body.string)")
            let result = try api.decode(AnkiImportResultDTO.self, response)
            #expect(
                result.layout
                    == (file.hasPrefix("D")
                        ? "collection.anki21b"
                        : file == "A.apkg" ? "collection.anki2" : "collection.anki21"))
            #expect(
                result.books.map(\.name) == ["Korean › Basics", "Korean › Basics › Japanese"])
            #expect(result.books.map(\.imported) == [4, 1])
            // The child deck's templates speak Japanese terms and Korean meanings.
            let japanese = try api.decode(
                BookDTO.self, try await api.send(.GET, "/api/v1/books/\(result.books[1].id)"))
            #expect(japanese.termLanguage == "ja" && japanese.meaningLanguage == "ko")
            #expect(try await words(api, result.books[1].id).map(\.term) == ["猫"])
            let words = try await words(api, result.books[0].id)
            #expect(
                words.map(\.term) == ["apple", "river", "The cat sat on the mat.", "pear"],
                "never the dummy collection's \"update Anki\" note")
            #expect(words[0].meaning == "사과\n(fruit)" && words[0].tags == ["fruit"])
            #expect(words[1].meaning == "강 & 하천" && Set(words[1].tags) == ["geo", "nature"])

            // The review history goes on in FSRS-6: the cards Anki answered carry their
            // answers (A was exported without scheduling), and where Anki ran FSRS
            // too, both reach the same memory state.
            let anki = try await AnkiImporter.plan(data).collection
            let answered = file != "A.apkg"
            for (term, direction, reps) in [
                ("apple", "forward", 1), ("river", "forward", 2), ("river", "reverse", 0),
                ("pear", "forward", 0),
            ] {
                let row = try #require(
                    try await app.db.sql().raw(
                        """
                        SELECT c.reps, c.state, c.stability, c.difficulty FROM cards c JOIN words w ON w.id = c.word_id
                        WHERE w.term = \(bind: term) AND c.direction = \(bind: direction) AND w.book_id = \(bind: result.books[0].id)
                        """
                    ).first())
                let stored = try row.decode(column: "reps", as: Int.self)
                #expect(stored == (answered ? reps : 0), "\(term) \(direction)")
                let note = try #require(anki.notes.first { $0.fields[0].hasPrefix(term) })
                let card = try #require(
                    anki.cards.first {
                        $0.noteID == note.id && $0.ordinal == (direction == "forward" ? 0 : 1)
                    })
                if let stability = card.ankiStability, let difficulty = card.ankiDifficulty {
                    let ours = try row.decode(column: "stability", as: Double.self)
                    let theirs = try row.decode(column: "difficulty", as: Double.self)
                    #expect(
                        abs(ours - stability) < 0.001, "\(term): \(ours) vs Anki's \(stability)")
                    #expect(
                        abs(theirs - difficulty) < 0.001,
                        "\(term): \(theirs) vs Anki's \(difficulty)")
                }
            }
            let logged = try await app.db.sql().raw("SELECT COUNT(*) AS n FROM review_logs")
                .first()?
                .decode(column: "n", as: Int.self)
            #expect(logged == (answered ? 3 : 0))
            let book = try api.decode(
                BookDTO.self, try await api.send(.GET, "/api/v1/books/\(result.books[0].id)"))
            #expect(book.studyDirections == "both", "river has a reverse card")

            // pear's card was suspended in Anki (kept only by exports with scheduling):
            // out of the queue until the user puts it back, then new as it was.
            func pearState() async throws -> Int? {
                try await app.db.sql().raw(
                    """
                    SELECT c.state FROM cards c JOIN words w ON w.id = c.word_id
                    WHERE w.term = 'pear' AND c.direction = 'forward' AND w.book_id = \(bind: result.books[0].id)
                    """
                ).first()?.decode(column: "state", as: Int.self)
            }
            #expect(try await pearState() == (answered ? QueueState.suspended.rawValue : 0))
            let queue = try api.decode(
                ReviewQueueDTO.self,
                try await api.send(
                    .GET, "/api/v1/study/queue?bookID=\(result.books[0].id)&limit=50"))
            #expect(queue.cards.contains { $0.term == "pear" } == !answered)
            let back = try api.decode(
                UnsuspendResultDTO.self,
                try await api.send(
                    .POST, "/api/v1/study/unsuspend?bookID=\(result.books[0].id)"))
            #expect(
                back.unsuspended == (answered ? 2 : 0), "its card, and the reverse the note had not"
            )
            #expect(try await pearState() == 0)

            // The sound and the picture of apple's note came with its word, for its owner only.
            let sound = try await api.send(.GET, "/api/v1/words/\(words[0].id)/media/apple.wav")
            #expect(sound.status == .ok && sound.headers.contentType?.description == "audio/wav")
            #expect(Data(buffer: sound.body).prefix(4) == Data("RIFF".utf8))
            let picture = try await api.send(.GET, "/api/v1/words/\(words[0].id)/media/apple.png")
            #expect(picture.headers.contentType?.description == "image/png")
            #expect(
                try await api.send(.GET, "/api/v1/words/\(words[1].id)/media/apple.wav").status
                    == .notFound)
            let stranger = try await API.signUp(app)
            #expect(
                try await stranger.send(.GET, "/api/v1/words/\(words[0].id)/media/apple.wav").status
                    == .notFound)
            #expect(
                try await stranger.send(
                    .POST, "/api/v1/study/unsuspend?bookID=\(result.books[0].id)"
                ).status == .notFound, "another user's book")

            // Again: every note is in the book already, nothing changes.
            let again = try api.decode(AnkiImportResultDTO.self, try await importPackage(api, data))
            #expect(again.books.map(\.id) == result.books.map(\.id))
            #expect(again.books.map(\.imported) == [0, 0] && again.books.map(\.skipped) == [4, 1])
        }
    }

    @Test func badPackagesAreRefusedAndLeaveNothing() async throws {
        try await withMaeilApp { app in
            let api = try await API.signUp(app)
            let notZip = try await importPackage(api, Data("term,meaning\napple,사과\n".utf8))
            #expect(notZip.status == .unprocessableEntity)
            #expect(notZip.body.string.contains("not a zip file"))
            let empty = try await api.send(.POST, "/api/v1/import/anki")
            #expect(empty.status == .badRequest)
            let books = try api.decode(
                [BookDTO].self, try await api.send(.GET, "/api/v1/books"))
            #expect(books.isEmpty, "no book was made")
            // Signed out: 401.
            let anonymous = try await api.send(
                .POST, "/api/v1/import/anki", raw: Data("x".utf8), token: "nope")
            #expect(anonymous.status == .unauthorized)
        }
    }

    @Test func importedBooksAreTheImportersOnly() async throws {
        guard let data = try AnkiPackages.data("D.apkg") else {
            #expect(AnkiPackages.mayBeMissing)
            return
        }
        try await withMaeilApp { app in
            let owner = try await API.signUp(app)
            let other = try await API.signUp(app)
            let result = try owner.decode(
                AnkiImportResultDTO.self, try await importPackage(owner, data))
            let book = try #require(result.books.first).id
            #expect(try await other.send(.GET, "/api/v1/books/\(book)").status == .notFound)
            #expect(try await other.send(.GET, "/api/v1/books/\(book)/words").status == .notFound)
            let theirs = try other.decode(
                [BookDTO].self, try await other.send(.GET, "/api/v1/books"))
            #expect(theirs.isEmpty)
        }
    }
}
