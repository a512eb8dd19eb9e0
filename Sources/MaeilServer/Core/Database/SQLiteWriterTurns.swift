import FluentKit
import NIOConcurrencyHelpers
import NIOCore

/// SQLite's writers, one at a time, first come first served, in this process.
///
/// SQLite lets one connection write at a time; the others meet SQLITE_BUSY and
/// sleep in its busy handler, in growing steps of up to 100 ms, however soon
/// the lock comes free. A write transaction that holds the lock for several
/// statements (a word, its cards and its answer) then leaves the writer on the
/// other connection asleep past its turn: 32 clients adding words to one book
/// waited 0.4–1.4 s at p99 against 0.1–0.2 s when each add was three
/// separate statements. Waiting here instead, a writer starts the moment the
/// one before it commits. Other processes (a `maeil import`) and single
/// statements outside a write transaction still meet SQLite's own lock.
final class SQLiteWriterTurns: Sendable {
    private struct Waiter {
        let id: UInt64
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var taken = false
        var waiters = CircularBuffer<Waiter>()
        var nextID: UInt64 = 0
    }

    private let state = NIOLockedValueBox(State())
    /// How long a writer waits for its turn before it is answered as busy
    /// (503 with Retry-After), as it would wait for a connection.
    let patience: TimeAmount

    init(patience: TimeAmount) {
        self.patience = patience
    }

    /// How many writers wait for their turn now (not counting the one writing).
    var waiting: Int {
        state.withLockedValue { $0.waiters.count }
    }

    /// Runs `body` once the writers before it are done; throws `DatabaseBusy`
    /// after `patience` without running it.
    func inTurn<T: Sendable>(
        on loop: any EventLoop, _ body: () async throws -> T
    ) async throws -> T {
        try await take(on: loop)
        defer { handOn() }
        return try await body()
    }

    private func take(on loop: any EventLoop) async throws {
        try await withCheckedThrowingContinuation {
            (continuation: CheckedContinuation<Void, any Error>) in
            let queued: UInt64? = state.withLockedValue { state in
                guard state.taken else {
                    state.taken = true
                    return nil
                }
                let id = state.nextID
                state.nextID += 1
                state.waiters.append(Waiter(id: id, continuation: continuation))
                return id
            }
            guard let queued else { return continuation.resume() }
            loop.scheduleTask(in: patience) { [self] in
                giveUp(queued)
            }
        }
    }

    /// A waiter still in the queue after its patience leaves it; one whose
    /// turn came meanwhile is no longer there.
    private func giveUp(_ id: UInt64) {
        let waiter: Waiter? = state.withLockedValue { state in
            guard let index = state.waiters.firstIndex(where: { $0.id == id }) else { return nil }
            return state.waiters.remove(at: index)
        }
        waiter?.continuation.resume(throwing: DatabaseBusy())
    }

    /// The next waiter's turn, or nobody's.
    private func handOn() {
        let next: Waiter? = state.withLockedValue { state in
            guard !state.waiters.isEmpty else {
                state.taken = false
                return nil
            }
            return state.waiters.removeFirst()
        }
        next?.continuation.resume()
    }
}

/// A database configuration whose writers take turns.
protocol TakesWriterTurns {
    var writerTurns: SQLiteWriterTurns { get }
}
