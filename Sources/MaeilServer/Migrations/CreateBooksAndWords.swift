import Fluent
import SQLKit

struct CreateBooksAndWords: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(Book.schema)
            .id()
            .field("user_id", .uuid, .required, .references(User.schema, .id, onDelete: .cascade))
            .field("name", .string, .required)
            .field("description", .string, .required)
            .field("created_at", .datetime)
            .field("updated_at", .datetime)
            .create()
        try await database.schema(WordRow.table)
            .id()
            .field("book_id", .uuid, .required, .references(Book.schema, .id, onDelete: .cascade))
            .field("user_id", .uuid, .required, .references(User.schema, .id, onDelete: .cascade))
            .field("term", .string, .required)
            .field("meaning", .string, .required)
            .field("reading", .string, .required)
            .field("part_of_speech", .string, .required)
            .field("note", .string, .required)
            .field("synonyms", .string, .required)
            .field("antonyms", .string, .required)
            .field("examples", .string, .required)
            .field("tags", .string, .required)
            .field("memorized", .bool, .required)
            .field("bookmarked", .bool, .required)
            .field("search_text", .string, .required)
            .field("jamo_text", .string, .required)
            .field("choseong_text", .string, .required)
            .field("search_id", .int64, .required)
            .field("added_on", .string, .required)
            .field("created_at", .datetime, .required)
            .field("updated_at", .datetime, .required)
            .create()
        let sql = try database.sql()
        try await sql.create(index: "books_user").on(Book.schema).column("user_id").run()
        try await sql.create(index: "words_book_created").on(WordRow.table)
            .column("book_id").column("created_at").run()
        try await sql.create(index: "words_user_added_on").on(WordRow.table)
            .column("user_id").column("added_on").run()
        try await sql.create(index: "words_user_created").on(WordRow.table)
            .column("user_id").column("created_at").run()
        try await sql.create(index: "words_search_id").on(WordRow.table).column("search_id").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(WordRow.table).delete()
        try await database.schema(Book.schema).delete()
    }
}
