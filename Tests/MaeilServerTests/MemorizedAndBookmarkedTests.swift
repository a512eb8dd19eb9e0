import Fluent
import Foundation
import MaeilAPI
import Testing
import Vapor
import VaporTesting
import VocabCore

@testable import MaeilServer

@Suite("Memorized and bookmarked words")
struct MemorizedAndBookmarkedTests {
    @Test func gamesLeaveMemorizedWordsOutUnlessAskedAndTakeBookmarkedOnly() async throws {
        try await withMaeilApp { app in
            let api = try await API.signUp(app)
            let book = try await api.createBook("Pool")
            var ids: [UUID] = []
            for term in ["one", "two", "three", "four"] {
                ids.append(try await api.addWord(book.id, term, "뜻 \(term)").id)
            }
            for (action, words) in [
                (BulkAction.memorize, [ids[0], ids[1]]), (.bookmark, [ids[2]]),
            ] {
                #expect(
                    try await api.send(
                        .POST, "/api/v1/words/bulk",
                        json: BulkRequest(ids: words, action: action)
                    ).status == .ok)
            }
            func cards(_ input: GameStartInput) async throws -> Int {
                let response = try await api.send(.POST, "/api/v1/games", json: input)
                #expect(response.status == .created, "\(response.body.string)")
                return try api.decode(GameDTO.self, response).total
            }
            #expect(try await cards(GameStartInput(kind: "flashcards", bookID: book.id)) == 2)
            #expect(
                try await cards(
                    GameStartInput(kind: "flashcards", bookID: book.id, includeMemorized: true))
                    == 4)
            #expect(
                try await cards(
                    GameStartInput(kind: "flashcards", bookID: book.id, bookmarkedOnly: true)) == 1)
            // Named words are played as named, memorized or not.
            #expect(
                try await cards(
                    GameStartInput(kind: "flashcards", wordIDs: [ids[0], ids[1]])) == 2)
        }
    }

    @Test func memorizedWordsLeaveTheNewCardQueueUnlessTheSettingsBringThemBack() async throws {
        try await withMaeilApp { app in
            let api = try await API.signUp(app)
            let book = try await api.createBook("Queue")
            let one = try await api.addWord(book.id, "one", "하나")
            let two = try await api.addWord(book.id, "two", "둘")
            // An import of a word marked memorized sets its card aside from the start.
            let data = try BookArchiveCodec.encode(
                BookArchive(
                    name: "Queue", description: "",
                    words: [WordDraft(term: "three", meaning: "셋", memorized: true)]))
            #expect(
                try await api.send(.POST, "/api/v1/books/\(book.id)/import?format=json", raw: data)
                    .status == .ok)
            func queue() async throws -> ReviewQueueDTO {
                try api.decode(
                    ReviewQueueDTO.self,
                    try await api.send(.GET, "/api/v1/study/queue?bookID=\(book.id)"))
            }
            #expect(try await queue().newCount == 2)
            // Marked memorized (here by PATCH): its card leaves; unmarked: back.
            _ = try await api.send(
                .PATCH, "/api/v1/words/\(one.id)", json: WordPatch(memorized: true))
            #expect(try await queue().cards.map(\.wordID) == [two.id])
            _ = try await api.send(
                .POST, "/api/v1/words/bulk", json: BulkRequest(ids: [one.id], action: .unmemorize))
            #expect(Set(try await queue().cards.map(\.wordID)) == [one.id, two.id])
            // The setting brings memorized words' cards back into the queue.
            let settings = try await api.send(
                .PATCH, "/api/v1/study/settings", json: StudySettingsPatch(memorizedInNew: true))
            #expect(try api.decode(StudySettingsDTO.self, settings).memorizedInNew)
            let all = try await queue()
            #expect(all.newCount == 3)
            let three = try #require(all.cards.first { $0.term == "three" })
            #expect(three.state == .new)
            #expect(try await api.answer(three, 3).status == .ok)
            // Memorize-all on a day sets aside what is still new.
            _ = try await api.send(
                .PATCH, "/api/v1/study/settings", json: StudySettingsPatch(memorizedInNew: false))
            let today = DayFormatter(timeZone: testTimeZone).day(of: Date())
            #expect(
                try await api.send(.POST, "/api/v1/calendar/\(today)/memorize-all").status == .ok)
            let after = try await queue()
            #expect(after.newCount == 0)
            #expect(after.cards.map(\.term) == ["three"], "the card in learning goes on")
        }
    }

    @Test func studyingTheMistakeNotesPlaysEveryWordInThem() async throws {
        try await withMaeilApp { app in
            let api = try await API.signUp(app)
            let book = try await api.createBook("Missed")
            for n in 1...12 { _ = try await api.addWord(book.id, "word\(n)", "뜻\(n)") }
            let queue = try api.decode(
                ReviewQueueDTO.self,
                try await api.send(.GET, "/api/v1/study/queue?bookID=\(book.id)&limit=12"))
            for card in queue.cards { #expect(try await api.answer(card, 1).status == .ok) }
            let game = try await api.send(
                .POST, "/api/v1/games", json: GameStartInput(kind: "quiz", mistakes: "all"))
            #expect(game.status == .created, "\(game.body.string)")
            #expect(try api.decode(GameDTO.self, game).total == 12, "not the quiz's usual 10")
        }
    }

    @Test func theWebBulkBarTakesMarksOffAndBookmarks() async throws {
        try await withMaeilApp { app in
            var browser = try await WebBrowser.signUp(app, "marker")
            browser.language = "ko"
            let book = try await browser.createBook("Marks")
            let word = try await browser.addWord(book, "mark", "표시")
            let page = try await browser.get("/books/\(book.uuidString)").body.string
            for action in ["unmemorize", "bookmark", "unbookmark"] {
                #expect(page.contains("value=\"\(action)\""))
            }
            for (action, message) in [
                ("memorize", "단어 1개를 암기 완료로 표시했습니다."),
                ("unmemorize", "단어 1개의 암기 표시를 해제했습니다."),
                ("bookmark", "단어 1개를 북마크했습니다."),
            ] {
                let done = try await browser.post(
                    "/words/bulk",
                    [
                        ("ids[]", word.uuidString), ("action", action),
                        ("next", "/books/\(book.uuidString)"),
                    ])
                #expect(done.status == .seeOther)
                #expect(
                    try await browser.get("/books/\(book.uuidString)").body.string.contains(message)
                )
            }
            let api = try await app.wordStore(of: "marker").find(word)
            #expect(!api.memorized && api.bookmarked)
        }
    }
}

