import Fluent
import NIOCore
import NIOPosix
import PostgresKit
import SQLKit
import Testing
import Vapor
import VocabCore

@testable import MaeilServer

@Suite(
    "Statements kept prepared on PostgreSQL", .enabled(if: TestDatabase.postgresURL != nil))
struct PostgresKeptStatementsTests {
    /// A kept statement is prepared on its connection once. When a migration
    /// later changes what it returns, PostgreSQL refuses the prepared one
    /// ("cached plan must not change result type") and PostgresNIO would
    /// give that answer for the connection's life: the read is run again
    /// unprepared, and stays so on that connection.
    @Test func aStatementThatFailsPreparedRunsAgainUnprepared() async throws {
        try await withMaeilApp { app in
            let api = try await API.signUp(app)
            let book = try await api.createBook("Kept")
            let word = try await api.addWord(book.id, "lamp", "램프")
            try await app.db.withConnection { connection in
                let sql = try connection.sql()
                let kept = sql.keepingStatementsPrepared()
                func meaning() async throws -> String? {
                    try await kept.raw("SELECT meaning FROM words WHERE id = \(bind: word.id)")
                        .first()?.decode(column: "meaning", as: String.self)
                }
                func prepared() async throws -> Int? {
                    try await sql.raw(
                        """
                        SELECT COUNT(*) AS n FROM pg_prepared_statements
                        WHERE name LIKE 'maeil\\_%' AND statement LIKE 'SELECT meaning FROM words%'
                        """
                    ).first()?.decode(column: "n", as: Int.self)
                }
                #expect(try await meaning() == "램프")
                #expect(try await meaning() == "램프")
                #expect(try await prepared() == 1, "prepared once on this connection")
                try await sql.raw("ALTER TABLE words ALTER COLUMN meaning TYPE varchar(4000)").run()
                #expect(try await meaning() == "램프", "run again unprepared")
                #expect(try await meaning() == "램프", "and unprepared from then on")
            }
        }
    }

    /// The review queue's reads are kept prepared, those that bind a day
    /// among them: a day binds as text through PostgresNIO, where through
    /// PostgresKit its statements ran unprepared, parsed and planned anew.
    @Test func theReviewQueuesReadsAreKeptPrepared() async throws {
        try await withMaeilApp { app in
            let username = "kept\(Int.random(in: 1000...999_999))"
            let api = try await API.signUp(app, username)
            let book = try await api.createBook("Kept")
            _ = try await api.addWord(book.id, "lamp", "램프")
            let userID = try await app.userID(username)
            try await app.db.withConnection { connection in
                let reviews = ReviewService(
                    db: connection, userID: userID, days: DayFormatter(timeZone: .gmt))
                let queued = try await reviews.queue(bookID: nil).cards.map(\.word.term)
                #expect(queued.contains("lamp"), "queued: \(queued)")
                let kept = try await connection.sql().raw(
                    "SELECT statement FROM pg_prepared_statements WHERE name LIKE 'maeil\\_%'"
                ).all().map { try $0.decode(column: "statement", as: String.self) }
                for (read, start) in [
                    ("settings", "SELECT desired_retention"),
                    ("today's answers, bound to a day", "SELECT state_before, COUNT(*)"),
                    ("today's extras, bound to a day", "SELECT book_id, extra_new"),
                    ("the books' limits", "SELECT book_id, new_per_day"),
                    ("the cards", "SELECT w.id"),
                    ("the counts", "SELECT COUNT(*) AS n FROM (SELECT 1 FROM cards"),
                ] {
                    #expect(kept.contains { $0.hasPrefix(start) }, "\(read) kept prepared")
                }
            }
        }
    }

    /// A statement on a closed connection fails at once, kept or not, and a
    /// request answers it as the database being unavailable (503).
    /// PostgresNIO's own would wait forever: the closed channel has dropped
    /// the handler that would answer it. With the kept reads written from a
    /// task off the connection's event loop, a server whose connections
    /// were cut again and again left 7 of 1,800 requests unanswered, and a
    /// fresh-clone CI run stopped, every thread idle, in the fault test
    /// whose relay cuts the pool's connections.
    @Test func aStatementOnAClosedConnectionFailsInsteadOfWaiting() async throws {
        let connection = try await Self.connect()
        let one = PostgresBindings()
        try await Self.answered(
            PostgresKeptStatements.run("SELECT 1 AS one", one, on: connection) { _ in })
        try await connection.close()
        // Once closed, the channel drops its handlers.
        try await Task.sleep(for: .milliseconds(100))
        let kept = await #expect(throws: PostgresConnection.ClosedBeforeAnswer.self, "kept") {
            try await Self.answered(
                PostgresKeptStatements.run("SELECT 1 AS one", one, on: connection) { _ in })
        }
        #expect(
            DatabaseFault.translated(try #require(kept)) is DatabaseUnavailable,
            "a request that meets it answers 503, as for any cut connection")
        await #expect(throws: PostgresConnection.ClosedBeforeAnswer.self, "not kept") {
            try await Self.answered(
                PostgresRowsDatabase.query("SELECT 2 AS two", one, on: connection) { _ in })
        }
    }

    /// A kept statement whose connection is cut while it runs fails, and is
    /// not run again unprepared on the dead connection (which, too, would
    /// never be answered).
    @Test func aKeptStatementCutWhileItRunsFailsInsteadOfWaiting() async throws {
        let connection = try await Self.connect()
        let pid = try await connection.query("SELECT pg_backend_pid() AS pid", logger: Self.logger)
            .get().rows.first?.decode(Int32.self)
        let killer = try await Self.connect()
        let running = PostgresKeptStatements.run(
            "SELECT pg_sleep(5) AS slept", PostgresBindings(), on: connection
        ) { _ in }
        try await Task.sleep(for: .milliseconds(300))
        _ = try await killer.query(
            "SELECT pg_terminate_backend(\(try #require(pid))) AS done", logger: Self.logger
        ).get()
        let failure = await #expect(throws: (any Error).self) { try await Self.answered(running) }
        #expect(!(failure is NotAnswered), "answered with an error, not left waiting")
        #expect(connection.isClosed)
        try await killer.close()
    }

    private static let logger = Logger(label: "test")

    private static func connect() async throws -> PostgresConnection {
        let url = try #require(TestDatabase.postgresURL)
        return try await PostgresConnection.connect(
            on: MultiThreadedEventLoopGroup.singleton.any(),
            configuration: try SQLPostgresConfiguration(url: url).coreConfiguration,
            id: Int.random(in: 1000...999_999), logger: logger)
    }

    private struct NotAnswered: Error {}

    /// Waits for `statement`, failing with `NotAnswered` after thirty seconds
    /// rather than waiting with it for good.
    private static func answered(_ statement: EventLoopFuture<Void>) async throws {
        let answer = statement.eventLoop.makePromise(of: Void.self)
        statement.cascade(to: answer)
        let deadline = statement.eventLoop.scheduleTask(in: .seconds(30)) {
            answer.fail(NotAnswered())
        }
        defer { deadline.cancel() }
        try await answer.futureResult.get()
    }
}
