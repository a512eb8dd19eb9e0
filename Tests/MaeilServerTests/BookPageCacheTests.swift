import Foundation
import NIOCore
import Testing
import Vapor
import VaporTesting

@testable import MaeilServer

/// A book's web page is handed out again while the book, the move menu and the
/// viewer are unchanged (`RenderedPageCache`), with each session's own CSRF
/// token; every change shows on the next page.
@Suite("Book page cache")
struct BookPageCacheTests {
    typealias Cache = RenderedPageCache<String, String, Int>

    @Test func placeholdersSplitAndAreFilledIn() {
        let html = ByteBuffer(string: "<a>PHa</a><b>PHcPHa</b>PHb")
        let pieces = Cache.split(html, at: "PH")
        #expect(pieces.pieces.map { String(buffer: $0) } == ["<a>", "</a><b>", "", "</b>", ""])
        #expect(pieces.gaps == [0, 2, 0, 1])
        // The parts written in, the token's gaps kept; then the token.
        let page = Cache.filled(pieces, with: [nil, "one", "two"])
        #expect(page.pieces.map { String(buffer: $0) } == ["<a>", "</a><b>two", "</b>one"])
        #expect(page.gaps == [0, 0])
        let joined = Cache.filled(page, with: ["t0k"])
        #expect(joined.pieces.map { String(buffer: $0) } == ["<a>t0k</a><b>twot0k</b>one"])
        #expect(joined.gaps.isEmpty)

        let plain = Cache.split(ByteBuffer(string: "no token"), at: "PH")
        #expect(plain.pieces.map { String(buffer: $0) } == ["no token"])
        // Near misses, a mark without its letter (not a placeholder), a mark
        // cut off at the end, and a buffer already partly read.
        var read = ByteBuffer(string: "xxPPXPHaP PH1 PHzPH")
        read.moveReaderIndex(forwardBy: 2)
        let edges = Cache.split(read, at: "PH")
        #expect(edges.pieces.map { String(buffer: $0) } == ["PPX", "P PH1 ", "PH"])
        #expect(edges.gaps == [0, 25])
        #expect(Cache.split(ByteBuffer(), at: "PH").pieces.map { $0.readableBytes } == [0])
    }

