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
            // A reading where the book's word has none is still that word
            // (and the other way round); two different readings are two words.
            let withReading = try await api.send(
                .POST, "/api/v1/books/\(book.id)/words",
                json: WordInput(term: "apple", meaning: "사과", reading: "ˈæp.əl"))
            #expect(withReading.status == .conflict)
            let japanese = try await api.createBook("일본어")
            _ = try await api.addWord(japanese.id, "生", "삶", reading: "せい")
            _ = try await api.addWord(japanese.id, "生", "날것", reading: "なま")
            let bare = try await api.send(
                .POST, "/api/v1/books/\(japanese.id)/words",
                json: WordInput(term: "生", meaning: "x"))
            #expect(bare.status == .conflict, "no reading: the first 生")
            // So is the same term in another book a word of its own.
            _ = try await api.addWord(book.id, "pear", "배", reading: "pɛər")
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

/// The web import's preview lists each duplicate with its own choice.
@Suite("Import duplicates one by one")
struct ImportDuplicateRowsTests {
    @Test func eachDuplicateGoesAsItsOwnChoiceSays() async throws {
        try await withMaeilApp { app in
            var browser = try await WebBrowser.signUp(app, "importer")
            browser.language = "ko"
            let book = try await browser.createBook("Fruit")
            let apple = try await browser.addWord(book, "apple", "사과")
            _ = try await browser.addWord(book, "pear", "배")
            _ = try await browser.addWord(book, "plum", "자두")

            var headers = browser.headers
            headers.replaceOrAdd(name: .contentType, value: "multipart/form-data; boundary=XyZ")
            let csv = "term,meaning\napple,사과 (새 뜻)\npear,서양배\nplum,오얏\nkiwi,키위\n"
            let multipart =
                "--XyZ\r\nContent-Disposition: form-data; name=\"_csrf\"\r\n\r\n\(browser.csrf)\r\n"
                + "--XyZ\r\nContent-Disposition: form-data; name=\"file\"; filename=\"fruit.csv\"\r\n"
                + "Content-Type: text/csv\r\n\r\n\(csv)\r\n--XyZ--\r\n"
            let upload = try await app.testing().sendRequest(
                .POST, "/books/\(book)/import", headers: headers,
                body: ByteBuffer(string: multipart))
            #expect(upload.status == .seeOther)
            let preview = try #require(upload.headers.first(name: .location))
            let page = try await browser.get(preview).body.string
            #expect(page.contains("이 단어장에 이미 있는 단어 3개"))
            for (row, term) in [(0, "apple"), (1, "pear"), (2, "plum")] {
                #expect(page.contains(#"name="duplicateRow[\#(row)]""#), "\(term)")
            }
            let compact = page.filter { !$0.isWhitespace }
            #expect(
                compact.contains("<dd>서양배</dd></div><div><dt>단어장의뜻</dt><dd>배</dd>"),
                "the file's meaning against the book's")
            #expect(!page.contains(#"name="duplicateRow[3]""#), "kiwi is new")

            // apple replaced, pear kept as another word, plum as above (skip).
            let path = String(preview.split(separator: "?")[0])
            let bad = try await browser.post(
                path, [("format", "csv"), ("duplicateRow[x]", "update")])
            #expect(bad.status == .unprocessableEntity, "\(bad.status)")
            let confirmed = try await browser.post(
                path,
                [
                    ("format", "csv"), ("header", ""), ("termSeparator", ""), ("rowSeparator", ""),
                    ("duplicates", "skip"), ("duplicateRow[0]", "update"),
                    ("duplicateRow[1]", "keep"), ("duplicateRow[2]", ""),
                ])
            #expect(confirmed.status == .seeOther, "\(confirmed.body.string.prefix(300))")
            let terms = try await app.db.sql().raw(
                "SELECT term, meaning FROM words WHERE book_id = \(bind: book) ORDER BY term, meaning"
            ).all().map {
                "\(try $0.decode(column: "term", as: String.self))=\(try $0.decode(column: "meaning", as: String.self))"
            }
            #expect(terms == ["apple=사과 (새 뜻)", "kiwi=키위", "pear=배", "pear=서양배", "plum=자두"])
            let word = try await app.db.sql().raw(
                "SELECT meaning FROM words WHERE id = \(bind: apple)"
            ).first()?.decode(column: "meaning", as: String.self)
            #expect(word == "사과 (새 뜻)", "updated in place, the same word")

        }
    }
}
