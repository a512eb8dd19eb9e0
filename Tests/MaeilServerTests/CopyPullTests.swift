import Foundation
import MaeilAPI
import Testing
import Vapor
import VaporTesting

@testable import MaeilServer

/// A library copy takes its original's later words (issue 14, part 3): the new
/// ones and the changes to words the copier left alone, never the copier's edits.
@Suite("Pulling an original's new words into a copy")
struct CopyPullTests {
    private func words(_ api: API, _ book: UUID) async throws -> [WordDTO] {
        try api.decode(
            WordPageDTO.self,
            try await api.send(.GET, "/api/v1/books/\(book)/words?sort=oldest&perPage=100")
        ).items
    }

    private func updates(_ api: API, _ book: UUID) async throws -> CopyUpdatesDTO {
        let response = try await api.send(.GET, "/api/v1/books/\(book)/updates")
        #expect(response.status == .ok, "\(response.body.string)")
        return try api.decode(CopyUpdatesDTO.self, response)
    }

    @Test func newAndChangedWordsComeOverAndTheCopiersEditsStay() async throws {
        try await withMaeilApp { app in
            let minji = try await API.signUp(app, "minji")
            let book = try await minji.createBook("토익 필수 단어")
            var original: [String: WordDTO] = [:]
            for (term, meaning) in [("abandon", "버리다"), ("acquire", "얻다"), ("adapt", "적응하다")] {
                original[term] = try await minji.addWord(book.id, term, meaning)
            }
            _ = try await minji.send(
                .PATCH, "/api/v1/books/\(book.id)", json: ["visibility": "public"])
            let jisoo = try await API.signUp(app, "jisoo")
            let copy = try jisoo.decode(
                BookDTO.self, try await jisoo.send(.POST, "/api/v1/library/\(book.id)/copy"))
            let second = try await jisoo.send(.POST, "/api/v1/library/\(book.id)/copy")
            #expect(second.status == .conflict && jisoo.errorCode(second) == "already_added")
            #expect(second.body.string.contains(copy.id.uuidString), "names the copy")
            let fresh = try await updates(jisoo, copy.id)
            #expect(fresh.newWords == 0 && fresh.changedWords == 0 && fresh.keptEdits == 0)
            #expect(fresh.original.id == book.id)

            // The owner adds one word, changes two, and studies one (not a change).
            _ = try await minji.addWord(book.id, "affect", "영향을 미치다")
            for (term, meaning) in [("acquire", "획득하다"), ("adapt", "맞추다")] {
                let id = try #require(original[term]?.id)
                _ = try await minji.send(.PATCH, "/api/v1/words/\(id)", json: ["meaning": meaning])
            }
            _ = try await minji.send(
                .POST, "/api/v1/words/bulk",
                json: BulkRequest(ids: [try #require(original["abandon"]?.id)], action: .memorize))
            // The copier edits "adapt", studies "acquire", deletes "abandon".
            let mine = Dictionary(
                uniqueKeysWithValues: try await words(jisoo, copy.id).map { ($0.term, $0) })
            _ = try await jisoo.send(
                .PATCH, "/api/v1/words/\(try #require(mine["adapt"]?.id))",
                json: ["meaning": "적응하다 (환경에)"])
            _ = try await jisoo.send(
                .POST, "/api/v1/words/bulk",
                json: BulkRequest(ids: [try #require(mine["acquire"]?.id)], action: .memorize))
            _ = try await jisoo.send(.DELETE, "/api/v1/words/\(try #require(mine["abandon"]?.id))")

            let waiting = try await updates(jisoo, copy.id)
            #expect(waiting.newWords == 1 && waiting.changedWords == 1 && waiting.keptEdits == 1)

            let pulled = try await jisoo.send(.POST, "/api/v1/books/\(copy.id)/pull")
            #expect(pulled.status == .ok, "\(pulled.body.string)")
            let result = try jisoo.decode(PullResultDTO.self, pulled)
            #expect(result.added == 1 && result.updated == 1 && result.keptEdits == 1)
            let after = Dictionary(
                uniqueKeysWithValues: try await words(jisoo, copy.id).map { ($0.term, $0) })
            #expect(after.keys.sorted() == ["acquire", "adapt", "affect"], "abandon stays deleted")
            #expect(after["acquire"]?.meaning == "획득하다" && after["acquire"]?.memorized == true)
            #expect(after["adapt"]?.meaning == "적응하다 (환경에)", "the copier's edit stays")
            #expect(after["affect"]?.meaning == "영향을 미치다" && after["affect"]?.memorized == false)

            let settled = try await updates(jisoo, copy.id)
            #expect(settled.newWords == 0 && settled.changedWords == 0 && settled.keptEdits == 1)
            let again = try jisoo.decode(
                PullResultDTO.self, try await jisoo.send(.POST, "/api/v1/books/\(copy.id)/pull"))
            #expect(again.added == 0 && again.updated == 0)

            // A word the owner deletes stays in the copy.
            _ = try await minji.send(
                .DELETE, "/api/v1/words/\(try #require(original["acquire"]?.id))")
            #expect(try await updates(jisoo, copy.id).newWords == 0)
            #expect(try await words(jisoo, copy.id).count == 3)
        }
    }

    @Test func copiesMadeBeforeTheLinksAreLinkedByTermAndReading() async throws {
        try await withMaeilApp { app in
            let minji = try await API.signUp(app, "minji")
            let book = try await minji.createBook("Fruit")
            for (term, meaning) in [("apple", "사과"), ("pear", "배")] {
                _ = try await minji.addWord(book.id, term, meaning)
            }
            _ = try await minji.send(
                .PATCH, "/api/v1/books/\(book.id)", json: ["visibility": "public"])
            let jisoo = try await API.signUp(app, "jisoo")
            let copy = try jisoo.decode(
                BookDTO.self, try await jisoo.send(.POST, "/api/v1/library/\(book.id)/copy"))
            // As before the migration: no links. It links the words both books have.
            // One connection, as `BookCountsTests` explains.
            try await app.db.withConnection { db in
                try await AddCopyLinks().revert(on: db)
                try await AddCopyLinks().prepare(on: db)
            }
            _ = try await minji.addWord(book.id, "plum", "자두")
            let found = try await updates(jisoo, copy.id)
            #expect(found.newWords == 1 && found.changedWords == 0, "only plum is new")
        }
    }

    @Test func onlyTheCopierPullsAndOnlyWhileTheOriginalIsShared() async throws {
        try await withMaeilApp { app in
            let minji = try await API.signUp(app, "minji")
            let book = try await minji.createBook("Fruit")
            _ = try await minji.addWord(book.id, "apple", "사과")
            _ = try await minji.send(
                .PATCH, "/api/v1/books/\(book.id)", json: ["visibility": "unlisted"])
            let jisoo = try await API.signUp(app, "jisoo")
            let copy = try jisoo.decode(
                BookDTO.self, try await jisoo.send(.POST, "/api/v1/library/\(book.id)/copy"))
            _ = try await minji.addWord(book.id, "pear", "배")

            let stranger = try await API.signUp(app, "stranger")
            for path in ["/api/v1/books/\(copy.id)/updates", "/api/v1/books/\(copy.id)/pull"] {
                let method: HTTPMethod = path.hasSuffix("pull") ? .POST : .GET
                #expect(try await stranger.send(method, path).status == .notFound, "\(path)")
                #expect(try await minji.send(method, path).status == .notFound, "the owner's too")
            }
            // A book that is not a copy has no original.
            #expect(
                try await minji.send(.GET, "/api/v1/books/\(book.id)/updates").status == .notFound)
            #expect(try await updates(jisoo, copy.id).newWords == 1)

            _ = try await minji.send(
                .PATCH, "/api/v1/books/\(book.id)", json: ["visibility": "private"])
            #expect(
                try await jisoo.send(.GET, "/api/v1/books/\(copy.id)/updates").status == .notFound)
            #expect(
                try await jisoo.send(.POST, "/api/v1/books/\(copy.id)/pull").status == .notFound)
            #expect(try await words(jisoo, copy.id).map(\.term) == ["apple"], "nothing pulled")
        }
    }

    @Test func theWebPageOffersThePullAndTheCopyLinksToIt() async throws {
        try await withMaeilApp { app in
            var minji = try await WebBrowser.signUp(app, "minji")
            minji.language = "ko"
            let book = try await minji.createBook("여행 영어")
            _ = try await minji.addWord(book, "passport", "여권")
            _ = try await minji.post("/books/\(book)/visibility", [("visibility", "public")])
            var jisoo = try await WebBrowser.signUp(app, "jisoo")
            jisoo.language = "ko"
            let copied = try await jisoo.post("/library/\(book)/copy", [])
            let copyPath = try #require(copied.headers.first(name: .location))
            // One copy each: the button gives way to the copy's updates; a second post opens the copy.
            #expect(
                !(try await jisoo.get("/library/\(book)").body.string.contains("id=\"copy-book\"")))
            let twice = try await jisoo.post("/library/\(book)/copy", [])
            #expect(twice.headers.first(name: .location) == copyPath)
            let copyPage = try await jisoo.get(copyPath).body.string
            #expect(copyPage.contains("이미 내 단어장에 있는 단어장입니다"))
            #expect(
                copyPage.contains("id=\"book-copied\"")
                    && copyPage.contains("/library/\(book)#my-copies"))
            #expect(try await jisoo.get("/library/\(book)").body.string.contains("원본과 같습니다"))

            _ = try await minji.addWord(book, "boarding pass", "탑승권")
            let offered = try await jisoo.get("/library/\(book)").body.string
            #expect(offered.contains("원본에 새 단어 1개, 바뀐 단어 0개가 있습니다"))
            let pulled = try await jisoo.post(copyPath + "/pull", [])
            #expect(pulled.headers.first(name: .location) == copyPath)
            let page = try await jisoo.get(copyPath).body.string
            #expect(page.contains("원본에서 새 단어 1개를 더하고 0개를 고쳤습니다"))
            #expect(page.contains("boarding pass"))
        }
    }
}
