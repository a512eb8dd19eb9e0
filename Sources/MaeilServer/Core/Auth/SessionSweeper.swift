import Foundation
import NIOConcurrencyHelpers
import NIOCore
import SQLKit
import Vapor

/// Deletes what only piles up: expired sessions and failed sign-ins older
/// than any rate-limit window. Runs at start and then hourly, once an hour
/// across all the app processes on the database (`ScheduledRuns`).
struct SessionSweeper: LifecycleHandler {
    static let interval: TimeAmount = .hours(1)

    private final class Task: Sendable {
        let scheduled = NIOLockedValueBox<RepeatedTask?>(nil)
        /// The sweep in flight, if any.
        let running = NIOLockedValueBox<EventLoopFuture<Void>?>(nil)
    }
    private let task = Task()

    func didBoot(_ app: Application) throws {
        let repeated = app.eventLoopGroup.next().scheduleRepeatedAsyncTask(
            initialDelay: .seconds(1), delay: Self.interval
        ) {
            [app, task] _ in
            let sweep = app.eventLoopGroup.next().makeFutureWithTask {
                // Nil once the databases have shut down (`app.db` would trap).
                guard
                    let db = app.databases.database(
                        logger: app.logger, on: app.eventLoopGroup.any())
                else { return }
                do {
                    let hour = Int64(Date().timeIntervalSince1970 / 3600)
                    guard try await ScheduledRuns.take("session-sweep", slot: hour, on: db.sql())
                    else { return }
                    try await Self.sweep(db.sql())
                } catch {
                    app.logger.warning("session clean-up failed: \(error)")
                }
            }
            task.running.withLockedValue { $0 = sweep }
            return sweep
        }
        task.scheduled.withLockedValue { $0 = repeated }
    }

    /// Stops the sweeps and waits for one in flight: the databases close right
    /// after the handlers. (Cancelling a repeated task does not wait for its
    /// current run: a sweep that outlived its app crashed a test run.)
    func shutdownAsync(_ app: Application) async {
        guard let scheduled = task.scheduled.withLockedValue({ $0 }) else { return }
        let cancelled = app.eventLoopGroup.next().makePromise(of: Void.self)
        scheduled.cancel(promise: cancelled)
        try? await cancelled.futureResult.get()
        try? await task.running.withLockedValue({ $0 })?.get()
    }

    /// One pass; returns the sessions and sign-in records deleted.
    @discardableResult
    static func sweep(_ db: any SQLDatabase, now: Date = Date()) async throws -> (
        sessions: Int, attempts: Int
    ) {
        let sessions = try await DatabaseSessionDriver.deleteExpired(on: db, now: now)
        let attempts = try await db.raw(
            """
            DELETE FROM \(ident: LoginAttempt.schema)
            WHERE attempted_at < \(bind: now.addingTimeInterval(-AccountService.longestWindow)) RETURNING id
            """
        ).all().count
        return (sessions, attempts)
    }
}
