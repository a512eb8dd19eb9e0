import Foundation
import SQLKit
import Testing
import Vapor
import VaporTesting

@testable import MaeilServer

/// SQLite keeps what a read found about a user (token, session, user, books,
/// revisions) until any connection commits (`SQLiteKeptReads`). Every test
/// here checks that a commit — through this app, another app on the same file
/// (as another process), or straight in the database as a `maeil` command
/// makes it — is never answered with what was kept before it. PostgreSQL's
/// feed has its own tests (`ChangeFeedTests`).
@Suite("Kept reads on SQLite")
struct SQLiteKeptReadsTests {
    /// The app's kept reads; nil on PostgreSQL.
    static func kept(_ app: Application) -> SQLiteKeptReads? {
        guard TestDatabase.postgresURL == nil else { return nil }
        let kept = app.keptReads as? SQLiteKeptReads
        #expect(kept != nil, "SQLite keeps reads")
        return kept
    }

    /// Tries `kept` until it holds: the app's own writes in the background
    /// (the session sweep a second after start, which a loaded test run
    /// reaches mid-test) drop everything kept, as any commit does.
    static func whileNothingElseCommits(_ what: String, _ kept: () async throws -> Bool)
        async throws
    {
        try await ChangeFeedTests.eventually(what, kept)
    }

    @Test func aValueIsHandedOutUntilAnyCommit() async throws {
        try await withMaeilApp { app in
            guard let kept = Self.kept(app) else { return }
            _ = try await API.signUp(app)
            var key = ""
            try await Self.whileNothingElseCommits("nothing committed: the value is kept") {
                key = "test:kept:\(UUID())"
                let first = try await kept.value(key) { ("first", [String]()) }
                let again = try await kept.value(key) { ("read again", [String]()) }
                // What a middleware looks at before it would start a task.
                let peeked: String? = try kept.keptValue(key)
                return first == "first" && again == "first" && peeked == "first"
            }
            #expect(
                try kept.keptValue(key) as Int? == nil, "a value of another type was handed out")
            #expect(try kept.keptValue("test:never") as String? == nil)
            try await app.db.sql().raw("UPDATE users SET locale = 'ko'").run()
            #expect(
                try kept.keptValue(key) as String? == nil, "a commit left a kept value to peek at")
            let afterCommit = try await kept.value(key) { ("after", [String]()) }
            #expect(afterCommit == "after", "a commit left a kept value behind")

