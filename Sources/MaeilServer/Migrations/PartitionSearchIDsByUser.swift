import Fluent
import SQLKit

/// SQLite: every word's search id moves into its owner's range
/// (`SearchIndex.searchIDs(of:)`), numbered in the order the words had, and
/// the FTS5 table is built again under the new ids, merged into one segment.
/// PostgreSQL's search never reads the ids.
struct PartitionSearchIDsByUser: AsyncMigration {
    func prepare(on database: any Database) async throws {
        let sql = try database.sql()
        guard sql.maeilDialect == .sqlite else { return }
        let owners = try await sql.raw("SELECT DISTINCT user_id FROM words").all().map {
            try $0.decode(column: "user_id", as: StoredUUID.self).value
        }
        // Users whose ranges agree are numbered together.
        let sharing = Dictionary(grouping: owners) { SearchIndex.searchIDs(of: $0).lowerBound }
        for (first, users) in sharing {
            try await sql.raw(
                """
                WITH numbered AS (
                  SELECT id, ROW_NUMBER() OVER (ORDER BY search_id) AS n FROM words
                  WHERE user_id IN (\(binds: users)))
                UPDATE words SET search_id = \(bind: first) + numbered.n
                FROM numbered WHERE words.id = numbered.id
                """
            ).run()
        }
        try await sql.run(IndexImportsInBulk.sqliteIndexInOneSegment)
    }

    /// The ids stay: any distinct ids serve the index as it was.
    func revert(on database: any Database) async throws {}
}
