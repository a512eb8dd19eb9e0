import Fluent
import Foundation
import MaeilTestSupport
import Testing
import Vapor
import VaporTesting

@testable import MaeilServer

/// Pictures on the web: the settings form, refusals in the page's language, and
/// every review row showing its own writer's picture.
@Suite("Avatars on the web")
struct AvatarWebTests {
    private func upload(_ browser: WebBrowser, _ data: Data, fileName: String) async throws
        -> TestingHTTPResponse
    {
        try await browser.postFile("/settings/avatar", data, fileName: fileName)
    }

    @Test func uploadFromSettingsAndSeeEachWritersOwnPicture() async throws {
        try await withMaeilApp { app in
            var minji = try await WebBrowser.signUp(app, "minji")
            minji.language = "ko"
            let settings = try await minji.get("/settings").body.string
            #expect(settings.contains("id=\"avatar-form\"") && settings.contains("?v=i"))
            #expect(!settings.contains("id=\"avatar-remove\""), "nothing to remove yet")

            let text = try await upload(minji, Data("hello".utf8), fileName: "notes.txt")
            #expect(text.status == .unsupportedMediaType)
            #expect(text.body.string.contains("사진 파일이 아닙니다"))
            let photo = try AvatarAPITests.fixture("photo.jpg")
            let lying = try await upload(minji, photo, fileName: "photo.png")
            #expect(lying.status == .unsupportedMediaType, "a JPEG named .png")
            let done = try await upload(minji, photo, fileName: "photo.jpg")
            #expect(done.status == .seeOther, "\(done.body.string)")
            let after = try await minji.get("/settings").body.string
            #expect(after.contains("프로필 사진을 바꿨습니다") && after.contains("id=\"avatar-remove\""))
            #expect(!after.contains("?v=i"), "the uploaded picture's address")

            // Two readers review minji's book; each row shows its own writer's picture.
            let book = try await minji.createBook("공유 단어장")
            _ = try await minji.post("/books/\(book)/visibility", [("visibility", "public")])
            var ids: [String] = []
            for name in ["jisoo", "hana"] {
                let reader = try await WebBrowser.signUp(app, name)
                _ = try await reader.post(
                    "/library/\(book)/reviews", [("stars", "5"), ("text", "\(name)의 리뷰")])
                ids.append(try await app.userID(name).uuidString)
            }
            _ = try await upload(
                try await WebBrowser.signUp(app, "viewer"), photo, fileName: "me.jpg")
            let page = try await minji.get("/library/\(book)").body.string
            for (index, id) in ids.enumerated() {
                let row = try #require(
                    page.range(of: ["jisoo", "hana"][index] + "의 리뷰").map {
                        page[..<$0.lowerBound].components(separatedBy: "<li class=\"feedback\"")
                            .last
                    } ?? nil)
                #expect(row.contains("/users/\(id)/avatar?v="), "row \(index) shows its own writer")
            }
            let minjiID = try await app.userID("minji").uuidString
            #expect(page.contains("/users/\(minjiID)/avatar?v="), "the owner beside the book")

            // The web address serves it; a stranger's private picture is a 404.
            let jisoo = try await WebBrowser.signUp(app, "stranger")
            #expect(try await jisoo.get("/users/\(minjiID)/avatar").status == .ok)
            let lonerID = try await app.userID("viewer").uuidString
            #expect(try await jisoo.get("/users/\(lonerID)/avatar").status == .notFound)
        }
    }
}
