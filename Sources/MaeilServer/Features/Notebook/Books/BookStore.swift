import Fluent
import MaeilAPI
import SQLKit
import Vapor
import VocabCore

/// Word books of one user. Every method is scoped to `userID`, so another
/// user's books are indistinguishable from books that do not exist (404).
struct BookStore: Sendable, ReadsInline {
    let db: any Database
    let userID: UUID
    /// Where the short reads below go when not in a transaction (`Request.inlineReads`).
    var reads: (any SQLDatabase)? = nil
    /// Where the list and revisions are kept between requests (`Request.keptReads`).
    var kept: (any KeptReads)? = nil

    /// `read`, or what an earlier request read under `key` while none of the
    /// user's books changed since.
    private func keptRead<Value: Sendable>(_ key: String, _ read: () async throws -> Value)
        async throws -> Value
    {
        let topics = [SignedInUser.topic(userID)]
        guard let kept,
            let value = try await kept.value(
                Self.keptKey(key, of: userID), load: { (try await read(), topics) })
        else { return try await read() }
        return value
    }

    /// Where a read of `key` is kept: under the user's own name.
    private static func keptKey(_ key: String, of userID: UUID) -> String { "\(key):\(userID)" }

    /// The user's books as `list()` kept them, if they are kept now (nothing
    /// is read).
    static func keptList(for userID: UUID, in kept: (any KeptReads)?) -> [BookSummary]? {
        kept.keptValue(keptKey("books", of: userID))
    }

