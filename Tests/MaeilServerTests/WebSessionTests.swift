import Fluent
import Foundation
import Testing
import Vapor
import VaporTesting
import VocabCore

@testable import MaeilServer

@Suite("Web sessions, CSRF and language")
struct WebSessionTests {
    /// Pulls the CSRF token out of a rendered page.
    static func csrf(in html: String) -> String? {
        guard let range = html.range(of: "name=\"csrf-token\" content=\"") else { return nil }
        return String(html[range.upperBound...].prefix { $0 != "\"" })
    }

    /// The cookies a response sets, as a `Cookie` header (nil when it sets none).
    static func cookie(_ response: TestingHTTPResponse) -> String? {
        let pairs = response.headers[.setCookie].map { String($0.prefix { $0 != ";" }) }
        return pairs.isEmpty ? nil : pairs.joined(separator: "; ")
    }

    /// The session cookie a response sets.
    static func sessionCookie(_ response: TestingHTTPResponse) -> String? {
        response.headers[.setCookie].first { $0.hasPrefix("maeil_session=") }
            .map { String($0.prefix { $0 != ";" }) }
    }

    static func form(_ fields: [String: String]) -> ByteBuffer {
        let body = fields.map { key, value in
            "\(key)=\(value.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? value)"
        }.joined(separator: "&")
        return ByteBuffer(string: body)
    }

    /// Opens the login page, posts the form, returns the session cookie.
    static func logInInBrowser(_ app: Application, _ username: String, _ password: String)
        async throws -> String
    {
        let page = try await app.testing().sendRequest(.GET, "/login")
        let cookie = try #require(Self.cookie(page))
        let token = try #require(Self.csrf(in: page.body.string))
        let login = try await app.testing().sendRequest(
            .POST, "/login",
            headers: ["Cookie": cookie, "Content-Type": "application/x-www-form-urlencoded"],
            body: form(["_csrf": token, "username": username, "password": password]))
        #expect(login.status == .seeOther)
        return try #require(Self.sessionCookie(login))
    }

    /// Opens the sign-up page, posts the form, returns the session cookie.
    /// Turned away busy, it starts again (`untilNotBusy`).
    static func signUpInBrowser(_ app: Application, _ username: String) async throws -> String {
        try await untilNotBusy { () -> String? in
            let page = try await app.testing().sendRequest(.GET, "/signup")
            if page.status == .serviceUnavailable { return nil }
            #expect(page.status == .ok)
            let cookie = try #require(Self.cookie(page))
            let token = try #require(Self.csrf(in: page.body.string))
            let signup = try await app.testing().sendRequest(
                .POST, "/signup",
                headers: ["Cookie": cookie, "Content-Type": "application/x-www-form-urlencoded"],
                body: form(["_csrf": token, "username": username, "password": "correct horse"]))
            if signup.status == .serviceUnavailable { return nil }
            #expect(signup.status == .seeOther)
            return try #require(Self.sessionCookie(signup))
        }
    }

    @Test func formsWithoutTheCSRFTokenAreRefused() async throws {
        try await withMaeilApp { app in
            let page = try await app.testing().sendRequest(.GET, "/signup")
            let cookie = try #require(Self.cookie(page))
            let forged = try await app.testing().sendRequest(
                .POST, "/signup",
                headers: ["Cookie": cookie, "Content-Type": "application/x-www-form-urlencoded"],
                body: Self.form(["username": "forged", "password": "correct horse"]))
            #expect(forged.status == .forbidden)
            let wrong = try await app.testing().sendRequest(
                .POST, "/signup",
                headers: ["Cookie": cookie, "Content-Type": "application/x-www-form-urlencoded"],
                body: Self.form([
                    "_csrf": "0000", "username": "forged", "password": "correct horse",
                ]))
            #expect(wrong.status == .forbidden)
            #expect(try await User.query(on: app.db).count() == 0)
        }
    }

