import Foundation
import Testing
import Vapor
import VaporTesting

@testable import MaeilServer

@Suite("Web sessions, CSRF and language")
struct WebSessionTests {
    /// Pulls the CSRF token out of a rendered page.
    static func csrf(in html: String) -> String? {
        guard let range = html.range(of: "name=\"csrf-token\" content=\"") else { return nil }
        return String(html[range.upperBound...].prefix { $0 != "\"" })
    }

    static func cookie(_ response: TestingHTTPResponse) -> String? {
        response.headers[.setCookie].first { $0.hasPrefix("maeil_session=") }
            .map { String($0.prefix { $0 != ";" }) }
    }

    static func form(_ fields: [String: String]) -> ByteBuffer {
        let body = fields.map { key, value in
            "\(key)=\(value.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? value)"
        }.joined(separator: "&")
        return ByteBuffer(string: body)
    }

    /// Opens the sign-up page, posts the form, returns the session cookie.
    static func signUpInBrowser(_ app: Application, _ username: String) async throws -> String {
        let page = try await app.testing().sendRequest(.GET, "/signup")
        #expect(page.status == .ok)
        let cookie = try #require(Self.cookie(page))
        let token = try #require(Self.csrf(in: page.body.string))
        let signup = try await app.testing().sendRequest(
            .POST, "/signup", headers: ["Cookie": cookie, "Content-Type": "application/x-www-form-urlencoded"],
            body: form(["_csrf": token, "username": username, "password": "correct horse"]))
        #expect(signup.status == .seeOther)
        return try #require(Self.cookie(signup))
    }

    @Test func formsWithoutTheCSRFTokenAreRefused() async throws {
        try await withMaeilApp { app in
            let page = try await app.testing().sendRequest(.GET, "/signup")
            let cookie = try #require(Self.cookie(page))
            let forged = try await app.testing().sendRequest(
                .POST, "/signup", headers: ["Cookie": cookie, "Content-Type": "application/x-www-form-urlencoded"],
                body: Self.form(["username": "forged", "password": "correct horse"]))
            #expect(forged.status == .forbidden)
            let wrong = try await app.testing().sendRequest(
                .POST, "/signup", headers: ["Cookie": cookie, "Content-Type": "application/x-www-form-urlencoded"],
                body: Self.form(["_csrf": "0000", "username": "forged", "password": "correct horse"]))
            #expect(wrong.status == .forbidden)
            #expect(try await User.query(on: app.db).count() == 0)
        }
    }

    @Test func loginCookieIsHttpOnlyAndLaxAndSessionIsRotated() async throws {
        try await withMaeilApp { app in
            let page = try await app.testing().sendRequest(.GET, "/signup")
            let before = try #require(Self.cookie(page))
            let after = try await Self.signUpInBrowser(app, "webuser")
            #expect(before != after, "a new session id after sign-in")
            let raw = try await app.testing().sendRequest(.GET, "/login").headers[.setCookie].joined()
            #expect(raw.contains("HttpOnly"))
            #expect(raw.lowercased().contains("samesite=lax"))
            let home = try await app.testing().sendRequest(.GET, "/", headers: ["Cookie": after])
            #expect(home.status == .ok)
            #expect(home.body.string.contains("webuser"))
            let anonymous = try await app.testing().sendRequest(.GET, "/")
            #expect(anonymous.status == .seeOther)
            #expect(anonymous.headers.first(name: .location)?.hasPrefix("/login") == true)
        }
    }

    /// Sessions live in the database, so a second app process on the same
    /// database accepts the cookie the first one issued.
    @Test func twoAppProcessesShareSessions() async throws {
        let settings = freshSettings()
        let cookie = try await withMaeilApp(settings: settings, dropAfter: false) { app in
            try await Self.signUpInBrowser(app, "shared")
        }
        try await withMaeilApp(settings: settings) { second in
            let home = try await second.testing().sendRequest(.GET, "/", headers: ["Cookie": cookie])
            #expect(home.status == .ok)
            #expect(home.body.string.contains("shared"))
        }
    }

    @Test func languageFollowsAcceptLanguageThenTheToggle() async throws {
        try await withMaeilApp { app in
            let korean = try await app.testing().sendRequest(.GET, "/login", headers: ["Accept-Language": "ko-KR,ko;q=0.9,en;q=0.8"])
            #expect(korean.body.string.contains("<html lang=\"ko\">"))
            #expect(korean.body.string.contains("로그인"))
            let english = try await app.testing().sendRequest(.GET, "/login", headers: ["Accept-Language": "en-US"])
            #expect(english.body.string.contains("<html lang=\"en\">"))

            let cookie = try #require(Self.cookie(english))
            let token = try #require(Self.csrf(in: english.body.string))
            let toggle = try await app.testing().sendRequest(
                .POST, "/language", headers: ["Cookie": cookie, "Content-Type": "application/x-www-form-urlencoded"],
                body: Self.form(["_csrf": token, "lang": "ko", "next": "/login"]))
            #expect(toggle.status == .seeOther)
            let lang = try #require(toggle.headers[.setCookie].first { $0.hasPrefix("maeil_lang=") })
            let remembered = try await app.testing().sendRequest(
                .GET, "/login", headers: ["Cookie": String(lang.prefix { $0 != ";" }), "Accept-Language": "en"])
            #expect(remembered.body.string.contains("<html lang=\"ko\">"))
        }
    }

    @Test func bothLanguagesHaveEveryString() {
        #expect(Set(Localizer.english.keys) == Set(Localizer.korean.keys))
        #expect(Localizer.language(acceptLanguage: "fr;q=1, ko;q=0.5") == .ko)
        #expect(Localizer.language(acceptLanguage: nil) == .en)
        #expect(Localizer.language(acceptLanguage: "ko;q=0, en;q=0.1") == .en)
    }

    @Test func loginRedirectsOnlyToLocalPaths() {
        #expect(AuthWebController.safeNext("/books/1") == "/books/1")
        #expect(AuthWebController.safeNext("//evil.example") == "/")
        #expect(AuthWebController.safeNext("https://evil.example") == "/")
        #expect(AuthWebController.safeNext(nil) == "/")
    }
}