    @Test func textPartsAreEscapedAsLeafEscapes() {
        #expect(
            Cache.Part.text("/books/1?page=2&sort=\"a'<b>").html
                == "/books/1?page=2&amp;sort=&quot;a&#39;&lt;b&gt;")
        #expect(Cache.Part.html("<li>a &amp; b</li>").html == "<li>a &amp; b</li>")
        #expect(Cache.Part.text("a&b").value == "a&b")
    }

    @Test func aKeptPageShowsEveryChangeAndEachSessionsOwnToken() async throws {
        try await withMaeilApp { app in
            var minji = try await WebBrowser.signUp(app, "minji")
            let book = try await minji.createBook("Fruit")
            let other = try await minji.createBook("Other")
            let apple = try await minji.addWord(book, "apple", "사과")
            func page(_ browser: WebBrowser, _ query: String = "") async throws -> String {
                let response = try await browser.get("/books/\(book)\(query)")
                #expect(response.status == .ok)
                #expect(response.headers.first(name: .cacheControl) == "no-store")
                return response.body.string
            }

            _ = try await page(minji)  // takes the flash message of the new books
            let first = try await page(minji)
            let hitsBefore = app.bookPageCache.statistics.hits
            let again = try await page(minji)
            #expect(app.bookPageCache.statistics.hits == hitsBefore + 1, "kept")
            #expect(again == first)
            #expect(WebSessionTests.csrf(in: again) == minji.csrf)
            #expect(again.contains(app.bookPageCache.mark) == false)
            #expect(again.components(separatedBy: minji.csrf).count > 3, "every form has it")

            // Another browser of the same user: the kept page, its own token.
            let cookie = try await WebSessionTests.logInInBrowser(app, "minji", "correct horse")
            let laptop = WebBrowser(app: app, cookie: cookie, csrf: "")
            let laptopPage = try await page(laptop)
            let laptopToken = try #require(WebSessionTests.csrf(in: laptopPage))
            #expect(laptopToken != minji.csrf)
            #expect(laptopPage.replacingOccurrences(of: laptopToken, with: minji.csrf) == first)
            #expect(app.bookPageCache.statistics.hits == hitsBefore + 2)

            _ = try await minji.addWord(book, "banana", "바나나")
            #expect(try await page(minji).contains("banana"), "a new word")

            let renamed = try await minji.post(
                "/books/\(other)", [("name", "Vegetables"), ("description", "")])
            #expect(renamed.status == .seeOther)
            _ = try await minji.get("/books/\(other)")  // takes the flash message
            #expect(try await page(minji).contains(">Vegetables</option>"), "the move menu")

            // A flash message shows once and is not kept.
            let bulk = try await minji.post(
                "/words/bulk",
                [("action", "bookmark"), ("next", "/books/\(book)")]
                    + [("ids[]", apple.uuidString)])
            #expect(bulk.status == .seeOther)
            let flashed = try await page(minji)
            #expect(flashed.contains("class=\"flash\""))
            #expect(flashed.contains("marker bookmarked"), "the bookmark")
            #expect(try await page(minji).contains("class=\"flash\"") == false)

            let profile = try await minji.post(
                "/settings/profile",
                [("displayName", "민지"), ("language", ""), ("timeZone", "")])
            #expect(profile.status == .seeOther)
            _ = try await minji.get("/settings")  // takes the flash message
            #expect(try await page(minji).contains("(민지)"), "the name in the top bar")

            minji.language = "ko"
            let korean = try await page(minji)
            #expect(korean.contains("<html lang=\"ko\">"))
            #expect(korean.contains("단어"))

            let bookmarked = try await page(minji, "?show=bookmarked")
            #expect(bookmarked.contains("apple") && !bookmarked.contains("banana"))

            // The kept pages are minji's: another user still gets a 404.
            let jisoo = try await WebBrowser.signUp(app, "jisoo")
            #expect(try await jisoo.get("/books/\(book)").status == .notFound)
        }
    }

    @Test func aListsPagesAreJoinedFromOneFrameAsLeafRendersThem() async throws {
        try await withMaeilApp { app in
            var minji = try await WebBrowser.signUp(app, "minji")
            let book = try await minji.createBook("Fruit")
            for n in 1...7 { _ = try await minji.addWord(book, "term \(n) <b>&", "뜻 \"\(n)\" 'x'") }
            _ = try await minji.get("/books/\(book)")  // takes the flash message of the new book
            let address = "/books/\(book)?sort=alphabetical&perPage=2&page="
            func page(_ n: Int) async throws -> String {
                let response = try await minji.get(address + String(n))
                #expect(response.status == .ok)
                return response.body.string
            }

            let before = app.bookPageCache.frameStatistics
            let second = try await page(2)  // renders the frame of the middle pages
            let third = try await page(3)  // joined from it
            #expect(app.bookPageCache.frameStatistics.count == before.count + 1)
            #expect(app.bookPageCache.frameStatistics.hits == before.hits + 1)
            #expect(second.contains("term 3 &lt;b&gt;&amp;") && second.contains("term 4 "))
            #expect(third.contains("term 5 &lt;b&gt;&amp;") && third.contains("term 6 "))
            #expect(!third.contains("term 4 ") && !third.contains("term 7 "))
            #expect(third.contains("뜻 &quot;5&quot; &#39;x&#39;"))
            #expect(
                third.contains(
                    "value=\"/books/\(book)?sort=alphabetical&amp;perPage=2&amp;page=3\""))
            #expect(
                third.contains(
                    "rel=\"prev\" href=\"/books/\(book)?sort=alphabetical&amp;perPage=2&amp;page=2\""
                ))
            #expect(third.contains("rel=\"next\""))
            #expect(!third.contains(app.bookPageCache.mark))
            #expect(WebSessionTests.csrf(in: third) == minji.csrf)

            // Leaf's own render of page 3: a page with a flash message is not
            // kept, so it is rendered whole. Without the message, the same page.
            let empty = try await minji.post(
                "/words/bulk", [("action", "bookmark"), ("next", address + "3")])
            #expect(empty.status == .seeOther)
            let whole = try await page(3)
            let flash = try #require(
                whole.range(
                    of: #"<p class="flash error" role="alert">[^<]*</p>"#,
                    options: .regularExpression))
            var withoutFlash = whole
            withoutFlash.removeSubrange(flash)
            #expect(withoutFlash == third)

            // The first and the last page have frames of their own: no
            // "previous", no "next". A page past the end shows the empty list.
            let first = try await page(1)
            let last = try await page(4)
            #expect(!first.contains("rel=\"prev\"") && first.contains("rel=\"next\""))
            #expect(last.contains("rel=\"prev\"") && !last.contains("rel=\"next\""))
            #expect(last.contains("term 7 ") && !last.contains("term 6 "))
            let beyond = try await page(9)
            #expect(beyond.contains("<p class=\"empty muted\" data-empty >"))
            #expect(app.bookPageCache.frameStatistics.count == before.count + 4)

            // A new word is on the next page made, frame and all.
            _ = try await minji.addWord(book, "term 0", "first")
            let moved = try await page(2)
            #expect(moved.contains("term 2 ") && moved.contains("term 3 "))
            #expect(moved.contains("8 words") || moved.contains("8개"))
        }
    }
}
