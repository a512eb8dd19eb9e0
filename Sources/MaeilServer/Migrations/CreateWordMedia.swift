import Fluent

/// Sounds and pictures kept with a word (an Anki note's `[sound:…]` and `<img>`),
/// by the name the note gave them; gone with the word.
struct CreateWordMedia: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("word_media")
            .field("word_id", .uuid, .required, .references(WordRow.table, .id, onDelete: .cascade))
            .field("user_id", .uuid, .required, .references(User.schema, .id, onDelete: .cascade))
            .field("name", .string, .required)
            .field("content_type", .string, .required)
            .field("bytes", .data, .required)
            .unique(on: "word_id", "name")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("word_media").delete()
    }
}
