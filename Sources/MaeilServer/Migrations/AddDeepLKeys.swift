import Fluent

/// An account's own DeepL key for auto-fill (nil: the server's `MAEIL_DEEPL_KEY`, if any).
struct AddDeepLKeys: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(User.schema).field("deepl_key", .string).update()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(User.schema).deleteField("deepl_key").update()
    }
}
