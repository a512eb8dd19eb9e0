import Fluent
import Foundation
import MaeilAPI
import SQLKit
import Testing
import Vapor
import VaporTesting
import VocabCore

@testable import MaeilServer

@Suite("A word the book has already")
struct DuplicateWordsTests {
    @Test func addingItAgainIsRefusedWithTheWordItClashesWith() async throws {
        try await withMaeilApp { app in
            let api = try await API.signUp(app)
            let book = try await api.createBook("Fruit")
            let apple = try await api.addWord(book.id, "apple", "사과")
            let again = try await api.send(
                .POST, "/api/v1/books/\(book.id)/words",
                json: WordInput(term: " apple ", meaning: "능금"))
            #expect(again.status == .conflict)
            let body = try api.decode(ErrorBody.self, again)
            #expect(body.error.code == .duplicateWord && body.error.existingID == apple.id)
            // Another reading is another word; so is the same term in another book.
            _ = try await api.addWord(book.id, "apple", "사과", reading: "ˈæp.əl")
            let other = try await api.createBook("More fruit")
            _ = try await api.addWord(other.id, "apple", "사과")
            // Asked for, a second one is kept.
            let kept = try await api.send(
                .POST, "/api/v1/books/\(book.id)/words",
                json: WordInput(term: "apple", meaning: "능금", allowDuplicate: true))
            #expect(kept.status == .created)
            let page = try api.decode(
                WordPageDTO.self, try await api.send(.GET, "/api/v1/books/\(book.id)/words"))
            #expect(page.total == 3)
        }
    }

    @Test func importsSkipUpdateOrKeepWhatTheBookHas() async throws {
        try await withMaeilApp { app in
            let api = try await API.signUp(app)
            let book = try await api.createBook("Fruit")
            let apple = try await api.addWord(book.id, "apple", "사과")
            _ = try await api.send(
                .PATCH, "/api/v1/words/\(apple.id)", json: WordPatch(memorized: true))
            let file = Data("term,meaning\napple,능금\npear,배\npear,배\n".utf8)
            func importing(_ policy: String?) async throws -> ImportResultDTO {
                let query = policy.map { "&duplicates=\($0)" } ?? ""
                let response = try await api.send(
                    .POST, "/api/v1/books/\(book.id)/import?format=csv\(query)", raw: file)
                #expect(response.status == .ok, "\(response.body.string)")
                return try api.decode(ImportResultDTO.self, response)
            }
            // Skip by default; rows repeated within the file are the file's to keep.
            let skipped = try await importing(nil)
            #expect(skipped.imported == 2 && skipped.skipped == 1 && skipped.updated == 0)
            let updated = try await importing("update")
            #expect(updated.imported == 0 && updated.updated == 3)
            let word = try api.decode(
                WordDTO.self, try await api.send(.GET, "/api/v1/words/\(apple.id)"))
            #expect(word.meaning == "능금" && word.memorized, "the row's meaning, the word's mark")
            let kept = try await importing("keep")
            #expect(kept.imported == 3)
            let bad = try await api.send(
                .POST, "/api/v1/books/\(book.id)/import?format=csv&duplicates=merge", raw: file)
            #expect(bad.status == .unprocessableEntity)
            let total = try api.decode(
                WordPageDTO.self, try await api.send(.GET, "/api/v1/books/\(book.id)/words")
            ).total
            #expect(total == 6)
        }
    }

    @Test func theStarterBookIsAddedOnce() async throws {
        try await withMaeilApp { app in
            let api = try await API.signUp(app)
            let first = try await api.send(.POST, "/api/v1/books/starter")
            #expect(first.status == .created)
            let book = try api.decode(BookDTO.self, first)
            let second = try await api.send(.POST, "/api/v1/books/starter")
            #expect(second.status == .conflict)
            let body = try api.decode(ErrorBody.self, second)
            #expect(body.error.code == .alreadyAdded && body.error.existingID == book.id)
            // Another user gets their own.
            let other = try await API.signUp(app)
            #expect(try await other.send(.POST, "/api/v1/books/starter").status == .created)
            // In the browser the button opens the one there is.
            let browser = try await WebBrowser.signUp(app, "starter")
            let made = try await browser.post("/books/starter", [])
            let again = try await browser.post("/books/starter", [])
            #expect(again.headers.first(name: .location) == made.headers.first(name: .location))
            #expect(
                try await browser.get(try #require(again.headers.first(name: .location))).body
                    .string.contains("You have the starter book already."))
        }
    }

    @Test func theWordFormAndTheFastEntryWarnFirst() async throws {
        try await withMaeilApp { app in
            let browser = try await WebBrowser.signUp(app, "warned")
            let book = try await browser.createBook("Fruit")
            let apple = try await browser.addWord(book, "apple", "사과")
            let pear = try await browser.addWord(book, "pear", "배")
            let fast = try await browser.postJSON(
                "/books/\(book)/words", ["term": "apple", "meaning": "능금"])
            #expect(fast.status == .conflict)
            #expect(
                try JSONDecoder().decode(ErrorBody.self, from: Data(buffer: fast.body)).error
                    .existingID == apple)
            // Renaming pear to apple warns, links to apple, and saves only when asked again.
            let form = [("term", "apple"), ("meaning", "배"), ("bookID", book.uuidString)]
            let warned = try await browser.post("/words/\(pear)", form)
            #expect(warned.status == .conflict)
            #expect(warned.body.string.contains("href=\"/words/\(apple.uuidString)\""))
            #expect(warned.body.string.contains("id=\"allow-duplicate\""))
            let saved = try await browser.post("/words/\(pear)", form + [("allowDuplicate", "1")])
            #expect(saved.status == .seeOther)
            // Saving a word unchanged is no duplicate of itself.
            #expect(
                try await browser.post("/words/\(apple)", [("term", "apple"), ("meaning", "사과")])
                    .status == .seeOther)
        }
    }

    @Test func aGameAsksEachTermOnce() {
        let book = UUID()
        let items = ["apple", "Apple ", "pear", "apple"].map {
            StudyItem(id: UUID(), term: $0, meaning: "뜻", bookID: book, bookName: "Fruit")
        }
        #expect(GameService.oncePerTerm(items).map(\.term) == ["apple", "pear"])
    }
}
