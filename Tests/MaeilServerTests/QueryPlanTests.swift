import Fluent
import Foundation
import Logging
import MaeilAPI
import SQLKit
import Testing
import Vapor
import VaporTesting

@testable import MaeilServer

/// Every statement the hot pages run (word pages of a big and a small book,
/// the books list, the dashboard, the study overview and queues, the
/// bookmarked words and their reviews, the calendar) must reach words,
/// cards and review logs through an index: a full scan, or a sort of every
/// matching row, costs what the user owns instead of what the page shows.
/// The statements are the real ones, caught from the server's query log
/// while a client walks those pages.
@Suite("Query plans")
struct QueryPlanTests {
    @Test func hotPagesUseIndexesOnly() async throws {
        try await withMaeilApp { app in
            let api = try await API.signUp(app)
            let big = try await api.createBook("Big")
            let csv =
                "term,meaning\n" + (1...2_000).map { "word\($0),뜻\($0)" }.joined(separator: "\n")
            try await api.importCSV(csv, into: big.id)
            try await Self.staleBookStatistics(for: api, on: app)
            let small = try await api.createBook("Small")
            for i in 1...20 { _ = try await api.addWord(small.id, "small\(i)", "작은\(i)") }
            let firstPage = try api.decode(
                WordPageDTO.self, try await api.send(.GET, "/api/v1/books/\(big.id)/words"))
            let memorized = try await api.send(
                .POST, "/api/v1/words/bulk",
                json: BulkRequest(ids: firstPage.items.prefix(60).map(\.id), action: .memorize))
            #expect(memorized.status == .ok, "\(memorized.body.string)")
            let bookmarked = try await api.send(
                .POST, "/api/v1/words/bulk",
                json: BulkRequest(ids: firstPage.items.suffix(3).map(\.id), action: .bookmark))
            #expect(bookmarked.status == .ok, "\(bookmarked.body.string)")
            let queue = try api.decode(
                ReviewQueueDTO.self, try await api.send(.GET, "/api/v1/study/queue"))
            for (card, rating) in zip(queue.cards, [1, 3, 4, 3]) {
                let answered = try await api.answer(card, rating)
                #expect(answered.status == .ok, "\(answered.body.string)")
            }

            let pages = [
                "/api/v1/books", "/api/v1/books/\(big.id)", "/api/v1/books/\(big.id)/words?page=2",
                "/api/v1/books/\(big.id)/words?page=3&sort=oldest",
                "/api/v1/books/\(big.id)/words?page=4&sort=alphabetical",
                "/api/v1/books/\(big.id)/words?page=2&sort=memorized",
                "/api/v1/books/\(big.id)/words?page=2&sort=not-memorized",
                "/api/v1/books/\(big.id)/words?page=39&sort=not-memorized",
                "/api/v1/books/\(small.id)/words", "/api/v1/stats/dashboard",
                "/api/v1/study/queue", "/api/v1/study/queue?bookID=\(big.id)",
                "/api/v1/study/queue?bookID=\(small.id)", "/api/v1/calendar",
                "/api/v1/words/\(firstPage.items[7].id)",
                "/api/v1/books/\(big.id)/words?bookmarked=true",
                "/api/v1/books/\(big.id)/words?bookmarked=true&memorized=false",
                "/api/v1/study/queue?bookmarkedOnly=true",
                "/api/v1/study/queue?bookmarkedOnly=true&bookID=\(big.id)",
            ]
            try await Self.expectIndexedPlans(of: pages, by: api, on: app, minimum: 20)
        }
    }

