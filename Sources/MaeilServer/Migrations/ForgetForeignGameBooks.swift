import Fluent
import SQLKit

/// Games started with another user's book id (before the id was checked)
/// forget that book, so its name shows nowhere.
struct ForgetForeignGameBooks: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.sql().raw(
            """
            UPDATE game_sessions SET book_id = NULL
            WHERE book_id IS NOT NULL AND NOT EXISTS (
              SELECT 1 FROM books b WHERE b.id = game_sessions.book_id AND b.user_id = game_sessions.user_id)
            """
        ).run()
    }

    func revert(on database: any Database) async throws {}
}
