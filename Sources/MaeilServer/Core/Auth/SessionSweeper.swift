import Foundation
import NIOConcurrencyHelpers
import NIOCore
import SQLKit
import Vapor

/// Deletes what only piles up: expired sessions and failed sign-ins older
/// than any rate-limit window. Runs at start and then hourly; the deletes are
/// idempotent, so several app processes running it at once do no harm.
struct SessionSweeper: LifecycleHandler {
    static let interval: TimeAmount = .hours(1)

    private final class Task: Sendable {
        let scheduled = NIOLockedValueBox<RepeatedTask?>(nil)
    }
    private let task = Task()

    func didBoot(_ app: Application) throws {
        let repeated = app.eventLoopGroup.next().scheduleRepeatedAsyncTask(
            initialDelay: .seconds(1), delay: Self.interval
        ) {
            [app] _ in
            app.eventLoopGroup.next().makeFutureWithTask {
                do {
                    try await Self.sweep(app.db.sql())
                } catch {
                    app.logger.warning("session clean-up failed: \(error)")
                }
            }
        }
        task.scheduled.withLockedValue { $0 = repeated }
    }

    /// Waits for a sweep in flight: the databases close right after the handlers.
    func shutdownAsync(_ app: Application) async {
        guard let scheduled = task.scheduled.withLockedValue({ $0 }) else { return }
        let cancelled = app.eventLoopGroup.next().makePromise(of: Void.self)
        scheduled.cancel(promise: cancelled)
        try? await cancelled.futureResult.get()
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
