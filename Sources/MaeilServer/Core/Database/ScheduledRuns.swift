import Foundation
import SQLKit

/// Periodic jobs (the session sweep, the lotto result checks) run in every app
/// process; each run has a slot (its hour, its check time), and the process
/// whose insert of the slot's row goes in first runs it: the others find the
/// row and skip. One statement, on either database, so no process needs to
/// know of the others.
enum ScheduledRuns {
    static let table = "scheduled_runs"

    /// True when this process takes `slot` of `job`; forgets slots a week old.
    static func take(_ job: String, slot: Int64, on sql: any SQLDatabase, now: Date = Date())
        async throws -> Bool
    {
        let taken = try await sql.raw(
            """
            INSERT INTO scheduled_runs (job, slot, taken_at) VALUES (\(bind: job), \(bind: slot), \(bind: now))
            ON CONFLICT (job, slot) DO NOTHING RETURNING slot
            """
        ).first()
        try await sql.raw(
            """
            DELETE FROM scheduled_runs
            WHERE job = \(bind: job) AND taken_at < \(bind: now.addingTimeInterval(-7 * 86_400))
            """
        ).run()
        return taken != nil
    }
}
