import Foundation
import MaeilAPI
import Testing
import Vapor
import VaporTesting

@testable import MaeilServer

/// One naming across the API (`bookID`, card directions), and names it does not
/// know refused instead of ignored.
@Suite("API naming and unknown fields")
struct APINamingTests {
    /// An answer encoded by `Codable` has its keys A to Z, the same bytes in
    /// every process (the encoder's own order follows a per-process hash seed).
    @Test func answersKeepTheirKeysInOneOrder() async throws {
        try await withMaeilApp { app in
            let refused = try await API(app: app).send(.GET, "/api/v1/books")
            #expect(
                refused.body.string
                    == #"{"error":{"code":"unauthorized","message":"sign in or send a valid Bearer token"}}"#
            )
            let api = try await API.signUp(app)
            _ = try await api.createBook("Fruit/Obst")
            let books = try await api.send(.GET, "/api/v1/books").body.string
            let keys =
                try #require(
                    try JSONSerialization.jsonObject(with: Data(books.utf8)) as? [[String: Any]]
                ).first?.keys.sorted() ?? []
            #expect(keys.count > 5)
            let written = keys.compactMap { key in
                books.range(of: "\"\(key)\":").map {
                    books.distance(from: books.startIndex, to: $0.lowerBound)
                }
            }
            #expect(written == written.sorted(), "\(books)")
            #expect(books.contains(#""name":"Fruit/Obst""#))
        }
    }

    @Test func aMisspeltFieldIsRefusedAndChangesNothing() async throws {
        try await withMaeilApp { app in
            let api = try await API.signUp(app)
            let book = try await api.createBook("Fruit")
            for term in ["apple", "pear", "grape", "peach"] {
                _ = try await api.addWord(book.id, term, "과일")
            }
            // The old name of the field: before, the game silently took every book.
            let old = try await api.send(
                .POST, "/api/v1/games", json: ["kind": "quiz", "book": book.id.uuidString])
            #expect(old.status == .badRequest)
            #expect(api.errorCode(old) == "unknown_field")
            #expect(old.body.string.contains("'book'") && old.body.string.contains("bookID"))
            let games = try api.decode(
                [GameSummaryDTO].self, try await api.send(.GET, "/api/v1/games"))
            #expect(games.isEmpty, "nothing started")

            // A field inside an example is checked too, and the word is not added.
            let nested = try await api.send(
                .POST, "/api/v1/books/\(book.id)/words",
                json: [
                    "term": MixedJSONValue("melon"),
                    "examples": MixedJSONValue([["sentense": "x"]]),
                ])
            #expect(nested.status == .badRequest)
            #expect(nested.body.string.contains("examples[0].sentense"), "\(nested.body.string)")
            let words = try api.decode(
                WordPageDTO.self, try await api.send(.GET, "/api/v1/books/\(book.id)/words"))
            #expect(words.total == 4)

            // Query parameters: the old `book` and a typo are refused.
            for path in [
                "/api/v1/study/queue?book=\(book.id)", "/api/v1/search?q=apple&bokID=\(book.id)",
                "/api/v1/books?pge=2",
            ] {
                let response = try await api.send(.GET, path)
                #expect(response.status == .badRequest, "\(path)")
                #expect(api.errorCode(response) == "unknown_field", "\(path)")
            }
            // The right names work.
            let queue = try await api.send(.GET, "/api/v1/study/queue?bookID=\(book.id)&limit=5")
            #expect(queue.status == .ok)
        }
    }

    @Test func gamesTakeBookIDAndCardDirections() async throws {
        try await withMaeilApp { app in
            let api = try await API.signUp(app)
            let fruit = try await api.createBook("Fruit")
            let other = try await api.createBook("Other")
            for term in ["apple", "pear", "grape", "peach"] {
                _ = try await api.addWord(fruit.id, term, "과일 \(term)")
            }
            _ = try await api.addWord(other.id, "dog", "개")

            let started = try await api.send(
                .POST, "/api/v1/games",
                json: GameStartInput(kind: "flashcards", bookID: fruit.id, direction: "reverse"))
            #expect(started.status == .created)
            let game = try api.decode(GameDTO.self, started)
            #expect(game.bookID == fruit.id && game.total == 4)
            #expect(game.direction == .reverse)
            #expect(game.flashcards?.front?.hasPrefix("과일") == true, "reverse shows the meaning")

            let hangman = try api.decode(
                GameDTO.self,
                try await api.send(
                    .POST, "/api/v1/games", json: GameStartInput(kind: "hangman", bookID: fruit.id))
            )
            #expect(hangman.direction == .reverse, "hangman guesses the term by default")

            let oldName = try await api.send(
                .POST, "/api/v1/games",
                json: GameStartInput(kind: "quiz", bookID: fruit.id, direction: "termToMeaning"))
            #expect(oldName.status == .badRequest)
            #expect(oldName.body.string.contains("forward or reverse"))

            // The recent games the web lists, from the API.
            let recent = try api.decode(
                [GameSummaryDTO].self, try await api.send(.GET, "/api/v1/games?limit=5"))
            #expect(recent.map(\.kind) == [.hangman, .flashcards])
            #expect(recent.allSatisfy { $0.bookName == "Fruit" })
        }
    }

    @Test func theDocumentClosesRequestObjects() throws {
        let json = try #require(
            JSONSerialization.jsonObject(with: OpenAPIDocument.json) as? [String: Any])
        let schemas = try #require(
            (json["components"] as? [String: Any])?["schemas"] as? [String: [String: Any]])
        for name in ["GameStart", "StudyMore", "WordInput", "BulkRequest", "ExampleInput"]
        where schemas[name] != nil {
            #expect(schemas[name]?["additionalProperties"] as? Bool == false, "\(name)")
        }
        #expect(schemas["Word"]?["additionalProperties"] == nil, "answers stay open")
        let start = try #require(schemas["GameStart"]?["properties"] as? [String: Any])
        #expect(start["bookID"] != nil && start["book"] == nil)
    }
}
