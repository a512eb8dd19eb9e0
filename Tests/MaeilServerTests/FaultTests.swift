import Foundation
import MaeilAPI
import SQLKit
import Testing
import Vapor
import VaporTesting

@testable import MaeilServer

/// Faults outside the server: a database that goes away and comes back, a disk
/// that fills up, a data directory that cannot be used. Each gets a clear
/// answer (503 with `Retry-After`, or a plain message), changes nothing, and the
/// server carries on by itself once the fault is gone.
@Suite("Faults")
struct FaultTests {
    /// PostgreSQL stopped while requests flow (a relay between the server and
    /// the database is closed: connections cut, new ones refused): every
    /// request gets 503 with `Retry-After` within the request's wait, a write
    /// changes nothing, and once the database is back the same server answers
    /// again without a restart.
    @Test func postgresStoppedIsA503AndTheServerRecovers() async throws {
        guard let url = TestDatabase.postgresURL, let real = URLComponents(string: url),
            let host = real.host, let port = real.port
        else { return }
        let relay = try TCPRelay(to: host, port: port)
        try await relay.start()
        var relayed = real
        relayed.host = "127.0.0.1"
        relayed.port = relay.port
        var settings = freshSettings()
        settings.databaseURL = try #require(relayed.string)
        settings.databaseWait = 2
        try await withMaeilApp(settings: settings) { app in
            let api = try await API.signUp(app)
            let browser = try await WebBrowser.signUp(app, "outage\(Int.random(in: 1000...99_999))")
            let book = try await api.createBook("Outage").id
            _ = try await api.addWord(book, "before", "전")

            try await relay.stop()
            let started = Date()
            let list = try await api.send(.GET, "/api/v1/books/\(book)/words")
            #expect(list.status == .serviceUnavailable, "\(list.body.string)")
            #expect(list.headers.first(name: .retryAfter) != nil)
            #expect(api.errorCode(list) == "unavailable")
            let write = try await api.send(
                .POST, "/api/v1/books/\(book)/words", json: ["term": "during", "meaning": "중"])
            #expect(write.status == .serviceUnavailable, "\(write.body.string)")
            var korean = browser
            korean.language = "ko"
            let page = try await korean.get("/books/\(book)")
            #expect(page.status == .serviceUnavailable)
            #expect(page.headers.first(name: .retryAfter) != nil)
            #expect(page.body.string.contains("데이터베이스"), "\(page.body.string.prefix(400))")
            #expect(Date().timeIntervalSince(started) < 12, "answered, not held")

            try await relay.start()
            var recovered = false
            for _ in 0..<40 where !recovered {
                recovered = try await api.send(.GET, "/api/v1/books").status == .ok
                if !recovered { try await Task.sleep(for: .milliseconds(250)) }
            }
            #expect(recovered, "answers again once the database is back")
            let words = try await api.send(.GET, "/api/v1/books/\(book)/words")
            #expect(words.status == .ok)
            #expect(words.body.string.contains("before"))
            #expect(!words.body.string.contains("during"))
            #expect(
                try await api.send(.POST, "/api/v1/books/\(book)/words", json: ["term": "after"])
                    .status == .created)
        }
        try? await relay.stop()
    }
}

extension FaultTests {
    /// Runs `pragma` on every writing connection of a SQLite app (one per
    /// event loop, kept for the app's life).
    static func onEveryWriter(_ app: Application, _ pragma: String) async throws {
        for loop in app.eventLoopGroup.makeIterator() {
            let db = try #require(app.databases.database(logger: app.logger, on: loop))
            try await db.withConnection { try await $0.sql().raw(SQLQueryString(pragma)).run() }
        }
    }

