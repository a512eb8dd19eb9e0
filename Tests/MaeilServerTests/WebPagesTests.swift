import Foundation
import Testing
import Vapor
import VaporTesting
import VocabCore

@testable import MaeilServer

/// A signed-in browser: the session cookie and the page's CSRF token.
struct WebBrowser {
    let app: Application
    var cookie: String
    var csrf: String
    var language = "en"

    static func signUp(_ app: Application, _ username: String) async throws -> WebBrowser {
        let cookie = try await WebSessionTests.signUpInBrowser(app, username)
        var browser = WebBrowser(app: app, cookie: cookie, csrf: "")
        let signedIn = browser
        browser.csrf = try await untilNotBusy { () -> String? in
            let home = try await signedIn.get("/")
            if home.status == .serviceUnavailable { return nil }
            return try #require(WebSessionTests.csrf(in: home.body.string))
        }
        return browser
    }

    var headers: HTTPHeaders { ["Cookie": "\(cookie); maeil_lang=\(language)"] }

    func get(_ path: String) async throws -> TestingHTTPResponse {
        try await app.testing().sendRequest(.GET, path, headers: headers)
    }

    func post(_ path: String, _ fields: [(String, String)]) async throws -> TestingHTTPResponse {
        var headers = headers
        headers.contentType = .urlEncodedForm
        let body = ([("_csrf", csrf)] + fields).map { key, value in
            "\(key.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? key)="
                + (value.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? value)
        }.joined(separator: "&")
        return try await app.testing().sendRequest(
            .POST, path, headers: headers, body: ByteBuffer(string: body))
    }

    func postJSON(_ path: String, _ json: [String: String], csrf token: String? = nil) async throws
        -> TestingHTTPResponse
    {
        var headers = headers
        headers.contentType = .json
        headers.replaceOrAdd(name: .accept, value: "application/json")
        headers.replaceOrAdd(name: "X-CSRF-Token", value: token ?? csrf)
        return try await app.testing().sendRequest(
            .POST, path, headers: headers, body: ByteBuffer(data: try JSONEncoder().encode(json)))
    }

    /// Creates a book through the form and returns its id.
    func createBook(_ name: String) async throws -> UUID {
        let response = try await post("/books", [("name", name), ("description", "")])
        #expect(response.status == .seeOther)
        let location = try #require(response.headers.first(name: .location))
        return try #require(UUID(uuidString: String(location.split(separator: "/").last ?? "")))
    }

    /// Posts a file as a form's "file" field (multipart), with the CSRF token.
    func postFile(_ path: String, _ data: Data, fileName: String) async throws
        -> TestingHTTPResponse
    {
        var headers = self.headers
        headers.replaceOrAdd(name: .contentType, value: "multipart/form-data; boundary=XyZ")
        var body = Data(
            "--XyZ\r\nContent-Disposition: form-data; name=\"_csrf\"\r\n\r\n\(csrf)\r\n".utf8)
        body += Data(
            "--XyZ\r\nContent-Disposition: form-data; name=\"file\"; filename=\"\(fileName)\"\r\n\r\n"
                .utf8)
        body += data
        body += Data("\r\n--XyZ--\r\n".utf8)
        return try await app.testing().sendRequest(
            .POST, path, headers: headers, body: ByteBuffer(data: body))
    }

    func addWord(_ bookID: UUID, _ term: String, _ meaning: String) async throws -> UUID {
        let response = try await postJSON(
            "/books/\(bookID)/words", ["term": term, "meaning": meaning])
        #expect(response.status == .created, "\(response.body.string)")
        struct Added: Decodable { var id: UUID }
        return try JSONDecoder().decode(Added.self, from: Data(buffer: response.body)).id
    }
}

@Suite("Web pages")
struct WebPagesTests {
    /// Minji, reading Korean, with a book of `count` lamps ("lamp 1" 등 1, …).
    func lamps(_ app: Application, _ count: Int) async throws -> (WebBrowser, UUID) {
        var minji = try await WebBrowser.signUp(app, "minji")
        minji.language = "ko"
        let book = try await minji.createBook("Lamps")
        for number in 1...count {
            _ = try await minji.addWord(book, "lamp \(number)", "등 \(number)")
        }
        return (minji, book)
    }

