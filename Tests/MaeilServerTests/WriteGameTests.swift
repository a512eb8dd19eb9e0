import Foundation
import MaeilAPI
import Testing
import Vapor
import VaporTesting

@testable import MaeilServer

/// The write game: the meaning shown, the term typed and checked as a typed
/// review answer is; misses go to the mistake notes.
@Suite("Write game")
struct WriteGameTests {
    @Test func writingThroughTheAPI() async throws {
        try await withMaeilApp { app in
            let api = try await API.signUp(app)
            let book = try await api.createBook("Fruit")
            let terms = ["apple": "사과", "pear": "배", "grape": "포도"]
            for (term, meaning) in terms { _ = try await api.addWord(book.id, term, meaning) }
            let started = try await api.send(
                .POST, "/api/v1/games", json: GameStartInput(kind: "write", bookID: book.id))
            #expect(started.status == .created, "\(started.body.string)")
            var game = try api.decode(GameDTO.self, started)
            #expect(game.kind == .write && game.direction == .reverse && game.total == 3)
            let empty = try await api.send(
                .POST, "/api/v1/games/\(game.id)/moves",
                json: GameMoveInput(action: "write", guess: "  "))
            #expect(empty.status == .badRequest)

            var verdicts: [String] = []
            while let prompt = game.write?.prompt {
                let term = try #require(terms.first { $0.value == prompt }?.key)
                // The first word with a slipped key (a letter twice), the others right.
                let typed = verdicts.isEmpty ? term + String(term.suffix(1)) : term.uppercased()
                game = try api.decode(
                    GameDTO.self,
                    try await api.send(
                        .POST, "/api/v1/games/\(game.id)/moves",
                        json: GameMoveInput(action: "write", guess: typed)))
                let last = try #require(game.write?.last)
                #expect(last.prompt == prompt && last.correctAnswer == term)
                verdicts.append(last.verdict)
            }
            #expect(verdicts.first == "close", "a slip is close, and still a miss")
            #expect(verdicts.dropFirst().allSatisfy { $0 == "right" })
            #expect(game.finished && game.score == 2)
            #expect(game.write?.wrong.count == 1)
            let over = try await api.send(
                .POST, "/api/v1/games/\(game.id)/moves",
                json: GameMoveInput(action: "write", guess: "apple"))
            #expect(over.status == .conflict)

            let notes = try api.decode(
                [MistakeDTO].self, try await api.send(.GET, "/api/v1/mistakes?source=write"))
            #expect(notes.count == 1 && notes.first?.source == .write)
        }
    }

    @Test func writingOnTheWeb() async throws {
        try await withMaeilApp { app in
            var browser = try await WebBrowser.signUp(app, "writer")
            browser.language = "ko"
            let book = try await browser.createBook("과일")
            _ = try await browser.addWord(book, "apple", "사과")
            let start = try await browser.post(
                "/games",
                [("kind", "write"), ("book", book.uuidString), ("direction", ""), ("count", "")])
            let location = try #require(start.headers.first(name: .location))
            var page = try await browser.get(location).body.string
            #expect(page.contains(#"id="write-prompt">사과<"#))
            #expect(page.contains(#"id="write-answer""#) && !page.contains("data-hangul-keyboard"))
            let position = try #require(
                GamesWebTests.first(#"name="at" value="([^"]+)""#, in: page))
            let moved = try await browser.post(
                location + "/moves", [("action", "write"), ("guess", "aple"), ("at", position)])
            #expect(moved.status == .seeOther)
            page = try await browser.get(location).body.string
            #expect(page.contains("거의 맞았습니다. 정답은 ‘apple’입니다."))
            #expect(page.contains(#"<span class="diff-missing">p</span>"#))
            #expect(page.contains("1개 중 0개를 정확히 썼습니다."))
            let games = try await browser.get("/games").body.string
            #expect(games.contains("쓰기"))
        }
    }
}
