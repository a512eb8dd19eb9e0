import Foundation
import MaeilAPI
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import Testing
import Vapor
import VaporTesting

@testable import MaeilServer

/// SQLite's writers in this process wait in line, in the order they came,
/// and a writer that waited past its patience is answered busy having
/// changed nothing.
@Suite("SQLite writer turns")
struct SQLiteWriterTurnsTests {
    private let loop = MultiThreadedEventLoopGroup.singleton.any()

    /// Holds a turn of `turns` until `release` is called. Told when the turn
    /// is taken rather than polling for it: at the start of a whole test run
    /// a new task can wait many seconds for a thread (13 s once in CI).
    private func hold(_ turns: SQLiteWriterTurns) async throws -> (
        release: @Sendable () -> Void, done: Task<Void, any Error>
    ) {
        let gate = NIOLockedValueBox(false)
        let (taken, signal) = AsyncStream<Void>.makeStream()
        let loop = loop
        let done = Task {
            try await turns.inTurn(on: loop) {
                signal.finish()
                while !gate.withLockedValue({ $0 }) { try await Task.sleep(for: .milliseconds(2)) }
            }
        }
        for await _ in taken {}
        return ({ gate.withLockedValue { $0 = true } }, done)
    }

    @Test func writersTakeTheirTurnsInTheOrderTheyCame() async throws {
        let turns = SQLiteWriterTurns(patience: .seconds(30))
        let (release, holder) = try await hold(turns)
        let order = NIOLockedValueBox<[Int]>([])
        var writers: [Task<Void, any Error>] = []
        for writer in 0..<8 {
            let loop = loop
            writers.append(
                Task {
                    try await turns.inTurn(on: loop) {
                        order.withLockedValue { $0.append(writer) }
                        try await Task.sleep(for: .milliseconds(1))
                    }
                })
            // The next writer comes only once this one waits in line.
            try await ChangeFeedTests.eventually("writer \(writer) waiting", seconds: 60) {
                turns.waiting == writer + 1
            }
        }
        #expect(order.withLockedValue { $0 }.isEmpty)
        release()
        try await holder.value
        for writer in writers { try await writer.value }
        #expect(order.withLockedValue { $0 } == Array(0..<8))
        #expect(turns.waiting == 0)
    }

    @Test func aWriterPastItsPatienceIsBusyAndNeverRuns() async throws {
        let turns = SQLiteWriterTurns(patience: .milliseconds(50))
        let (release, holder) = try await hold(turns)
        let ran = NIOLockedValueBox(false)
        await #expect(throws: DatabaseBusy.self) {
            try await turns.inTurn(on: loop) { ran.withLockedValue { $0 = true } }
        }
        #expect(!ran.withLockedValue { $0 })
        #expect(turns.waiting == 0)
        release()
        try await holder.value
        // The line is free again: the next writer runs at once.
        #expect(try await turns.inTurn(on: loop) { 7 } == 7)
    }

    @Test func aFailedWriteHandsTheTurnOn() async throws {
        struct Failed: Error {}
        let turns = SQLiteWriterTurns(patience: .seconds(1))
        await #expect(throws: Failed.self) {
            try await turns.inTurn(on: loop) { throw Failed() }
        }
        #expect(try await turns.inTurn(on: loop) { "next" } == "next")
    }

    /// The app's write transactions go through its turns on SQLite: with the
    /// turn held, a new word waits out the database wait and is answered 503
    /// with nothing saved; once free, the same word is added. PostgreSQL
    /// queues in the server, so its configuration has no turns.
    @Test func aWordWaitsForItsTurn() async throws {
        var settings = freshSettings()
        settings.databaseWait = 0.2
        try await withMaeilApp(settings: settings) { app in
            let turns = (app.db.configuration as? any TakesWriterTurns)?.writerTurns
            guard let turns, !app.maeilSettings.usesPostgres else {
                #expect(turns == nil)
                return
            }
            let api = try await API.signUp(app)
            let book = try await api.createBook("Turns").id
            let (release, holder) = try await hold(turns)
            let busy = try await api.send(
                .POST, "/api/v1/books/\(book)/words", json: ["term": "queue", "meaning": "줄"])
            #expect(busy.status == .serviceUnavailable, "\(busy.body.string)")
            #expect(api.errorCode(busy) == "busy")
            release()
            try await holder.value
            let words = try await api.send(.GET, "/api/v1/books/\(book)/words")
            #expect(!words.body.string.contains("queue"))
            _ = try await api.addWord(book, "queue", "줄")
        }
    }
}
