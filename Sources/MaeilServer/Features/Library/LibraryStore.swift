import Fluent
import MaeilAPI
import SQLKit
import Vapor
import VocabCore

/// Books their owners published, read by another user (`readerID`). Every
/// read names what lets the reader see a book: the library lists public books
/// only; a book's page and a copy take public and unlisted books, and the
/// reader's own book whatever its visibility (the owner's preview). Any other
/// book is a 404, as if it did not exist.
struct LibraryStore: Sendable, ReadsInline {
    let db: any Database
    let readerID: UUID
    /// Where reads outside transactions go (`Request.shortReads`: on SQLite,
    /// the request's inline reader).
    var reads: (any SQLDatabase)? = nil

    /// A page of public books in the request's order. A query matches
    /// a book's name or description as the notebook's search matches words
    /// (folded, a partly typed syllable, choseong, the other keyboard layout:
    /// one of `WordSearchMatcher.titleNeedles` in the book's search text),
    /// or one of its words as the notebook's search does; when under ten
    /// books match so, books whose name is a typo away follow them.
    func list(_ request: LibraryQuery) async throws -> LibraryPage {
        guard (request.query ?? "").count <= Self.queryLimit else {
            throw AppError.invalid("the query must be at most \(Self.queryLimit) characters")
        }
        let sql = try reader()
        let listed: SQLQueryString = "b.visibility = \(bind: Self.listed)" + Self.filters(request)
        guard let text = request.query, !text.isEmpty else {
            return try await page(of: request, where: listed, on: sql)
        }
        let query = WordSearchQuery(text)
        var matching = listed + " AND (" + Self.holdsAny(WordSearchMatcher.titleNeedles(query))
        let holdingWords = try await booksHoldingWords(matching: query, on: sql)
        if !holdingWords.isEmpty { matching = matching + " OR b.id IN (\(binds: holdingWords))" }
        matching = matching + ")"
        let direct = try await page(of: request, where: matching, on: sql)
        guard direct.total < Self.fuzzyThreshold, query.allowsFuzzy else { return direct }
        // Few direct matches: the books holding half of the query in their
        // name or description, or a word a typo away; those whose name or
        // description is a typo away kept, and those with such a word, after
        // the direct ones.
        let typos = WordSearchMatcher.typoNeedles(query)
        let nearByWords = try await booksHoldingWords(aTypoAwayFrom: query, on: sql)
        var near: [SQLQueryString] = typos.isEmpty ? [] : [Self.holdsAny(typos)]
        if !nearByWords.isEmpty { near.append("b.id IN (\(binds: nearByWords))") }
        guard let first = near.first else { return direct }
        let candidateCondition = near.dropFirst().reduce("(" + first) { $0 + " OR " + $1 } + ")"
        let candidates = try await sql.raw(
            """
            SELECT \(unsafeRaw: Self.columns) FROM \(unsafeRaw: Self.tables)
            WHERE \(listed + " AND " + candidateCondition) ORDER BY \(unsafeRaw: Self.order(request.sort))
            LIMIT \(literal: Self.typoCandidateLimit)
            """
        ).all().map(Self.book(from:))
        // Every direct match (under ten): the page read above when it holds them all.
        let all =
            request.page == 1 && direct.items.count == direct.total
            ? direct.items
            : try await page(
                of: LibraryQuery(
                    query: nil, sort: request.sort, page: 1, perPage: Self.fuzzyThreshold),
                where: matching, on: sql
            ).items
        let directIDs = Set(all.map(\.id))
        let nearWords = Set(nearByWords)
        let matches =
            all
            + candidates.filter {
                !directIDs.contains($0.id)
                    && (nearWords.contains($0.id)
                        || WordSearchMatcher.matchesTitle(query, $0.name)
                        || WordSearchMatcher.matchesTitle(query, $0.description))
            }
        let start = min((request.page - 1) * request.perPage, matches.count)
        return LibraryPage(
            items: Array(matches[start..<min(start + request.perPage, matches.count)]),
            total: matches.count, page: request.page, perPage: request.perPage)
    }

