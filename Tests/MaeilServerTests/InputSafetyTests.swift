import Fluent
import Foundation
import MaeilAPI
import Testing
import Vapor
import VaporTesting

@testable import MaeilServer

/// Control characters (NUL above all, which PostgreSQL cannot store) are
/// refused with a 4xx wherever text comes in, and change nothing.
@Suite("Control characters and static files")
struct InputSafetyTests {
    @Test func controlCharactersInAddressesAreRefused() async throws {
        try await withMaeilApp { app in
            let api = try await API.signUp(app)
            let book = try await api.createBook("Fruit")
            _ = try await api.addWord(book.id, "apple", "사과")
            for path in [
                "/api/v1/search?q=a%00b", "/api/v1/search?q=%0Aapple", "/api/v1/search?q=a%7Fb",
                "/api/v1/search?q=a%C2%85",
                "/api/v1/books/\(book.id)/words?q=a%00b", "/api/v1/calendar?month=2026-11%00",
            ] {
                let response = try await api.send(.GET, path)
                #expect(response.status == .badRequest, "\(path): \(response.status)")
                #expect(api.errorCode(response) == "control_character", "\(path)")
            }
            // Percent signs that escape nothing, and Korean, are fine.
            #expect(try await api.send(.GET, "/api/v1/search?q=100%25").status == .ok)
            #expect(try await api.send(.GET, "/api/v1/search?q=%EC%82%AC%EA%B3%BC").status == .ok)
            #expect(URLControlCharacterGuard.holdsControlCharacter("/a?q=%4%00"))
            #expect(!URLControlCharacterGuard.holdsControlCharacter("/a?q=%%30%30"))

            let browser = try await WebBrowser.signUp(app, "websearch")
            #expect(try await browser.get("/search?q=a%00b").status == .badRequest)
            #expect(try await browser.get("/search?q=apple").status == .ok)
        }
    }

    @Test func controlCharactersInBodiesAreRefused() async throws {
        try await withMaeilApp { app in
            let anon = API(app: app)
            let nulName = try await anon.send(
                .POST, "/api/v1/auth/signup",
                json: ["username": "a\u{0}bc", "password": "correct horse"])
            #expect(nulName.status == .unprocessableEntity)
            let nulPassword = try await anon.send(
                .POST, "/api/v1/auth/signup",
                json: ["username": "abc", "password": "correct\u{0}horse"])
            #expect(nulPassword.status == .unprocessableEntity)
            let login = try await anon.send(
                .POST, "/api/v1/auth/login",
                json: ["username": "a\u{0}b", "password": "correct horse"])
            #expect(login.status == .unauthorized)
            #expect(try await User.query(on: app.db).count() == 0)
            #expect(try await LoginAttempt.query(on: app.db).count() == 0)

            let api = try await API.signUp(app)
            let token = try await api.send(.POST, "/api/v1/tokens", json: ["name": "laptop\u{0}"])
            #expect(token.status == .unprocessableEntity, "\(token.body.string)")
            let book = try await api.createBook("Fruit")
            let word = try await api.send(
                .POST, "/api/v1/books/\(book.id)/words",
                json: ["term": "apple", "note": "bell\u{7}"])
            #expect(word.status == .unprocessableEntity)
            let badBook = try await api.send(.POST, "/api/v1/books", json: ["name": "Fruit\u{0}"])
            #expect(badBook.status == .unprocessableEntity)
            let words = try await api.send(.GET, "/api/v1/books/\(book.id)/words")
            #expect(try api.decode(WordPageDTO.self, words).total == 0)
        }
    }

    @Test func staticFilesAreServedByTheirRealName() async throws {
        try await withMaeilApp { app in
            let trick = try await app.testing().sendRequest(.GET, "/favicon.svg%00.html")
            #expect(trick.status == .badRequest)
            #expect(trick.headers.contentType != .html || !trick.body.string.contains("<svg"))
            let icon = try await app.testing().sendRequest(.GET, "/favicon.svg")
            #expect(icon.status == .ok)
            #expect(icon.headers.contentType?.subType == "svg+xml")
            #expect(
                try await app.testing().sendRequest(.GET, "/css/app.css%0A").status == .badRequest)
        }
    }

    /// A multipart part whose header name has a byte of 0x80 or more made
    /// MultipartKit index past its table and stopped the server (found by the
    /// long schemathesis run): now a 400, from the API and from the sign-in
    /// form (whose CSRF check reads multipart bodies before anyone signs in),
    /// and a Korean file name in a header value still uploads.
    @Test func aMultipartHeaderNameOutsideASCIIIsRefusedNotACrash() async throws {
        try await withMaeilApp { app in
            let api = try await API.signUp(app)
            let boundary = "b45588f0f167c026c528853fe99732d9"
            var bad = Data("--\(boundary)\r\n".utf8)
            bad += Data([0xF3, 0x98, 0xA5, 0x90, 0xC2, 0x87])
            bad += Data("--\(boundary)--\r\n".utf8)
            let type = HTTPMediaType(
                type: "multipart", subType: "form-data", parameters: ["boundary": boundary])
            for path in ["/api/v1/account/archive", "/api/v1/import/anki"] {
                let refused = try await api.send(.POST, path, raw: bad, contentType: type)
                #expect(refused.status == .badRequest, "\(path): \(refused.body.string)")
            }
            let login = try await app.testing().sendRequest(
                .POST, "/login",
                headers: ["Content-Type": "multipart/form-data; boundary=\(boundary)"],
                body: ByteBuffer(data: bad))
            #expect(login.status.code < 500)
            #expect(
                !MultipartHeaderNames.areSafe(
                    Array("x---\(boundary)\r\nA: b\r\n\r\n--\(boundary)\r\n\u{80}:".utf8),
                    boundary: boundary))

            let book = try await api.createBook("업로드")
            var good = Data("--\(boundary)\r\n".utf8)
            good += Data(
                "Content-Disposition: form-data; name=\"file\"; filename=\"과일.csv\"\r\n".utf8)
            good += Data("Content-Type: text/csv\r\n\r\nterm,meaning\r\napple,사과\r\n".utf8)
            good += Data("--\(boundary)--\r\n".utf8)
            let upload = try await api.send(
                .POST, "/api/v1/books/\(book.id)/import", raw: good, contentType: type)
            #expect(upload.status == .ok, "\(upload.body.string)")
        }
    }
}
