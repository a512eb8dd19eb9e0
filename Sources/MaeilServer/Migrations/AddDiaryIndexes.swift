import Fluent
import SQLKit

/// The study diary sums each day's answers by source and rating, and each
/// month's by state; with these columns in the (user, day) index it reads the
/// index alone. Measured on 100,000 answers over 400 days (SQLite): a year's
/// per-day sums take 26 ms instead of 250 ms. The new index starts with the old
/// one's columns, so it replaces it (the review queue's daily counts use it too).
struct AddDiaryIndexes: AsyncMigration {
    func prepare(on database: any Database) async throws {
        let sql = try database.sql()
        try await sql.create(index: "review_logs_user_day_stats").on("review_logs")
            .column("user_id").column("reviewed_on").column("source").column("rating").column(
                "state_before"
            ).run()
        try await sql.drop(index: "review_logs_user_day").run()
    }

    func revert(on database: any Database) async throws {
        let sql = try database.sql()
        try await sql.create(index: "review_logs_user_day").on("review_logs").column("user_id")
            .column("reviewed_on").run()
        try await sql.drop(index: "review_logs_user_day_stats").run()
    }
}
