import Fluent
import SQLKit

/// Each user's uploaded avatar: the picture as stored (metadata stripped), its
/// format and size, and a digest of its bytes that names its version in URLs,
/// so a changed picture gets a new address and no cached copy shows.
struct AddAvatars: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("user_avatars")
            .field(
                "user_id", .uuid, .identifier(auto: false),
                .references(User.schema, .id, onDelete: .cascade)
            )
            .field("format", .string, .required)
            .field("width", .int, .required)
            .field("height", .int, .required)
            .field("bytes", .data, .required)
            .field("digest", .string, .required)
            .field("updated_at", .datetime, .required)
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("user_avatars").delete()
    }
}
