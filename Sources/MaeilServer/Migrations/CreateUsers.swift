import Fluent
import SQLKit

struct CreateUsers: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(User.schema)
            .id()
            .field("username", .string, .required)
            .field("password_hash", .string, .required)
            .field("locale", .string)
            .field("created_at", .datetime)
            .unique(on: "username")
            .create()
        try await database.schema(UserToken.schema)
            .id()
            .field("user_id", .uuid, .required, .references(User.schema, .id, onDelete: .cascade))
            .field("name", .string, .required)
            .field("token_hash", .string, .required)
            .field("created_at", .datetime)
            .field("last_used_at", .datetime)
            .unique(on: "token_hash")
            .create()
        try await database.schema(LoginAttempt.schema)
            .id()
            .field("key", .string, .required)
            .field("attempted_at", .datetime, .required)
            .create()
        let sql = try database.sql()
        try await sql.create(index: "login_attempts_key_time").on(LoginAttempt.schema)
            .column("key").column("attempted_at").run()
        try await sql.create(index: "user_tokens_user").on(UserToken.schema).column("user_id").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(LoginAttempt.schema).delete()
        try await database.schema(UserToken.schema).delete()
        try await database.schema(User.schema).delete()
    }
}
