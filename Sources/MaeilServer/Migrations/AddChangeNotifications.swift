import Fluent
import SQLKit

/// PostgreSQL: every change to a user's row, tokens or books, and to a web
/// session, sends a notification on its schema's channel (`ChangeFeed`: "u:" and the
/// user's id, "s:" and the session's digest), in the same transaction: it is
/// delivered when the change commits, or never. The feed drops what it keeps
/// from those rows when it hears of them. Repeated notifications within a
/// transaction are one (PostgreSQL folds identical ones), so an import that
/// updates its book's row for every statement sends one.
struct AddChangeNotifications: AsyncMigration {
    /// The schema's channel (`ChangeFeed.channelQuery`).
    private static let channel = "'maeil_' || md5(TG_TABLE_SCHEMA)"

    /// Each table, the events it notifies of, and the statements that do it.
    private static let tables: [(table: String, events: String, notify: String)] = [
        ("users", "UPDATE OR DELETE", "PERFORM pg_notify(\(channel), 'u:' || OLD.id);"),
        ("user_tokens", "UPDATE OR DELETE", "PERFORM pg_notify(\(channel), 'u:' || OLD.user_id);"),
        (
            "web_sessions", "UPDATE OR DELETE",
            "PERFORM pg_notify(\(channel), 's:' || OLD.id_digest);"
        ),
        // A new book changes its owner's list; a moved one, both owners'.
        (
            "books", "INSERT OR UPDATE OR DELETE",
            """
            IF TG_OP <> 'INSERT' THEN PERFORM pg_notify(\(channel), 'u:' || OLD.user_id); END IF;
            IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.user_id <> OLD.user_id) THEN
              PERFORM pg_notify(\(channel), 'u:' || NEW.user_id);
            END IF;
            """
        ),
    ]

    func prepare(on database: any Database) async throws {
        let sql = try database.sql()
        guard sql.maeilDialect == .postgres else { return }
        for (table, events, notify) in Self.tables {
            try await sql.run([
                """
                CREATE OR REPLACE FUNCTION \(table)_notify_change() RETURNS trigger AS $$
                BEGIN
                  \(notify)
                  RETURN NULL;
                END $$ LANGUAGE plpgsql
                """,
                """
                CREATE TRIGGER \(table)_notify_change AFTER \(events) ON \(table)
                FOR EACH ROW EXECUTE FUNCTION \(table)_notify_change()
                """,
            ])
        }
    }

    /// The channel the app's schema notifies on (as `ChangeFeed` listens),
    /// or nil when its triggers are not all there (migrations not run): a
    /// feed that hears of no change must not keep anything.
    static func installedChannel(on sql: any SQLDatabase) async throws -> String? {
        let tables = Self.tables.map { "to_regclass('\($0.table)')" }.joined(separator: ", ")
        let row = try await sql.raw(
            """
            SELECT 'maeil_' || md5(current_schema()) AS channel,
              (SELECT COUNT(*) FROM pg_trigger WHERE tgrelid IN (\(unsafeRaw: tables))
                AND tgname LIKE '%\\_notify\\_change') AS triggers
            """
        ).first()
        guard let row, try row.decode(column: "triggers", as: Int.self) == Self.tables.count
        else { return nil }
        return try row.decode(column: "channel", as: String.self)
    }

    func revert(on database: any Database) async throws {
        let sql = try database.sql()
        guard sql.maeilDialect == .postgres else { return }
        for (table, _, _) in Self.tables {
            try await sql.run([
                "DROP TRIGGER IF EXISTS \(table)_notify_change ON \(table)",
                "DROP FUNCTION IF EXISTS \(table)_notify_change()",
            ])
        }
    }
}
