import AnkiPackage
import Foundation
import MaeilAPI
import MaeilTestSupport
import Testing
import Vapor
import VaporTesting
import VocabCore

@testable import MaeilServer

/// A book out as an Anki package, read back by Maeil's own reader, imported by another
/// user, and (when the test command made the Anki environment) by real Anki 26.9.3.
@Suite("Anki export")
struct AnkiExportTests {
    func export(_ api: API, _ book: UUID) async throws -> Data {
        let response = try await api.send(.GET, "/api/v1/books/\(book)/export/anki")
        #expect(response.status == .ok, "\(response.body.string)")
        #expect(response.headers.contentType?.serialize() == "application/vnd.anki")
        #expect(
            response.headers.first(name: .contentDisposition)?.contains(".apkg\"") == true)
        return Data(buffer: response.body)
    }

    /// A "Travel › Words" book studied both ways: passport (every field, answered Good
    /// twice), ticket (answered Again), suitcase (memorized, so set aside).
    func travelBook(_ api: API) async throws -> (book: BookDTO, passport: UUID) {
        let book = try await api.createBook("Travel › Words")
        _ = try await api.send(
            .PATCH, "/api/v1/books/\(book.id)", json: ["studyDirections": "both"])
        let response = try await api.send(
            .POST, "/api/v1/books/\(book.id)/words",
            json: WordInput(
                term: "passport", meaning: "여권", reading: "ˈpæspɔːrt", note: "<b>keep</b> it & go",
                examples: [ExampleDTO(sentence: "Show your passport.", translation: "여권을 보여 주세요.")],
                tags: ["travel", "two words"]))
        #expect(response.status == .created, "\(response.body.string)")
        let passport = try api.decode(WordDTO.self, response).id
        _ = try await api.addWord(book.id, "ticket", "표")
        let suitcase = try await api.addWord(book.id, "suitcase", "여행 가방")
        _ = try await api.send(.PATCH, "/api/v1/words/\(suitcase.id)", json: ["memorized": true])
        let queue = try api.decode(
            ReviewQueueDTO.self, try await api.send(.GET, "/api/v1/study/queue?bookID=\(book.id)"))
        func card(_ term: String) throws -> StudyCardDTO {
            try #require(queue.cards.first { $0.term == term && $0.direction == .forward })
        }
        let good = try await api.answer(try card("passport"), 3)
        #expect(try await api.answer(try card("ticket"), 1).status == .ok)
        #expect(
            try await api.answer(try api.decode(StudyCardDTO.self, good), 3).status == .ok,
            "answered again, in learning")
        return (book, passport)
    }

    @Test func aBookGoesOutWithItsCardsHistoryAndComesBackTheSame() async throws {
        try await withMaeilApp { app in
            let api = try await API.signUp(app)
            let (book, passport) = try await travelBook(api)
            let package = try await export(api, book.id)

            // Maeil's own reader: the legacy layout, one note a word, both cards each.
            let archive = try AnkiArchive(package)
            #expect(archive.layout == .anki21)
            let collection = try await AnkiCollectionReader.read(archive.collection)
            #expect(
                collection.decks.values.map(\.bookName).sorted() == ["Default", "Travel › Words"])
            let type = try #require(collection.noteTypes.values.first)
            #expect(type.fields == ["Term", "Meaning", "Reading", "Example", "Note"])
            #expect(collection.notes.count == 3 && collection.cards.count == 6)
            let note = try #require(collection.notes.first { $0.fields[0] == "passport" })
            #expect(
                note.fields == [
                    "passport", "여권", "ˈpæspɔːrt", "Show your passport.<br>여권을 보여 주세요.",
                    "&lt;b&gt;keep&lt;/b&gt; it &amp; go",
                ])
            #expect(note.tags == ["travel", "two_words"])
            #expect(collection.reviews.map(\.ease) == [3, 1, 3])
            let suitcase = try #require(collection.notes.first { $0.fields[0] == "suitcase" })
            let suitcaseCards = collection.cards.filter { $0.noteID == suitcase.id }
            #expect(
                suitcaseCards.count == 2 && suitcaseCards.allSatisfy { $0.isSuspended },
                "a memorized word's cards stay out of the queue")

            // Another user imports it: the same words, and passport's card goes on
            // from the same memory (the history replayed through FSRS-6).
            let other = try await API.signUp(app)
            let imported = try other.decode(
                AnkiImportResultDTO.self,
                try await other.send(
                    .POST, "/api/v1/import/anki", raw: package,
                    contentType: HTTPMediaType(type: "application", subType: "octet-stream")))
            #expect(imported.books.map(\.name) == ["Travel › Words"])
            #expect(imported.books.map(\.imported) == [3])
            let words = try other.decode(
                WordPageDTO.self,
                try await other.send(
                    .GET, "/api/v1/books/\(imported.books[0].id)/words?sort=oldest")
            ).items
            let copy = try #require(words.first { $0.term == "passport" })
            #expect(copy.meaning == "여권" && copy.reading == "ˈpæspɔːrt")
            #expect(copy.note == "<b>keep</b> it & go")
            #expect(Set(copy.tags) == ["travel", "two_words"])
            func memory(_ word: UUID) async throws -> (Int, Double?, Double?) {
                let row = try #require(
                    try await app.db.sql().raw(
                        """
                        SELECT reps, stability, difficulty FROM cards
                        WHERE word_id = \(bind: word) AND direction = 'forward'
                        """
                    ).first())
                return (
                    try row.decode(column: "reps", as: Int.self),
                    try row.decode(column: "stability", as: Double?.self),
                    try row.decode(column: "difficulty", as: Double?.self)
                )
            }
            let (reps, stability, difficulty) = try await memory(passport)
            let (copyReps, copyStability, copyDifficulty) = try await memory(copy.id)
            #expect(reps == 2 && copyReps == 2)
            #expect(abs((stability ?? 0) - (copyStability ?? -1)) < 0.001)
            #expect(abs((difficulty ?? 0) - (copyDifficulty ?? -1)) < 0.001)

            // Nobody else's book goes out.
            #expect(
                try await other.send(.GET, "/api/v1/books/\(book.id)/export/anki").status
                    == .notFound)
            #expect(
                try await other.send(.GET, "/api/v1/books/\(UUID())/export/anki").status
                    == .notFound)

            // Real Anki reads it: the deck, the fields, both cards with FSRS's memory,
            // the suspended ones, the history.
            guard let anki = try AnkiPackages.readWithAnki(package) else {
                #expect(AnkiPackages.mayBeMissing, "the test command makes the Anki environment")
                return
            }
            #expect((anki["decks"] as? [String])?.contains("Travel::Words") == true)
            let notes = try #require(anki["notes"] as? [[String: Any]])
            #expect(notes.count == 3)
            let read = try #require(
                notes.first { ($0["fields"] as? [String: String])?["Term"] == "passport" })
            #expect((read["fields"] as? [String: String])?["Meaning"] == "여권")
            #expect((read["tags"] as? [String]) == ["travel", "two_words"])
            #expect((read["templates"] as? [String]) == ["Term → Meaning", "Meaning → Term"])
            let cards = try #require(read["cards"] as? [[String: Any]])
            #expect(cards.map { $0["deck"] as? String } == ["Travel::Words", "Travel::Words"])
            #expect(abs((cards[0]["s"] as? Double ?? 0) - (stability ?? -1)) < 0.001)
            #expect(abs((cards[0]["d"] as? Double ?? 0) - (difficulty ?? -1)) < 0.001)
            #expect(cards[0]["reps"] as? Int == 2 && cards[1]["queue"] as? Int == 0)
            let packed = try #require(
                notes.first { ($0["fields"] as? [String: String])?["Term"] == "suitcase" })
            #expect(
                (packed["cards"] as? [[String: Any]])?.map { $0["queue"] as? Int } == [-1, -1])
            let revlog = try #require(anki["revlog"] as? [[String: Any]])
            #expect(revlog.map { $0["term"] as? String } == ["passport", "ticket", "passport"])
            #expect(revlog.map { $0["ease"] as? Int } == [3, 1, 3])
        }
    }

    /// A book studied one way gets a note type of that one template, so Anki never
    /// makes the other way's cards.
    @Test func aBookStudiedOneWayGetsOneTemplate() async throws {
        try await withMaeilApp { app in
            let api = try await API.signUp(app)
            let book = try await api.createBook("Fruit")
            _ = try await api.addWord(book.id, "apple", "사과")
            let collection = try await AnkiCollectionReader.read(
                AnkiArchive(try await export(api, book.id)).collection)
            #expect(collection.noteTypes.values.map(\.name) == ["Maeil"])
            #expect(collection.noteTypes.values.first?.templates.count == 1)
            #expect(collection.cards.map(\.ordinal) == [0])
        }
    }

    /// The media a word keeps goes out with it: a package made by real Anki imported,
    /// exported, and read by real Anki again.
    @Test func mediaGoOutWithTheirWords() async throws {
        guard let data = try AnkiPackages.data("C.apkg") else {
            #expect(AnkiPackages.mayBeMissing, "the test command makes the packages")
            return
        }
        try await withMaeilApp { app in
            let api = try await API.signUp(app)
            let imported = try api.decode(
                AnkiImportResultDTO.self,
                try await api.send(
                    .POST, "/api/v1/import/anki", raw: data,
                    contentType: HTTPMediaType(type: "application", subType: "octet-stream")))
            let package = try await export(api, imported.books[0].id)
            let archive = try AnkiArchive(package)
            #expect(archive.mediaNames == ["apple.png", "apple.wav"])
            #expect(
                try archive.media(named: "apple.wav")
                    == (try AnkiArchive(data).media(named: "apple.wav")))
            guard let anki = try AnkiPackages.readWithAnki(package) else { return }
            #expect((anki["media"] as? [String: Int]) == ["apple.png": 70, "apple.wav": 52])
            let notes = try #require(anki["notes"] as? [[String: Any]])
            let apple = try #require(
                notes.first {
                    ($0["fields"] as? [String: String])?["Term"]?.hasPrefix("apple") == true
                })
            let fields = try #require(apple["fields"] as? [String: String])
            #expect(fields["Term"] == "apple [sound:apple.wav]")
            #expect(fields["Meaning"]?.hasSuffix("<img src=\"apple.png\">") == true)
        }
    }

    @Test func theWebDownloadsTheOwnersBooksOnly() async throws {
        try await withMaeilApp { app in
            let owner = try await WebBrowser.signUp(app, "owner\(Int.random(in: 1000...99_999))")
            let book = try await owner.createBook("내 단어장")
            let page = try await owner.get("/books/\(book)/export/anki")
            #expect(page.status == .ok)
            #expect(page.headers.contentType?.serialize() == "application/vnd.anki")
            #expect(try AnkiArchive(Data(buffer: page.body)).layout == .anki21)
            let bookPage = try await owner.get("/books/\(book)")
            #expect(bookPage.body.string.contains("/books/\(book)/export/anki"))

            let stranger = try await WebBrowser.signUp(app, "other\(Int.random(in: 1000...99_999))")
            #expect(try await stranger.get("/books/\(book)/export/anki").status == .notFound)
            let api = try await API.signUp(app)
            #expect(
                try await api.send(.GET, "/api/v1/books/\(book)/export/anki").status == .notFound)
        }
    }
}