    /// The books `condition` picks, counted and paged in the request's order.
    private func page(
        of request: LibraryQuery, where condition: SQLQueryString, on sql: any SQLDatabase
    ) async throws -> LibraryPage {
        let total =
            try await sql.raw("SELECT COUNT(*) AS n FROM books b WHERE \(condition)").first()?
            .decode(column: "n", as: Int.self) ?? 0
        let rows =
            total == 0
            ? []
            : try await sql.raw(
                """
                SELECT \(unsafeRaw: Self.columns) FROM \(unsafeRaw: Self.tables)
                WHERE \(condition) ORDER BY \(unsafeRaw: Self.order(request.sort))
                LIMIT \(literal: request.perPage) OFFSET \(literal: (request.page - 1) * request.perPage)
                """
            ).all()
        return LibraryPage(
            items: try rows.map(Self.book(from:)), total: total, page: request.page,
            perPage: request.perPage)
    }

    /// ` AND …`: the request's language and size filters.
    private static func filters(_ request: LibraryQuery) -> SQLQueryString {
        var condition: SQLQueryString = ""
        if let term = request.termLanguage {
            condition = condition + " AND b.term_language = \(bind: term)"
        }
        if let meaning = request.meaningLanguage {
            condition = condition + " AND b.meaning_language = \(bind: meaning)"
        }
        if let least = request.minWords {
            condition = condition + " AND b.word_count >= \(bind: least)"
        }
        if let most = request.maxWords {
            condition = condition + " AND b.word_count <= \(bind: most)"
        }
        return condition
    }

    /// Public books with a word matching `query` as the notebook's search
    /// matches (through its trigram index), at most `wordMatchLimit` of them.
    private func booksHoldingWords(matching query: WordSearchQuery, on sql: any SQLDatabase)
        async throws -> [UUID]
    {
        guard !query.folded.isEmpty else { return [] }
        let index = SearchIndex(query: query, dialect: sql.maeilDialect)
        return try await sql.raw(
            """
            SELECT DISTINCT w.book_id FROM \(unsafeRaw: index.wordsTable)
            JOIN books b ON b.id = w.book_id AND b.user_id = w.user_id
            WHERE b.visibility = \(bind: Self.listed)\(index.condition)
            LIMIT \(literal: Self.wordMatchLimit)
            """
        ).all().map { try $0.decode(column: "book_id", as: StoredUUID.self).value }
    }

    /// Public books with a word a typo away from `query`, found as the
    /// notebook's typo pass finds words (trigram candidates, then the edit
    /// distance of each line), at most `wordMatchLimit` of them.
    private func booksHoldingWords(aTypoAwayFrom query: WordSearchQuery, on sql: any SQLDatabase)
        async throws -> [UUID]
    {
        let index = SearchIndex(query: query, dialect: sql.maeilDialect)
        for kind in SearchIndex.TypoKind.allCases {
            guard let candidates = index.fuzzyCandidates(kind) else { continue }
            var books: [UUID] = []
            var seen = Set<UUID>()
            for row in try await sql.raw(
                """
                SELECT w.book_id, w.jamo_text FROM \(candidates.table)
                JOIN books b ON b.id = w.book_id AND b.user_id = w.user_id
                WHERE b.visibility = \(bind: Self.listed)\(candidates.condition)
                LIMIT \(literal: Self.typoWordCandidateLimit)
                """
            ).all() {
                guard let key = try? row.decode(column: "jamo_text", as: String.self),
                    query.isTypoAway(fromJamoKey: key),
                    let book = try? row.decode(column: "book_id", as: StoredUUID.self).value,
                    seen.insert(book).inserted
                else { continue }
                books.append(book)
                if books.count == Self.wordMatchLimit { break }
            }
            if !books.isEmpty { return books }
        }
        return []
    }

