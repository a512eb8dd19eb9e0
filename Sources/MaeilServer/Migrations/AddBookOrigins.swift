import Fluent
import SQLKit

/// Where a book came from, when the app made it from something it ships
/// (`starter:english-basics`): such a book is added once. Books made before
/// this, named as the starter book is and holding its words, are marked too.
struct AddBookOrigins: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(Book.schema).field("origin", .string).update()
        try await database.sql().raw(
            """
            UPDATE books SET origin = \(bind: Book.starterOrigin)
            WHERE name = 'English basics' AND word_count = 240
            """
        ).run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(Book.schema).deleteField("origin").update()
    }
}
