import Fluent
import SQLKit

/// PostgreSQL: a word's book and a card's word must be its own user's, and
/// the database says so. Each word had one foreign key to its book and one
/// to its user, each card one to its word and one to its user: two checks
/// a row, which held nothing of the kind (a word of one user could sit in
/// another's book). One key each on (book, user) and (word, user) checks
/// that in one, and cascades as before: a user's books take their words, a word
/// its cards. Each check is a lookup of its own while PostgreSQL inserts a
/// row: EDICT's import (267,379 words, 534,758 cards) went from 65.5 to
/// 58.8 s (two runs each, alternated), its words' `COPY` 49.9 → 45.7 s and
/// its cards' insert 13.6 → 9.6 s (the server's log, one run each).
///
/// SQLite keeps its keys as they were: changing a key there rebuilds the table, and
/// its checks cost an import little.
struct TieRowsToTheirOwners: AsyncMigration {
    func prepare(on database: any Database) async throws {
        let sql = try database.sql()
        guard sql.maeilDialect == .postgres else { return }
        try await sql.run([
            // No row should disagree with its container; one that did
            // belongs where it is listed: its book's, its word's user.
            """
            UPDATE words w SET user_id = b.user_id FROM books b
            WHERE b.id = w.book_id AND b.user_id <> w.user_id
            """,
            """
            UPDATE cards c SET user_id = w.user_id FROM words w
            WHERE w.id = c.word_id AND w.user_id <> c.user_id
            """,
            "ALTER TABLE books ADD CONSTRAINT books_id_user_id_key UNIQUE (id, user_id)",
            "ALTER TABLE words ADD CONSTRAINT words_id_user_id_key UNIQUE (id, user_id)",
            """
            ALTER TABLE words ADD CONSTRAINT words_book_owner_fkey FOREIGN KEY (book_id, user_id)
              REFERENCES books (id, user_id) ON DELETE CASCADE,
              DROP CONSTRAINT words_book_id_fkey, DROP CONSTRAINT words_user_id_fkey
            """,
            """
            ALTER TABLE cards ADD CONSTRAINT cards_word_owner_fkey FOREIGN KEY (word_id, user_id)
              REFERENCES words (id, user_id) ON DELETE CASCADE,
              DROP CONSTRAINT cards_word_id_fkey, DROP CONSTRAINT cards_user_id_fkey
            """,
        ])
    }

    func revert(on database: any Database) async throws {
        let sql = try database.sql()
        guard sql.maeilDialect == .postgres else { return }
        try await sql.run([
            """
            ALTER TABLE cards ADD CONSTRAINT cards_word_id_fkey FOREIGN KEY (word_id)
              REFERENCES words (id) ON DELETE CASCADE,
              ADD CONSTRAINT cards_user_id_fkey FOREIGN KEY (user_id)
              REFERENCES users (id) ON DELETE CASCADE,
              DROP CONSTRAINT cards_word_owner_fkey
            """,
            """
            ALTER TABLE words ADD CONSTRAINT words_book_id_fkey FOREIGN KEY (book_id)
              REFERENCES books (id) ON DELETE CASCADE,
              ADD CONSTRAINT words_user_id_fkey FOREIGN KEY (user_id)
              REFERENCES users (id) ON DELETE CASCADE,
              DROP CONSTRAINT words_book_owner_fkey
            """,
            "ALTER TABLE words DROP CONSTRAINT words_id_user_id_key",
            "ALTER TABLE books DROP CONSTRAINT books_id_user_id_key",
        ])
    }
}
