import Fluent
import Foundation
import SQLKit
import VocabCore

/// Each word of a library copy remembers the original word it came from and
/// what that word said when copied or last pulled (`CopiedWords`), so the copy
/// can take the original's later words and changes without overwriting the
/// copier's own edits. A link stays when the copier deletes the word (the
/// word stays deleted) and goes with the copy.
///
/// Copies made before: their words are linked to the original's words with
/// the same term and reading, as if pulled just now.
struct AddCopyLinks: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("copied_words")
            .field("book_id", .uuid, .required, .references(Book.schema, .id, onDelete: .cascade))
            .field("original_word_id", .uuid, .required)
            .field("word_id", .uuid, .required)
            .field("fingerprint", .string, .required)
            .unique(on: "book_id", "original_word_id")
            .create()
        let sql = try database.sql()
        let copies = try await sql.raw(
            "SELECT c.id, c.user_id, c.copied_from, o.user_id AS owner FROM books c JOIN books o ON o.id = c.copied_from"
        ).all()
        for copy in copies {
            let copyID = try copy.decode(column: "id", as: StoredUUID.self).value
            func words(_ user: String, _ book: String) async throws -> [(UUID, WordDraft)] {
                try await WordStore(
                    db: database, userID: try copy.decode(column: user, as: StoredUUID.self).value,
                    days: DayFormatter(timeZone: TimeZone.current), hooks: .none
                ).identifiedDrafts(inBook: try copy.decode(column: book, as: StoredUUID.self).value)
            }
            var mine: [WordKey: UUID] = [:]
            for (id, draft) in try await words("user_id", "id") { mine[WordKey(draft)] = id }
            for (id, draft) in try await words("owner", "copied_from") {
                guard let copied = mine.removeValue(forKey: WordKey(draft)) else { continue }
                try await sql.raw(
                    """
                    INSERT INTO copied_words (book_id, original_word_id, word_id, fingerprint)
                    VALUES (\(bind: copyID), \(bind: id), \(bind: copied), \(bind: draft.contentFingerprint))
                    """
                ).run()
            }
        }
    }

    func revert(on database: any Database) async throws {
        try await database.schema("copied_words").delete()
    }
}
