import Fluent
import Foundation
import SQLKit

/// The sounds and pictures kept with a user's words (`word_media`), every read
/// scoped to the user: another's word's media is not there.
struct WordMediaStore: Sendable {
    let db: any Database
    let userID: UUID

    struct File: Sendable {
        var wordID: UUID
        var name: String
        var contentType: String
        var bytes: Data
    }

    /// A word's media by name, pictures first.
    func list(_ wordID: UUID) async throws -> [(name: String, contentType: String)] {
        try await db.sql().raw(
            """
            SELECT name, content_type FROM word_media
            WHERE word_id = \(bind: wordID) AND user_id = \(bind: userID) ORDER BY name
            """
        ).all().map {
            (
                try $0.decode(column: "name", as: String.self),
                try $0.decode(column: "content_type", as: String.self)
            )
        }.sorted {
            ($0.contentType.hasPrefix("image/") ? 0 : 1)
                < ($1.contentType.hasPrefix("image/") ? 0 : 1)
        }
    }

    /// One file, nil when the user's word has none of that name.
    func file(_ wordID: UUID, named name: String) async throws -> File? {
        guard
            let row = try await db.sql().raw(
                """
                SELECT content_type, bytes FROM word_media
                WHERE word_id = \(bind: wordID) AND user_id = \(bind: userID) AND name = \(bind: name)
                """
            ).first()
        else { return nil }
        return File(
            wordID: wordID, name: name,
            contentType: try row.decode(column: "content_type", as: String.self),
            bytes: try row.decode(column: "bytes", as: Data.self))
    }

    /// Every file of a book's words (an export carries them).
    func files(inBook bookID: UUID) async throws -> [File] {
        try await db.sql().raw(
            """
            SELECT m.word_id, m.name, m.content_type, m.bytes
            FROM word_media m JOIN words w ON w.id = m.word_id AND w.user_id = m.user_id
            WHERE m.user_id = \(bind: userID) AND w.book_id = \(bind: bookID)
            ORDER BY m.word_id, m.name
            """
        ).all().map { row in
            File(
                wordID: try row.decode(column: "word_id", as: UUID.self),
                name: try row.decode(column: "name", as: String.self),
                contentType: try row.decode(column: "content_type", as: String.self),
                bytes: try row.decode(column: "bytes", as: Data.self))
        }
    }

    /// Adds files to the user's words (inside the caller's transaction), 20 to a statement.
    func add(_ files: [File]) async throws {
        let sql = try db.sql()
        for chunk in files.chunked(20) {
            var rows: [SQLQueryString] = []
            for file in chunk {
                rows.append(
                    "(\(bind: file.wordID), \(bind: userID), \(bind: file.name), \(bind: file.contentType), \(bind: file.bytes))"
                )
            }
            try await sql.raw(
                """
                INSERT INTO word_media (word_id, user_id, name, content_type, bytes)
                VALUES \(rows.joined(separator: ", "))
                """
            ).run()
        }
    }
}
