import Fluent
import SQLKit

/// A sense's line of the search keys leaves out the notes in brackets that
/// lead it (`SenseNotes`): EDICT's "(n) school" is the line "school", so
/// "school" finds 学校 as a whole sense (rank 0, in the head the line-start
/// indexes find) instead of as a substring after every word whose sense is
/// "school" alone. Every word's keys are computed again, in one transaction;
/// on SQLite the index is built again in its current form and merged.
struct RankSensesPastTheirNotes: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.transactionUntilClosed { db in
            try await SearchKeyRefresh.run(
                try db.sql(), sqliteIndex: IndexImportsInBulk.sqliteIndexInOneSegment)
        }
    }

    /// Nothing to undo: the earlier code searches these keys as it searched
    /// the ones before.
    func revert(on database: any Database) async throws {}
}
