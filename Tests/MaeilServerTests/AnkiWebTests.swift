import Fluent
import Foundation
import MaeilTestSupport
import Testing
import Vapor
import VaporTesting

@testable import MaeilServer

/// An Anki package through the web pages: upload, the preview with its field
/// mapping, a mapping refused, the import, and another user's upload not found.
@Suite("Anki import on the web")
struct AnkiWebTests {
    @Test func uploadPreviewMapAndImport() async throws {
        guard let package = try AnkiPackages.data("D.apkg") else {
            #expect(AnkiPackages.mayBeMissing, "the test command makes the packages")
            return
        }
        try await withMaeilApp { app in
            var mina = try await WebBrowser.signUp(app, "mina")
            mina.language = "ko"
            #expect(try await mina.get("/").body.string.contains(#"href="/import/anki""#))
            #expect(
                try await mina.get("/import/anki").body.string.contains(#"accept=".apkg,.colpkg""#))

            let bad = try await mina.postFile("/import/anki", Data("nope".utf8), fileName: "x.apkg")
            #expect(bad.status == .unprocessableEntity)
            #expect(bad.body.string.contains("not a zip file"))

            let uploaded = try await mina.postFile("/import/anki", package, fileName: "Korean.apkg")
            #expect(uploaded.status == .seeOther, "\(uploaded.body.string.prefix(300))")
            let location = try #require(uploaded.headers.first(name: .location))
            let preview = try await mina.get(location).body.string
            #expect(preview.contains("Korean › Basics") && preview.contains("단어 4개"))
            #expect(preview.contains("Korean › Basics › Japanese"))
            #expect(preview.contains("복습 기록 3건을 FSRS로 이어서 가져옵니다."))
            #expect(preview.contains(#"<td class="anki-term">apple</td>"#))
            let typeID = try #require(
                GamesWebTests.first(
                    #"name="role-(\d+)-0"[^>]*>\s*<option value="term" selected"#, in: preview)
                    ?? GamesWebTests.first(#"id="role-(\d+)-0""#, in: preview))

            // Every field of a note type away from the term: refused, nothing made.
            let refused = try await mina.post(
                location, [("role-\(typeID)-0", "note"), ("role-\(typeID)-1", "meaning")])
            #expect(refused.status == .unprocessableEntity)
            #expect(refused.body.string.contains("단어로 쓸 필드를 하나 골라 주세요"))
            #expect(!(try await mina.get("/").body.string.contains("Korean › Basics")))

            // Swapped fields, previewed: the meaning is now the term.
            let swapped = try await mina.post(
                location,
                [
                    ("role-\(typeID)-0", "meaning"), ("role-\(typeID)-1", "term"),
                    ("action", "preview"),
                ])
            #expect(swapped.status == .ok)
            #expect(swapped.body.string.contains(#"<td class="anki-term">배</td>"#))

            // Another user cannot reach this upload.
            let other = try await WebBrowser.signUp(app, "other")
            #expect(try await other.get(location).status == .notFound)

            let done = try await mina.post(location, [("duplicates", "skip")])
            #expect(done.status == .seeOther && done.headers.first(name: .location) == "/")
            let books = try await mina.get("/").body.string
            #expect(books.contains("Anki에서 단어 5개를 가져왔습니다 (단어장 2개)."))
            let book = try #require(
                try await Book.query(on: app.db).filter(\.$name == "Korean › Basics").first()?.id)
            let page = try await mina.get("/books/\(book)").body.string
            #expect(page.contains("The cat sat on the mat."))
            // apple's word page plays its sound and shows its picture.
            let apple = try #require(
                GamesWebTests.first(#"href="/words/([0-9A-F-]{36})"[^>]*>apple<"#, in: page))
            let wordPage = try await mina.get("/words/\(apple)").body.string
            #expect(wordPage.contains(#"<img src="/words/\#(apple)/media/apple.png""#))
            #expect(
                wordPage.contains(
                    #"<audio controls preload="none" src="/words/\#(apple)/media/apple.wav""#))
            let sound = try await mina.get("/words/\(apple)/media/apple.wav")
            #expect(sound.status == .ok && sound.headers.contentType?.description == "audio/wav")
            #expect(try await other.get("/words/\(apple)/media/apple.wav").status == .notFound)
            #expect(try await mina.get(location).status == .notFound, "the upload is gone")

            // pear's card was suspended in Anki: the Study page says so and puts it back.
            let study = try await mina.get("/study").body.string
            #expect(study.contains("Anki에서 보류했던 카드 2장은 복습에 나오지 않습니다."))
            let unsuspended = try await mina.post("/study/unsuspend", [])
            #expect(unsuspended.status == .seeOther)
            let after = try await mina.get("/study").body.string
            #expect(
                after.contains("카드 2장을 다시 복습에 넣었습니다.") && !after.contains("id=\"suspended-cards\""))
        }
    }
}
