import Fluent
import SQLKit

/// Indexes that hold a book's alphabetical and memorized-first orders, so a
/// page of either reads its ids from an index instead of sorting every word
/// of the book (EDICT's first alphabetical page took 1.1 s).
///
/// - alphabetical: `LOWER(term), term, id`, the order's own expressions;
/// - memorized first (or last): two runs of the newest-first order
///   (`WordStore.runs`). The memorized run reads a partial index of the
///   memorized words alone; the other reads the newest-first index, which
///   now carries `memorized` so that skipping the memorized words needs no
///   row.
struct AddSortIndexes: AsyncMigration {
    static let statements = [
        "CREATE INDEX words_user_book_created_memorized ON words (user_id, book_id, created_at, id, memorized)",
        "DROP INDEX words_user_book_created_id",
        "CREATE INDEX words_user_book_memorized ON words (user_id, book_id, created_at, id) WHERE memorized",
        "CREATE INDEX words_user_book_term ON words (user_id, book_id, (LOWER(term)), term, id)",
    ]

    func prepare(on database: any Database) async throws {
        let sql = try database.sql()
        try await sql.run(Self.statements)
        try await SQLiteStatistics.countAgain("words", on: sql)
    }

    func revert(on database: any Database) async throws {
        try await database.sql().run([
            "CREATE INDEX words_user_book_created_id ON words (user_id, book_id, created_at, id)",
            "DROP INDEX words_user_book_created_memorized",
            "DROP INDEX words_user_book_memorized",
            "DROP INDEX words_user_book_term",
        ])
    }
}
