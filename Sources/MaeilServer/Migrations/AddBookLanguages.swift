import Fluent
import SQLKit
import VocabCore

/// Each book's term and meaning languages (`BookLanguages`): English → Korean
/// for the books there are, Japanese → Korean for the Japanese course's books.
/// The library filters public books by them.
struct AddBookLanguages: AsyncMigration {
    func prepare(on database: any Database) async throws {
        let sql = try database.sql()
        let english = BookLanguages.englishToKorean
        try await sql.alter(table: Book.schema)
            .column(
                "term_language", type: .text, .notNull, .default(SQLLiteral.string(english.term))
            ).run()
        try await sql.alter(table: Book.schema)
            .column(
                "meaning_language", type: .text, .notNull,
                .default(SQLLiteral.string(english.meaning))
            ).run()
        let japanese = BookLanguages.japaneseToKorean
        try await sql.raw(
            """
            UPDATE books SET term_language = \(bind: japanese.term),
              meaning_language = \(bind: japanese.meaning)
            WHERE id IN (SELECT book_id FROM japanese_course_books)
            """
        ).run()
        try await sql.create(index: "books_visibility_languages").on(Book.schema)
            .column("visibility").column("term_language").column("meaning_language").run()
    }

    func revert(on database: any Database) async throws {
        let sql = try database.sql()
        try await sql.drop(index: "books_visibility_languages").run()
        for column in ["meaning_language", "term_language"] {
            try await sql.raw("ALTER TABLE books DROP COLUMN \(ident: column)").run()
        }
    }
}
