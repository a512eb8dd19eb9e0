import Logging
import NIOCore
import PostgresNIO

/// PostgresNIO hands a statement to its connection's channel without asking
/// to hear if the write failed, and once the channel is closed nobody
/// answers it: the caller waits forever, holding its pooled connection, its
/// request and the server's shutdown. On the connection's event loop a
/// write reaches the connection's handler at once while the channel is
/// open, and the handler answers it even if the connection closes later.
/// So every statement is written from the connection's event loop, after a
/// look at whether the connection is still open. (Waiting on `closeFuture`
/// instead would add a callback to it for every statement of the
/// connection's life.) The change feed's probe met this when a shutdown
/// closed its connection as LISTEN returned; the review queue's kept reads
/// met it when a relay cut the pool's connections in a fault test.
extension PostgresConnection {
    /// The connection closed before a statement was answered.
    struct ClosedBeforeAnswer: Error {}

    /// `write()`, run on the connection's event loop while the connection is
    /// open; `ClosedBeforeAnswer` once it is closed.
    func whileOpen<T: Sendable>(_ write: @escaping @Sendable () -> EventLoopFuture<T>)
        -> EventLoopFuture<T>
    {
        guard eventLoop.inEventLoop else {
            return eventLoop.flatSubmit { self.whileOpen(write) }
        }
        guard !isClosed else { return eventLoop.makeFailedFuture(ClosedBeforeAnswer()) }
        return write()
    }

    /// Runs `query` while the connection is open (`whileOpen`).
    func queryUntilClosed(_ query: PostgresQuery, logger: Logger) async throws {
        try await whileOpen { self.query(query, logger: logger).map { _ in } }.get()
    }

    /// `body` run on the connection's event loop while the connection is
    /// open, from its first step to its first wait; `ClosedBeforeAnswer`
    /// once it is closed. An `async` statement of PostgresNIO's writes before
    /// it waits, so nothing comes between the look at `isClosed` and the write.
    func runWhileOpen<T: Sendable>(_ body: @escaping @Sendable () async throws -> T)
        -> EventLoopFuture<T>
    {
        let promise = eventLoop.makePromise(of: T.self)
        Task(executorPreference: EventLoopTaskExecutor(eventLoop)) {
            do {
                guard !self.isClosed else { throw ClosedBeforeAnswer() }
                promise.succeed(try await body())
            } catch { promise.fail(error) }
        }
        return promise.futureResult
    }
}

/// An event loop as a task executor: the jobs of a task that prefers it run
/// on the loop's thread, one after another.
private final class EventLoopTaskExecutor: TaskExecutor {
    let loop: any EventLoop

    init(_ loop: any EventLoop) { self.loop = loop }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        loop.execute { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
