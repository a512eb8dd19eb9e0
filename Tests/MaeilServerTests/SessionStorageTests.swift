import Fluent
import Foundation
import SQLKit
import Testing
import Vapor
import VaporTesting

@testable import MaeilServer

@Suite("Web sessions in the database")
struct SessionStorageTests {
    func sessionCount(_ app: Application) async throws -> Int {
        let sql = try #require(app.db as? any SQLDatabase)
        return try await sql.raw("SELECT COUNT(*) AS n FROM web_sessions").first()?.decode(
            column: "n", as: Int.self) ?? -1
    }

    func cookieValue(_ cookie: String) -> String {
        String(cookie.split(separator: "=", maxSplits: 1).last ?? "")
    }

    @Test func anonymousVisitsStoreNothing() async throws {
        try await withMaeilApp { app in
            for path in ["/login", "/signup", "/", "/books", "/login?next=%2Fbooks"] {
                for _ in 0..<10 {
                    let response = try await app.testing().sendRequest(.GET, path)
                    #expect(WebSessionTests.sessionCookie(response) == nil, "\(path)")
                }
            }
            #expect(try await sessionCount(app) == 0)
            // An unknown or stale cookie is cleared, and makes no row either.
            let stale = try await app.testing().sendRequest(
                .GET, "/login", headers: ["Cookie": "maeil_session=0123abcd"])
            #expect(
                stale.headers[.setCookie].contains {
                    $0.hasPrefix("maeil_session=;") || $0.contains("Max-Age=0")
                        || $0.contains("Expires=Thu, 01 Jan 1970")
                })
            #expect(try await sessionCount(app) == 0)
        }
    }

    @Test func onlyADigestOfTheIdIsStoredAndPagesDoNotRewriteIt() async throws {
        try await withMaeilApp { app in
            let cookie = try await WebSessionTests.signUpInBrowser(app, "digest")
            let id = cookieValue(cookie)
            #expect(id.count == 64)
            let sql = try #require(app.db as? any SQLDatabase)
            let rows = try await sql.raw(
                "SELECT id_digest, data, user_id, expires_at FROM web_sessions"
            ).all()
            #expect(rows.count == 1)
            let row = try #require(rows.first)
            #expect(
                try row.decode(column: "id_digest", as: String.self) == AccountService.digest(id))
            #expect(!(try row.decode(column: "data", as: String.self)).contains(id))
            #expect(try row.decode(column: "user_id", as: UUID?.self) != nil)
            let expiry = try row.decode(column: "expires_at", as: Date.self)
            #expect(abs(expiry.timeIntervalSinceNow - DatabaseSessionDriver.lifetime) < 60)

            // Reading pages leaves the row alone (its expiry moves at most daily).
            // The first page shows the welcome message, which changes the session.
            #expect(
                try await app.testing().sendRequest(.GET, "/", headers: ["Cookie": cookie]).status
                    == .ok)
            try await sql.raw(
                "UPDATE web_sessions SET expires_at = \(bind: expiry.addingTimeInterval(-3600))"
            ).run()
            await app.heardOfChanges()
            for _ in 0..<3 {
                #expect(
                    try await app.testing().sendRequest(.GET, "/", headers: ["Cookie": cookie])
                        .status == .ok)
            }
            let after = try await sql.raw("SELECT expires_at FROM web_sessions").first()?.decode(
                column: "expires_at", as: Date.self)
            #expect(
                after.map { abs($0.timeIntervalSince(expiry.addingTimeInterval(-3600))) < 1 }
                    == true)

            // Two days on, a page moves it forward again.
            try await sql.raw(
                "UPDATE web_sessions SET expires_at = \(bind: expiry.addingTimeInterval(-2 * 86_400))"
            ).run()
            await app.heardOfChanges()
            #expect(
                try await app.testing().sendRequest(.GET, "/", headers: ["Cookie": cookie]).status
                    == .ok)
            let refreshed = try await sql.raw("SELECT expires_at FROM web_sessions").first()?
                .decode(column: "expires_at", as: Date.self)
            #expect(
                refreshed.map { abs($0.timeIntervalSinceNow - DatabaseSessionDriver.lifetime) < 60 }
                    == true)

            // Signing out deletes the row.
            let home = try await app.testing().sendRequest(.GET, "/", headers: ["Cookie": cookie])
            let token = try #require(WebSessionTests.csrf(in: home.body.string))
            let logout = try await app.testing().sendRequest(
                .POST, "/logout",
                headers: ["Cookie": cookie, "Content-Type": "application/x-www-form-urlencoded"],
                body: WebSessionTests.form(["_csrf": token]))
            #expect(logout.status == .seeOther)
            #expect(try await sessionCount(app) == 0)
        }
    }

    @Test func expiredSessionsEndAndAreSweptAway() async throws {
        try await withMaeilApp { app in
            let cookie = try await WebSessionTests.signUpInBrowser(app, "expiring")
            let kept = try await WebSessionTests.signUpInBrowser(app, "staying")
            let sql = try #require(app.db as? any SQLDatabase)
            try await sql.raw(
                """
                UPDATE web_sessions SET expires_at = \(bind: Date().addingTimeInterval(-1))
                WHERE id_digest = \(bind: AccountService.digest(cookieValue(cookie)))
                """
            ).run()
            let lapsed = try await WebSessionTests.signUpInBrowser(app, "lapsed")
            try await sql.raw(
                """
                UPDATE web_sessions SET expires_at = \(bind: Date().addingTimeInterval(-1))
                WHERE id_digest = \(bind: AccountService.digest(cookieValue(lapsed)))
                """
            ).run()
            // An expired session no longer signs anyone in, and its row goes at once.
            let expired = try await app.testing().sendRequest(
                .GET, "/", headers: ["Cookie": cookie])
            #expect(expired.status == .seeOther)
            #expect(expired.headers.first(name: .location)?.hasPrefix("/login") == true)
            #expect(try await sessionCount(app) == 2)

            try await LoginAttempt(
                key: "user:old", attemptedAt: Date().addingTimeInterval(-2 * 3600)
            ).create(on: app.db)
            try await LoginAttempt(key: "user:recent", attemptedAt: Date()).create(on: app.db)
            let swept = try await SessionSweeper.sweep(sql)
            #expect(swept.sessions == 1 && swept.attempts == 1)
            #expect(try await sessionCount(app) == 1)
            #expect(try await LoginAttempt.query(on: app.db).all().map(\.key) == ["user:recent"])
            #expect(
                try await app.testing().sendRequest(.GET, "/", headers: ["Cookie": kept]).status
                    == .ok)
        }
    }

    /// Upgrading keeps signed-in sessions (as digests) and drops the anonymous pile.
    @Test func theUpgradeKeepsSignedInSessionsOnly() async throws {
        try await withMaeilApp { app in
            _ = try await API.signUp(app, "upgrader")
            let userID = try await app.userID("upgrader")
            try await SessionRecord(
                key: SessionID(string: "old-signed-in"),
                data: ["_UserSession": userID.uuidString, "csrf": "x"]
            )
            .create(on: app.db)
            for n in 0..<5 {
                try await SessionRecord(
                    key: SessionID(string: "anonymous-\(n)"), data: ["csrf": "y"]
                ).create(on: app.db)
            }
            try await CreateWebSessions().revert(on: app.db)
            try await CreateWebSessions().prepare(on: app.db)
            #expect(try await SessionRecord.query(on: app.db).count() == 0)
            #expect(try await sessionCount(app) == 1)
            let home = try await app.testing().sendRequest(
                .GET, "/", headers: ["Cookie": "maeil_session=old-signed-in"])
            #expect(home.status == .ok)
            #expect(home.body.string.contains("upgrader"))
        }
    }
}

/// The hourly sweep never outlives its app: one that starts after the
/// databases closed does nothing (`app.db` would trap and end the process).
@Test func aSweepAfterTheDatabasesClosedDoesNothing() async throws {
    guard TestDatabase.postgresURL == nil else { return }
    try await withMaeilApp { app in
        let sweeper = SessionSweeper()
        try sweeper.didBoot(app)
        await app.databases.shutdownAsync()
        // The first sweep runs a second after boot.
        try await Task.sleep(for: .milliseconds(1_300))
        await sweeper.shutdownAsync(app)
    }
}
