import Fluent
import MaeilAPI
import SQLKit
import Vapor
import VocabCore

/// Word books of one user. Every method is scoped to `userID`, so another
/// user's books are indistinguishable from books that do not exist (404).
struct BookStore: Sendable {
    let db: any Database
    let userID: UUID

    func list() async throws -> [BookSummary] {
        let sql = try db.sql()
        let rows = try await sql.raw(
            """
            SELECT b.id, b.name, b.description, b.study_directions, b.created_at, b.updated_at,
                   COUNT(w.id) AS word_count,
                   COALESCE(SUM(CASE WHEN w.memorized THEN 1 ELSE 0 END), 0) AS memorized_count
            FROM books b LEFT JOIN words w ON w.book_id = b.id AND w.user_id = b.user_id
            WHERE b.user_id = \(bind: userID)
            GROUP BY b.id, b.name, b.description, b.study_directions, b.created_at, b.updated_at
            ORDER BY b.created_at ASC, b.name ASC
            """
        ).all()
        return try rows.map { row in
            BookSummary(
                id: try row.decode(column: "id", as: UUID.self),
                name: try row.decode(column: "name", as: String.self),
                description: try row.decode(column: "description", as: String.self),
                wordCount: try row.decode(column: "word_count", as: Int.self),
                memorizedCount: try row.decode(column: "memorized_count", as: Int.self),
                studyDirections: StudyDirections(
                    rawValue: try row.decode(column: "study_directions", as: String.self))
                    ?? .forward,
                createdAt: try row.decode(column: "created_at", as: Date?.self),
                updatedAt: try row.decode(column: "updated_at", as: Date?.self))
        }
    }

    func find(_ id: UUID) async throws -> Book {
        guard
            let book = try await Book.query(on: db)
                .filter(\.$id == id).filter(\.$user.$id == userID).first()
        else { throw AppError.notFound("book") }
        return book
    }

    /// The book with its counts.
    func summary(_ id: UUID) async throws -> BookSummary {
        let book = try await find(id)
        let counts = try await counts(of: id)
        return BookSummary(
            id: id, name: book.name, description: book.description, wordCount: counts.words,
            memorizedCount: counts.memorized,
            studyDirections: StudyDirections(rawValue: book.studyDirections) ?? .forward,
            createdAt: book.createdAt, updatedAt: book.updatedAt)
    }

    func counts(of bookID: UUID) async throws -> (words: Int, memorized: Int) {
        let row = try await db.sql().raw(
            """
            SELECT COUNT(*) AS n, COALESCE(SUM(CASE WHEN memorized THEN 1 ELSE 0 END), 0) AS m
            FROM words WHERE book_id = \(bind: bookID) AND user_id = \(bind: userID)
            """
        ).first()
        return (
            try row?.decode(column: "n", as: Int.self) ?? 0,
            try row?.decode(column: "m", as: Int.self) ?? 0
        )
    }

    func create(name: String, description: String = "") async throws -> Book {
        let (name, description) = try Self.validated(name: name, description: description)
        let book = Book(userID: userID, name: name, description: description)
        try await book.create(on: db)
        return book
    }

    func update(_ id: UUID, _ changes: BookChanges) async throws -> Book {
        let book = try await find(id)
        let (name, description) = try Self.validated(
            name: changes.name ?? book.name, description: changes.description ?? book.description)
        book.name = name
        book.description = description
        if let directions = changes.studyDirections {
            book.studyDirections = directions.rawValue
        }
        try await book.save(on: db)
        return book
    }

    /// Deletes the book and its words; returns how many words went with it.
    func delete(_ id: UUID) async throws -> Int {
        let book = try await find(id)
        let count = try await counts(of: id).words
        try await db.transaction { tx in
            try await tx.sql().raw("DELETE FROM words WHERE book_id = \(bind: id)").run()
            try await book.delete(on: tx)
        }
        return count
    }

    /// Finds the user's book with this name, or makes it (for CLI imports).
    func findOrCreate(named name: String) async throws -> Book {
        if let book = try await Book.query(on: db)
            .filter(\.$user.$id == userID).filter(\.$name == name).first()
        {
            return book
        }
        return try await create(name: name)
    }

    func find(named name: String) async throws -> Book {
        guard
            let book = try await Book.query(on: db)
                .filter(\.$user.$id == userID).filter(\.$name == name).first()
        else { throw AppError.notFound("book \"\(name)\"") }
        return book
    }

    static func validated(name: String, description: String) throws -> (String, String) {
        let name = name.trimmingCharacters(in: .whitespacesAndNewlines)
        let description = description.trimmingCharacters(in: .whitespacesAndNewlines)
        try BookValidation.validate(name: name, description: description)
        return (name, description)
    }
}
