import Fluent
import Foundation
import Testing
import Vapor
import VaporTesting

@testable import MaeilServer

/// Reviews on a library book's page: the forms, their refusals as messages,
/// the owner's reply, reports and the administrator's buttons.
@Suite("Reviews on the web")
struct ReviewWebTests {
    @Test func writeReplyReportAndHideThroughTheForms() async throws {
        try await withMaeilApp { app in
            var minji = try await WebBrowser.signUp(app, "minji")
            minji.language = "ko"
            let book = try await minji.createBook("토익 필수 단어")
            _ = try await minji.post("/books/\(book)/visibility", [("visibility", "public")])
            var jisoo = try await WebBrowser.signUp(app, "jisoo")
            jisoo.language = "ko"

            let empty = try await jisoo.get("/library/\(book)").body.string
            #expect(empty.contains("id=\"review-form\"") && empty.contains("첫 리뷰를 남겨 보세요"))
            #expect(
                empty.contains("relative-time.js"), "the page that shows times loads the script")
            let own = try await minji.get("/library/\(book)").body.string
            #expect(!own.contains("id=\"review-form\""), "no form on one's own book")
            #expect(own.contains("내 단어장에는 리뷰를 남길 수 없습니다"))

            // A blank review: the message, nothing stored.
            let blank = try await jisoo.post(
                "/library/\(book)/reviews", [("stars", "5"), ("text", "   ")])
            #expect(blank.status == .seeOther)
            #expect(blank.headers.first(name: .location) == "/library/\(book)#reviews")
            let refused = try await jisoo.get("/library/\(book)").body.string
            #expect(refused.contains("리뷰를 작성해 주세요"))
            #expect(refused.contains("id=\"review-form\""))
            var forged = jisoo
            forged.csrf = "0000"
            #expect(
                try await forged.post("/library/\(book)/reviews", [("stars", "5"), ("text", "x")])
                    .status == .forbidden)

            _ = try await jisoo.post(
                "/library/\(book)/reviews", [("stars", "4"), ("text", "예문이 좋아요 <b>진짜</b>")])
            let posted = try await jisoo.get("/library/\(book)").body.string
            #expect(posted.contains("리뷰를 남겼습니다"))
            #expect(posted.contains("예문이 좋아요 &lt;b&gt;진짜&lt;/b&gt;"), "text is escaped")
            #expect(posted.contains("방금 전</time>") && posted.contains("data-relative"))
            #expect(posted.contains("내 리뷰") && !posted.contains("id=\"review-form\""))
            #expect(posted.contains("★★★★☆"))

            let reviewID = try #require(
                try await ReviewStore(db: app.db, readerID: try await app.userID("jisoo"))
                    .page(of: book).mine?.id)
            let second = try await jisoo.post(
                "/library/\(book)/reviews", [("stars", "5"), ("text", "또")])
            #expect(second.status == .seeOther)
            #expect(
                try await jisoo.get("/library/\(book)").body.string.contains("이미 이 단어장에 리뷰를 남겼습니다"))

            _ = try await minji.post(
                "/library/\(book)/reviews/\(reviewID)/reply", [("text", "고맙습니다!")])
            let replied = try await jisoo.get("/library/\(book)").body.string
            #expect(replied.contains("단어장 주인의 답글") && replied.contains("고맙습니다!"))
            _ = try await minji.post("/library/\(book)/reviews/\(reviewID)/reply", [("text", "또")])
            #expect(try await minji.get("/library/\(book)").body.string.contains("이미 답글을 달았습니다"))

            _ = try await minji.post(
                "/library/\(book)/reviews/\(reviewID)/report", [("reason", "광고")])
            #expect(try await minji.get("/library/\(book)").body.string.contains("신고를 접수했습니다"))

            // An administrator hides it and unpublishes the book.
            var boss = try await WebBrowser.signUp(app, "boss")
            boss.language = "ko"
            #expect(!(try await boss.get("/library/\(book)").body.string.contains("숨기기")))
            #expect(
                try await boss.post("/library/\(book)/reviews/\(reviewID)/hide", []).status
                    == .seeOther)
            #expect(try await boss.get("/library/\(book)").body.string.contains("관리자만 할 수 있습니다"))
            try await app.makeAdmin("boss")
            let asAdmin = try await boss.get("/library/\(book)").body.string
            #expect(asAdmin.contains("숨기기") && asAdmin.contains("id=\"unpublish-book\""))
            _ = try await boss.post("/library/\(book)/reviews/\(reviewID)/hide", [])
            let hidden = try await minji.get("/library/\(book)").body.string
            #expect(!hidden.contains("예문이 좋아요") && hidden.contains("아직 리뷰가 없습니다"))
            #expect(try await jisoo.get("/library/\(book)").body.string.contains("관리자가 숨긴 리뷰입니다"))

            let unpublished = try await boss.post("/library/\(book)/unpublish", [])
            #expect(unpublished.headers.first(name: .location) == "/library")
            #expect(try await jisoo.get("/library/\(book)").status == .notFound)
            #expect(
                try await jisoo.post("/library/\(book)/reviews/\(reviewID)/delete", []).status
                    == .notFound)
        }
    }
}
