import Fluent
import Foundation
import MaeilAPI
import MaeilTestSupport
import SQLKit
import Testing
import Vapor
import VaporTesting
import VocabCore

@testable import MaeilServer

/// The counts each book keeps (`AddBookCounts`) must equal a count of its
/// words after every kind of write, on both databases: the books list and
/// word pages show them instead of counting. Cards follow their word's book
/// (`AddCardBooks`) the same way, and each user's words by day
/// (`CountWordsByDay`), which the calendar and the diary show, their words.
@Suite("Book counts")
struct BookCountsTests {
    @Test func countsFollowEveryKindOfWrite() async throws {
        try await withMaeilApp { app in
            let api = try await API.signUp(app)
            let bystander = try await API.signUp(app)
            let theirs = try await bystander.createBook("Theirs")
            _ = try await bystander.addWord(theirs.id, "theirs", "남의 것")

            var books = [
                try await api.createBook("One"), try await api.createBook("Two"),
                try await api.createBook("Three"),
            ].map(\.id)
            var random = SplitMix64(seed: 20_261_122)
            var words: [UUID] = []
            for step in 0..<80 {
                let book = books[Int(random.next() % UInt64(books.count))]
                let some =
                    words.isEmpty
                    ? [] : (0..<3).map { _ in words[Int(random.next() % UInt64(words.count))] }
                let what = random.next() % 10
                var described = ""
                switch what {
                case 0, 1, 2:
                    let word = try await api.addWord(book, "w\(step)", "뜻")
                    words.append(word.id)
                    described = "add"
                case 3 where !some.isEmpty:
                    let flags = [
                        "memorized": random.next() % 2 == 0, "bookmarked": random.next() % 2 == 0,
                    ]
                    let r = try await api.send(.PATCH, "/api/v1/words/\(some[0])", json: flags)
                    #expect(r.status == .ok, "\(r.body.string)")
                    described = "patch flags"
                case 4 where !some.isEmpty:
                    let r = try await api.send(
                        .PATCH, "/api/v1/words/\(some[0])", json: ["bookID": book.uuidString])
                    #expect(r.status == .ok, "\(r.body.string)")
                    described = "move"
                case 5 where !some.isEmpty:
                    let action = BulkAction.allCases[
                        Int(random.next() % UInt64(BulkAction.allCases.count))]
                    let r = try await api.send(
                        .POST, "/api/v1/words/bulk",
                        json: BulkRequest(ids: Array(Set(some)), action: action, bookID: book))
                    #expect(r.status == .ok, "\(action): \(r.body.string)")
                    if action == .delete { words.removeAll { some.contains($0) } }
                    described = "bulk \(action)"
                case 6 where !some.isEmpty:
                    let r = try await api.send(.DELETE, "/api/v1/words/\(some[0])")
                    #expect(r.status == .noContent || r.status == .notFound, "\(r.body.string)")
                    words.removeAll { $0 == some[0] }
                    described = "delete"
                case 7:
                    let csv = "term,meaning\nimported\(step)a,가\nimported\(step)b,나\n"
                    let r = try await api.send(
                        .POST, "/api/v1/books/\(book)/import?filename=words.csv",
                        raw: Data(csv.utf8))
                    #expect(r.status == .ok, "\(r.body.string)")
                    words = try await wordIDs(app, in: books)
                    described = "import"
                case 8 where step % 4 == 0:
                    // Every word filed under its day in another time zone.
                    let zone = ["Asia/Seoul", "America/New_York", "Pacific/Kiritimati"][step % 3]
                    let r = try await api.send(
                        .PATCH, "/api/v1/auth/me", json: ProfilePatch(timeZone: zone))
                    #expect(r.status == .ok, "\(r.body.string)")
                    described = "move to \(zone)"
                case 8:
                    let today = DayFormatter(timeZone: testTimeZone).day(
                        of: Date())
                    let r = try await api.send(.POST, "/api/v1/calendar/\(today)/memorize-all")
                    #expect(r.status == .ok, "\(r.body.string)")
                    described = "memorize the day"
                case 9 where step > 60 && books.count > 1:
                    let r = try await api.send(.DELETE, "/api/v1/books/\(book)")
                    #expect(r.status == .noContent || r.status == .ok, "\(r.body.string)")
                    books.removeAll { $0 == book }
                    words = try await wordIDs(app, in: books)
                    described = "delete book"
                default:
                    continue
                }
                try await expectCountsMatchWords(app, api, step: step, after: described)
            }
            let theirsNow = try bystander.decode(
                BookDTO.self, try await bystander.send(.GET, "/api/v1/books/\(theirs.id)"))
            #expect(theirsNow.wordCount == 1)
        }
    }