    /// A page of a search past its last (an old link, a typed address) still
    /// shows the count, and its "previous" steps back to the last page.
    @Test func aSearchPagePastTheLastStepsBackToIt() async throws {
        try await withMaeilApp { app in
            // Ranked alike, then A to Z: "lamp 9" is the 51st.
            let (minji, _) = try await lamps(app, 51)
            let second = try await minji.get("/search?q=lamp&page=2").body.string
            #expect(second.contains("51개 찾음") && second.contains(">등 9<"))
            #expect(second.contains(#"rel="prev" href="/search?q=lamp&amp;page=1""#))
            let past = try await minji.get("/search?q=lamp&page=9").body.string
            #expect(past.contains("51개 찾음") && !past.contains(">등 9<"))
            #expect(past.contains(#"rel="prev" href="/search?q=lamp&amp;page=2""#))
            #expect(!past.contains(#"rel="next""#))
        }
    }

    /// A page size asked for in the address stays on the pager's links; the
    /// default one is left out of them.
    @Test func thePagerKeepsThePageSizeAskedFor() async throws {
        try await withMaeilApp { app in
            let (minji, book) = try await lamps(app, 25)
            let first = try await minji.get("/books/\(book)?perPage=10").body.string
            #expect(first.contains("3쪽 중 1쪽"))
            #expect(first.contains(#"rel="next" href="/books/\#(book)?perPage=10&amp;page=2""#))
            let second = try await minji.get("/books/\(book)?perPage=10&page=2").body.string
            #expect(second.contains(#"rel="prev" href="/books/\#(book)?perPage=10&amp;page=1""#))
            #expect(second.contains(#"rel="next" href="/books/\#(book)?perPage=10&amp;page=3""#))
            let search = try await minji.get("/search?q=lamp&perPage=20").body.string
            #expect(search.contains("2쪽 중 1쪽"))
            #expect(search.contains(#"rel="next" href="/search?q=lamp&amp;perPage=20&amp;page=2""#))
            let plain = try await minji.get("/books/\(book)").body.string
            #expect(!plain.contains("perPage"), "\(plain)")
        }
    }