    /// SQLite on a full disk (the file may not grow: `max_page_count`, which
    /// fails a write with the same SQLITE_FULL as a disk without room): a
    /// large import answers 507 with a clear message and adds nothing, the
    /// database stays intact, and once there is room the same import works.
    @Test func aFullDiskRefusesTheImportWholeAndRecovers() async throws {
        guard TestDatabase.postgresURL == nil else { return }
        try await withMaeilApp { app in
            let api = try await API.signUp(app)
            let book = try await api.createBook("Full").id
            _ = try await api.addWord(book, "kept", "남음")
            let pages = try #require(
                try await app.db.sql().raw("PRAGMA page_count").first()?.decode(
                    column: "page_count", as: Int.self))
            try await Self.onEveryWriter(app, "PRAGMA max_page_count = \(pages + 2)")
            let rows = (0..<3000).map { "full\($0),가득 찬 디스크의 뜻 \($0)" }.joined(separator: "\n")
            func importRows() async throws -> TestingHTTPResponse {
                try await api.send(
                    .POST, "/api/v1/books/\(book)/import?format=csv&header=false",
                    raw: Data(rows.utf8), contentType: .init(type: "text", subType: "csv"))
            }
            let refused = try await importRows()
            #expect(refused.status == .insufficientStorage, "\(refused.body.string)")
            #expect(api.errorCode(refused) == "storage_full")
            let words = try await api.send(.GET, "/api/v1/books/\(book)")
            #expect(words.body.string.contains(#""wordCount":1"#), "\(words.body.string)")
            let check = try await app.db.sql().raw("PRAGMA integrity_check").first()?.decode(
                column: "integrity_check", as: String.self)
            #expect(check == "ok")

            try await Self.onEveryWriter(app, "PRAGMA max_page_count = 1073741823")
            let accepted = try await importRows()
            #expect(accepted.status == .ok, "\(accepted.body.string)")
            let after = try await api.send(.GET, "/api/v1/books/\(book)")
            #expect(after.body.string.contains(#""wordCount":3001"#), "\(after.body.string)")
        }
    }

    /// SQLite files that stop taking writes (a data directory made read-only
    /// under the running server; here the connection's `query_only`, which
    /// fails a write with the same SQLITE_READONLY): 503 with `Retry-After`
    /// and a plain message, reads still answer, writes work again after.
    @Test func aReadOnlyDatabaseIsA503AndRecovers() async throws {
        guard TestDatabase.postgresURL == nil else { return }
        try await withMaeilApp { app in
            let api = try await API.signUp(app)
            let book = try await api.createBook("Read only").id
            try await Self.onEveryWriter(app, "PRAGMA query_only = 1")
            let refused = try await api.send(
                .POST, "/api/v1/books/\(book)/words", json: ["term": "blocked"])
            #expect(refused.status == .serviceUnavailable, "\(refused.body.string)")
            #expect(refused.headers.first(name: .retryAfter) != nil)
            #expect(api.errorCode(refused) == "unavailable")
            #expect(try await api.send(.GET, "/api/v1/books/\(book)/words").status == .ok)
            try await Self.onEveryWriter(app, "PRAGMA query_only = 0")
            let accepted = try await api.send(
                .POST, "/api/v1/books/\(book)/words", json: ["term": "written"])
            #expect(accepted.status == .created, "\(accepted.body.string)")
        }
    }

    /// A data directory that cannot be one, or a database path that is a
    /// directory: the server does not start, and says which path and why.
    @Test func anUnusableDataDirectoryIsNamedAtStart() async throws {
        guard TestDatabase.postgresURL == nil else { return }
        let base = FileManager.default.temporaryDirectory
            .appendingPathComponent("maeil-fault-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: base) }
        let file = base + "/a-file"
        FileManager.default.createFile(atPath: file, contents: Data("x".utf8))
        try FileManager.default.createDirectory(
            atPath: base + "/db/maeil.sqlite", withIntermediateDirectories: true)
        for (directory, expected) in [
            (file + "/data", "Maeil cannot use \(file)/data: \(file) is a file, not a directory"),
            (base + "/db", "Maeil cannot use \(base)/db/maeil.sqlite: it is a directory"),
        ] {
            var settings = freshSettings()
            settings.dataDirectory = directory
            let app = try await Application.make(.testing)
            app.logger.logLevel = .critical
            do {
                try await configure(app, settings: settings)
                Issue.record("started with \(directory)")
            } catch {
                #expect("\(error)".hasPrefix(expected), "\(error)")
                #expect("\(error)".contains("MAEIL_DATA_DIR"))
            }
            try await app.asyncShutdown()
        }
    }
}