    /// `(…)`: the book's search text holds one of `needles`.
    private static func holdsAny(_ needles: [String]) -> SQLQueryString {
        var condition: SQLQueryString = "("
        for (index, needle) in needles.enumerated() {
            if index > 0 { condition = condition + " OR " }
            condition =
                condition
                + "b.search_text LIKE \(bind: SearchIndex.contains(needle)) ESCAPE '\\'"
        }
        return condition + ")"
    }

    /// The longest query, in characters (the notebook's search takes as many).
    static let queryLimit = 200

    /// At most this many books are found by their words (the rest by their name).
    static let wordMatchLimit = 500

    /// Below this many direct matches, books a typo away are added.
    static let fuzzyThreshold = 10
    /// At most this many books holding half of a query, in the list's order,
    /// are checked for a typo: each check costs about 60 µs, and a common
    /// half ("eng" of "englsh") is in thousands of books.
    static let typoCandidateLimit = 500
    /// At most this many public words are checked for a typo (the notebook's
    /// typo pass reads as many of one user's).
    static let typoWordCandidateLimit = 3000

    /// A book the reader may see: public, unlisted, or their own.
    func book(_ id: UUID) async throws -> LibraryBook {
        guard
            let row = try await reader().raw(
                """
                SELECT \(unsafeRaw: Self.columns) FROM \(unsafeRaw: Self.tables)
                WHERE b.id = \(bind: id)
                  AND (b.visibility IN (\(binds: Self.shared)) OR b.user_id = \(bind: readerID))
                """
            ).first()
        else { throw AppError.notFound("book") }
        return try Self.book(from: row)
    }

    /// The book's first words (oldest first), the words alone.
    func sample(of book: LibraryBook, count: Int = 20) async throws -> [LibraryWordDTO] {
        try await reader().raw(
            """
            SELECT w.term, w.meaning, w.reading FROM words w
            WHERE w.user_id = \(bind: book.ownerID) AND w.book_id = \(bind: book.id)
            ORDER BY w.created_at ASC, w.id ASC LIMIT \(literal: count)
            """
        ).all().map {
            LibraryWordDTO(
                term: try $0.decode(column: "term", as: String.self),
                meaning: try $0.decode(column: "meaning", as: String.self),
                reading: try $0.decode(column: "reading", as: String.self))
        }
    }

    /// Adds a copy of another user's published book to the reader's books
    /// (one copy each: 409 `already_added` naming it when they have one):
    /// its name, description and words (examples, tags, notes), none of the
    /// owner's study (memorized, bookmarked, dates); the copy remembers the
    /// book it came from. One transaction: the copy is whole or not made.
    /// `words` is the reader's word store (its days and hooks make the cards).
    func copy(_ id: UUID, words: WordStore) async throws -> UUID {
        let original = try await book(id)
        guard original.ownerID != readerID else {
            throw AppError(
                status: .conflict, code: .alreadyAdded, message: "this book is yours already",
                existingID: id)
        }
        // One copy each: a second would only split the reader's study. The copy
        // takes the original's later words by a pull instead.
        if let existing = try await copies(of: id).first {
            throw AppError(
                status: .conflict, code: .alreadyAdded,
                message: "you added this book already; update that copy instead",
                existingID: existing)
        }
        return try await db.writeTransaction { tx in
            let originals = try await WordStore(
                db: tx, userID: original.ownerID, days: words.days, hooks: words.hooks
            ).identifiedDrafts(inBook: id)
            let copy = Book(
                userID: readerID, name: original.name, description: original.description)
            copy.copiedFrom = id
            copy.languages = original.languages
            try await copy.save(on: tx)
            let copyID = try copy.requireID()
            try await Self.addCopies(
                of: originals, to: copyID,
                words: WordStore(db: tx, userID: readerID, days: words.days, hooks: words.hooks))
            try await tx.sql().raw(
                "UPDATE books SET copy_count = copy_count + 1 WHERE id = \(bind: id)"
            ).run()
            return copyID
        }
    }

