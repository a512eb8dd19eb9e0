import Fluent
import SQLKit

/// `scheduled_runs`: which process took each run of a periodic job
/// (`ScheduledRuns`), so that several app processes on one database run it once.
struct CreateScheduledRuns: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.sql().create(table: ScheduledRuns.table)
            .column("job", type: .text, .notNull)
            .column("slot", type: .bigint, .notNull)
            .column("taken_at", type: .timestamp, .notNull)
            .primaryKey("job", "slot")
            .run()
    }

    func revert(on database: any Database) async throws {
        try await database.sql().drop(table: ScheduledRuns.table).run()
    }
}