            kept.changed("anything")
            #expect(
                try kept.keptValue(key) as String? == nil, "an announced write left it to peek at")
            let afterChanged = try await kept.value(key) { ("said", [String]()) }
            #expect(afterChanged == "said", "a write this process announced left it behind")
        }
    }

    /// A request asks SQLite once, at its first look: a commit while it runs
    /// is the next request's to see. A write this process announces is seen
    /// at once, within the request too.
    @Test func aRequestAsksOnceWhetherAnythingCommitted() async throws {
        try await withMaeilApp { app in
            guard let kept = Self.kept(app) else { return }
            _ = try await API.signUp(app)
            let key = "test:request:\(UUID())"
            let request = try #require(kept.forOneRequest())
            #expect(try await request.value(key) { ("before", [String]()) } == "before")
            try await app.db.sql().raw("UPDATE users SET locale = 'ko'").run()
            #expect(
                try request.keptValue(key) as String? == "before",
                "the request asked about commits again")

            let next = try #require(kept.forOneRequest())
            #expect(try next.keptValue(key) as String? == nil, "the next request missed the commit")
            #expect(try await next.value(key) { ("after", [String]()) } == "after")
            #expect(try next.keptValue(key) as String? == "after")
            next.changed("anything")
            #expect(try next.keptValue(key) as String? == nil, "an announced write was missed")
        }
    }

    /// Every GET looks through one view: the token's look and the page's.
    @Test func aRequestLooksThroughOneView() async throws {
        try await withMaeilApp { app in
            guard Self.kept(app) != nil else { return }
            let get = Request(application: app, method: .GET, on: app.eventLoopGroup.next())
            let view = try #require(get.keptReads)
            #expect(!(view is SQLiteKeptReads), "a request looked through the shared reads")
            #expect(get.keptReads.map { $0 as AnyObject } === view as AnyObject)
            let post = Request(application: app, method: .POST, on: app.eventLoopGroup.next())
            #expect(post.keptReads == nil, "a POST took kept values")
        }
    }

    @Test func aReadOvertakenByACommitIsNotKept() async throws {
        try await withMaeilApp { app in
            guard let kept = Self.kept(app) else { return }
            _ = try await API.signUp(app)
            let overtaken = try await kept.value("test:overtaken") {
                try await app.db.sql().raw("UPDATE users SET locale = 'ko'").run()
                return ("stale", [String]())
            }
            #expect(overtaken == "stale")
            let next = try await kept.value("test:overtaken") { ("fresh", [String]()) }
            #expect(next == "fresh", "a read a commit overtook was kept")
        }
    }

    @Test func writesThroughTheAPIAreSeenByTheNextRead() async throws {
        try await withMaeilApp { app in
            guard let kept = Self.kept(app) else { return }
            let api = try await API.signUp(app)
            let book = try await api.createBook("Kept").id
            let page = "/api/v1/books/\(book)/words?page=1&perPage=50"
            try await Self.whileNothingElseCommits("the token and the book's revision are kept") {
                let status = try await api.send(.GET, page).status
                return status == .ok && kept.keptCount >= 2
            }
            try await ChangeFeedTests.everyWriteShowsOnTheNextRead(api, book: book)
        }
    }

    @Test func commitsOfAnotherProcessAreSeenByTheNextRead() async throws {
        let settings = freshSettings()
        try await withMaeilApp(settings: settings) { app in
            guard Self.kept(app) != nil else { return }
            let api = try await API.signUp(app)
            let book = try await api.createBook("Shared").id
            let page = "/api/v1/books/\(book)/words?page=1&perPage=50"
            _ = try await api.addWord(book, "first")
            for _ in 0..<2 { #expect(try await api.send(.GET, page).body.string.contains("first")) }
            // Another app on the same file: its pool is another process's connections.
            try await withMaeilApp(settings: settings, dropAfter: false) { other in
                let elsewhere = API(app: other, token: api.token)
                _ = try await elsewhere.addWord(book, "second")
                #expect(try await api.send(.GET, page).body.string.contains("\"second\""))
                // Straight in the database, as `maeil user admin` would.
                try await other.db.sql().raw("UPDATE users SET display_name = '다른 이름'").run()
                #expect(
                    try await api.send(.GET, "/api/v1/auth/me").body.string.contains("다른 이름"))
                try await other.db.sql().raw("DELETE FROM user_tokens").run()
                #expect(try await api.send(.GET, page).status == .unauthorized)
            }
        }
    }

    /// Signing out elsewhere (`maeil user password` ends every session) ends
    /// the kept session too, and a flash message taken by one page is not
    /// shown again by the next from a kept session.
    @Test func webSessionsFollowTheirRows() async throws {
        let settings = freshSettings()
        try await withMaeilApp(settings: settings) { app in
            guard let kept = Self.kept(app) else { return }
            let minji = try await WebBrowser.signUp(app, "minji")
            let book = try await minji.createBook("Fruit")  // leaves a flash message
            #expect(try await minji.get("/books/\(book)").body.string.contains("class=\"flash\""))
            let next = try await minji.get("/books/\(book)")
            #expect(next.status == .ok && !next.body.string.contains("class=\"flash\""))
            try await Self.whileNothingElseCommits("session, user and book list kept") {
                let status = try await minji.get("/books/\(book)").status
                return status == .ok && kept.keptCount >= 3
            }
            try await withMaeilApp(settings: settings, dropAfter: false) { other in
                try await other.db.sql().raw("UPDATE books SET name = '바뀐 이름'").run()
                #expect(try await minji.get("/books/\(book)").body.string.contains("바뀐 이름"))
                try await other.db.sql().raw("DELETE FROM web_sessions").run()
            }
            let signedOut = try await minji.get("/books/\(book)")
            #expect(signedOut.status == .seeOther, "a deleted session still signed in")
        }
    }
}
