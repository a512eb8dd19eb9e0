import Fluent
import SQLKit

/// Cards carry their word's book, so a book's queue and the Study page's
/// per-book counts read one book's cards through an index instead of walking
/// every card of the user in due order and dropping the other books' (a
/// 20-word book beside a 267,000-word one read them all).
///
/// The book follows the word: new cards copy it (`CardStore.insertCards`),
/// and a trigger moves the cards when their word moves to another book, in
/// the same statement.
struct AddCardBooks: AsyncMigration {
    func prepare(on database: any Database) async throws {
        let sql = try database.sql()
        try await sql.alter(table: "cards").column("book_id", type: .custom(SQLRaw("UUID"))).run()
        try await sql.raw(
            "UPDATE cards SET book_id = (SELECT w.book_id FROM words w WHERE w.id = cards.word_id)"
        ).run()
        try await sql.run(Self.triggers(sql.maeilDialect))
        try await sql.create(index: "cards_user_book_state_due").on("cards")
            .column("user_id").column("book_id").column("state").column("due").column("direction")
            .run()
    }

    func revert(on database: any Database) async throws {
        let sql = try database.sql()
        try await sql.drop(index: "cards_user_book_state_due").run()
        switch sql.maeilDialect {
        case .sqlite: try await sql.raw("DROP TRIGGER IF EXISTS words_move_cards").run()
        case .postgres:
            try await sql.raw("DROP FUNCTION IF EXISTS words_move_cards() CASCADE").run()
        }
        try await sql.raw("ALTER TABLE cards DROP COLUMN book_id").run()
    }

    static func triggers(_ dialect: DatabaseDialect) -> [String] {
        switch dialect {
        case .sqlite:
            return [
                """
                CREATE TRIGGER words_move_cards AFTER UPDATE OF book_id ON words
                WHEN OLD.book_id IS NOT NEW.book_id BEGIN
                  UPDATE cards SET book_id = NEW.book_id WHERE word_id = NEW.id;
                END
                """
            ]
        case .postgres:
            return [
                """
                CREATE FUNCTION words_move_cards() RETURNS trigger LANGUAGE plpgsql AS $$
                BEGIN
                  UPDATE cards SET book_id = NEW.book_id WHERE word_id = NEW.id;
                  RETURN NULL;
                END $$
                """,
                """
                CREATE TRIGGER words_move_cards AFTER UPDATE OF book_id ON words
                FOR EACH ROW WHEN (OLD.book_id IS DISTINCT FROM NEW.book_id)
                EXECUTE FUNCTION words_move_cards()
                """,
            ]
        }
    }
}
