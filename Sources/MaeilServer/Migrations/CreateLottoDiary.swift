import Fluent
import SQLKit

/// The lotto diary: each user's entries (lotto tickets with their round and games, and
/// speetto purchases), their diary settings, the draws fetched after the shipped history
/// (shared: a draw is a public fact), and winning numbers a user typed in for a round no
/// source had yet (theirs only).
struct CreateLottoDiary: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("lotto_entries")
            .id()
            .field("user_id", .uuid, .required, .references(User.schema, .id, onDelete: .cascade))
            .field("kind", .string, .required)
            // The day of purchase in the user's time zone, "YYYY-MM-DD".
            .field("bought_on", .string, .required)
            .field("round", .int)
            // JSON: [{"slot": 0, "mode": "manual", "numbers": [...]}]
            .field("games", .string, .required)
            .field("source", .string)
            .field("result_url", .string)
            // A digest of the ticket's serial, to refuse a ticket scanned twice; the serial
            // itself is never stored.
            .field("serial_digest", .string)
            .field("speetto_type", .int)
            .field("spent", .int64, .required)
            .field("speetto_won", .int64)
            .field("note", .string, .required)
            .field("created_at", .datetime, .required)
            .unique(on: "user_id", "serial_digest")
            .create()
        try await database.schema("lotto_settings")
            .field(
                "user_id", .uuid, .identifier(auto: false),
                .references(User.schema, .id, onDelete: .cascade)
            )
            .field("nickname", .string)
            .field("monthly_goal", .int64)
            .field("reminder_minutes", .int)
            .field("calendar_token_digest", .string)
            .create()
        try await database.schema("lotto_draws")
            .field("round", .int, .identifier(auto: false))
            // The whole LottoDraw as JSON, and where it came from.
            .field("draw", .string, .required)
            .field("source", .string, .required)
            .field("stored_at", .datetime, .required)
            .create()
        try await database.schema("lotto_manual_draws")
            .field("user_id", .uuid, .required, .references(User.schema, .id, onDelete: .cascade))
            .field("round", .int, .required)
            .field("draw", .string, .required)
            .unique(on: "user_id", "round")
            .create()
        let sql = try database.sql()
        try await sql.create(index: "lotto_entries_user_day").on("lotto_entries")
            .column("user_id").column("bought_on").run()
        try await sql.create(index: "lotto_entries_round").on("lotto_entries")
            .column("round").run()
    }

    func revert(on database: any Database) async throws {
        for table in ["lotto_manual_draws", "lotto_draws", "lotto_settings", "lotto_entries"] {
            try await database.schema(table).delete()
        }
    }
}
