import Fluent
import SQLKit
import VocabCore

/// Books others can see (`BookVisibility`) and copies of them: who can see a
/// book, when it was last published (the library's newest first), how many
/// times it was copied, and on a copy, the book it came from.
///
/// The library lists public books newest first or most copied first through
/// the two indexes below, reading only the page it shows. Its search looks
/// into each book's `search_text` (`WordSearchMatcher.titleKeys` of its name
/// and description, kept by `BookStore`), on PostgreSQL through a trigram
/// index.
struct AddBookPublishing: AsyncMigration {
    func prepare(on database: any Database) async throws {
        let sql = try database.sql()
        try await sql.alter(table: Book.schema)
            .column("visibility", type: .text, .notNull, .default(SQLLiteral.string("private")))
            .run()
        try await sql.alter(table: Book.schema).column("published_at", type: .timestamp).run()
        try await sql.alter(table: Book.schema)
            .column("copy_count", type: .bigint, .notNull, .default(SQLLiteral.numeric("0")))
            .run()
        try await database.schema(Book.schema).field("copied_from", .uuid).update()
        try await sql.alter(table: Book.schema)
            .column("search_text", type: .text, .notNull, .default(SQLLiteral.string("")))
            .run()
        for row in try await sql.raw("SELECT id, name, description FROM books").all() {
            let keys = WordSearchMatcher.titleKeys([
                try row.decode(column: "name", as: String.self),
                try row.decode(column: "description", as: String.self),
            ])
            try await sql.raw(
                """
                UPDATE books SET search_text = \(bind: keys)
                WHERE id = \(bind: try row.decode(column: "id", as: StoredUUID.self).value)
                """
            ).run()
        }
        if sql.maeilDialect == .postgres, try await CreateSearchIndex.hasTrigramIndexes(sql) {
            try await sql.raw(
                "CREATE INDEX books_search_trgm ON books USING gin (search_text public.gin_trgm_ops)"
            ).run()
        }
        try await sql.create(index: "books_visibility_published")
            .on(Book.schema).column("visibility").column("published_at").column("id").run()
        try await sql.create(index: "books_visibility_copies")
            .on(Book.schema).column("visibility").column("copy_count").column("published_at")
            .column("id").run()
    }

    func revert(on database: any Database) async throws {
        let sql = try database.sql()
        try await sql.raw("DROP INDEX IF EXISTS books_search_trgm").run()
        try await sql.drop(index: "books_visibility_copies").run()
        try await sql.drop(index: "books_visibility_published").run()
        // Raw: SQLKit's SQLite dialect leaves DROP COLUMN out (SQLite has had it since 3.35).
        for column in ["search_text", "copied_from", "copy_count", "published_at", "visibility"] {
            try await sql.raw("ALTER TABLE books DROP COLUMN \(ident: column)").run()
        }
    }
}
