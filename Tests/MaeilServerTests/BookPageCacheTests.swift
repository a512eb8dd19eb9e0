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
    @Test func placeholdersSplitAndJoinAroundTheToken() {
        let html = ByteBuffer(string: "<a>PH</a><b>PHPH</b>PH")
        let pieces = RenderedPageCache<String, Int>.split(html, at: "PH")
        #expect(pieces.map { String(buffer: $0) } == ["<a>", "</a><b>", "", "</b>", ""])
        let joined = RenderedPageCache<String, Int>.joined(pieces, around: "t0k")
        #expect(String(buffer: joined) == "<a>t0k</a><b>t0kt0k</b>t0k")
        let plain = RenderedPageCache<String, Int>.split(ByteBuffer(string: "no token"), at: "PH")
        #expect(plain.map { String(buffer: $0) } == ["no token"])
        // Near misses, a mark cut off at the end, and a buffer already partly read.
        var read = ByteBuffer(string: "xxPPXPHaP")
        read.moveReaderIndex(forwardBy: 2)
        let edges = RenderedPageCache<String, Int>.split(read, at: "PH")
        #expect(edges.map { String(buffer: $0) } == ["PPX", "aP"])
        #expect(
            RenderedPageCache<String, Int>.split(ByteBuffer(), at: "PH").map { $0.readableBytes }
                == [0])
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
            #expect(again.contains(app.bookPageCache.placeholder) == false)
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

}