    /// Adds `originals` to the copy `copyID` as new words of the reader's
    /// (`words`, inside the caller's transaction), each linked to its original.
    static func addCopies(
        of originals: [(id: UUID, draft: WordDraft)], to copyID: UUID, words: WordStore
    ) async throws {
        let ids = WordStore.ascendingIDs(originals.count)
        _ = try await words.importDrafts(
            originals.map { withoutStudy($0.draft) }, intoBook: copyID, ids: ids)
        let sql = try words.db.sql()
        for chunk in Array(originals.indices).chunked(400) {
            var values: [SQLQueryString] = []
            for index in chunk {
                values.append(
                    """
                    (\(bind: copyID), \(bind: originals[index].id), \(bind: ids[index]),
                     \(bind: originals[index].draft.normalized().contentFingerprint))
                    """)
            }
            try await sql.raw(
                """
                INSERT INTO copied_words (book_id, original_word_id, word_id, fingerprint)
                VALUES \(values.joined(separator: ", "))
                """
            ).run()
        }
    }

    static func withoutStudy(_ draft: WordDraft) -> WordDraft {
        var draft = draft
        draft.memorized = false
        draft.bookmarked = false
        draft.createdAt = nil
        return draft
    }

    /// Listed in the library.
    private static let listed = BookVisibility.public.rawValue
    /// Seen by anyone with the link.
    private static let shared = [BookVisibility.public.rawValue, BookVisibility.unlisted.rawValue]

    private static func order(_ sort: LibrarySort) -> String {
        switch sort {
        case .newest: "b.published_at DESC, b.id DESC"
        case .mostCopied: "b.copy_count DESC, b.published_at DESC, b.id DESC"
        case .bestRated:
            "b.rating_tenths DESC, b.review_count DESC, b.published_at DESC, b.id DESC"
        case .mostReviewed: "b.review_count DESC, b.published_at DESC, b.id DESC"
        }
    }

    /// A book, its owner, and the owner's picture if uploaded.
    private static let tables = """
        books b JOIN users u ON u.id = b.user_id LEFT JOIN user_avatars a ON a.user_id = b.user_id
        """

    private static let columns = """
        b.id, b.name, b.description, b.word_count, b.copy_count, b.visibility, b.published_at,
        b.user_id, COALESCE(NULLIF(u.display_name, ''), u.username) AS owner_name,
        b.review_count, b.rating_tenths, a.digest AS owner_avatar, b.term_language,
        b.meaning_language
        """

    private static func book(from row: any SQLRow) throws -> LibraryBook {
        LibraryBook(
            id: try row.decode(column: "id", as: StoredUUID.self).value,
            name: try row.decode(column: "name", as: String.self),
            description: try row.decode(column: "description", as: String.self),
            wordCount: try row.decode(column: "word_count", as: Int.self),
            copyCount: try row.decode(column: "copy_count", as: Int.self),
            visibility: BookVisibility(
                rawValue: try row.decode(column: "visibility", as: String.self)) ?? .private,
            ownerID: try row.decode(column: "user_id", as: StoredUUID.self).value,
            ownerName: try row.decode(column: "owner_name", as: String.self),
            ownerAvatarDigest: try row.decode(column: "owner_avatar", as: String?.self),
            publishedAt: try row.decode(column: "published_at", as: Date?.self),
            languages: BookLanguages(
                term: try row.decode(column: "term_language", as: String.self),
                meaning: try row.decode(column: "meaning_language", as: String.self)),
            reviewCount: try row.decode(column: "review_count", as: Int.self),
            ratingTenths: try row.decode(column: "rating_tenths", as: Int.self))
    }
}

extension Request {
    /// The library as the signed-in user reads it.
    func libraryStore() throws -> LibraryStore {
        LibraryStore(db: db, readerID: try requireUserID(), reads: try shortReads())
    }
}
