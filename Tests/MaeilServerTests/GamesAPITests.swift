import Foundation
import MaeilAPI
import SQLKit
import Testing
import Vapor
import VaporTesting
import VocabCore

@testable import MaeilServer

@Suite("Games and mistake notes API")
struct GamesAPITests {
    struct Move: Encodable {
        var action: String
        var choice: Int?
        var guess: String?
        var mark: String?
    }

    func start(_ api: API, _ body: [String: String]) async throws -> GameDTO {
        var body: [String: MixedJSONValue] = body.mapValues { MixedJSONValue($0) }
        if let count = body["count"]?.value as? String, let n = Int(count) {
            body["count"] = MixedJSONValue(n)
        }
        let response = try await api.send(.POST, "/api/v1/games", json: body)
        #expect(response.status == .created, "\(response.body.string)")
        return try api.decode(GameDTO.self, response)
    }

    func move(_ api: API, _ game: UUID, _ move: Move) async throws -> TestingHTTPResponse {
        try await api.send(.POST, "/api/v1/games/\(game)/moves", json: move)
    }

    func fruitBook(_ api: API) async throws -> (BookDTO, [String: WordDTO]) {
        let book = try await api.createBook("Fruit")
        var words: [String: WordDTO] = [:]
        for (term, meaning) in [
            ("apple", "사과"), ("pear", "배"), ("grape", "포도"), ("peach", "복숭아"), ("melon", "멜론"),
        ] {
            words[term] = try await api.addWord(book.id, term, meaning)
        }
        return (book, words)
    }

    @Test func aQuizToTheEndWithAMistake() async throws {
        try await withMaeilApp { app in
            let api = try await API.signUp(app)
            let (book, words) = try await fruitBook(api)
            var game = try await start(
                api, ["kind": "quiz", "bookID": book.id.uuidString, "count": "50"])
            #expect(game.total == 5, "capped at the words available")
            let meaning = Dictionary(
                uniqueKeysWithValues: words.values.map { ($0.term, $0.meaning) })
            var asked: Set<String> = []
            var missed: String?
            while !game.finished {
                let quiz = try #require(game.quiz)
                let prompt = try #require(quiz.prompt)
                #expect(asked.insert(prompt).inserted, "no word asked twice")
                #expect(Set(quiz.choices).count == 4)
                let right = try #require(quiz.choices.firstIndex(of: meaning[prompt] ?? ""))
                // Miss the first question on purpose.
                let choice = missed == nil ? (right + 1) % 4 : right
                if missed == nil { missed = prompt }
                let response = try await move(api, game.id, Move(action: "choose", choice: choice))
                #expect(response.status == .ok, "\(response.body.string)")
                game = try api.decode(GameDTO.self, response)
                #expect(game.quiz?.last?.isCorrect == (choice == right))
            }
            #expect(game.score == 4 && game.finishedAt != nil)
            let missedWord = try #require(missed)
            #expect(game.quiz?.wrong.map(\.prompt) == [missedWord])

            // Answering after the end: 409, nothing changes.
            let late = try await move(api, game.id, Move(action: "choose", choice: 0))
            #expect(late.status == .conflict && api.errorCode(late) == "game_over")
            // The miss is in the notes, and counted as Again for the word's card.
            let notes = try api.decode(
                [MistakeDTO].self, try await api.send(.GET, "/api/v1/mistakes?source=quiz"))
            #expect(notes.map(\.word.term) == [missedWord])
            let queue = try api.decode(
                ReviewQueueDTO.self, try await api.send(.GET, "/api/v1/study/queue"))
            // Again on a new card: it is learning now, back in a minute, no longer new.
            #expect(queue.newCount == 4 && !queue.cards.contains { $0.term == missedWord })
            // Study these: a new game of just the noted words.
            let again = try await start(api, ["kind": "test", "mistakes": "quiz"])
            #expect(again.total == 1 && again.test?.prompt == missedWord)
        }
    }

