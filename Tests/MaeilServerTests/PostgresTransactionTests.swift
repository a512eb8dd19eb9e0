import Fluent
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import PostgresKit
import SQLKit
import Testing
import Vapor

@testable import MaeilServer

/// A transaction whose connection is cut while it runs must fail, not wait:
/// PostgresNIO never answers a statement written to a closed connection
/// (`whileOpen`), and Fluent's own transaction writes its ROLLBACK, after a
/// statement failed because the connection was cut, with no look at
/// whether the connection is still open.
@Suite("PostgreSQL transactions", .enabled(if: TestDatabase.postgresURL != nil))
struct PostgresTransactionTests {
    private struct Refused: Error {}

    @Test func aTransactionCommitsItsWritesOrNone() async throws {
        try await withMaeilApp { app in
            let sql = try app.db.sql()
            try await sql.run(["CREATE TABLE probe_tx (n INT)"])
            try await app.db.writeTransaction { tx in
                try await tx.sql().raw("INSERT INTO probe_tx VALUES (1)").run()
            }
            await #expect(throws: Refused.self) {
                try await app.db.writeTransaction { tx in
                    try await tx.sql().raw("INSERT INTO probe_tx VALUES (2)").run()
                    #expect(tx.inTransaction)
                    throw Refused()
                }
            }
            let rows = try await sql.raw("SELECT n FROM probe_tx").all(
                decodingColumn: "n", as: Int.self)
            #expect(rows == [1], "the failed transaction rolled back")
            try await sql.run(["DROP TABLE probe_tx"])
        }
    }

    /// The body fails once its connection is gone: the ROLLBACK that follows
    /// has no connection to go to. The body's own error reaches the caller.
    @Test func aTransactionWhoseConnectionClosedFailsWithItsOwnError() async throws {
        try await withMaeilApp { app in
            let failure = await #expect(throws: (any Error).self) {
                try await Self.answered { deadline in
                    try await app.db.writeTransaction { tx in
                        try await Self.close(tx, deadline)
                        throw Refused()
                    }
                }
            }
            #expect(
                failure is Refused,
                "the body's error, not left waiting: \(String(describing: failure))")
        }
    }

    /// A body that ends well on a closed connection cannot commit: the caller
    /// hears so (a 503 for a request), rather than waiting on the COMMIT.
    @Test func aTransactionThatCannotCommitFails() async throws {
        try await withMaeilApp { app in
            let failure = await #expect(throws: (any Error).self) {
                try await Self.answered { deadline in
                    try await app.db.writeTransaction { tx in try await Self.close(tx, deadline) }
                }
            }
            #expect(
                failure is PostgresConnection.ClosedBeforeAnswer, "\(String(describing: failure))")
        }
    }

    /// A statement whose values PostgresNIO cannot bind itself (a NULL) goes
    /// through PostgresKit's binding, and on a closed connection fails too.
    @Test func aStatementBoundByPostgresKitFailsOnAClosedConnection() async throws {
        try await withMaeilApp { app in
            let nothing: String? = nil
            let read = try await app.db.sql().raw("SELECT \(bind: nothing)::text AS t").first()
            #expect(try read?.decodeNil(column: "t") == true)
            let failure = await #expect(throws: (any Error).self) {
                try await Self.answered { deadline in
                    try await app.db.writeTransaction { tx in
                        try await Self.close(tx, deadline)
                        try await tx.sql().raw("SELECT \(bind: nothing)::text AS t").run()
                    }
                }
            }
            #expect(
                failure is PostgresConnection.ClosedBeforeAnswer, "\(String(describing: failure))")
        }
    }

    /// A model's statement (Fluent's own, a book found) and an import's COPY
    /// on a closed connection fail too.
    @Test func aModelsStatementAndACopyFailOnAClosedConnection() async throws {
        try await withMaeilApp { app in
            try await Self.expectClosedBeforeAnswer(app, "a model's statement") { tx in
                _ = try await Book.query(on: tx).first()
            }
            try await Self.expectClosedBeforeAnswer(app, "a copy") { tx in
                var rows = PostgresBulkCopy.Rows()
                try rows.append(["copied"])
                try await PostgresBulkCopy.run(on: tx, into: "books", columns: ["name"], rows: rows)
            }
        }
    }

    /// `statement`, run in a transaction whose connection was closed, fails
    /// with `ClosedBeforeAnswer`.
    private static func expectClosedBeforeAnswer(
        _ app: Application, _ name: String,
        _ statement: @escaping @Sendable (any Database) async throws -> Void
    ) async throws {
        let failure = await #expect(throws: (any Error).self, "\(name)") {
            try await answered { deadline in
                try await app.db.writeTransaction { tx in
                    try await close(tx, deadline)
                    try await statement(tx)
                }
            }
        }
        #expect(
            failure is PostgresConnection.ClosedBeforeAnswer,
            "\(name): \(String(describing: failure))")
    }

    /// Closes the transaction's connection, as a cut would, and starts the
    /// deadline's clock.
    private static func close(_ tx: any Database, _ deadline: Deadline) async throws {
        let postgres = try #require(tx as? any PostgresDatabase)
        try await postgres.withConnection { $0.close() }.get()
        deadline.start()
        // Once closed, the channel drops its handlers.
        try await Task.sleep(for: .milliseconds(100))
    }

    private struct NotAnswered: Error {}

    /// Runs `work`, failing with `NotAnswered` thirty seconds after `work`
    /// closed its connection (`close`) rather than waiting with it for good.
    /// The clock starts at the cut, not before: on a loaded CI machine the
    /// pool took ten seconds to open the transaction's connection.
    private static func answered(
        _ work: @escaping @Sendable (_ deadline: Deadline) async throws -> Void
    ) async throws {
        let deadline = Deadline()
        Task {
            do { deadline.answer.succeed(try await work(deadline)) } catch {
                deadline.answer.fail(error)
            }
        }
        defer { deadline.cancel() }
        try await deadline.answer.futureResult.get()
    }

    /// The answer `answered` waits for, and the clock that fails it.
    private final class Deadline: Sendable {
        private let loop = MultiThreadedEventLoopGroup.singleton.any()
        let answer: EventLoopPromise<Void>
        private let clock = NIOLockedValueBox<Scheduled<Void>?>(nil)

        init() { answer = loop.makePromise() }

        func start() {
            let answer = self.answer
            clock.withLockedValue {
                $0 = loop.scheduleTask(in: .seconds(30)) { answer.fail(NotAnswered()) }
            }
        }

        func cancel() { clock.withLockedValue { $0?.cancel() } }
    }
}
