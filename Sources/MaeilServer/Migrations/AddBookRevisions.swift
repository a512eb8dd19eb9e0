import Fluent
import SQLKit

/// Each book keeps a revision that moves on with every change to its words —
/// added, removed, moved in or out, or edited in any column — in the same
/// transaction as the change, so a page made from the book at one revision
/// can be handed out again while the revision stays (`WordPageCache`).
///
/// The count triggers already update the book's row for each word added or
/// removed (`AddBookCounts`): they move the revision in the same statement.
/// SQLite's count trigger on updates watches three columns only, so another
/// trigger moves it for every update; PostgreSQL's statement trigger already
/// runs for every update.
struct AddBookRevisions: AsyncMigration {
    func prepare(on database: any Database) async throws {
        let sql = try database.sql()
        try await sql.alter(table: Book.schema)
            .column("revision", type: .bigint, .notNull, .default(SQLLiteral.numeric("0")))
            .run()
        switch sql.maeilDialect {
        case .sqlite:
            try await sql.run(Self.dropCountTriggers)
            try await sql.run(AddBookCounts.triggers(.sqlite, revisions: true))
            try await sql.raw(
                """
                CREATE TRIGGER words_revision_update AFTER UPDATE ON words BEGIN
                UPDATE books SET revision = revision + 1 WHERE id IN (OLD.book_id, NEW.book_id);
                END
                """
            ).run()
        case .postgres:
            // The function the triggers run, replaced in place.
            try await sql.run(Array(AddBookCounts.triggers(.postgres, revisions: true).prefix(1)))
        }
    }

    func revert(on database: any Database) async throws {
        let sql = try database.sql()
        switch sql.maeilDialect {
        case .sqlite:
            try await sql.raw("DROP TRIGGER IF EXISTS words_revision_update").run()
            try await sql.run(Self.dropCountTriggers)
            try await sql.run(AddBookCounts.triggers(.sqlite))
        case .postgres:
            try await sql.run(Array(AddBookCounts.triggers(.postgres).prefix(1)))
        }
        // Raw: SQLKit's SQLite dialect leaves DROP COLUMN out (SQLite has had it since 3.35).
        try await sql.raw("ALTER TABLE books DROP COLUMN revision").run()
    }

    static let dropCountTriggers = ["insert", "delete", "update"].map {
        "DROP TRIGGER IF EXISTS words_counts_\($0)"
    }
}