extension Application {
    /// The word store of a user, for checking what a web test did.
    func wordStore(of username: String) async throws -> WordStore {
        WordStore(
            db: db, userID: try await userID(username),
            days: DayFormatter(timeZone: testTimeZone), hooks: notebookHooks)
    }
}

@Suite("Flashcards over the API and the web")
struct FlashcardMarksAPITests {
    @Test func cardsAreMarkedAndTheBackShowsTheExample() async throws {
        try await withMaeilApp { app in
            let api = try await API.signUp(app)
            let book = try await api.createBook("Cards")
            for term in ["one", "two"] {
                let response = try await api.send(
                    .POST, "/api/v1/books/\(book.id)/words",
                    json: WordInput(
                        term: term, meaning: "뜻", examples: [ExampleDTO(sentence: "A \(term).")]))
                #expect(response.status == .created)
            }
            let start = try await api.send(
                .POST, "/api/v1/games", json: GameStartInput(kind: "flashcards", bookID: book.id))
            var game = try api.decode(GameDTO.self, start)
            func play(_ action: String) async throws {
                let response = try await api.send(
                    .POST, "/api/v1/games/\(game.id)/moves", json: GameMoveInput(action: action))
                #expect(response.status == .ok, "\(action): \(response.body.string)")
                game = try api.decode(GameDTO.self, response)
            }
            #expect(game.flashcards?.example == nil, "the front shows no example")
            try await play("flip")
            let term = try #require(game.flashcards?.front)
            #expect(game.flashcards?.example?.sentence == "A \(term).")
            try await play("know")
            try await play("still-learning")
            #expect(game.finished)
            #expect(game.flashcards?.knownCount == 1 && game.flashcards?.learningCount == 1)
            try await play("relearn")
            #expect(!game.finished && game.flashcards?.front != term)
        }
    }
}
