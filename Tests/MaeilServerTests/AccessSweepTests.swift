import Foundation
import MaeilAPI
import Testing
import Vapor
import VaporTesting

@testable import MaeilServer

/// Generated from the route table: every route that names a resource is
/// asked for the owner's resource by another user, who gets 404 (never 403,
/// never the data) while the owner's data stays as it was; every route but
/// the public ones refuses a caller without a token or session; every web
/// form refuses a post without its CSRF token. A route added later joins the
/// sweep by itself, and one whose parameters the sweep cannot fill fails it
/// until the sweep learns them.
@Suite("Access sweep")
struct AccessSweepTests {
    /// A route's method and path pattern (`GET /api/v1/books/{id}`).
    struct RouteKey: Hashable, CustomStringConvertible {
        let method: HTTPMethod
        let pattern: String
        let segments: [PathComponent]

        init(_ route: Route) {
            method = route.method
            segments = route.path
            pattern = route.pattern
        }

        var description: String { "\(method.rawValue) \(pattern)" }
        static func == (a: RouteKey, b: RouteKey) -> Bool { a.description == b.description }
        func hash(into hasher: inout Hasher) { hasher.combine(description) }
        var isAPI: Bool { pattern.hasPrefix("/api/v1/") }
        var hasParameters: Bool {
            segments.contains { if case .parameter = $0 { true } else { false } }
        }
    }

    /// Parameters that name no one's resource, with why another user may use them.
    static let shared: [String: String] = [
        "course": "the Japanese course is the same for everyone",
        "day": "a day of the Japanese course",
        "kanji": "a kanji of the shared dictionary",
        "round": "a lotto round: the draws are public; a typed draw is the caller's own",
        "date": "a date names the caller's own day",
        "action": "with a date, an action on the caller's own day",
        "chart": "a chart of the caller's own statistics",
        "file":
            "the calendar feed's secret address, its own credential (tested in the lotto tests)",
    ]

    /// Routes others may use on the resource by design.
    static let openToOthers: [String: String] = [
        "GET /users/{id}/avatar": "an avatar is shown beside its owner's reviews in the library",
        "GET /api/v1/users/{id}/avatar":
            "an avatar is shown beside its owner's reviews in the library",
        "POST /api/v1/books/{id}/reviews/{review}/report":
            "any reader may report a review of a public book",
        "POST /library/{id}/reviews/{review}/report":
            "any reader may report a review of a public book",
    ]

    /// Routes refused for a right others lack, on content that is public
    /// anyway (a review of a public book): 403 from the API; the web goes back
    /// to the book with the refusal shown (303).
    static let rights: [String: String] = [
        "POST /api/v1/books/{id}/reviews/{review}/hide": "administrators hide reviews",
        "POST /library/{id}/reviews/{review}/hide": "administrators hide reviews",
        "POST /api/v1/library/{id}/unpublish": "administrators unpublish books",
        "POST /library/{id}/unpublish": "administrators unpublish books",
        "POST /api/v1/books/{id}/reviews/{review}/reply": "the book's owner replies",
        "POST /library/{id}/reviews/{review}/reply": "the book's owner replies",
    ]

    /// A valid body for routes that read one, so that only ownership can refuse them.
    static let bodies: [String: [String: String]] = [
        "POST /api/v1/books/{id}/reviews": ["stars": "4", "text": "좋아요"],
        "PUT /api/v1/books/{id}/reviews/{review}": ["stars": "2", "text": "바꿈"],
        "POST /api/v1/books/{id}/reviews/{review}/reply": ["text": "답글"],
        "POST /api/v1/books/{id}/words": ["term": "stranger", "meaning": "남"],
        "POST /api/v1/games/{id}/moves": ["action": "choose", "choice": "0"],
        "POST /books/{id}/visibility": ["visibility": "public"],
        "POST /books/{id}/words": ["term": "stranger", "meaning": "남"],
        "POST /games/{id}/moves": ["action": "choose", "choice": "0"],
        "POST /study/books/{id}/directions": ["directions": "both"],
        "POST /library/{id}/reviews": ["stars": "4", "text": "좋아요"],
        "POST /library/{id}/reviews/{review}": ["stars": "2", "text": "바꿈"],
        "POST /library/{id}/reviews/{review}/reply": ["text": "답글"],
    ]