    @Test func loginCookieIsHttpOnlyAndLaxAndSessionIsRotated() async throws {
        try await withMaeilApp { app in
            let page = try await app.testing().sendRequest(.GET, "/signup")
            let raw = page.headers[.setCookie].joined()
            #expect(
                raw.contains("maeil_csrf=") && raw.contains("HttpOnly")
                    && raw.lowercased().contains("samesite=lax"))
            let first = try await Self.signUpInBrowser(app, "webuser")
            let home = try await app.testing().sendRequest(.GET, "/", headers: ["Cookie": first])
            #expect(home.status == .ok)
            #expect(home.body.string.contains("webuser"))
            let anonymous = try await app.testing().sendRequest(.GET, "/")
            #expect(anonymous.status == .seeOther)
            #expect(anonymous.headers.first(name: .location)?.hasPrefix("/login") == true)

            // Signing in again from a session that exists gives a new id; the old one stops working.
            let token = try #require(Self.csrf(in: home.body.string))
            let login = try await app.testing().sendRequest(
                .POST, "/login",
                headers: ["Cookie": first, "Content-Type": "application/x-www-form-urlencoded"],
                body: Self.form([
                    "_csrf": token, "username": "webuser", "password": "correct horse",
                ]))
            #expect(login.status == .seeOther)
            let second = try #require(Self.sessionCookie(login))
            #expect(second != first)
            #expect(login.headers[.setCookie].joined().contains("HttpOnly"))
            let old = try await app.testing().sendRequest(.GET, "/", headers: ["Cookie": first])
            #expect(old.status == .seeOther)
            let new = try await app.testing().sendRequest(.GET, "/", headers: ["Cookie": second])
            #expect(new.status == .ok)
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
            let home = try await second.testing().sendRequest(
                .GET, "/", headers: ["Cookie": cookie])
            #expect(home.status == .ok)
            #expect(home.body.string.contains("shared"))
        }
    }

    @Test func languageFollowsAcceptLanguageThenTheToggle() async throws {
        try await withMaeilApp { app in
            let korean = try await app.testing().sendRequest(
                .GET, "/login", headers: ["Accept-Language": "ko-KR,ko;q=0.9,en;q=0.8"])
            #expect(korean.body.string.contains("<html lang=\"ko\">"))
            #expect(korean.body.string.contains("로그인"))
            let english = try await app.testing().sendRequest(
                .GET, "/login", headers: ["Accept-Language": "en-US"])
            #expect(english.body.string.contains("<html lang=\"en\">"))

            let cookie = try #require(Self.cookie(english))
            let token = try #require(Self.csrf(in: english.body.string))
            let toggle = try await app.testing().sendRequest(
                .POST, "/language",
                headers: ["Cookie": cookie, "Content-Type": "application/x-www-form-urlencoded"],
                body: Self.form(["_csrf": token, "lang": "ko", "next": "/login"]))
            #expect(toggle.status == .seeOther)
            let lang = try #require(
                toggle.headers[.setCookie].first { $0.hasPrefix("maeil_lang=") })
            let remembered = try await app.testing().sendRequest(
                .GET, "/login",
                headers: ["Cookie": String(lang.prefix { $0 != ";" }), "Accept-Language": "en"])
            #expect(remembered.body.string.contains("<html lang=\"ko\">"))
        }
    }

    @Test func bothLanguagesHaveEveryString() {
        #expect(Localizer.language(acceptLanguage: "fr;q=1, ko;q=0.5") == .ko)
        #expect(Localizer.language(acceptLanguage: nil) == .en)
        #expect(Localizer.language(acceptLanguage: "ko;q=0, en;q=0.1") == .en)
    }

    @Test func loginRedirectsOnlyToLocalPaths() {
        #expect(AuthWebController.safeNext("/books/1") == "/books/1")
        #expect(
            AuthWebController.safeNext("/search?q=%EC%82%AC&book=") == "/search?q=%EC%82%AC&book=")
        #expect(AuthWebController.safeNext("/단어") == "/단어")
        // Browsers drop tabs and newlines and read `\` as `/`: each of these would leave the site.
        for bad in [
            "//evil.example", "https://evil.example", "/\t/evil.example/", "/\n/evil.example",
            "/\r\n/evil.example",
            "\t//evil.example", " //evil.example", "/\\evil.example", "/\u{0}/evil.example",
            "/\u{85}/evil.example",
            "/\u{7F}", "javascript:alert(1)", "evil.example", "",
        ] {
            #expect(AuthWebController.safeNext(bad) == "/", "\(bad.debugDescription)")
        }
        #expect(AuthWebController.safeNext(nil) == "/")
    }

    /// `/login?next=%2F%09%2Fevil.example%2F` then a normal login lands on `/`.
    @Test func theLoginPagesNextCannotLeadAway() async throws {
        try await withMaeilApp { app in
            _ = try await Self.signUpInBrowser(app, "victim")
            // The link itself is refused: its address holds a tab.
            let link = try await app.testing().sendRequest(
                .GET, "/login?next=%2F%09%2Fevil.example%2F")
            #expect(link.status == .badRequest)
            let page = try await app.testing().sendRequest(.GET, "/login?next=%2Fbooks")
            #expect(page.body.string.contains(#"name="next" value="/books""#))
            let cookie = try #require(Self.cookie(page))
            let token = try #require(Self.csrf(in: page.body.string))
            for next in ["/\t/evil.example/", "/\n/evil.example/", "//evil.example/"] {
                let login = try await app.testing().sendRequest(
                    .POST, "/login",
                    headers: [
                        "Cookie": cookie, "Content-Type": "application/x-www-form-urlencoded",
                    ],
                    body: Self.form([
                        "_csrf": token, "username": "victim", "password": "correct horse",
                        "next": next,
                    ]))
                #expect(login.status == .seeOther)
                #expect(login.headers.first(name: .location) == "/", "\(next.debugDescription)")
            }
            // The language toggle and the bulk form use the same check.
            let toggle = try await app.testing().sendRequest(
                .POST, "/language",
                headers: ["Cookie": cookie, "Content-Type": "application/x-www-form-urlencoded"],
                body: Self.form(["_csrf": token, "lang": "ko", "next": "/\t/evil.example/"]))
            #expect(toggle.headers.first(name: .location) == "/")
        }
    }

    /// A form that arrives in several reads is read whole before its `_csrf`
    /// field is looked for; one over the limit is 413, not a CSRF failure.
    @Test func longFormsAreNotRefusedAsForgeries() async throws {
        try await withMaeilApp { app in
            let browser = try await WebBrowser.signUp(app, "longnote")
            let owner = try await app.userID("longnote")
            let book = try await browser.createBook("Notes")
            let word = try await browser.addWord(book, "사과", "apple")
            let note = String(repeating: "한국어 긴 메모입니다. ", count: 250)
            var headers = browser.headers
            headers.contentType = .urlEncodedForm
            try await LiveServer.run(app) { live in
                for round in 1...5 {
                    let body = [
                        ("_csrf", browser.csrf), ("term", "사과"), ("meaning", "apple"),
                        ("note", note + String(round)),
                    ]
                    .map {
                        "\($0)=\($1.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? $1)"
                    }
                    .joined(separator: "&")
                    #expect(body.utf8.count > 20_000)
                    let saved = try await live.send(
                        .POST, "/words/\(word)", headers: headers, body: body)
                    #expect(saved.status == .seeOther, "round \(round): \(saved.status)")
                    let stored = try await WordStore(
                        db: app.db, userID: owner, days: DayFormatter(timeZone: .gmt), hooks: .none
                    ).find(word)
                    #expect(stored.note == note + String(round))
                }
                let huge =
                    "_csrf=\(browser.csrf)&term=x&note=" + String(repeating: "a", count: 5_000_000)
                let tooBig = try await live.send(
                    .POST, "/words/\(word)", headers: headers, body: huge)
                #expect(tooBig.status == .payloadTooLarge)
            }
        }
    }
}

