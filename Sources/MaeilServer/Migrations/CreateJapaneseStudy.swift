import Fluent
import SQLKit

/// The Japanese course studied by a user: the book each course's words go into, the
/// O/X tests taken on a Day (games linked to their Day, which give its progress), and
/// the last Day visited in each course.
struct CreateJapaneseStudy: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("japanese_course_books")
            .field("user_id", .uuid, .required, .references(User.schema, .id, onDelete: .cascade))
            .field("course", .string, .required)
            .field("book_id", .uuid, .required, .references(Book.schema, .id, onDelete: .cascade))
            .unique(on: "user_id", "course")
            .create()
        try await database.schema("japanese_day_tests")
            .field(
                "game_id", .uuid, .identifier(auto: false),
                .references("game_sessions", .id, onDelete: .cascade)
            )
            .field("user_id", .uuid, .required, .references(User.schema, .id, onDelete: .cascade))
            .field("course", .string, .required)
            .field("day", .int, .required)
            .create()
        try await database.schema("japanese_visits")
            .field("user_id", .uuid, .required, .references(User.schema, .id, onDelete: .cascade))
            .field("course", .string, .required)
            .field("day", .int, .required)
            .field("visited_at", .datetime, .required)
            .unique(on: "user_id", "course")
            .create()
        try await database.sql().create(index: "japanese_day_tests_user_course")
            .on("japanese_day_tests").column("user_id").column("course").column("day").run()
    }

    func revert(on database: any Database) async throws {
        for table in ["japanese_visits", "japanese_day_tests", "japanese_course_books"] {
            try await database.schema(table).delete()
        }
    }
}
