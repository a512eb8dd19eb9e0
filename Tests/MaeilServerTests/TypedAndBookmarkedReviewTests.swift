import Foundation
import MaeilAPI
import Testing
import Vapor
import VaporTesting

@testable import MaeilServer

/// Reviews of bookmarked words only (API and web), and typed answers on the web.
@Suite("Bookmarked reviews and typed answers")
struct TypedAndBookmarkedReviewTests {
    @Test func aBookmarkedSessionReadsOnlyBookmarkedWords() async throws {
        try await withMaeilApp { app in
            let api = try await API.signUp(app)
            let book = try await api.createBook("Fruit")
            let apple = try await api.addWord(book.id, "apple", "사과")
            _ = try await api.addWord(book.id, "pear", "배")
            _ = try await api.addWord(book.id, "grape", "포도")
            let marked = try await api.send(
                .PATCH, "/api/v1/words/\(apple.id)", json: ["bookmarked": true])
            #expect(marked.status == .ok)

            let all = try api.decode(
                ReviewQueueDTO.self, try await api.send(.GET, "/api/v1/study/queue"))
            #expect(all.newCount == 3, "forward cards: the book studies one direction")
            let only = try api.decode(
                ReviewQueueDTO.self,
                try await api.send(
                    .GET, "/api/v1/study/queue?bookmarkedOnly=true&bookID=\(book.id)"))
            #expect(only.newCount == 1)
            #expect(Set(only.cards.map(\.wordID)) == [apple.id])
            let summary = try api.decode(
                StudySummaryDTO.self,
                try await api.send(.GET, "/api/v1/study/summary?bookmarkedOnly=true"))
            #expect(summary.answered == 0)
            let bad = try await api.send(.GET, "/api/v1/study/queue?bookmarkedOnly=maybe")
            #expect(bad.status == .unprocessableEntity)

            // The web's review screen of bookmarked words shows only apple, and
            // its forms keep the scope.
            var browser = try await WebBrowser.signUp(app, "marker")
            browser.language = "ko"
            let own = try await browser.createBook("과일")
            let kiwi = try await browser.addWord(own, "kiwi", "키위")
            _ = try await browser.addWord(own, "melon", "멜론")
            let toggled = try await browser.post(
                "/words/bulk",
                [("ids[]", kiwi.uuidString), ("action", "bookmark"), ("next", "/books/\(own)")])
            #expect(toggled.status == .seeOther)
            // The book page and the search filter them, and search finds them.
            let listed = try await browser.get("/books/\(own)?show=bookmarked").body.string
            #expect(listed.contains("kiwi") && !listed.contains("melon"))
            #expect(listed.contains(#"<option value="bookmarked" selected>북마크한 단어</option>"#))
            let learning = try await browser.get("/books/\(own)?show=learning").body.string
            #expect(learning.contains("kiwi") && learning.contains("melon"))
            let everyBookmarked = try await browser.get("/search?show=bookmarked").body.string
            #expect(everyBookmarked.contains("kiwi") && !everyBookmarked.contains("melon"))
            let searched = try await browser.get("/search?q=%EB%A9%9C&show=bookmarked").body.string
            #expect(!searched.contains("melon"), "멜 finds melon, but it is not bookmarked")

            let page = try await browser.get("/study/review?bookmarked=1").body.string
            #expect(page.contains("kiwi") && !page.contains("melon"))
            #expect(page.contains("북마크한 단어만"))
            #expect(page.contains(#"<input type="hidden" name="bookmarked" value="1">"#))
            let answered = try await browser.post(
                "/study/review/answer",
                [
                    ("wordID", kiwi.uuidString), ("direction", "forward"), ("version", "0"),
                    ("rating", "3"), ("book", ""), ("bookmarked", "1"),
                ])
            #expect(answered.headers.first(name: .location) == "/study/review?bookmarked=1")

            // Each user's session reads their own bookmarked words alone.
            let mine = try api.decode(
                ReviewQueueDTO.self,
                try await api.send(.GET, "/api/v1/study/queue?bookmarkedOnly=true"))
            #expect(mine.newCount == 1 && mine.cards.map(\.wordID) == [apple.id])
            let theirs = try await browser.get("/study/review?bookmarked=1").body.string
            #expect(theirs.contains("kiwi") && !theirs.contains("apple"))
        }
    }

    @Test func aTypedAnswerIsCheckedAndProposesARating() async throws {
        try await withMaeilApp { app in
            var browser = try await WebBrowser.signUp(app, "typist")
            browser.language = "ko"
            let book = try await browser.createBook("과일")
            let apple = try await browser.addWord(book, "apple", "사과, 능금")
            let screen = "/study/review?book=\(book.uuidString)&type=1"
            let asking = try await browser.get(screen).body.string
            #expect(asking.contains(#"id="typed-form""#))
            #expect(
                asking.contains("data-hangul-keyboard"), "a Korean answer gets the Hangul keyboard")
            #expect(asking.contains("보고 답하기"), "the switch back")

            func check(_ typed: String) async throws -> String {
                let query =
                    "&card=\(apple.uuidString)&direction=forward&typed="
                    + (typed.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")
                return try await browser.get(screen + query).body.string
            }
            let right = try await check("능금")
            #expect(right.contains("정답입니다."))
            #expect(
                right.contains(#"id="rate-3" autofocus"#) || right.contains("rating-3 proposed"))
            let close = try await check("사가")
            #expect(close.contains("거의 맞았습니다. 정답은 ‘사과’입니다."))
            #expect(close.contains("rating-2 proposed"))
            #expect(close.contains(#"<span class="diff-missing">"#))
            let blank = try await check("  ")
            #expect(
                blank.contains(#"id="typed-form""#) && !blank.contains("typed-verdict"),
                "asked again")
            let wrong = try await check("바나나")
            #expect(
                wrong.contains("틀렸습니다. 정답은 ‘사과, 능금’입니다.") && wrong.contains("rating-1 proposed"))
            #expect(!wrong.contains(#"id="typed-form""#), "checked: the ratings take over")

            // Answering keeps typing on for the next card.
            let answered = try await browser.post(
                "/study/review/answer",
                [
                    ("wordID", apple.uuidString), ("direction", "forward"), ("version", "0"),
                    ("rating", "2"), ("book", book.uuidString), ("type", "1"),
                ])
            #expect(answered.headers.first(name: .location) == screen)
        }
    }
}
