import Fluent
import SQLKit

/// Every line of the choseong key ends with a newline (`WordSearchKeys`), so
/// the typo pass asks the index for whole lines of initials: on 300,000
/// words, about 500 candidates for a two-syllable query instead of 3,000.
/// The keys are computed again for every word, in one transaction.
struct EndChoseongLines: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.transactionUntilClosed { db in
            try await SearchKeyRefresh.run(try db.sql(), indexing: AddCJKSearchKey.columns)
        }
    }

    /// Nothing to undo: the earlier code matches choseong keys by containment,
    /// which lines that end with a newline still satisfy.
    func revert(on database: any Database) async throws {}
}