    /// Every book of the user with its counts, which the books table keeps
    /// (see `AddBookCounts`): the list reads only the user's book rows.
    func list() async throws -> [BookSummary] {
        try await keptRead("books") {
            let rows = try await reader().raw(
                """
                SELECT \(unsafeRaw: Self.summaryColumns) FROM books b
                WHERE b.user_id = \(bind: userID) ORDER BY b.created_at ASC, b.name ASC
                """
            ).all()
            return try rows.map(Self.summary(from:))
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
        guard
            let row = try await reader().raw(
                """
                SELECT \(unsafeRaw: Self.summaryColumns) FROM books b
                WHERE b.user_id = \(bind: userID) AND b.id = \(bind: id)
                """
            ).first()
        else { throw AppError.notFound("book") }
        return try Self.summary(from: row)
    }

    /// The book's revision and name; 404 for a book that is not the user's.
    func revision(of id: UUID) async throws -> BookRevision {
        try await keptRead("revision:\(id)") {
            guard
                let row = try await reader().raw(
                    "SELECT b.revision, b.name FROM books b WHERE b.user_id = \(bind: userID) AND b.id = \(bind: id)"
                ).first()
            else { throw AppError.notFound("book") }
            return BookRevision(
                number: try row.decode(column: "revision", as: Int.self),
                name: try row.decode(column: "name", as: String.self))
        }
    }

    /// A book's counts; 404 for a book that is not the user's, so reading the
    /// counts also checks the book (one primary-key lookup, kept as the
    /// revision is: every page of a book reads them).
    func counts(of bookID: UUID) async throws -> BookCounts {
        try await keptRead("counts:\(bookID)") {
            guard
                let row = try await reader().raw(
                    """
                    SELECT b.word_count, b.memorized_count, b.bookmarked_count FROM books b
                    WHERE b.user_id = \(bind: userID) AND b.id = \(bind: bookID)
                    """
                ).first()
            else { throw AppError.notFound("book") }
            return try Self.counts(from: row)
        }
    }

    /// The counts of all the user's books together.
    func totals() async throws -> BookCounts {
        // PostgreSQL sums BIGINTs as NUMERIC: the casts keep the result an integer.
        let row = try await keptReader().raw(
            """
            SELECT CAST(COALESCE(SUM(b.word_count), 0) AS BIGINT) AS word_count,
              CAST(COALESCE(SUM(b.memorized_count), 0) AS BIGINT) AS memorized_count,
              CAST(COALESCE(SUM(b.bookmarked_count), 0) AS BIGINT) AS bookmarked_count
            FROM books b WHERE b.user_id = \(bind: userID)
            """
        ).first()
        return try row.map(Self.counts(from:)) ?? BookCounts()
    }

    private static let summaryColumns = """
        b.id, b.name, b.description, b.study_directions, b.created_at, b.updated_at,
        b.word_count, b.memorized_count, b.bookmarked_count, b.revision, b.visibility, b.copied_from,
        b.term_language, b.meaning_language
        """

    private static func counts(from row: any SQLRow) throws -> BookCounts {
        BookCounts(
            words: try row.decode(column: "word_count", as: Int.self),
            memorized: try row.decode(column: "memorized_count", as: Int.self),
            bookmarked: try row.decode(column: "bookmarked_count", as: Int.self))
    }

    private static func summary(from row: any SQLRow) throws -> BookSummary {
        BookSummary(
            id: try row.decode(column: "id", as: UUID.self),
            name: try row.decode(column: "name", as: String.self),
            description: try row.decode(column: "description", as: String.self),
            counts: try counts(from: row),
            revision: try row.decode(column: "revision", as: Int.self),
            visibility: BookVisibility(
                rawValue: try row.decode(column: "visibility", as: String.self)) ?? .private,
            copiedFrom: try row.decode(column: "copied_from", as: StoredUUID?.self)?.value,
            languages: BookLanguages(
                term: try row.decode(column: "term_language", as: String.self),
                meaning: try row.decode(column: "meaning_language", as: String.self)),
            studyDirections: StudyDirections(
                rawValue: try row.decode(column: "study_directions", as: String.self))
                ?? .forward,
            createdAt: try row.decode(column: "created_at", as: Date?.self),
            updatedAt: try row.decode(column: "updated_at", as: Date?.self))
    }

    func create(
        name: String, description: String = "", origin: String? = nil,
        languages: BookLanguages = .englishToKorean
    ) async throws -> Book {
        let (name, description) = try Self.validated(name: name, description: description)
        let book = Book(userID: userID, name: name, description: description)
        book.origin = origin
        book.languages = languages
        try await book.create(on: db)
        return book
    }

    /// Makes a book (as `create`) and reads its summary in the same
    /// transaction: an answer that fails (a busy database) leaves no book
    /// behind, so a client that tries again makes one book, not two.
    func createSummarized(name: String, description: String, languages: BookLanguages)
        async throws -> BookSummary
    {
        try await db.writeTransaction { tx in
            let store = within(tx)
            let book = try await store.create(
                name: name, description: description, languages: languages)
            return try await store.summary(try book.requireID())
        }
    }

    /// This store on a transaction: its reads see the transaction's writes.
    func within(_ tx: any Database) -> BookStore { BookStore(db: tx, userID: userID) }

    /// The user's book made from `origin`, if any.
    func withOrigin(_ origin: String) async throws -> Book? {
        try await Book.query(on: db).filter(\.$user.$id == userID).filter(\.$origin == origin)
            .first()
    }

    func update(_ id: UUID, _ changes: BookChanges) async throws -> Book {
        let book = try await find(id)
        let (name, description) = try Self.validated(
            name: changes.name ?? book.name, description: changes.description ?? book.description)
        book.name = name
        book.description = description
        book.renamed()
        if let directions = changes.studyDirections {
            book.studyDirections = directions.rawValue
        }
        if let term = changes.termLanguage {
            book.termLanguage = try BookLanguages.code(term, field: "termLanguage")
        }
        if let meaning = changes.meaningLanguage {
            book.meaningLanguage = try BookLanguages.code(meaning, field: "meaningLanguage")
        }
        if let visibility = changes.visibility, visibility.rawValue != book.visibility {
            // Published again, it counts as new in the library.
            if book.visibility == BookVisibility.private.rawValue { book.publishedAt = Date() }
            book.visibility = visibility.rawValue
        }
        try await book.save(on: db)
        return book
    }

    /// Deletes the book and its words; returns how many words went with it.
    func delete(_ id: UUID) async throws -> Int {
        let book = try await find(id)
        let count = try await counts(of: id).words
        try await db.writeTransaction { tx in
            try await tx.sql().raw("DELETE FROM words WHERE book_id = \(bind: id)").run()
            try await book.delete(on: tx)
        }
        return count
    }

    /// The book `reference` names (`BookReference`), made when no book has
    /// that name (for CLI imports).
    func findOrCreate(named reference: String, languages: BookLanguages = .englishToKorean)
        async throws -> Book
    {
        guard let book = try await book(named: reference) else {
            return try await create(name: reference, languages: languages)
        }
        return book
    }

    /// The book `reference` names: its id, or a name only one book has (404
    /// when none has it, 409 with the ids when several do).
    func find(named reference: String) async throws -> Book {
        guard let book = try await book(named: reference) else {
            throw AppError.notFound("book \"\(reference)\"")
        }
        return book
    }

    /// The book `reference` names, nil when none does (409 when several do).
    func book(named reference: String) async throws -> Book? {
        var candidates = Book.query(on: db).filter(\.$user.$id == userID)
        if let id = UUID(uuidString: reference) {
            candidates = candidates.group(.or) {
                $0.filter(\.$name == reference).filter(\.$id == id)
            }
        } else {
            candidates = candidates.filter(\.$name == reference)
        }
        let books = try await candidates.all()
        switch BookReference.resolve(reference, in: try books.map { (try $0.requireID(), $0.name) })
        {
        case .book(let id): return books.first { $0.id == id }
        case .notFound: return nil
        case .ambiguous(let ids):
            throw AppError(
                status: .conflict, code: .invalidInput,
                message: BookReference.ambiguity(reference, ids))
        }
    }

    static func validated(name: String, description: String) throws -> (String, String) {
        let name = name.trimmingCharacters(in: .whitespacesAndNewlines)
        let description = description.trimmingCharacters(in: .whitespacesAndNewlines)
        try BookValidation.validate(name: name, description: description)
        return (name, description)
    }
}