    /// The body as JSON: numbers as numbers.
    static func json(_ body: [String: String]) -> [String: AnyEncodable] {
        body.mapValues {
            Int($0).map(AnyEncodable.init(integerLiteral:)) ?? AnyEncodable(stringLiteral: $0)
        }
    }

    /// The owner's resources, by the segment before the parameter and its name.
    struct Owned {
        var values: [String: String] = [:]
        /// The public book of another user that the owner reviewed.
        var reviewedBook: UUID?

        /// The path with the owner's resources in place of its parameters; nil
        /// when a parameter is one the sweep does not know.
        func path(_ key: RouteKey) -> String? {
            var parts: [String] = []
            var previous = ""
            for component in key.segments {
                switch component {
                case .constant(let s):
                    parts.append(s)
                    previous = s
                case .parameter(let name):
                    guard let value = values["\(previous)/\(name)"] ?? values["*/\(name)"] else {
                        return nil
                    }
                    parts.append(value)
                default: return nil
                }
            }
            return "/" + parts.joined(separator: "/")
        }
    }

    /// Whether a route is shared or visible to others by design.
    static func exemption(_ key: RouteKey) -> String? {
        if let reason = openToOthers[key.description] { return reason }
        for case .parameter(let name) in key.segments {
            if let reason = shared[name] { return reason }
        }
        return nil
    }

