import Fluent
import SQLKit

/// Reviews of shared books, their reports, administrators, and the database-kept
/// rate limits that hold across app processes.
///
/// A book keeps the count and the star total of its visible reviews on its own
/// row, rewritten from `book_reviews` in the transaction of every change, so
/// the library orders by rating or by reviews through an index and never
/// counts reviews for a list.
struct CreateBookReviews: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("book_reviews")
            .id()
            .field("book_id", .uuid, .required, .references(Book.schema, .id, onDelete: .cascade))
            .field("user_id", .uuid, .required, .references(User.schema, .id, onDelete: .cascade))
            .field("stars", .int, .required)
            .field("body", .string, .required)
            .field("created_at", .datetime, .required)
            .field("updated_at", .datetime, .required)
            // The book owner's one reply.
            .field("reply", .string)
            .field("replied_at", .datetime)
            // Set by an administrator: the review is no longer shown or counted.
            .field("hidden_at", .datetime)
            .unique(on: "book_id", "user_id")
            .create()
        try await database.schema("review_reports")
            .id()
            .field(
                "review_id", .uuid, .required,
                .references("book_reviews", .id, onDelete: .cascade)
            )
            .field("user_id", .uuid, .required, .references(User.schema, .id, onDelete: .cascade))
            .field("reason", .string, .required)
            .field("created_at", .datetime, .required)
            .unique(on: "review_id", "user_id")
            .create()
        try await database.schema("rate_events")
            .id()
            .field("user_id", .uuid, .required, .references(User.schema, .id, onDelete: .cascade))
            .field("action", .string, .required)
            .field("at", .datetime, .required)
            .create()
        let sql = try database.sql()
        try await sql.create(index: "book_reviews_newest").on("book_reviews")
            .column("book_id").column("created_at").column("id").run()
        try await sql.create(index: "book_reviews_user").on("book_reviews")
            .column("user_id").run()
        try await sql.create(index: "review_reports_open").on("review_reports")
            .column("created_at").run()
        try await sql.create(index: "rate_events_recent").on("rate_events")
            .column("user_id").column("action").column("at").run()
        try await database.schema(User.schema)
            .field("is_admin", .bool, .required, .sql(.default(false)))
            .update()
        for column in ["review_count", "star_total"] {
            try await sql.alter(table: Book.schema)
                .column(column, type: .bigint, .notNull, .default(SQLLiteral.numeric("0")))
                .run()
        }
        // The average to one place past the point (4.5), ×10 as an integer so that
        // both databases order it exactly.
        try await sql.alter(table: Book.schema)
            .column("rating_tenths", type: .bigint, .notNull, .default(SQLLiteral.numeric("0")))
            .run()
        try await sql.create(index: "books_visibility_rating")
            .on(Book.schema).column("visibility").column("rating_tenths").column("review_count")
            .column("published_at").column("id").run()
        try await sql.create(index: "books_visibility_reviews")
            .on(Book.schema).column("visibility").column("review_count").column("published_at")
            .column("id").run()
    }

    func revert(on database: any Database) async throws {
        let sql = try database.sql()
        try await sql.drop(index: "books_visibility_reviews").run()
        try await sql.drop(index: "books_visibility_rating").run()
        for column in ["rating_tenths", "star_total", "review_count"] {
            try await sql.raw("ALTER TABLE books DROP COLUMN \(ident: column)").run()
        }
        try await sql.raw("ALTER TABLE users DROP COLUMN is_admin").run()
        try await database.schema("rate_events").delete()
        try await database.schema("review_reports").delete()
        try await database.schema("book_reviews").delete()
    }
}
