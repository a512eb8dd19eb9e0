import Foundation
import MaeilAPI
import SQLKit
import Testing
import Vapor
import VaporTesting

@testable import MaeilServer

/// A book's word page is handed out again while the book is unchanged
/// (`WordPageCache`); every kind of write moves the book's revision on
/// (`AddBookRevisions`), so the next page shows it, on both databases.
@Suite("Word page cache")
struct WordPageCacheTests {
    private func page(_ api: API, _ book: UUID, _ query: String = "") async throws -> WordPageDTO {
        let response = try await api.send(.GET, "/api/v1/books/\(book)/words\(query)")
        #expect(response.status == .ok, "\(response.body.string)")
        return try api.decode(WordPageDTO.self, response)
    }

    private func revision(_ app: Application, _ book: UUID) async throws -> Int {
        try #require(
            try await (app.db as! any SQLDatabase).raw(
                "SELECT revision FROM books WHERE id = \(bind: book)"
            ).first()?.decode(column: "revision", as: Int.self))
    }

    @Test func everyWriteShowsOnTheNextPage() async throws {
        try await withMaeilApp { app in
            let api = try await API.signUp(app)
            let book = try await api.createBook("Fruit").id
            let other = try await api.createBook("Other").id
            let apple = try await api.addWord(book, "apple", "사과")
            let pear = try await api.addWord(book, "pear", "배")

            let first = try await page(api, book)
            let missesBefore = app.wordPageCache.statistics.misses
            let again = try await page(api, book)
            #expect(app.wordPageCache.statistics.hits >= 1, "the second page came from the cache")
            #expect(app.wordPageCache.statistics.misses == missesBefore)
            #expect(again.items.map(\.id) == first.items.map(\.id))
            _ = try await page(api, other)  // kept too, before a word moves in

            var seen = try await revision(app, book)
            func expectMoved(_ what: String) async throws {
                let now = try await revision(app, book)
                #expect(now > seen, "\(what) moves the revision on")
                seen = now
            }

            _ = try await api.send(.PATCH, "/api/v1/words/\(apple.id)", json: ["meaning": "능금"])
            try await expectMoved("an edit")
            #expect(try await page(api, book).items.first { $0.id == apple.id }?.meaning == "능금")

            _ = try await api.send(.PATCH, "/api/v1/words/\(apple.id)", json: ["memorized": true])
            try await expectMoved("memorizing")
            #expect(try await page(api, book).items.first { $0.id == apple.id }?.memorized == true)
            #expect(try await page(api, book, "?memorized=true").items.map(\.id) == [apple.id])

            _ = try await api.send(
                .POST, "/api/v1/words/bulk", json: BulkRequest(ids: [pear.id], action: .bookmark))
            try await expectMoved("a bulk bookmark")
            #expect(try await page(api, book).items.first { $0.id == pear.id }?.bookmarked == true)

            let renamed = try await api.send(.PATCH, "/api/v1/books/\(book)", json: ["name": "과일"])
            #expect(renamed.status == .ok, "\(renamed.body.string)")
            #expect(try await page(api, book).items.allSatisfy { $0.bookName == "과일" })

            let cherry = try await api.addWord(book, "cherry", "체리")
            try await expectMoved("an added word")
            #expect(try await page(api, book).items.contains { $0.id == cherry.id })

            _ = try await api.send(
                .PATCH, "/api/v1/words/\(pear.id)", json: ["bookID": other.uuidString])
            try await expectMoved("a word moved out")
            #expect(try await page(api, book).items.contains { $0.id == pear.id } == false)
            #expect(try await page(api, other).items.map(\.id) == [pear.id], "and into the other")

            _ = try await api.send(.DELETE, "/api/v1/words/\(cherry.id)")
            try await expectMoved("a deletion")
            #expect(try await page(api, book).items.map(\.id) == [apple.id])

            let imported = try await api.send(
                .POST, "/api/v1/books/\(book)/import?format=csv&header=false",
                raw: Data("grape,포도\nplum,자두".utf8))
            #expect(imported.status == .ok, "\(imported.body.string)")
            try await expectMoved("an import")
            #expect(Set(try await page(api, book).items.map(\.term)) == ["apple", "grape", "plum"])
        }
    }

    @Test func aPageKeptForItsOwnerIsStill404ToOthers() async throws {
        try await withMaeilApp { app in
            let owner = try await API.signUp(app)
            let book = try await owner.createBook("Mine").id
            _ = try await owner.addWord(book, "secret", "비밀")
            _ = try await page(owner, book)
            _ = try await page(owner, book)
            let stranger = try await API.signUp(app)
            let response = try await stranger.send(.GET, "/api/v1/books/\(book)/words")
            #expect(response.status == .notFound)
            #expect(!response.body.string.contains("secret"))
        }
    }

    @Test func searchesAndRandomOrderAreNotKept() async throws {
        try await withMaeilApp { app in
            let api = try await API.signUp(app)
            let book = try await api.createBook("Some").id
            _ = try await api.addWord(book, "apple", "사과")
            let before = app.wordPageCache.statistics
            _ = try await page(api, book, "?q=app")
            _ = try await page(api, book, "?sort=random")
            let after = app.wordPageCache.statistics
            #expect(after.count == before.count && after.hits == before.hits)
            #expect(after.misses == before.misses, "not even looked up")
        }
    }
}