/// Cookies are `Secure` when a trusted proxy says the page came over HTTPS.
@Suite("Secure cookies behind an HTTPS proxy")
struct SecureCookieTests {
    @Test func aTrustedHTTPSProxyMakesEveryCookieSecure() async throws {
        var settings = freshSettings()
        settings.trustedProxies = ["127.0.0.1"]
        try await withMaeilApp(settings: settings) { app in
            try await LiveServer.run(app) { live in
                func cookies(_ proto: String?) async throws -> [String] {
                    var headers: HTTPHeaders = [:]
                    if let proto { headers.add(name: "X-Forwarded-Proto", value: proto) }
                    let page = try await live.send(.GET, "/signup", headers: headers)
                    #expect(page.status == .ok)
                    return page.headers[.setCookie]
                }
                let overHTTPS = try await cookies("https")
                #expect(!overHTTPS.isEmpty, "the form's CSRF cookie")
                #expect(overHTTPS.allSatisfy { $0.contains("Secure") }, "\(overHTTPS)")
                let plain = try await cookies(nil)
                #expect(!plain.isEmpty && plain.allSatisfy { !$0.contains("Secure") })
                // The proxy's own word is the last value.
                let spoofed = try await cookies("https, http")
                #expect(spoofed.allSatisfy { !$0.contains("Secure") })
            }
        }
        // A client that is not a trusted proxy cannot ask for it.
        try await withMaeilApp { app in
            try await LiveServer.run(app) { live in
                let page = try await live.send(
                    .GET, "/signup", headers: ["X-Forwarded-Proto": "https"])
                let set = page.headers[.setCookie]
                #expect(!set.isEmpty && set.allSatisfy { !$0.contains("Secure") })
            }
        }
    }
}

