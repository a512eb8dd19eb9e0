import Fluent
import SQLKit

/// A book's own daily limits (under the user's), and the extra cards a
/// user asked to study today ("study more": more new cards, more reviews,
/// or reviews ahead of schedule), for all books or one.
struct AddStudyLimitsPerBook: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(StudyDayStore.bookLimitsTable)
            .field(
                "book_id", .uuid, .identifier(auto: false),
                .references(Book.schema, .id, onDelete: .cascade)
            )
            .field("user_id", .uuid, .required, .references(User.schema, .id, onDelete: .cascade))
            .field("new_per_day", .int)
            .field("reviews_per_day", .int)
            .create()
        try await database.schema(StudyDayStore.extrasTable)
            .id()
            .field("user_id", .uuid, .required, .references(User.schema, .id, onDelete: .cascade))
            .field("book_id", .uuid, .references(Book.schema, .id, onDelete: .cascade))
            .field("day", .string, .required)
            .field("extra_new", .int, .required)
            .field("extra_reviews", .int, .required)
            .field("ahead_days", .int, .required)
            .field("created_at", .datetime, .required)
            .create()
        try await database.sql().create(index: "study_extras_user_day")
            .on(StudyDayStore.extrasTable).column("user_id").column("day").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(StudyDayStore.extrasTable).delete()
        try await database.schema(StudyDayStore.bookLimitsTable).delete()
    }
}
