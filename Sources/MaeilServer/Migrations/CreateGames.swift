import Fluent
import SQLKit

/// Games played (quiz, hangman, O/X test, flashcards), each with its whole
/// engine state as JSON, and the mistake notes their wrong answers feed.
struct CreateGames: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("game_sessions")
            .id()
            .field("user_id", .uuid, .required, .references(User.schema, .id, onDelete: .cascade))
            .field("kind", .string, .required)
            .field("book_id", .uuid, .references(Book.schema, .id, onDelete: .setNull))
            .field("state", .string, .required)
            .field("score", .int, .required)
            .field("total", .int, .required)
            .field("finished", .bool, .required)
            .field("started_at", .datetime, .required)
            .field("finished_at", .datetime)
            .field("played_on", .string, .required)
            .create()
        // One row per word and source ("review", "quiz", "hangman", "test"):
        // a word missed again counts up instead of appearing twice.
        try await database.schema("mistakes")
            .field("user_id", .uuid, .required, .references(User.schema, .id, onDelete: .cascade))
            .field("word_id", .uuid, .required, .references(WordRow.table, .id, onDelete: .cascade))
            .field("source", .string, .required)
            .field("count", .int, .required)
            .field("last_at", .datetime, .required)
            .unique(on: "user_id", "word_id", "source")
            .create()
        let sql = try database.sql()
        try await sql.create(index: "game_sessions_user_day").on("game_sessions").column("user_id")
            .column("played_on").run()
        try await sql.create(index: "mistakes_user_source").on("mistakes").column("user_id").column(
            "source"
        ).column("last_at").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("mistakes").delete()
        try await database.schema("game_sessions").delete()
    }
}
