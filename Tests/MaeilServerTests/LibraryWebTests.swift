import Foundation
import Testing
import Vapor
import VaporTesting

@testable import MaeilServer

/// The library on the web: publishing from the book's page, the owner's
/// preview, finding a book and adding it to one's books.
@Suite("Library on the web")
struct LibraryWebTests {
    @Test func publishFindAndAddABook() async throws {
        try await withMaeilApp { app in
            var minji = try await WebBrowser.signUp(app, "minji")
            minji.language = "ko"
            let book = try await minji.createBook("토익 필수 단어")
            _ = try await minji.addWord(book, "abandon", "버리다")
            let bookPage = try await minji.get("/books/\(book)").body.string
            #expect(bookPage.contains("공개 설정"))
            #expect(bookPage.contains("value=\"private\" checked"))

            let preview = try await minji.get("/library/\(book)").body.string
            #expect(preview.contains("id=\"library-preview\"") && preview.contains("나만 볼 수"))
            #expect(!preview.contains("id=\"copy-book\""), "no copy button on one's own book")

            var jisoo = try await WebBrowser.signUp(app, "jisoo")
            jisoo.language = "ko"
            #expect(try await jisoo.get("/library/\(book)").status == .notFound)

            let published = try await minji.post(
                "/books/\(book)/visibility", [("visibility", "public")])
            #expect(published.status == .seeOther)
            let shared = try await minji.get("/books/\(book)").body.string
            #expect(shared.contains("라이브러리에 공개했습니다"))
            #expect(shared.contains("id=\"book-shared\">전체 공개</a>"), "the badge links the preview")
            #expect(try await minji.get("/").body.string.contains("badge shared\">전체 공개"))
            #expect(!bookPage.contains("id=\"book-shared\""), "no badge while private")
            let bad = try await minji.post("/books/\(book)/visibility", [("visibility", "all")])
            #expect(bad.status.code == 400 || bad.status.code == 422)
            #expect(
                try await jisoo.post("/books/\(book)/visibility", [("visibility", "private")])
                    .status == .notFound)

            let found = try await jisoo.get("/library?q=%E3%85%8C%E3%85%87")  // ㅌㅇ
            #expect(found.body.string.contains("토익 필수 단어"))
            #expect(found.body.string.contains("minji 님"))
            let page = try await jisoo.get("/library/\(book)").body.string
            #expect(page.contains("abandon") && page.contains("id=\"copy-book\""))

            var forged = jisoo
            forged.csrf = "0000"
            #expect(try await forged.post("/library/\(book)/copy", []).status == .forbidden)
            let copied = try await jisoo.post("/library/\(book)/copy", [])
            #expect(copied.status == .seeOther)
            let location = try #require(copied.headers.first(name: .location))
            #expect(location.hasPrefix("/books/") && !location.contains(book.uuidString))
            let copy = try await jisoo.get(location).body.string
            #expect(copy.contains("내 단어장에 추가했습니다") && copy.contains("abandon"))

            let own = try await minji.post("/library/\(book)/copy", [])
            #expect(own.headers.first(name: .location) == "/library/\(book)")
            #expect(try await minji.get("/library/\(book)").body.string.contains("이미 내 단어장입니다"))
        }
    }
}