    @Test func highlightingMatchesLikeSearchAndKeepsTheOriginalText() {
        #expect(
            Highlighter.segments("Café au lait", query: "cafe") == [
                TextSegment(text: "Café", hit: true), TextSegment(text: " au lait", hit: false),
            ])
        #expect(
            Highlighter.segments("바나나 우유", query: "나") == [
                TextSegment(text: "바", hit: false), TextSegment(text: "나나", hit: true),
                TextSegment(text: " 우유", hit: false),
            ])
        #expect(
            Highlighter.segments("STRASSE", query: "straße") == [
                TextSegment(text: "STRASSE", hit: true)
            ])
        #expect(
            Highlighter.segments("<b>x</b>", query: "b") == [
                TextSegment(text: "<", hit: false), TextSegment(text: "b", hit: true),
                TextSegment(text: ">x</", hit: false),
                TextSegment(text: "b", hit: true), TextSegment(text: ">", hit: false),
            ])
        #expect(
            Highlighter.segments("apple", query: nil) == [TextSegment(text: "apple", hit: false)])
        #expect(Highlighter.segments("", query: "a") == [])
    }

    /// The word list's rows are HTML made here: every piece escaped, only the
    /// matches marked, with a query or without.
    @Test func highlightedHTMLEscapesEveryPiece() {
        #expect(
            Highlighter.html("<b>x</b>", query: "b")
                == "&lt;<mark>b</mark>&gt;x&lt;/<mark>b</mark>&gt;")
        #expect(Highlighter.html("바나나 우유", query: "나") == "바<mark>나나</mark> 우유")
        #expect(
            Highlighter.html(#"Tom & "Jerry" <img src=x onerror='1'>"#, query: nil)
                == "Tom &amp; &quot;Jerry&quot; &lt;img src=x onerror=&#39;1&#39;&gt;")
        #expect(Highlighter.html("plain\u{7}text", query: nil) == "plaintext")
        #expect(Highlighter.html("", query: "a") == "")
    }

    /// A 404 outside the session routes (the browser's /favicon.ico) used to
    /// crash the server: the error page asked for a session that was not there.
    @Test func errorPagesOutsideTheSessionRoutesRender() async throws {
        try await withMaeilApp { app in
            let response = try await app.testing().sendRequest(.GET, "/favicon.ico")
            #expect(response.status == .notFound)
            #expect(response.body.string.contains("<html"))
        }
    }

    /// `/books`, the address a book's page sits under, leads to the books
    /// (the home page); without a session, to the login and back.
    @Test func theBooksAddressLeadsToTheBooks() async throws {
        try await withMaeilApp { app in
            let browser = try await WebBrowser.signUp(app, "typist")
            let books = try await browser.get("/books")
            #expect(books.status == .seeOther)
            #expect(books.headers.first(name: .location) == "/")
            let anonymous = try await app.testing().sendRequest(.GET, "/books")
            #expect(anonymous.status == .seeOther)
            #expect(anonymous.headers.first(name: .location) == "/login?next=%2Fbooks")
        }
    }

    /// A path that no page has is a 404 page with the menu for a signed-in
    /// visitor (it had none: the router answered before the session was read),
    /// and without it for anyone else; the API's stays JSON. It says so in the
    /// page's language, as does a missing book.
    @Test func aMissingPageKeepsTheMenu() async throws {
        try await withMaeilApp { app in
            var browser = try await WebBrowser.signUp(app, "lost")
            for path in ["/nowhere", "/books/1/nothing/here"] {
                let missing = try await browser.get(path)
                #expect(missing.status == .notFound, "\(path)")
                #expect(missing.body.string.contains("id=\"logout\""), "\(path)")
                #expect(missing.body.string.contains("Page not found"), "\(path)")
            }
            browser.language = "ko"
            for path in ["/nowhere", "/books/\(UUID())"] {
                let missing = try await browser.get(path)
                #expect(missing.status == .notFound, "\(path)")
                #expect(missing.body.string.contains("페이지를 찾을 수 없습니다"), "\(path)")
                #expect(missing.body.string.contains("이미 삭제되었거나"), "\(path)")
                #expect(!missing.body.string.contains("not found"), "\(path)")
            }
            let anonymous = try await app.testing().sendRequest(.GET, "/nowhere")
            #expect(anonymous.status == .notFound)
            #expect(anonymous.body.string.contains("<html"))
            #expect(!anonymous.body.string.contains("id=\"logout\""))
            let api = try await app.testing().sendRequest(.GET, "/api/v1/nowhere")
            #expect(api.status == .notFound)
            #expect(api.headers.contentType == .json)
        }
    }

    /// A list with no words (a new book, a search that finds nothing) shows
    /// its empty text and no bulk bar; a list with words shows the bar.
    @Test func anEmptyListHasNoBulkBar() async throws {
        try await withMaeilApp { app in
            let browser = try await WebBrowser.signUp(app, "empty")
            let book = try await browser.createBook("Empty")
            let hiddenBar = "data-bulk-bar hidden"
            for path in ["/books/\(book)", "/search?q=zzzz"] {
                let page = try await browser.get(path)
                #expect(page.status == .ok, "\(path)")
                #expect(page.body.string.contains(hiddenBar), "\(path)")
            }
            let added = try await browser.postJSON(
                "/books/\(book)/words", ["term": "zzzz", "meaning": "z"])
            #expect(added.status == .created, "\(added.body.string)")
            for path in ["/books/\(book)", "/search?q=zzzz"] {
                let page = try await browser.get(path)
                #expect(page.body.string.contains("data-bulk-bar"), "\(path)")
                #expect(!page.body.string.contains(hiddenBar), "\(path)")
            }
        }
    }

    @Test func everyPageRendersInBothLanguagesWithoutRawKeys() async throws {
        try await withMaeilApp { app in
            var browser = try await WebBrowser.signUp(app, "pages")
            let book = try await browser.createBook("Travel")
            let word = try await browser.addWord(book, "Café", "카페")
            let today = DayFormatter(timeZone: app.maeilSettings.timeZone).day(of: Date())
            let paths = [
                "/", "/books/\(book)", "/books/\(book)?q=cafe&sort=alphabetical",
                "/books/\(book)/delete",
                "/books/\(book)/import", "/words/\(word)", "/search", "/search?q=CAFE",
                "/search?q=x&book=\(book)",
                "/calendar", "/calendar?month=2000-02", "/calendar/\(today)?sort=random",
                "/settings", "/library", "/library?q=%E3%85%8C&sort=most-copied",
                "/library/\(book)",
            ]
            for language in ["en", "ko"] {
                browser.language = language
                for path in paths {
                    let page = try await browser.get(path)
                    #expect(page.status == .ok, "\(path): \(page.body.string.prefix(300))")
                    let html = page.body.string
                    #expect(html.contains("<html lang=\"\(language)\""), "\(path)")
                    // An unknown key prints as itself: camelCase words in the page give it away.
                    for key in [
                        "countWords", "bulkMove", "sortRecent", "importTitle", "wordTerm", "t.",
                        "libraryTitle", "navLibrary", "bookSharing",
                    ] {
                        #expect(!html.contains(">\(key)<"), "\(path) shows the raw key \(key)")
                    }
                }
            }
            browser.language = "ko"
            #expect(try await browser.get("/books/\(book)").body.string.contains("단어 1개"))
            #expect(
                try await browser.get("/search?q=cafe").body.string.contains("<mark>Café</mark>"))
        }
    }

    @Test func anotherUsersBooksWordsAndUploadsAreNotFound() async throws {
        try await withMaeilApp { app in
            let alice = try await WebBrowser.signUp(app, "alice")
            let bob = try await WebBrowser.signUp(app, "bob")
            let book = try await alice.createBook("Alice's")
            let word = try await alice.addWord(book, "secret", "비밀")
            for path in [
                "/books/\(book)", "/books/\(book)/delete", "/books/\(book)/import",
                "/books/\(book)/export?format=csv",
                "/words/\(word)", "/search?q=secret&book=\(book)",
            ] {
                #expect(try await bob.get(path).status == .notFound, "\(path)")
            }
            #expect(
                try await bob.postJSON("/books/\(book)/words", ["term": "x"]).status == .notFound)
            let bulk = try await bob.post(
                "/words/bulk", [("ids[]", word.uuidString), ("action", "delete"), ("next", "/")])
            #expect(bulk.status == .notFound)
            #expect(try await bob.post("/books/\(book)/delete", []).status == .notFound)
            let search = try await bob.get("/search?q=secret")
            #expect(!search.body.string.contains("secret</"))
            #expect(try await alice.get("/words/\(word)").status == .ok, "nothing was deleted")
        }
    }

    @Test func uploadsAreKeptPerUserAndBook() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "stash-\(UUID())")
        defer { try? FileManager.default.removeItem(at: directory) }
        let alice = UploadStash(directory: directory, userID: UUID())
        let bob = UploadStash(directory: directory, userID: UUID())
        let book = UUID()
        let id = try alice.save(Data("a,b\n".utf8), fileName: "x.csv", bookID: book)
        #expect(try alice.load(id, bookID: book).data == Data("a,b\n".utf8))
        #expect(throws: AppError.self) { try bob.load(id, bookID: book) }
        #expect(throws: AppError.self) { try alice.load(id, bookID: UUID()) }
        alice.remove(id)
        #expect(throws: AppError.self) { try alice.load(id, bookID: book) }
    }

    @Test func fastEntryValidatesAndNeedsTheCSRFHeader() async throws {
        try await withMaeilApp { app in
            let browser = try await WebBrowser.signUp(app, "fast")
            let book = try await browser.createBook("Fast")
            let long = try await browser.postJSON(
                "/books/\(book)/words", ["term": String(repeating: "x", count: 2001)])
            #expect(long.status == .unprocessableEntity)
            #expect(long.body.string.contains("longer than 2000"))
            let empty = try await browser.postJSON("/books/\(book)/words", ["term": "   "])
            #expect(empty.status == .unprocessableEntity)
            let forged = try await browser.postJSON(
                "/books/\(book)/words", ["term": "x"], csrf: "nope")
            #expect(forged.status == .forbidden)
            let page = try await browser.get("/books/\(book)")
            #expect(page.body.string.contains("0 words"))
        }
    }

    @Test func bulkActsOnTheSentIdsOnly() async throws {
        try await withMaeilApp { app in
            let browser = try await WebBrowser.signUp(app, "bulk")
            let from = try await browser.createBook("From")
            let to = try await browser.createBook("To")
            let apple = try await browser.addWord(from, "apple", "사과")
            _ = try await browser.addWord(from, "banana", "바나나")
            let moved = try await browser.post(
                "/words/bulk",
                [
                    ("ids[]", apple.uuidString), ("action", "move"), ("bookID", to.uuidString),
                    ("next", "/books/\(from)?q=apple"),
                ])
            #expect(moved.status == .seeOther)
            #expect(moved.headers.first(name: .location) == "/books/\(from)?q=apple")
            #expect(try await browser.get("/books/\(to)").body.string.contains("apple"))
            let source = try await browser.get("/books/\(from)").body.string
            #expect(source.contains("banana") && !source.contains(">apple<"))
            // A return address off the site is ignored.
            let offsite = try await browser.post(
                "/words/bulk",
                [("ids[]", apple.uuidString), ("action", "memorize"), ("next", "//evil.example")])
            #expect(offsite.headers.first(name: .location) == "/")
        }
    }

    /// Korean pages word the stores' refusals from their kind, and particles
    /// take the form the word filled in needs (사과를, 책을, 서울로).
    @Test func koreanMessagesReadAsKorean() async throws {
        try await withMaeilApp { app in
            var browser = try await WebBrowser.signUp(app, "korean")
            browser.language = "ko"
            let tooLong = try await browser.post(
                "/books", [("name", String(repeating: "가", count: 201)), ("description", "")])
            #expect(tooLong.status == .unprocessableEntity)
            #expect(
                tooLong.body.string.contains("단어장 이름이 200자보다 깁니다"),
                "\(tooLong.body.string.prefix(200))")
            let book = try await browser.createBook("여행")
            let apple = try await browser.addWord(book, "사과", "apple")
            let note = try await browser.post(
                "/words/\(apple)", [("term", "사과"), ("note", "종\u{7}소리")])
            #expect(note.status == .unprocessableEntity)
            #expect(note.body.string.contains("메모에는 보이지 않는 제어 문자를 넣을 수 없습니다"))
            let empty = try await browser.post("/words/\(apple)", [("term", " ")])
            #expect(empty.body.string.contains("단어를 입력하세요"))

            let deleted = try await browser.post("/words/\(apple)/delete", [])
            #expect(deleted.status == .seeOther)
            #expect(
                GamesWebTests.flash(try await browser.get("/books/\(book)").body.string)
                    == "“사과”를 삭제했습니다.")
            // An import's problem names its line, in Korean.
            var headers = browser.headers
            headers.replaceOrAdd(name: .contentType, value: "multipart/form-data; boundary=XyZ")
            let multipart =
                "--XyZ\r\nContent-Disposition: form-data; name=\"_csrf\"\r\n\r\n\(browser.csrf)\r\n"
                + "--XyZ\r\nContent-Disposition: form-data; name=\"file\"; filename=\"broken.csv\"\r\n"
                + "Content-Type: text/csv\r\n\r\nterm,meaning\n\"unclosed,quote\n\r\n--XyZ--\r\n"
            let upload = try await app.testing().sendRequest(
                .POST, "/books/\(book)/import", headers: headers,
                body: ByteBuffer(string: multipart))
            #expect(upload.status == .unprocessableEntity)
            #expect(
                upload.body.string.contains("2번째 줄: 따옴표로 연 칸이 닫히지 않았습니다"),
                "\(upload.body.string.prefix(300))")

            let book2 = try await browser.addWord(book, "책", "book")
            _ = try await browser.post("/words/\(book2)/delete", [])
            #expect(
                GamesWebTests.flash(try await browser.get("/books/\(book)").body.string)
                    == "“책”을 삭제했습니다.")
        }
    }
}