    /// A database from before the counts gets them from its words.
    @Test func theUpgradeCountsExistingWords() async throws {
        try await withMaeilApp { app in
            let api = try await API.signUp(app)
            let book = try await api.createBook("Old")
            for i in 1...4 { _ = try await api.addWord(book.id, "old\(i)", "옛") }
            let words = try api.decode(
                WordPageDTO.self, try await api.send(.GET, "/api/v1/books/\(book.id)/words")
            ).items
            _ = try await api.send(
                .POST, "/api/v1/words/bulk",
                json: BulkRequest(ids: [words[0].id], action: .memorize))
            // One connection: with the pool's two, SQLite's second connection
            // sometimes still saw the column the revert had dropped (1 run in 3).
            try await app.db.withConnection { db in
                try await AddSortIndexes().revert(on: db)  // it replaced an index of the counts'
                try await AddCardBooks().revert(on: db)
                try await AddBookCounts().revert(on: db)
                try await db.sql().raw(
                    "UPDATE words SET bookmarked = \(bind: true) WHERE id = \(bind: words[1].id)"
                ).run()
                try await AddBookCounts().prepare(on: db)
                try await AddCardBooks().prepare(on: db)
                try await AddSortIndexes().prepare(on: db)
            }
            let upgraded = try api.decode(
                BookDTO.self, try await api.send(.GET, "/api/v1/books/\(book.id)"))
            #expect(upgraded.wordCount == 4 && upgraded.memorizedCount == 1)
            try await expectCountsMatchWords(app, api, step: 0, after: "the upgrade")
        }
    }

    /// A database from before the words by day counts the words it has.
    @Test func theUpgradeCountsEachDaysWords() async throws {
        try await withMaeilApp { app in
            let api = try await API.signUp(app)
            let book = try await api.createBook("Old")
            for i in 1...3 { _ = try await api.addWord(book.id, "old\(i)", "옛") }
            try await app.db.withConnection { try await CountWordsByDay().revert(on: $0) }
            _ = try await api.addWord(book.id, "uncounted", "셈 밖")
            try await app.db.withConnection { try await CountWordsByDay().prepare(on: $0) }
            let month = try api.decode(
                CalendarMonthDTO.self, try await api.send(.GET, "/api/v1/calendar"))
            #expect(month.total == 4 && month.days.count == 1, "\(month.days)")
            _ = try await api.addWord(book.id, "counted", "셈 안")
            try await expectCountsMatchWords(app, api, step: 0, after: "the upgrade")
        }
    }

    /// The ids of the words in these books.
    private func wordIDs(_ app: Application, in books: [UUID]) async throws -> [UUID] {
        try await (app.db as! any SQLDatabase).raw(
            "SELECT id FROM words WHERE book_id IN (\(binds: books))"
        ).all().map { try $0.decode(column: "id", as: UUID.self) }
    }

    private func expectCountsMatchWords(
        _ app: Application, _ api: API, step: Int, after: String
    ) async throws {
        let sql = app.db as! any SQLDatabase
        // Every user's words by day (`CountWordsByDay`), as counted from the words.
        func days(_ statement: SQLQueryString) async throws -> [String: Int] {
            Dictionary(
                uniqueKeysWithValues: try await sql.raw(statement).all().map {
                    (
                        "\(try $0.decode(column: "user_id", as: UUID.self)) "
                            + (try $0.decode(column: "day", as: String.self)),
                        try $0.decode(column: "n", as: Int.self)
                    )
                })
        }
        let kept = try await days("SELECT user_id, day, words AS n FROM word_days")
        let recounted = try await days(
            "SELECT user_id, added_on AS day, COUNT(*) AS n FROM words GROUP BY user_id, added_on")
        #expect(kept == recounted, "step \(step), after \(after): words by day")
        let listed = try api.decode([BookDTO].self, try await api.send(.GET, "/api/v1/books"))
        for book in listed {
            let row = try #require(
                try await sql.raw(
                    """
                    SELECT COUNT(*) AS n,
                      COUNT(CASE WHEN memorized THEN 1 END) AS m,
                      COUNT(CASE WHEN bookmarked THEN 1 END) AS k
                    FROM words WHERE book_id = \(bind: book.id)
                    """
                ).first())
            let counted = (
                try row.decode(column: "n", as: Int.self),
                try row.decode(column: "m", as: Int.self),
                try row.decode(column: "k", as: Int.self)
            )
            let bookmarked = try api.decode(
                WordPageDTO.self,
                try await api.send(.GET, "/api/v1/books/\(book.id)/words?bookmarked=true")
            ).total
            let notMemorized = try api.decode(
                WordPageDTO.self,
                try await api.send(.GET, "/api/v1/books/\(book.id)/words?memorized=false")
            ).total
            let strayCards = try await sql.raw(
                """
                SELECT COUNT(*) AS n FROM cards c JOIN words w ON w.id = c.word_id
                WHERE w.book_id = \(bind: book.id) AND (c.book_id IS NULL OR c.book_id <> w.book_id)
                """
            ).first()?.decode(column: "n", as: Int.self)
            #expect(strayCards == 0, "step \(step), after \(after): cards left in another book")
            let shown = (book.wordCount, book.memorizedCount, bookmarked)
            #expect(
                shown == counted && notMemorized == counted.0 - counted.1,
                "step \(step), after \(after): \(book.name) shows \(shown), has \(counted)")
        }
    }
}
