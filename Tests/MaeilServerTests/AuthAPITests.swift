import Fluent
import Foundation
import MaeilAPI
import NIOConcurrencyHelpers
import Testing
import Vapor
import VaporTesting

@testable import MaeilServer

@Suite("Accounts and tokens over the API")
struct AuthAPITests {
    @Test func signUpLogInAndLogOut() async throws {
        try await withMaeilApp { app in
            let anon = API(app: app)
            let signup = try await anon.send(
                .POST, "/api/v1/auth/signup",
                json: ["username": "Mina", "password": "correct horse"])
            #expect(signup.status == .created)
            let first = try anon.decode(LoginResultDTO.self, signup)
            #expect(first.user.username == "mina")

            let login = try await anon.send(
                .POST, "/api/v1/auth/login",
                json: ["username": "MINA", "password": "correct horse"])
            #expect(login.status == .ok)
            let token = try anon.decode(LoginResultDTO.self, login).token

            let me = try await anon.send(.GET, "/api/v1/auth/me", token: token)
            #expect(try anon.decode(UserDTO.self, me).username == "mina")

            #expect(
                try await anon.send(.POST, "/api/v1/auth/logout", token: token).status == .noContent
            )
            let after = try await anon.send(.GET, "/api/v1/auth/me", token: token)
            #expect(after.status == .unauthorized)
            #expect(anon.errorCode(after) == "unauthorized")
            // The sign-up token still works: logout revokes only its own token.
            #expect(try await anon.send(.GET, "/api/v1/auth/me", token: first.token).status == .ok)
        }
    }

    @Test func badSignUpsAreRefusedClearly() async throws {
        try await withMaeilApp { app in
            let anon = API(app: app)
            _ = try await API.signUp(app, "taken")
            let duplicate = try await anon.send(
                .POST, "/api/v1/auth/signup",
                json: ["username": "TAKEN", "password": "correct horse"])
            #expect(duplicate.status == .conflict)
            #expect(anon.errorCode(duplicate) == "username_taken")
            let short = try await anon.send(
                .POST, "/api/v1/auth/signup", json: ["username": "ab", "password": "correct horse"])
            #expect(short.status == .unprocessableEntity)
            let weak = try await anon.send(
                .POST, "/api/v1/auth/signup", json: ["username": "abc", "password": "short"])
            #expect(weak.status == .unprocessableEntity)
            #expect(anon.errorCode(weak) == "invalid_password")
            let wrongType = try await anon.send(
                .POST, "/api/v1/auth/signup",
                json: ["username": 5, "password": "correct horse"] as [String: AnyEncodable])
            #expect(wrongType.status == .badRequest)
            #expect(wrongType.body.string.contains("username"))
            let count = try await User.query(on: app.db).count()
            #expect(count == 1)
        }
    }

    @Test func signInDelaysGrowAfterFiveFailures() {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        func wait(_ failures: Int, _ ago: TimeInterval) -> TimeInterval? {
            SignInThrottle.wait(failures: failures, lastFailure: now - ago, now: now)
        }
        #expect(wait(4, 0) == nil)
        #expect(wait(5, 0) == 1)
        #expect(wait(7, 0) == 4)
        #expect(wait(7, 3) == 1)
        #expect(wait(7, 4) == nil)
        #expect(wait(40, 0) == SignInThrottle.window, "at most the window")
    }

    /// A guesser at one address is slowed down; the owner at another address,
    /// and other people at the guesser's, sign in as ever.
    @Test func failedSignInsSlowTheGuesserDownWithoutLockingTheOwnerOut() async throws {
        var settings = freshSettings()
        settings.trustedProxies = ["127.0.0.1"]
        try await withMaeilApp(settings: settings) { app in
            _ = try await API.signUp(app, "target")
            _ = try await API.signUp(app, "colleague")
            try await LiveServer.run(app) { live in
                func logIn(_ name: String, _ password: String, from address: String)
                    async throws -> ClientResponse
                {
                    try await live.send(
                        .POST, "/api/v1/auth/login",
                        headers: ["Content-Type": "application/json", "X-Forwarded-For": address],
                        body: #"{"username": "\#(name)", "password": "\#(password)"}"#)
                }
                let guesser = "203.0.113.5"
                for _ in 0..<SignInThrottle.freeFailures {
                    #expect(
                        try await logIn("target", "wrong password", from: guesser).status
                            == .unauthorized)
                }
                // Eight failures more, recorded at once: the wait (256 s) outlasts
                // however slowly a loaded machine runs the rest of the test.
                try await Self.recordFailures(8, app, "target", from: guesser)
                let slowed = try await logIn("target", "correct horse", from: guesser)
                #expect(slowed.status == .tooManyRequests)
                let retryAfter = try #require(
                    slowed.headers.first(name: .retryAfter).flatMap(Int.init))
                #expect((200...256).contains(retryAfter))
                // The owner elsewhere, and a colleague behind the same address, are not held up.
                #expect(
                    try await logIn("target", "correct horse", from: "198.51.100.7").status == .ok)
                #expect(try await logIn("colleague", "correct horse", from: guesser).status == .ok)
                // A client-written address in front of the proxy's does not dodge the limit.
                let spoofed = try await logIn(
                    "target", "wrong password", from: "10.9.9.9, \(guesser)")
                #expect(spoofed.status == .tooManyRequests)
            }
            // After the wait the guesser may try again; a success clears only its own record.
            try await LoginAttempt.query(on: app.db).set(\.$attemptedAt, to: Date() - 300).update()
            let accounts = app.accounts(on: app.db)
            _ = try await accounts.logIn(
                username: "target", password: "correct horse", clientAddress: "203.0.113.5")
            #expect(
                try await LoginAttempt.query(on: app.db).filter(\.$key ~~ "target").count() == 0)
        }
    }

    /// `count` failed sign-ins to `username` from `address`, recorded now.
    static func recordFailures(
        _ count: Int, _ app: Application, _ username: String, from address: String
    )
        async throws
    {
        let key = SignInThrottle.keys(username: username, clientAddress: address).pair
        for _ in 0..<count {
            try await LoginAttempt(key: key, attemptedAt: Date()).create(on: app.db)
        }
    }

    @Test func oneAddressFailingOverManyNamesIsStoppedAtItsLimit() async throws {
        try await withMaeilApp { app in
            _ = try await API.signUp(app, "member")
            let accounts = app.accounts(on: app.db)
            for n in 0..<SignInThrottle.addressLimit {
                try await LoginAttempt(key: "addr:192.0.2.9", attemptedAt: Date() - Double(n))
                    .create(on: app.db)
            }
            await #expect(throws: AppError.self) {
                _ = try await accounts.logIn(
                    username: "member", password: "correct horse", clientAddress: "192.0.2.9")
            }
            let other = try await accounts.logIn(
                username: "member", password: "correct horse", clientAddress: "192.0.2.10")
            #expect(other.username == "member")
        }
    }

    @Test func forwardedAddressesCountOnlyFromTrustedProxies() async throws {
        try await withMaeilApp { app in
            try await LiveServer.run(app) { live in
                // No proxy is trusted: the header is the client's word and is
                // ignored, so failures from this socket's address slow down every
                // request from it, whatever address the header claims.
                func logIn(claiming address: String) async throws -> HTTPStatus {
                    try await live.send(
                        .POST, "/api/v1/auth/login",
                        headers: ["Content-Type": "application/json", "X-Forwarded-For": address],
                        body: #"{"username": "nobody", "password": "wrong password"}"#
                    ).status
                }
                #expect(try await logIn(claiming: "203.0.113.1") == .unauthorized)
                try await Self.recordFailures(12, app, "nobody", from: "127.0.0.1")
                #expect(try await logIn(claiming: "203.0.113.2") == .tooManyRequests)
            }
        }
    }

    @Test func tokensCanBeCreatedListedAndRevoked() async throws {
        try await withMaeilApp { app in
            let api = try await API.signUp(app, "laptopowner")
            let created = try await api.send(.POST, "/api/v1/tokens", json: ["name": "laptop"])
            #expect(created.status == .created)
            let token = try api.decode(NewTokenDTO.self, created)
            #expect(token.token.hasPrefix("maeil_"))
            let list = try api.decode([TokenDTO].self, try await api.send(.GET, "/api/v1/tokens"))
            #expect(list.contains { $0.name == "laptop" && $0.lastUsedAt == nil })
            // A request with the token logs in its owner and marks it used.
            let me = try await api.send(.GET, "/api/v1/auth/me", token: token.token)
            #expect(me.status == .ok && me.body.string.contains("laptopowner"), "\(me.body.string)")
            let used = try api.decode([TokenDTO].self, try await api.send(.GET, "/api/v1/tokens"))
            let laptop = try #require(used.first { $0.name == "laptop" })
            #expect(laptop.lastUsedAt.map { abs($0.timeIntervalSinceNow) < 60 } == true)
            // Only a digest is stored.
            let stored = try await UserToken.query(on: app.db).all().map(\.tokenHash)
            #expect(!stored.contains(token.token))
            #expect(try await api.send(.DELETE, "/api/v1/tokens/\(token.id)").status == .noContent)
            #expect(
                try await api.send(.GET, "/api/v1/books", token: token.token).status
                    == .unauthorized)

            let other = try await API.signUp(app)
            let foreign = try api.decode(
                NewTokenDTO.self, try await other.send(.POST, "/api/v1/tokens", json: ["name": "x"])
            )
            #expect(try await api.send(.DELETE, "/api/v1/tokens/\(foreign.id)").status == .notFound)
            #expect(
                try await api.send(.POST, "/api/v1/tokens", json: ["name": ""]).status
                    == .unprocessableEntity)
        }
    }

    /// An unknown name is checked against a decoy hash, so it costs what a wrong password costs.
    @Test func unknownNamesTakeAsLongAsWrongPasswords() async throws {
        try await withMaeilApp { app in
            _ = try await API.signUp(app, "known")
            let decoyChecks = NIOLockedValueBox(0)
            let hasher = app.password.async
            let decoy = try await hasher.hash("no one's password")
            var accounts = app.accounts(on: app.db)
            accounts.decoyHash = {
                decoyChecks.withLockedValue { $0 += 1 }
                return decoy
            }
            for (name, password) in [
                ("known", "wrong password"), ("unknown", "wrong password"),
                ("x\u{0}y", "wrong password"),
            ] {
                await #expect(throws: AppError.self) {
                    _ = try await accounts.logIn(
                        username: name, password: password, clientAddress: nil)
                }
            }
            #expect(
                decoyChecks.withLockedValue { $0 } == 2,
                "the unknown and the impossible name, not the known one")
            #expect(
                try await accounts.logIn(
                    username: "known", password: "correct horse", clientAddress: nil
                ).username == "known")
        }
    }

    /// Sign-ups are limited per client address (on a real socket, where the address is known).
    @Test func signUpsAreLimitedPerAddress() async throws {
        var settings = freshSettings()
        settings.signupsPerHour = 3
        try await withMaeilApp(settings: settings) { app in
            try await LiveServer.run(app) { live in
                func signUp(_ name: String) async throws -> ClientResponse {
                    try await live.send(
                        .POST, "/api/v1/auth/signup", headers: ["Content-Type": "application/json"],
                        body: #"{"username": "\#(name)", "password": "correct horse"}"#)
                }
                for n in 1...3 { #expect(try await signUp("member\(n)").status == .created) }
                let refused = try await signUp("member4")
                #expect(refused.status == .tooManyRequests)
                #expect(refused.headers.first(name: .retryAfter) != nil)
            }
            #expect(try await User.query(on: app.db).count() == 3)
            // The CLI's accounts are the admin's: no limit.
            _ = try await app.accounts(on: app.db).createAccount(
                username: "member5", password: "correct horse")
        }
    }

    @Test func everyProtectedRouteNeedsAToken() async throws {
        try await withMaeilApp { app in
            let anon = API(app: app)
            for path in [
                "/api/v1/books", "/api/v1/tokens", "/api/v1/search?q=a", "/api/v1/calendar",
            ] {
                let response = try await anon.send(.GET, path)
                #expect(response.status == .unauthorized, "\(path)")
            }
            let garbage = try await anon.send(.GET, "/api/v1/books", token: "maeil_nope")
            #expect(garbage.status == .unauthorized)
        }
    }
}

/// Lets a test send deliberately wrong JSON types.
struct AnyEncodable: Encodable, ExpressibleByIntegerLiteral, ExpressibleByStringLiteral,
    ExpressibleByBooleanLiteral
{
    let encodeValue: @Sendable (any Encoder) throws -> Void
    init(integerLiteral value: Int) {
        encodeValue = {
            var c = $0.singleValueContainer()
            try c.encode(value)
        }
    }
    init(stringLiteral value: String) {
        encodeValue = {
            var c = $0.singleValueContainer()
            try c.encode(value)
        }
    }
    init(booleanLiteral value: Bool) {
        encodeValue = {
            var c = $0.singleValueContainer()
            try c.encode(value)
        }
    }
    func encode(to encoder: any Encoder) throws { try encodeValue(encoder) }
}