    /// An owner with one of everything a route can name, and a secret word in it.
    static func owner(_ app: Application, secret: String) async throws -> (
        API, WebBrowser, Owned
    ) {
        let name = "owner\(Int.random(in: 1000...999_999))"
        let owner = try await API.signUp(app, name)
        var owned = Owned()
        let book = try await owner.createBook("Private \(secret)")
        let word = try await owner.addWord(book.id, secret, "비밀")
        owned.values["books/id"] = book.id.uuidString
        owned.values["library/id"] = book.id.uuidString
        owned.values["words/id"] = word.id.uuidString
        owned.values["mistakes/id"] = word.id.uuidString
        owned.values["media/name"] = "term.mp3"

        let token = try owner.decode(
            NewTokenDTO.self,
            try await owner.send(.POST, "/api/v1/tokens", json: ["name": "laptop"]))
        owned.values["tokens/id"] = token.id.uuidString

        for i in 1...4 { _ = try await owner.addWord(book.id, "\(secret)\(i)", "뜻\(i)") }
        let game = try owner.decode(
            GameDTO.self,
            try await owner.send(
                .POST, "/api/v1/games", json: ["kind": "quiz", "bookID": book.id.uuidString]))
        owned.values["games/id"] = game.id.uuidString

        let entry = try owner.decode(
            LottoEntryDTO.self,
            try await owner.send(
                .POST, "/api/v1/lotto/entries",
                json: LottoEntryInput(qr: LottoAPITests.winningQR)))
        owned.values["entries/id"] = entry.id.uuidString

        // A review the owner wrote of a third user's public book.
        let author = try await API.signUp(app)
        let published = try await author.createBook("Public")
        _ = try await author.addWord(published.id, "open", "열린")
        let made = try await author.send(
            .PATCH, "/api/v1/books/\(published.id)", json: ["visibility": "public"])
        #expect(made.status == .ok, "\(made.body.string)")
        let review = try await owner.send(
            .POST, "/api/v1/books/\(published.id)/reviews",
            json: ReviewInput(stars: 4, text: "좋아요 \(secret)"))
        #expect(review.status == .created, "\(review.body.string)")
        owned.values["reviews/review"] = try owner.decode(ReviewDTO.self, review).id.uuidString
        owned.reviewedBook = published.id

        // Uploads waiting for their import's confirmation, a word list and an Anki package.
        let cookie = try await WebSessionTests.logInInBrowser(app, name, "correct horse")
        var browser = WebBrowser(app: app, cookie: cookie, csrf: "")
        browser.csrf = try #require(
            WebSessionTests.csrf(in: try await browser.get("/").body.string))
        let list = try await browser.postFile(
            "/books/\(book.id)/import", Data("term,meaning\nsun,해".utf8), fileName: "words.csv")
        owned.values["import/upload"] = try Self.lastSegment(list)
        let package = try await owner.send(.GET, "/api/v1/books/\(book.id)/export/anki")
        let anki = try await browser.postFile(
            "/import/anki", Data(buffer: package.body), fileName: "deck.apkg")
        owned.values["anki/upload"] = try Self.lastSegment(anki)
        return (owner, browser, owned)
    }

    /// The last segment of a redirect's location.
    static func lastSegment(_ response: TestingHTTPResponse) throws -> String {
        #expect(response.status == .seeOther, "\(response.body.string)")
        let location = try #require(response.headers.first(name: .location))
        return String(try #require(location.split(separator: "/").last))
    }

    @Test func anotherUserGetsNotFoundForEveryResourceAndNothingChanges() async throws {
        try await withMaeilApp { app in
            let secret = "zqxsecret"
            let (owner, ownersBrowser, owned) = try await Self.owner(app, secret: secret)
            let before = try await Self.ownersData(owner, owned)
            let stranger = try await API.signUp(app)
            let browser = try await WebBrowser.signUp(app, "stranger\(Int.random(in: 1000...9999))")

            var swept: [RouteKey] = []
            var unknown: [RouteKey] = []
            let routes = Set(app.routes.all.map(RouteKey.init)).filter(\.hasParameters)
            for key in routes.sorted(by: { $0.description < $1.description }) {
                if Self.exemption(key) != nil { continue }
                guard var path = owned.path(key) else {
                    unknown.append(key)
                    continue
                }
                // A review's book is the public one it was written of.
                if key.pattern.contains("/reviews/{review}"), let book = owned.reviewedBook {
                    path = path.replacingOccurrences(
                        of: owned.values["books/id"] ?? "", with: book.uuidString)
                }
                func send(_ path: String) async throws -> TestingHTTPResponse {
                    let body = Self.bodies[key.description] ?? [:]
                    if key.isAPI {
                        return try await stranger.send(key.method, path, json: Self.json(body))
                    } else if key.method == .GET {
                        return try await browser.get(path)
                    } else {
                        return try await browser.post(path, body.sorted { $0.key < $1.key })
                    }
                }
                let response = try await send(path)
                if Self.rights[key.description] != nil {
                    let refused: [HTTPStatus] = key.isAPI ? [.forbidden] : [.forbidden, .seeOther]
                    #expect(refused.contains(response.status), "\(key) → \(response.status)")
                } else {
                    #expect(response.status == .notFound, "\(key) → \(response.status)")
                }
                #expect(!response.body.string.contains(secret), "\(key) shows the owner's data")
                swept.append(key)
            }
            #expect(unknown.isEmpty, "routes the sweep cannot fill: \(unknown)")
            #expect(swept.count >= 40, "swept \(swept.count) routes")
            let after = try await Self.ownersData(owner, owned)
            // The uploads still wait for the owner.
            let book = owned.values["books/id"] ?? ""
            for path in [
                "/books/\(book)/import/\(owned.values["import/upload"] ?? "")",
                "/import/anki/\(owned.values["anki/upload"] ?? "")",
            ] {
                #expect(try await ownersBrowser.get(path).status == .ok, "\(path)")
            }
            #expect(
                after == before,
                "the owner's data changed:\n\(Self.difference(before, after))")
        }
    }

    /// Routes anyone may call without signing in.
    static let publicRoutes: Set<String> = [
        "GET /healthz", "GET /api/v1/openapi.json", "POST /api/v1/auth/signup",
        "POST /api/v1/auth/login", "GET /login", "POST /login", "GET /signup", "POST /signup",
        "POST /language", "GET /lotto/feed/{file}", "GET /users/{id}/avatar",
        "GET /api/v1/users/{id}/avatar", "GET /**",
    ]

    /// A path for any route: the owner's resources where known, else a stand-in.
    static func anyPath(_ key: RouteKey, _ owned: Owned) -> String {
        if let path = owned.path(key) { return path }
        var filled = Owned()
        filled.values = owned.values
        for case .parameter(let name) in key.segments { filled.values["*/\(name)"] = "1" }
        return filled.path(key) ?? key.pattern
    }

    @Test func everyRouteButThePublicOnesRefusesAnAnonymousCaller() async throws {
        try await withMaeilApp { app in
            let (_, _, owned) = try await Self.owner(app, secret: "zqxsecret")
            let anonymous = API(app: app)
            let routes = Set(app.routes.all.map(RouteKey.init))
            #expect(routes.count >= 100, "\(routes.count) routes")
            for key in routes.sorted(by: { $0.description < $1.description })
            where !Self.publicRoutes.contains(key.description) {
                let path = Self.anyPath(key, owned)
                let response = try await anonymous.send(key.method, path)
                if key.isAPI {
                    #expect(response.status == .unauthorized, "\(key) → \(response.status)")
                } else if key.method == .GET {
                    // The web sends a visitor to the login page, then back.
                    let location = response.headers.first(name: .location) ?? ""
                    #expect(
                        response.status == .seeOther && location.hasPrefix("/login"),
                        "\(key) → \(response.status) \(location)")
                } else {
                    #expect(
                        [.forbidden, .seeOther, .unauthorized].contains(response.status),
                        "\(key) → \(response.status)")
                    #expect(!response.body.string.contains("zqxsecret"))
                }
            }
        }
    }

    @Test func everyWebFormRefusesAPostWithoutItsCSRFToken() async throws {
        try await withMaeilApp { app in
            let browser = try await WebBrowser.signUp(app, "formuser\(Int.random(in: 1000...9999))")
            let book = try await browser.post("/books", [("name", "Mine")])
            #expect(book.status == .seeOther)
            let routes = Set(app.routes.all.map(RouteKey.init)).filter {
                !$0.isAPI && $0.method != .GET
            }
            #expect(routes.count >= 20, "\(routes.count) web forms")
            var owned = Owned()
            let bookPath = book.headers.first(name: .location) ?? "/books/1"
            owned.values["books/id"] = String(bookPath.split(separator: "/").last ?? "1")
            var withoutToken = browser
            withoutToken.csrf = ""
            for key in routes.sorted(by: { $0.description < $1.description }) {
                let response = try await withoutToken.post(Self.anyPath(key, owned), [])
                #expect(response.status == .forbidden, "\(key) → \(response.status)")
            }
            #expect(try await browser.get(bookPath).status == .ok, "the book is still there")
        }
    }

    /// The lines of `after` that `before` did not have, and the other way round.
    static func difference(_ before: String, _ after: String) -> String {
        let old = Set(before.split(separator: "\n"))
        let new = Set(after.split(separator: "\n"))
        return (old.subtracting(new).map { "- \($0)" } + new.subtracting(old).map { "+ \($0)" })
            .joined(separator: "\n")
    }

    /// Everything the owner has, as text: the account archive's content, the
    /// tokens and the reviews written.
    static func ownersData(_ owner: API, _ owned: Owned) async throws -> String {
        let archive = try await owner.send(.GET, "/api/v1/account/archive")
        let tokens = try owner.decode(
            [TokenDTO].self, try await owner.send(.GET, "/api/v1/tokens"))
        var lines = [try AccountArchiveTests.content(Data(buffer: archive.body))]
        lines += tokens.map { "token \($0.id) \($0.name)" }
        if let book = owned.reviewedBook {
            let reviews = try owner.decode(
                ReviewPageDTO.self, try await owner.send(.GET, "/api/v1/books/\(book)/reviews"))
            lines += reviews.items.map {
                "review \($0.id) \($0.stars) \($0.text) \($0.reply ?? "")"
            }
        }
        return lines.joined(separator: "\n")
    }
}