@Suite("Security headers")
struct SecurityHeaderTests {
    @Test func pagesRunOnlyTheAppsOwnScriptsAndStyles() async throws {
        try await withMaeilApp { app in
            let page = try await app.testing().sendRequest(.GET, "/login")
            let policy = try #require(page.headers.first(name: "Content-Security-Policy"))
            #expect(
                policy.contains("script-src 'self';") && policy.contains("frame-ancestors 'none'"))
            #expect(!policy.contains("unsafe-inline") && !policy.contains("unsafe-eval"))
            #expect(policy.contains("'sha256-"), "the charts' own stylesheets, by hash")
            for response in [page, try await app.testing().sendRequest(.GET, "/healthz")] {
                #expect(response.headers.first(name: "X-Content-Type-Options") == "nosniff")
                #expect(response.headers.first(name: "Referrer-Policy") == "same-origin")
                #expect(response.headers.first(name: "X-Frame-Options") == "DENY")
            }
            let missing = try await app.testing().sendRequest(.GET, "/no-such-page")
            #expect(missing.status == .notFound)
            #expect(missing.headers.first(name: "X-Content-Type-Options") == "nosniff")
        }
    }
}

@Suite("File routes stay in their folders")
struct PathTraversalTests {
    @Test func dotDotNeverLeavesThePublicFolder() async throws {
        try await withMaeilApp { app in
            try await LiveServer.run(app) { live in
                let real = try await live.send(.GET, "/css/app.css")
                #expect(
                    real.status == .ok
                        && real.body.map { String(buffer: $0) }?.contains("--bg") == true)
                for path in [
                    "/css/../../../../Package.swift", "/css/..%2f..%2f..%2f..%2fPackage.swift",
                    "/%2e%2e/%2e%2e/%2e%2e/%2e%2e/Package.swift", "/js/..%5c..%5cPackage.swift",
                    "/css/%2e%2e/%2e%2e/%2e%2e/%2e%2e/etc/passwd", "/../../../../../../etc/passwd",
                    "/tts/..%2f..%2fmaeil.sqlite",
                ] {
                    let response = try await live.send(.GET, path)
                    let body = response.body.map { String(buffer: $0) } ?? ""
                    #expect(response.status.code >= 400, "\(path): \(response.status)")
                    #expect(
                        !body.contains("swift-tools-version") && !body.contains("root:"), "\(path)")
                }
            }
        }
    }
}