/// A deep page of a big book is a slice of the book's kept order
/// (`WordOrderCache`): the same words as walking the index to the page, and a
/// write shows on the next page.
@Suite("Word order cache")
struct WordOrderCacheTests {
    private func terms(_ api: API, _ book: UUID, _ query: String) async throws -> [String] {
        let response = try await api.send(.GET, "/api/v1/books/\(book)/words?\(query)")
        #expect(response.status == .ok, "\(response.body.string)")
        return try api.decode(WordPageDTO.self, response).items.map(\.term)
    }

    @Test func aDeepPageIsTheSliceOfTheBooksOrder() async throws {
        try await withMaeilApp { app in
            let api = try await API.signUp(app)
            let book = try await api.createBook("Big").id
            let rows = (1...1_300).map { String(format: "w%04d,뜻%d", $0, $0) }
            let imported = try await api.send(
                .POST, "/api/v1/books/\(book)/import?format=csv&header=false",
                raw: Data(rows.joined(separator: "\n").utf8))
            #expect(imported.status == .ok, "\(imported.body.string)")

            let deep = try await terms(api, book, "sort=alphabetical&page=25&perPage=50")
            #expect(deep == (1_201...1_250).map { String(format: "w%04d", $0) })
            #expect(try #require(app.wordOrderCache).statistics.count == 1)
            // The slice's words are named with their book, renamed or not.
            for name in ["Big", "큰 책"] {
                if name != "Big" {
                    let renamed = try await api.send(
                        .PATCH, "/api/v1/books/\(book)", json: ["name": name])
                    #expect(renamed.status == .ok)
                }
                let page = try await api.send(
                    .GET, "/api/v1/books/\(book)/words?sort=alphabetical&page=25&perPage=50")
                let items = try api.decode(WordPageDTO.self, page).items
                #expect(items.count == 50 && items.allSatisfy { $0.bookName == name }, "\(name)")
            }
            for sort in ["recent", "oldest", "memorized", "not-memorized", "alphabetical"] {
                // Offset 1,000 walks the index; offset 1,200 is the kept order's slice.
                let walked = try await terms(api, book, "sort=\(sort)&page=3&perPage=500")
                let sliced = try await terms(api, book, "sort=\(sort)&page=25&perPage=50")
                #expect(sliced == Array(walked[200..<250]), "\(sort)")
            }

            let first = try await api.send(.GET, "/api/v1/books/\(book)/words?q=w1201")
            let id = try #require(try api.decode(WordPageDTO.self, first).items.first?.id)
            _ = try await api.send(.DELETE, "/api/v1/words/\(id)")
            let after = try await terms(api, book, "sort=alphabetical&page=25&perPage=50")
            #expect(after == (1_202...1_251).map { String(format: "w%04d", $0) })

            let memorizedID = try #require(
                try api.decode(
                    WordPageDTO.self,
                    try await api.send(.GET, "/api/v1/books/\(book)/words?q=w0007")
                ).items.first?.id)
            _ = try await api.send(
                .PATCH, "/api/v1/words/\(memorizedID)", json: ["memorized": true])
            let memorizedLast = try await terms(api, book, "sort=not-memorized&page=26&perPage=50")
            #expect(memorizedLast.last == "w0007", "the memorized word ends the list")

            let stranger = try await API.signUp(app)
            let response = try await stranger.send(
                .GET, "/api/v1/books/\(book)/words?page=25&perPage=50")
            #expect(response.status == .notFound)
        }
    }
}
