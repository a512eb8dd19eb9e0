import Fluent
import SQLKit

/// SQLite: the statistics an earlier `PRAGMA optimize` kept of small tables
/// (one user, one book) are forgotten, as every later import forgets them
/// (`SQLiteStatistics` has why).
struct ForgetSmallTableStatistics: AsyncMigration {
    func prepare(on database: any Database) async throws {
        let sql = try database.sql()
        guard sql.maeilDialect == .sqlite else { return }
        try await SQLiteStatistics.forgetSmallTables(on: sql)
    }

    /// Nothing to restore: the next `PRAGMA optimize` counts what it needs.
    func revert(on database: any Database) async throws {}
}