    @Test func quizNeedsFourWords() async throws {
        try await withMaeilApp { app in
            let api = try await API.signUp(app)
            let book = try await api.createBook("Small")
            for term in ["a1", "b2", "c3"] { _ = try await api.addWord(book.id, term, "뜻 " + term) }
            let response = try await api.send(
                .POST, "/api/v1/games", json: ["kind": "quiz", "bookID": book.id.uuidString])
            #expect(
                response.status == .unprocessableEntity
                    && api.errorCode(response) == "not_enough_words")
            let bad = try await api.send(.POST, "/api/v1/games", json: ["kind": "chess"])
            #expect(bad.status == .badRequest)
        }
    }

    @Test func koreanHangmanWonAndLost() async throws {
        try await withMaeilApp { app in
            let api = try await API.signUp(app)
            let book = try await api.createBook("한국어")
            let word = try await api.addWord(book.id, "사과", "apple")
            var game = try await start(api, ["kind": "hangman", "bookID": book.id.uuidString])
            #expect(game.hangman?.hint == "apple" && game.hangman?.script == "hangul")
            #expect(game.hangman?.pad.contains("ㅅ") == true && game.hangman?.answer == nil)
            for key in ["ㅅ", "ㅏ"] {
                game = try api.decode(
                    GameDTO.self, try await move(api, game.id, Move(action: "guess", guess: key)))
            }
            // ㅏ shows inside 과 too, as a loose jamo until ㄱ and ㅗ are found.
            #expect(
                game.hangman?.cells.first?.text == "사"
                    && game.hangman?.cells.first?.complete == true)
            #expect(
                game.hangman?.cells.last?.text == "ㅏ" && game.hangman?.cells.last?.complete == false
            )
            let again = try await move(api, game.id, Move(action: "guess", guess: "ㅅ"))
            #expect(again.status == .badRequest, "a repeated guess is refused")
            let latin = try await move(api, game.id, Move(action: "guess", guess: "a"))
            #expect(latin.status == .badRequest)
            for key in ["ㄱ", "ㅗ"] {
                game = try api.decode(
                    GameDTO.self, try await move(api, game.id, Move(action: "guess", guess: key)))
            }
            #expect(
                game.finished && game.score == 1 && game.hangman?.won == true
                    && game.hangman?.answer == "사과")

            // Lost: seven misses; the word goes to the notes.
            var lost = try await start(api, ["kind": "hangman", "bookID": book.id.uuidString])
            for key in ["ㅂ", "ㅈ", "ㄷ", "ㅋ", "ㅌ", "ㅊ", "ㅍ"] {
                lost = try api.decode(
                    GameDTO.self, try await move(api, lost.id, Move(action: "guess", guess: key)))
            }
            #expect(
                lost.hangman?.lost == true && lost.hangman?.misses == 7 && lost.finished
                    && lost.score == 0)
            let notes = try api.decode(
                [MistakeDTO].self, try await api.send(.GET, "/api/v1/mistakes?source=hangman"))
            #expect(notes.map(\.word.id) == [word.id] && notes.first?.count == 1)
        }
    }

    @Test func oxTestWithUndoRetestAndBookmarks() async throws {
        try await withMaeilApp { app in
            let api = try await API.signUp(app)
            let (book, _) = try await fruitBook(api)
            var game = try await start(
                api, ["kind": "test", "bookID": book.id.uuidString, "count": "3"])
            #expect(game.total == 3 && game.test?.answer == nil)
            game = try api.decode(
                GameDTO.self, try await move(api, game.id, Move(action: "reveal")))
            #expect(game.test?.answer != nil)
            game = try api.decode(
                GameDTO.self, try await move(api, game.id, Move(action: "mark", mark: "unknown")))
            game = try api.decode(GameDTO.self, try await move(api, game.id, Move(action: "undo")))
            #expect(game.test?.index == 0, "the mark was taken back")
            for mark in ["unknown", "known", "known"] {
                game = try api.decode(
                    GameDTO.self, try await move(api, game.id, Move(action: "mark", mark: mark)))
            }
            #expect(game.finished && game.test?.scorePercent == 67 && game.test?.wrong.count == 1)
            let undoLate = try await move(api, game.id, Move(action: "undo"))
            #expect(undoLate.status == .conflict)
            let wrongID = try #require(game.test?.wrong.first?.id)

            let bookmarked = try await api.send(.POST, "/api/v1/games/\(game.id)/bookmark-wrong")
            #expect(try api.decode(BulkResultDTO.self, bookmarked).affected == 1)
            let word = try api.decode(
                WordDTO.self, try await api.send(.GET, "/api/v1/words/\(wrongID)"))
            #expect(word.bookmarked)

            let retest = try await api.send(.POST, "/api/v1/games/\(game.id)/retest")
            #expect(retest.status == .created)
            #expect(try api.decode(GameDTO.self, retest).total == 1)
            let notes = try api.decode(
                [MistakeDTO].self, try await api.send(.GET, "/api/v1/mistakes?source=test"))
            #expect(notes.map(\.word.id) == [wrongID])

            // Clearing notes: one word, then the rest.
            let cleared = try await api.send(.DELETE, "/api/v1/mistakes/\(wrongID)")
            #expect(try api.decode(BulkResultDTO.self, cleared).affected == 1)
            let none = try await api.send(.DELETE, "/api/v1/mistakes/\(wrongID)")
            #expect(none.status == .notFound)
        }
    }

    @Test func flashcardsAndOtherUsersGames() async throws {
        try await withMaeilApp { app in
            let api = try await API.signUp(app)
            let other = try await API.signUp(app)
            let (book, _) = try await fruitBook(api)
            var deck = try await start(api, ["kind": "flashcards", "bookID": book.id.uuidString])
            #expect(deck.total == 5 && deck.flashcards?.back == nil)
            deck = try api.decode(GameDTO.self, try await move(api, deck.id, Move(action: "flip")))
            #expect(deck.flashcards?.back != nil)
            let previous = try await move(api, deck.id, Move(action: "previous"))
            #expect(previous.status == .conflict, "already at the first card")
            for _ in 0..<5 {
                deck = try api.decode(
                    GameDTO.self, try await move(api, deck.id, Move(action: "next")))
            }
            #expect(deck.finished)
            deck = try api.decode(
                GameDTO.self, try await move(api, deck.id, Move(action: "restart")))
            #expect(deck.flashcards?.index == 0 && !deck.finished)
            let wrongKind = try await move(api, deck.id, Move(action: "guess", guess: "a"))
            #expect(wrongKind.status == .badRequest)

            // Someone else's game and book: 404, and nothing changes.
            #expect(try await other.send(.GET, "/api/v1/games/\(deck.id)").status == .notFound)
            #expect(try await move(other, deck.id, Move(action: "flip")).status == .notFound)
            let foreignBook = try await other.send(
                .POST, "/api/v1/games", json: ["kind": "flashcards", "bookID": book.id.uuidString])
            #expect(foreignBook.status == .notFound)
            let foreignWords = try await other.send(
                .POST, "/api/v1/games", json: GameWords(kind: "test", wordIDs: [deck.id]))
            #expect(foreignWords.status == .notFound)
        }
    }

    /// The recent games the games page lists, over the API: newest first,
    /// only the user's own, `limit` checked.
    @Test func recentGamesAreListedNewestFirst() async throws {
        try await withMaeilApp { app in
            let api = try await API.signUp(app)
            let other = try await API.signUp(app)
            let (book, _) = try await fruitBook(api)
            let deck = try await start(api, ["kind": "flashcards", "bookID": book.id.uuidString])
            let quiz = try await start(api, ["kind": "quiz"])
            let listed = try api.decode(
                [GameSummaryDTO].self, try await api.send(.GET, "/api/v1/games"))
            #expect(listed.map(\.id) == [quiz.id, deck.id])
            #expect(listed.first?.kind == .quiz && listed.first?.bookName == nil, "all books")
            #expect(listed.last?.bookName == book.name && listed.last?.total == 5)
            #expect(listed.allSatisfy { !$0.finished && $0.score == 0 })
            let one = try api.decode(
                [GameSummaryDTO].self, try await api.send(.GET, "/api/v1/games?limit=1"))
            #expect(one.map(\.id) == [quiz.id])
            for bad in ["0", "101", "x"] {
                #expect(
                    try await api.send(.GET, "/api/v1/games?limit=\(bad)").status
                        == .unprocessableEntity, "as for page and perPage")
            }
            let theirs = try other.decode(
                [GameSummaryDTO].self, try await other.send(.GET, "/api/v1/games"))
            #expect(theirs.isEmpty, "another user's games are never listed")
        }
    }

    struct GameWords: Encodable {
        var kind: String
        var bookID: UUID?
        var wordIDs: [UUID]
    }

    /// The book stored with a game is checked whichever words are played: another
    /// user's book is 404 and stores nothing; a book that does not exist is 404, not 500.
    @Test func aGamesBookMustBeTheUsersOwnWhicheverWordsArePlayed() async throws {
        try await withMaeilApp { app in
            let victim = try await API.signUp(app)
            let attacker = try await API.signUp(app)
            let secret = try await victim.createBook("Secret diary")
            let (_, words) = try await fruitBook(attacker)
            let ids = words.values.map(\.id)
            for book in [secret.id, UUID()] {
                let response = try await attacker.send(
                    .POST, "/api/v1/games",
                    json: GameWords(kind: "test", bookID: book, wordIDs: ids))
                #expect(response.status == .notFound, "\(response.body.string)")
                #expect(attacker.errorCode(response) == "not_found")
            }
            let sql = try #require(app.db as? any SQLDatabase)
            let stored = try await sql.raw("SELECT COUNT(*) AS n FROM game_sessions").first()?
                .decode(column: "n", as: Int.self)
            #expect(stored == 0)

            // A game stored before the check with the victim's book id shows no book name,
            // and the migration forgets the id.
            let attackerID = try await attacker.send(.GET, "/api/v1/auth/me").content.decode(
                UserDTO.self
            ).id
            try await sql.raw(
                """
                INSERT INTO game_sessions (id, user_id, kind, book_id, state, score, total, finished, started_at, played_on)
                VALUES (\(bind: UUID()), \(bind: attackerID), 'quiz', \(bind: secret.id), '{}', 0, 4, \(bind: false),
                  \(bind: Date()), '2026-11-22')
                """
            ).run()
            let games = GameService(
                db: app.db, userID: attackerID, days: DayFormatter(timeZone: .gmt))
            #expect(try await games.recent().map(\.bookName) == [nil])
            try await ForgetForeignGameBooks().prepare(on: app.db)
            let bookIDs = try await sql.raw("SELECT book_id FROM game_sessions").all().map {
                try $0.decode(column: "book_id", as: UUID?.self)
            }
            #expect(bookIDs == [nil])
        }
    }
}

/// A JSON value of any encodable type, for request bodies mixing strings and numbers.
struct MixedJSONValue: Encodable {
    let value: any Encodable
    init(_ value: any Encodable) { self.value = value }
    func encode(to encoder: any Encoder) throws { try value.encode(to: encoder) }
}
