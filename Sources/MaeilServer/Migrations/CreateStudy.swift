import Fluent
import SQLKit

/// Spaced repetition: a card per word and direction, its answer log, each
/// user's scheduler settings, and which directions a book studies.
struct CreateStudy: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("books")
            .field("study_directions", .string, .required, .sql(.default("forward")))
            .update()
        try await database.schema("study_settings")
            .field(
                "user_id", .uuid, .identifier(auto: false),
                .references(User.schema, .id, onDelete: .cascade)
            )
            .field("desired_retention", .double, .required)
            .field("weights", .string, .required)
            .field("new_per_day", .int, .required)
            .field("reviews_per_day", .int, .required)
            .field("maximum_interval", .int, .required)
            .field("fuzz", .bool, .required)
            .field("updated_at", .datetime, .required)
            .create()
        // The FSRS memory of one direction of one word. A word has both cards
        // from the start, so switching a book's directions loses no history.
        // `state` is 0 for a new card, else FSRS's state (1 learning, 2 review,
        // 3 relearning). `reps` counts answers and doubles as the card's version: an answer
        // names the version it saw, so a replayed answer is refused.
        try await database.schema("cards")
            .field("word_id", .uuid, .required, .references(WordRow.table, .id, onDelete: .cascade))
            .field("direction", .string, .required)
            .field("user_id", .uuid, .required, .references(User.schema, .id, onDelete: .cascade))
            .field("state", .int, .required)
            .field("step", .int)
            .field("stability", .double)
            .field("difficulty", .double)
            .field("due", .datetime, .required)
            .field("last_review", .datetime)
            .field("reps", .int, .required)
            .field("lapses", .int, .required)
            .unique(on: "word_id", "direction")
            .create()
        // Every answer, for undo and statistics. No foreign key to words: the
        // history of a deleted word still counts in the diary.
        try await database.schema("review_logs")
            .id()
            .field("user_id", .uuid, .required, .references(User.schema, .id, onDelete: .cascade))
            .field("word_id", .uuid, .required)
            .field("direction", .string, .required)
            .field("source", .string, .required)
            .field("rating", .int, .required)
            .field("reviewed_at", .datetime, .required)
            .field("reviewed_on", .string, .required)
            .field("elapsed_ms", .int, .required)
            .field("state_before", .int, .required)
            .field("state_after", .int, .required)
            .field("card_before", .string, .required)
            .field("card_after", .string, .required)
            .create()
        let sql = try database.sql()
        // The queue reads each kind of card (new, learning, review, relearning)
        // in due order; a new card's due is its word's creation time.
        try await sql.create(index: "cards_user_state_due").on("cards").column("user_id").column(
            "state"
        ).column("due").run()
        try await sql.create(index: "review_logs_user_time").on("review_logs").column("user_id")
            .column("reviewed_at").run()
        try await sql.create(index: "review_logs_user_day").on("review_logs").column("user_id")
            .column("reviewed_on").run()
        // Words that exist already get their cards.
        try await sql.raw(
            """
            INSERT INTO cards (word_id, direction, user_id, state, due, reps, lapses)
            SELECT w.id, d.direction, w.user_id, 0, w.created_at, 0, 0
            FROM words w CROSS JOIN (SELECT 'forward' AS direction UNION ALL SELECT 'reverse' AS direction) d
            """
        ).run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("review_logs").delete()
        try await database.schema("cards").delete()
        try await database.schema("study_settings").delete()
        try await database.schema("books").deleteField("study_directions").update()
    }
}
