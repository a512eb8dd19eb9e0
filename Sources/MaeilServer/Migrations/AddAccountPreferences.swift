import Fluent
import SQLKit

/// A display name (any script: "김지민") and a time zone per account, and the
/// invitations an invite-only server signs people up with. The UI language
/// already had its column (`locale`).
struct AddAccountPreferences: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(User.schema).field("display_name", .string).update()
        try await database.schema(User.schema).field("time_zone", .string).update()
        try await database.schema(SignupInvite.schema)
            .id()
            .field("code_digest", .string, .required)
            .field("created_at", .datetime, .required)
            .field("expires_at", .datetime, .required)
            .field("used_at", .datetime)
            .field("used_by", .uuid, .references(User.schema, .id, onDelete: .setNull))
            .unique(on: "code_digest")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(SignupInvite.schema).delete()
        try await database.schema(User.schema).deleteField("time_zone").update()
        try await database.schema(User.schema).deleteField("display_name").update()
    }
}
