import Fluent
import FluentSQLiteDriver
import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import Testing
import Vapor
import VaporTesting

@testable import MaeilServer

/// When every database connection stays busy longer than a request may wait,
/// the answer is 503 with `Retry-After` (API and web), never a 500; once the
/// connections come free, requests are answered again.
@Suite("Overload")
struct OverloadTests {
    @Test func noFreeConnectionIsA503WithRetryAfter() async throws {
        var settings = freshSettings()
        settings.databaseWait = 1
        try await withMaeilApp(settings: settings) { app in
            let api = try await API.signUp(app)
            var browser = try await WebBrowser.signUp(app, "busy\(Int.random(in: 1000...99_999))")
            browser.language = "ko"
            let browserNow = browser

            // Every connection of every event loop held until the requests
            // below are answered (PostgreSQL has 4 per loop, SQLite 1). A
            // holder that gives up waiting (the wait is a second here, and
            // opening connections takes longer on a busy machine) asks again.
            let loops = Array(app.eventLoopGroup.makeIterator())
            let held = NIOLockedValueBox(0)
            // (A connection's closure runs outside this task: cancelling does not reach it.)
            let released = NIOLockedValueBox(false)
            let holders = Task {
                await withTaskGroup(of: Void.self) { group in
                    for loop in loops {
                        for _ in 0..<4 {
                            group.addTask {
                                guard let db = app.databases.database(logger: app.logger, on: loop)
                                else { return }
                                while !released.withLockedValue({ $0 }) {
                                    _ = try? await db.withConnection { _ in
                                        held.withLockedValue { $0 += 1 }
                                        while !released.withLockedValue({ $0 }) {
                                            try await Task.sleep(for: .milliseconds(20))
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
            let connections = loops.count * (app.maeilSettings.usesPostgres ? 4 : 1)
            try await ChangeFeedTests.eventually("every connection held", seconds: 30) {
                held.withLockedValue { $0 } == connections
            }

            // A search of two letters scans the user's words on the pool (short
            // indexed reads on SQLite, a trigram search among them, do not).
            // Both asked at once.
            async let searchPage = browserNow.get("/search?q=ap")
            async let searchAnswer = api.send(.GET, "/api/v1/search?q=ap")
            let (page, busy) = try await (searchPage, searchAnswer)
            #expect(page.status == .serviceUnavailable)
            #expect(page.headers.first(name: .retryAfter) == "1")
            #expect(page.body.string.contains("잠시 후 다시 시도해 주세요"))

            #expect(busy.status == .serviceUnavailable, "\(busy.body.string)")
            #expect(busy.headers.first(name: .retryAfter) == "1")
            #expect(api.errorCode(busy) == "busy")

            // The books list still answers on SQLite: its reads are inline.
            if !app.maeilSettings.usesPostgres {
                #expect(try await api.send(.GET, "/api/v1/books").status == .ok)
            }

            released.withLockedValue { $0 = true }
            await holders.value
            #expect(try await api.send(.GET, "/api/v1/books").status == .ok)
        }
    }

    /// The request wait is not the boot's: a server told to give up on a busy
    /// database after a millisecond still opens its connections and migrates
    /// (a PostgreSQL connection takes longer than that to open; under a busy
    /// test run the migrations timed out with a wait of a second).
    @Test func aShortRequestWaitStillStarts() async throws {
        var settings = freshSettings()
        settings.databaseWait = 0.001
        try await withMaeilApp(settings: settings) { app in
            #expect(try await app.testing().sendRequest(.GET, "/healthz").status == .ok)
            let loops = Array(app.eventLoopGroup.makeIterator())
            for loop in loops {
                let db = try #require(app.databases.database(logger: app.logger, on: loop))
                let users = try await User.query(on: db).count()
                #expect(users == 0)
            }
        }
    }

    /// SQLite: a write that waits on another writer (here a second process's
    /// transaction, as `maeil import` holds one) gives up after the wait with
    /// 503 instead of spinning on its thread until the other commits.
    @Test func aWriterKeptWaitingOnSQLiteGetsA503() async throws {
        guard TestDatabase.postgresURL == nil else { return }
        var settings = freshSettings()
        settings.databaseWait = 1
        try await withMaeilApp(settings: settings) { app in
            let api = try await API.signUp(app)
            let book = try await api.createBook("Fruit")
            let other = try await SQLiteConnection.open(
                storage: .file(path: settings.sqlitePath), threadPool: NIOThreadPool.singleton,
                on: app.eventLoopGroup.any())
            _ = try await other.query("BEGIN IMMEDIATE")
            let started = Date()
            let waiting = try await api.send(
                .POST, "/api/v1/books/\(book.id)/words", json: ["term": "apple", "meaning": "사과"])
            #expect(waiting.status == .serviceUnavailable, "\(waiting.body.string)")
            #expect(waiting.headers.first(name: .retryAfter) == "1")
            #expect(Date().timeIntervalSince(started) < 4, "gave up after about a second")
            _ = try await other.query("ROLLBACK")
            try await other.close()
            let after = try await api.send(
                .POST, "/api/v1/books/\(book.id)/words", json: ["term": "apple", "meaning": "사과"])
            #expect(after.status == .created, "\(after.body.string)")
        }
    }

    /// SQLite's statements run on threads of their own: with every thread of
    /// the process's shared pool held (speech engines, archives, an import's
    /// keys run there), a word is still written at once, not after them.
    @Test func sqliteWritesDoNotWaitForTheSharedThreads() async throws {
        guard TestDatabase.postgresURL == nil else { return }
        try await withMaeilApp { app in
            let api = try await API.signUp(app)
            let book = try await api.createBook("Fruit")
            let threads = NIOSingletons.blockingPoolThreadCountSuggestion
            let holding = NIOLockedValueBox(0)
            let released = NIOLockedValueBox(false)
            // Each holder says whether it was let go or gave up: a write that waited for
            // the shared threads would only end once they gave up (after 60 s).
            let holders = (0..<threads).map { _ in
                Task {
                    try await NIOThreadPool.singleton.runIfActive { () -> Bool in
                        holding.withLockedValue { $0 += 1 }
                        for _ in 0..<6_000 where !released.withLockedValue({ $0 }) {
                            usleep(10_000)
                        }
                        return released.withLockedValue { $0 }
                    }
                }
            }
            try await ChangeFeedTests.eventually("every shared thread held", seconds: 30) {
                holding.withLockedValue { $0 } == threads
            }
            let added = try await api.send(
                .POST, "/api/v1/books/\(book.id)/words", json: ["term": "apple", "meaning": "사과"])
            released.withLockedValue { $0 = true }
            var letGo = true
            for holder in holders { letGo = try await holder.value && letGo }
            #expect(added.status == .created, "\(added.body.string)")
            #expect(letGo, "the write waited for the shared threads")
        }
    }
}