    /// Adding a word looks its term up in the book through the lowered-term
    /// index (the duplicate check), not by reading every word of the book.
    @Test func addingAWordLooksItsTermUpThroughTheIndex() async throws {
        try await withMaeilApp { app in
            let api = try await API.signUp(app)
            let book = try await api.createBook("Big")
            let csv = "term,meaning\n" + (1...500).map { "word\($0),뜻" }.joined(separator: "\n")
            try await api.importCSV(csv, into: book.id)
            let token = try #require(api.token)
            let (added, statements) = try await SQLCapture.statements(of: app) {
                try await LiveServer.run(app) { server in
                    try await server.send(
                        .POST, "/api/v1/books/\(book.id)/words",
                        headers: [
                            "Authorization": "Bearer \(token)", "Content-Type": "application/json",
                        ],
                        body: #"{"term": "Word7", "meaning": "뜻"}"#)
                }
            }
            #expect(added.status == .created)
            let lookup = try #require(statements.first { $0.contains("LOWER(term) = LOWER(") })
            // PostgreSQL chooses by cost: from statistics, as after an import.
            if try app.db.sql().maeilDialect == .postgres {
                try await app.db.sql().raw("ANALYZE words").run()
            }
            let plan = try await Self.plan(of: lookup, on: app.db)
            let byTerm =
                try app.db.sql().maeilDialect == .sqlite
                ? plan.contains { $0.contains("words_user_book_term") && $0.contains("<expr>=?") }
                : plan.contains { $0.contains("lower(term)") && $0.contains("Index Cond") }
            #expect(byTerm, "\(lookup)\nplan:\n\(plan.joined(separator: "\n"))")
        }
    }

    /// Search reads the words its trigram index finds, whatever the query's
    /// kind: a word, a choseong query, one kanji or two. Ranking the matches
    /// sorts them, so only full scans count here.
    @Test func searchFindsItsCandidatesThroughTheIndex() async throws {
        try await withMaeilApp { app in
            let api = try await API.signUp(app)
            let book = try await api.createBook("Mixed")
            let rows =
                (1...800).map { "word\($0),뜻\($0)" }
                + (1...200).map { "水\($0),みず \($0)" } + ["学校,がっこう", "사과,apple", "resilient,회복력"]
            try await api.importCSV("term,meaning\n" + rows.joined(separator: "\n"), into: book.id)
            try await Self.staleBookStatistics(for: api, on: app)
            // PostgreSQL estimates a lookup by a line's head from statistics
            // (the heads index's own); an import this small leaves them to autovacuum.
            if try app.db.sql().maeilDialect == .postgres {
                try await app.db.sql().raw("ANALYZE words").run()
                // The definitions of this schema's indexes alone: pg_indexes
                // may read another test's, dropped meanwhile ("could not
                // open relation").
                let shared = try await app.db.sql().raw(
                    """
                    SELECT COUNT(*) AS n FROM (
                      SELECT pg_get_indexdef(indexrelid) AS definition FROM (
                        SELECT indexrelid FROM pg_index WHERE indrelid = 'words'::regclass OFFSET 0
                      ) own OFFSET 0
                    ) own
                    WHERE definition LIKE '%gin_trgm_ops%' AND definition NOT LIKE '%(user_id, %'
                    """
                ).first()?.decode(column: "n", as: Int.self)
                #expect(shared == 0, "every trigram index of the words leads with their owner")
            }
            let queries = [
                "水", "学校", "がっこう", "word12", "ㅅㄱ", "사과", "사가", "みず", "resilent", "wordxy", "*ord",
            ]
            let pages = queries.flatMap { query -> [String] in
                let q = query.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
                return ["/api/v1/search?q=\(q)", "/api/v1/books/\(book.id)/words?q=\(q)"]
            }
            try await Self.expectIndexedPlans(
                of: pages, by: api, on: app, minimum: queries.count, sortsAllowed: true)
        }
    }

    /// SQLite: two more books after an import of 1,000 words or more made
    /// while the user had one, whose `PRAGMA optimize` counted that one: the
    /// planner would believe in fewer books than there are, as on a server
    /// whose users add books after their first import.
    static func staleBookStatistics(for api: API, on app: Application) async throws {
        guard try app.db.sql().maeilDialect == .sqlite else { return }
        _ = try await api.createBook("Travel")
        _ = try await api.createBook("Kitchen")
    }

    /// SQLite: after an instance's first large import (one user, one token,
    /// one book), the import's statistics count its words but none of the
    /// small tables, and a request's token is looked up by key rather than
    /// by reading every token and every user.
    @Test func smallTablesAreReachedByKeyAfterAFirstImport() async throws {
        try await withMaeilApp { app in
            let sql = try app.db.sql()
            guard sql.maeilDialect == .sqlite else { return }
            let api = try await API.signUp(app)
            let book = try await api.createBook("Big")
            let csv = "term,meaning\n" + (1...1_200).map { "word\($0),뜻" }.joined(separator: "\n")
            try await api.importCSV(csv, into: book.id)
            let counted = try await sql.raw(
                "SELECT tbl, CAST(stat AS INTEGER) AS n FROM sqlite_stat1"
            ).all().map {
                (
                    table: try $0.decode(column: "tbl", as: String.self),
                    rows: try $0.decode(column: "n", as: Int.self)
                )
            }
            #expect(counted.contains { $0.table == "words" }, "the import counted its words")
            #expect(
                counted.allSatisfy { $0.rows >= SQLiteStatistics.smallestCounted }, "\(counted)")
            let lookup = sql.serialize(BearerTokenAuthenticator.lookup(digest: "x")).sql
            let plan = try await Self.plan(of: lookup, on: app.db)
            #expect(
                !plan.contains { $0.trimmingCharacters(in: .whitespaces).hasPrefix("SCAN") },
                "\(plan.joined(separator: "\n"))")
        }
    }

    /// Walks `pages` as `api`'s user on a live server, catches the statements
    /// that read the big tables, and expects each plan free of `problems`.
    static func expectIndexedPlans(
        of pages: [String], by api: API, on app: Application, minimum: Int,
        sortsAllowed: Bool = false
    ) async throws {
        let token = try #require(api.token)
        let caught = try await SQLCapture.statements(of: app) {
            try await LiveServer.run(app) { server in
                for page in pages {
                    let response = try await server.send(
                        .GET, page, headers: ["Authorization": "Bearer \(token)"])
                    #expect(response.status == .ok, "\(page)")
                }
            }
        }
        let statements = caught.statements.filter(Self.readsBigTables)
        #expect(statements.count >= minimum, "caught \(statements.count) statements")
        let sql = try app.db.sql()
        for statement in Set(statements) {
            let plan = try await Self.plan(of: statement, on: app.db)
            var problems = Self.problems(
                in: plan, paged: !sortsAllowed && statement.contains("LIMIT"),
                dialect: sql.maeilDialect)
            if statement.contains("w.id IN ("), !Self.readsByPrimaryKey(plan) {
                problems.append("words listed by id not read by their primary key")
            }
            // Bookmarked words are few: read from their own index, whose rows
            // may then be sorted. PostgreSQL chooses by cost (the test's
            // few words), SQLite by the statement.
            if sql.maeilDialect == .sqlite,
                statement.contains("AND w.bookmarked")
                    || statement.contains("AND bw.bookmarked"),
                !plan.contains(where: { $0.contains(Self.bookmarkedIndex) })
            {
                problems.append("bookmarked words not read from their index")
            }
            if plan.contains(where: { $0.contains(Self.bookmarkedIndex) }) {
                problems.removeAll { $0.hasPrefix("sort of every row") }
            }
            // PostgreSQL chooses by cost, and on a test's few hundred words the
            // user_id index is the cheaper; SQLite's choice is the query's own.
            if sortsAllowed, sql.maeilDialect == .sqlite, statement.contains(" LIKE "),
                !Self.usesTrigramIndex(plan)
            {
                problems.append("a search that does not go through the trigram index")
            }
            // PostgreSQL finds the lines that start with a query by their heads.
            if sortsAllowed, sql.maeilDialect == .postgres,
                statement.contains("maeil_line_heads"),
                !plan.contains(where: { $0.contains("_text_heads") })
            {
                problems.append("a line's start not looked up by its head")
            }
            // A user's search reads only their range of the shared FTS5 table
            // (FTS5 marks a rowid range as `>` and `<` in its index string).
            if sortsAllowed, sql.maeilDialect == .sqlite,
                plan.contains(where: {
                    $0.contains("VIRTUAL TABLE INDEX 0:M") && !$0.contains("><")
                })
            {
                problems.append("a search that reads every user's trigram matches")
            }
            #expect(
                problems.isEmpty,
                "\(problems.joined(separator: "; ")) in\n\(statement)\nplan:\n\(plan.joined(separator: "\n"))"
            )
        }
    }

    /// Whether a SQLite plan reads candidates from the FTS5 trigram index,
    /// or the words the index found before by their search ids. Without
    /// either, a search reads every word of the user through the user_id index.
    static func usesTrigramIndex(_ plan: [String]) -> Bool {
        plan.contains {
            $0.contains("words_fts") || $0.contains("USING INDEX words_search_id (search_id=?")
        }
    }

    /// Whether the plan reads words by their ids (SQLite's index of the
    /// primary key, PostgreSQL's `words_pkey`).
    static func readsByPrimaryKey(_ plan: [String]) -> Bool {
        plan.contains {
            $0.contains("sqlite_autoindex_words_1 (id=?)") || $0.contains("words_pkey")
        }
    }

    static let bigTables = ["words", "cards", "review_logs"]
    static let bookmarkedIndex = "words_user_book_bookmarked"

    static func readsBigTables(_ statement: String) -> Bool {
        let text = statement.lowercased()
        return (text.hasPrefix("select") || text.hasPrefix("with"))
            && bigTables.contains { text.contains("from \($0)") || text.contains("join \($0)") }
    }

    /// The plan as text lines. Bound values are left out: SQLite plans
    /// unbound parameters as NULL without folding them; PostgreSQL is asked
    /// for its generic plan, with sequential scans discouraged so that a
    /// "Seq Scan" left in the plan means no index can serve the statement.
    static func plan(of statement: String, on db: any Database) async throws -> [String] {
        let sql = try db.sql()
        switch sql.maeilDialect {
        case .sqlite:
            return try await sql.raw("EXPLAIN QUERY PLAN \(unsafeRaw: statement)").all().map {
                try $0.decode(column: "detail", as: String.self)
            }
        case .postgres:
            return try await db.withConnection { connection in
                let session = try connection.sql()
                let parameters = Self.placeholderCount(statement)
                try await session.raw("SET plan_cache_mode = force_generic_plan").run()
                try await session.raw("SET enable_seqscan = off").run()
                try await session.raw("PREPARE plan_probe AS \(unsafeRaw: statement)").run()
                let nulls = Array(repeating: "NULL", count: parameters).joined(separator: ", ")
                let execute = parameters == 0 ? "plan_probe" : "plan_probe(\(nulls))"
                let lines = try await session.raw("EXPLAIN EXECUTE \(unsafeRaw: execute)").all()
                    .map { try $0.decode(column: "QUERY PLAN", as: String.self) }
                try await session.raw("DEALLOCATE plan_probe").run()
                try await session.raw("RESET enable_seqscan").run()
                try await session.raw("RESET plan_cache_mode").run()
                return lines
            }
        }
    }

    static func placeholderCount(_ statement: String) -> Int {
        let numbers = statement.split(separator: "$").dropFirst().compactMap {
            Int($0.prefix { $0.isNumber })
        }
        return numbers.max() ?? 0
    }

    /// Full scans of the big tables; and in a statement that shows a page
    /// (LIMIT), a sort of every matching row instead of reading in index order.
    static func problems(in plan: [String], paged: Bool, dialect: DatabaseDialect) -> [String] {
        plan.compactMap { line in
            let step = line.trimmingCharacters(in: .whitespaces)
            switch dialect {
            case .sqlite:
                func scans(_ table: String) -> Bool {
                    step == "SCAN \(table)" || step.hasPrefix("SCAN \(table) ")
                }
                if (bigTables + ["w", "c", "r", "l"]).contains(where: scans) {
                    return "full scan: \(step)"
                }
                // Books are looked up by key: scanned, they were the outer
                // loop of a search (each match sought once per book of the
                // table) or read whole for each word.
                if ["books", "b"].contains(where: scans) { return "books read whole: \(step)" }
                if paged && step.hasPrefix("USE TEMP B-TREE FOR") && step.contains("ORDER BY") {
                    return "sort of every row: \(step)"
                }
            case .postgres:
                for table in bigTables where step.contains("Seq Scan on \(table)") {
                    return "full scan: \(step)"
                }
            }
            return nil
        }
    }
}

/// Keeps the SQL text of every statement the database drivers log.
final class SQLCapture: LogHandler, @unchecked Sendable {
    /// The statements `app` runs while `body` does (its logger replaced meanwhile).
    static func statements<T>(of app: Application, while body: () async throws -> T)
        async throws -> (result: T, statements: [String])
    {
        let captured = SQLCapture()
        var logger = Logger(label: "maeil.sql-capture") { _ in captured }
        logger.logLevel = .debug
        app.logger = logger
        defer { app.logger = Logger(label: "maeil.test") }
        let result = try await body()
        return (result, captured.statements)
    }

    private let lock = NSLock()
    private var caught: [String] = []
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .debug

    var statements: [String] { lock.withLock { caught } }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(
        level: Logger.Level, message: Logger.Message, metadata: Logger.Metadata?, source: String,
        file: String, function: String, line: UInt
    ) {
        guard case .string(let sql)? = metadata?["sql"] else { return }
        lock.withLock { caught.append(sql) }
    }
}
