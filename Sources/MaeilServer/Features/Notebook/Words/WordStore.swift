import Fluent
import MaeilAPI
import SQLKit
import SQLiteKit
import Vapor
import VocabCore

extension WordSort {
    /// Search results within a rank of match: on the web, and in the API unless asked.
    static let searchResults = WordSort.alphabetical

    var orderBy: String {
        switch self {
        case .recent: "w.created_at DESC, w.id DESC"
        case .oldest: "w.created_at ASC, w.id ASC"
        case .memorized: "CASE WHEN w.memorized THEN 0 ELSE 1 END, w.created_at DESC, w.id DESC"
        case .notMemorized: "CASE WHEN w.memorized THEN 1 ELSE 0 END, w.created_at DESC, w.id DESC"
        case .random: "RANDOM()"
        case .alphabetical: "LOWER(w.term) ASC, w.term ASC, w.id ASC"
        }
    }
}

/// Which words to list. All conditions combine with AND.
struct WordFilter: Sendable {
    var bookID: UUID?
    var query: String?
    var day: CivilDay?
    var memorized: Bool?
    var bookmarked: Bool?

    /// Whether the filter leaves every word of the user (the query aside).
    var readsEveryWordOfItsUser: Bool {
        bookID == nil && readsEveryWordOfItsBooks
    }

    /// Whether the filter keeps every word of the books it reads (all the
    /// user's, or one book): no day and no flag.
    var readsEveryWordOfItsBooks: Bool {
        day == nil && memorized == nil && bookmarked == nil
    }
}

/// Words of one user. Hot read paths (lists, search, calendar) use SQLKit
/// directly; every statement carries `user_id`, so no query can reach another
/// user's words.
struct WordStore: Sendable, ReadsInline {
    let db: any Database
    let userID: UUID
    let days: DayFormatter
    /// Told of every word added (study makes its cards).
    let hooks: NotebookHooks
    /// Where a plain page's reads go when not in a transaction (`Request.inlineReads`).
    var reads: (any SQLDatabase)? = nil
    /// Where a deep page of a book finds its list's order (`WordOrderCache`).
    var orders: WordOrderCache? = nil
    /// Where a plain page finds its book's counts and revision kept from an
    /// earlier request (`Request.keptReads`).
    var kept: (any KeptReads)? = nil
    /// Where a search runs on PostgreSQL when not in a transaction (`PostgresSearchPool`).
    var searches: (any Database)? = nil
    /// PostgreSQL: statements name the owner as a constant, for a big owner's
    /// search to use the owner's own indexes (`OwnerSearchIndexes`).
    var ownerWrittenIn = false
    /// PostgreSQL: the words an owner has before they get indexes of their
    /// own (`ServerSettings.ownerIndexWords`).
    var ownerIndexWords = ServerSettings.bigOwnerWords

    // MARK: reading

    func list(_ filter: WordFilter, sort: WordSort = .recent, page: Int = 1, perPage: Int = 50)
        async throws -> WordPage
    {
        guard filter.query != nil, dialect == .postgres else {
            return try await listing(filter, sort: sort, page: page, perPage: perPage)
        }
        if !ownerWrittenIn, try await ownsManyWords() {
            var store = self
            store.ownerWrittenIn = true
            return try await store.list(filter, sort: sort, page: page, perPage: perPage)
        }
        // Without sequential scans the matches found through the trigram
        // index drive each statement of the search (`PostgresSearchPool` has
        // why): on the search pool, or in a transaction already open.
        if let searches, !db.inTransaction {
            return try await WordStore(
                db: searches, userID: userID, days: days, hooks: hooks, reads: reads,
                orders: orders, kept: kept, ownerWrittenIn: ownerWrittenIn,
                ownerIndexWords: ownerIndexWords
            ).listing(filter, sort: sort, page: page, perPage: perPage)
        }
        return try await db.transactionUntilClosed { tx in
            try await tx.sql().raw("SET LOCAL enable_seqscan = off").run()
            return try await within(tx).listing(
                filter, sort: sort, page: page, perPage: perPage)
        }
    }

    private func listing(_ filter: WordFilter, sort: WordSort, page: Int, perPage: Int)
        async throws -> WordPage
    {
        let page = max(1, page)
        let perPage = min(max(1, perPage), 500)
        let search = filter.query.map { WordSearchQuery($0) }.flatMap {
            $0.folded.isEmpty ? nil : SearchIndex(query: $0, dialect: dialect, owner: userID)
        }
        var condition = whereClause(filter)
        var order = SQLQueryString(sort.orderBy)
        let words = search?.wordsTable ?? "words w"
        if let search {
            condition = condition + search.condition
            order = search.rank + ", " + order
        }
        let sql = try db.sql()
        // The book's counts also check that the book is the user's (404).
        let books = BookStore(db: db, userID: userID, reads: reads, kept: kept)
        let bookCounts = try await filter.bookID.asyncMap { try await books.counts(of: $0) }
        // A search counts its matches only up to a cap: a query of one or two
        // letters can match most words, and counting them all costs a scan.
        let countLimit: SQLQueryString =
            search == nil ? "" : " LIMIT \(literal: Self.searchCountCap)"
        let total: Int
        // PostgreSQL: a search's page ranked in the statement that counts its
        // matches, when there are fewer than the cap (`rankedUnderCap`).
        var rankedWithCount: [any SQLRow]?
        if let search, search.dialect == .postgres {
            let counted = try await rankedUnderCap(
                search, filter: filter, order: order, page: page, perPage: perPage,
                words: {
                    if let bookCounts { return bookCounts.words }
                    return try await books.list().reduce(0) { $0 + $1.wordCount }
                },
                on: sql)
            total = counted.total
            rankedWithCount = counted.rows
        } else if search == nil, filter.day == nil,
            let counted = try await Self.kept(bookCounts, books).matching(
                memorized: filter.memorized, bookmarked: filter.bookmarked)
        {
            // From the counts the books keep: a big book's words are never
            // counted one by one (a day, or two flags at once, count their own).
            total = counted
        } else if let search, search.listsMatchesFromIndex {
            // The matches' search ids, up to the cap, read from the index
            // alone: their number is the count, and below the cap the page
            // reads those words by id instead of asking the index again (a
            // query common in other users' words, "nce" among EDICT's
            // meanings, paid for their postings twice).
            // The ids stay in SQLite as one JSON array: a thousand rows
            // decoded one by one cost a broad query 2.5 ms. Inline, as the
            // count stops at its cap.
            let reader = reads ?? sql
            let source = search.countSource
            var listed: SQLQueryString =
                "SELECT w.search_id AS id FROM \(unsafeRaw: source.table) WHERE "
                + whereClause(filter) + source.condition + countLimit
            if filter.readsEveryWordOfItsUser,
                let alone = search.matchesInOwnersRange(limit: Self.searchCountCap),
                try await SearchIndex.ownsItsRange(userID, on: reader)
            {
                listed = alone
            }
            let matches = try await reader.raw(
                "SELECT COUNT(*) AS n, json_group_array(id) AS ids FROM (" + listed + ") matches"
            ).first()
            total = try matches?.decode(column: "n", as: Int.self) ?? 0
            if total < Self.searchCountCap,
                let ids = try matches?.decode(column: "ids", as: String.self)
            {
                condition = whereClause(filter) + search.condition(matchingJSON: ids)
            }
        } else {
            let source = search?.countSource ?? (table: words, condition: "")
            total =
                try await sql.raw(
                    """
                    SELECT COUNT(*) AS n FROM (SELECT 1 FROM \(unsafeRaw: source.table)
                    WHERE \(whereClause(filter) + source.condition)\(countLimit)) matches
                    """
                ).first()?.decode(column: "n", as: Int.self) ?? 0
        }
        if let search, total < Self.fuzzyThreshold, search.query.allowsFuzzy {
            // PostgreSQL ranked every match already when all are on this first page.
            let ranked = try rankedWithCount.flatMap { rows in
                page == 1 && rows.count == total ? try rows.map(WordRow.record(from:)) : nil
            }
            return try await withTypos(
                search, filter: filter, matching: condition, order: order, page: page,
                perPage: perPage, direct: ranked)
        }
        if total == 0 { return WordPage(items: [], total: 0, page: page, perPage: perPage) }
        if search == nil {
            return WordPage(
                items: try await plainPage(
                    filter, sort: sort, offset: (page - 1) * perPage, limit: perPage,
                    total: total, counts: bookCounts),
                total: total, page: page, perPage: perPage)
        }
        // Reads inline (see `SQLiteReads`) where the rows they rank are
        // bounded: a page that walks an index to its offset (the first
        // pages), a search's matches listed by the count (under its cap), the
        // lines that start with a broad query. The rest — a search that ranks
        // every match of a broad query, or that the index cannot serve —
        // runs on the pool, off the event loop.
        let shallow = (page - 1) * perPage <= Self.inlineOffsetLimit
        // PostgreSQL: kept prepared, the page bound not written in, as the
        // count's statement is (`rankedUnderCap`). Its search pool plans for
        // any values already; parsing and planning this statement took
        // 0.5-0.9 ms of each broad query, against 0.1 ms to bind it kept.
        // SQLite keeps the bound written in: its planner weighs a constant
        // LIMIT when it picks an order.
        let pageBound: SQLQueryString =
            dialect == .postgres
            ? "LIMIT \(bind: perPage) OFFSET \(bind: (page - 1) * perPage)"
            : "LIMIT \(literal: perPage) OFFSET \(literal: (page - 1) * perPage)"
        // The matches drive, each looking its book's name up by key: joined
        // to `books`, a search was planned from the books when the
        // statistics counted few (`SQLiteStatistics`), each match sought
        // once per book of the instance.
        func rows(where condition: SQLQueryString, bounded: Bool) async throws -> [any SQLRow] {
            try await (bounded && shallow ? (reads ?? sql) : sql).keepingStatementsPrepared().raw(
                """
                SELECT \(unsafeRaw: WordRow.selectedWithoutJoin) FROM \(unsafeRaw: words)
                WHERE \(condition) ORDER BY \(order)
                \(pageBound)
                """
            ).all()
        }
        // The head of the ranking comes first in the order, so a full page of
        // it is the page; a short one means the page reaches further down.
        // Worth a try only for a broad search: a few hundred matches are
        // ranked at once faster than the head is looked up first.
        var found = rankedWithCount
        if found == nil, let search, total >= Self.searchCountCap {
            for leading in search.leadingConditions {
                let leadingRows = try await rows(
                    where: whereClause(filter) + leading.condition, bounded: leading.startsLines)
                if leadingRows.count == perPage {
                    found = leadingRows
                    break
                }
            }
        }
        let listed = search.map { $0.listsMatchesFromIndex && total < Self.searchCountCap } ?? true
        if found == nil { found = try await rows(where: condition, bounded: listed) }
        return WordPage(
            items: try (found ?? []).map(WordRow.record(from:)), total: total, page: page,
            perPage: perPage,
            totalCapped: search != nil && total >= Self.searchCountCap)
    }

    /// PostgreSQL: a search's matches counted up to the cap, and below it the
    /// page of them ranked, in one statement, unless a needle in a large
    /// share of a big book reached the cap read in order (`CappedMatchCount`).
    /// The matches are found once through the trigram index, kept by their
    /// place in the table (`ctid`, stable within the statement), and ranked
    /// from there; counting them and ranking them in two statements found
    /// them twice ("study", 341 of EDICT's words: 1.2 ms to count, then
    /// 1.9 ms to find and rank them again, against 2.1 ms for both). At the
    /// cap the page is not ranked (a broad query ranks among all its matches,
    /// not the first thousand) and `rows` is nil; keeping places instead of
    /// whole rows holds that case to what the count alone cost.
    private func rankedUnderCap(
        _ search: SearchIndex, filter: WordFilter, order: SQLQueryString, page: Int,
        perPage: Int, words: () async throws -> Int, on sql: any SQLDatabase
    ) async throws -> (total: Int, rows: [any SQLRow]?) {
        let cap = Self.searchCountCap
        // Read in the books' own order, which a flag or a day would thin
        // out: the budget of words read would no longer bound the read. The
        // words searched are the book's counts or the user's kept book list
        // summed, read already: a small book is never probed at all.
        if search.mayBeInALargeShare, filter.readsEveryWordOfItsBooks,
            let counted = try await CappedMatchCount(
                filter: whereClause(filter), condition: search.condition, cap: cap,
                words: try await words()
            ).countedInOrder(on: sql)
        {
            return (counted, nil)
        }
        // Kept prepared, planned once for any query of its shape (the page
        // bound, not written in): planning it was 1 ms of each search.
        let rows = try await sql.keepingStatementsPrepared().raw(
            """
            WITH m AS MATERIALIZED (SELECT w.ctid AS place FROM words w
              WHERE \(whereClause(filter) + search.condition) LIMIT \(literal: cap))
            SELECT c.total_matches, p.* FROM (SELECT COUNT(*) AS total_matches FROM m) c
            LEFT JOIN LATERAL (
              SELECT \(unsafeRaw: WordRow.selected) FROM words w JOIN books b ON b.id = w.book_id AND b.user_id = w.user_id
              WHERE c.total_matches < \(literal: cap) AND w.ctid = ANY(ARRAY(SELECT place FROM m))
              AND \(whereClause(filter)) ORDER BY \(order)
              LIMIT \(bind: perPage) OFFSET \(bind: (page - 1) * perPage)
            ) p ON true
            """
        ).all()
        let total = try rows.first?.decode(column: "total_matches", as: Int.self) ?? 0
        guard total < cap else { return (total, nil) }
        // A page past the last match is the count's row alone, its word all NULL.
        return (total, try rows.filter { try !$0.decodeNil(column: "id") })
    }

    /// A page of a list that is not a search: its ids first, read in order
    /// from an index alone however deep the page (EDICT's page 5,000 of the
    /// newest, alphabetical or memorized-first order walks 250,000 index
    /// entries in 20–45 ms, where reading and sorting the rows took 0.2–1 s),
    /// then its words by id. A random order has no pages: each is a new draw.
    private func plainPage(
        _ filter: WordFilter, sort: WordSort, offset: Int, limit: Int, total: Int,
        counts: BookCounts?
    ) async throws -> [WordRecord] {
        let sql = try db.sql()
        if offset > Self.orderCacheOffset, sort != .random, let orders, let bookID = filter.bookID,
            filter.day == nil, filter.query == nil
        {
            let key = WordOrderCache.Key(
                userID: userID, bookID: bookID, sort: sort, memorized: filter.memorized,
                bookmarked: filter.bookmarked)
            let revision = try await BookStore(db: db, userID: userID, reads: reads, kept: kept)
                .revision(of: bookID)
            let order = try await orders.ids(for: key, at: revision) {
                try await orderedIDs(filter, sort: sort, counts: counts, reading: sql)
            }
            let page = order[min(offset, order.count)..<min(offset + limit, order.count)]
            return try await words(
                Array(page), inBook: (bookID, revision.name), reading: reads ?? sql)
        }
        let reader = offset <= Self.inlineOffsetLimit ? (reads ?? sql) : sql
        let offset = sort == .random && offset < total ? 0 : offset
        var ids: [UUID] = []
        var start = 0
        for run in Self.runs(of: sort, filter: filter, counts: counts) {
            let wanted = limit - ids.count
            if wanted == 0 { break }
            if let count = run.count, offset + ids.count >= start + count {
                start += count
                continue
            }
            let found = try await reader.raw(
                """
                SELECT w.id FROM words w WHERE \(whereClause(filter) + run.condition)
                ORDER BY \(unsafeRaw: run.order)
                LIMIT \(literal: wanted) OFFSET \(literal: max(0, offset + ids.count - start))
                """
            ).all()
            ids += try found.map { try $0.decode(column: "id", as: StoredUUID.self).value }
            start += run.count ?? 0
        }
        return try await words(ids, reading: reader)
    }

    /// Every id of a list, in its order: its runs read from their indexes
    /// whole, each as one value (a row per word was 267,000 row objects for
    /// EDICT, and 110 MB more in the server's memory after).
    ///
    /// Both databases are handed the ids in order by a subquery, whose rows
    /// the aggregate takes in turn (the deep-page test checks the order): an
    /// ORDER BY inside the aggregate has them sort what the index already
    /// holds in order (SQLite 1.8 s for EDICT; PostgreSQL 270 ms, spilling to
    /// disk, against 80-100 ms). PostgreSQL's are an array of ids, 16 bytes
    /// each, where text was 36 and a parse.
    private func orderedIDs(
        _ filter: WordFilter, sort: WordSort, counts: BookCounts?, reading reader: any SQLDatabase
    ) async throws -> [UUID] {
        var ids: [UUID] = []
        for run in Self.runs(of: sort, filter: filter, counts: counts) {
            let ordered: SQLQueryString = """
                SELECT w.id FROM words w WHERE \(whereClause(filter) + run.condition)
                ORDER BY \(unsafeRaw: run.order)
                """
            if dialect == .sqlite {
                let row = try await reader.raw(
                    "SELECT group_concat(id, ',') AS ids FROM (" + ordered + ")"
                ).first()
                var text = try row?.decode(column: "ids", as: String?.self)
                try text?.withUTF8 { ids += try StoredUUID.parse(commaSeparated: $0) }
            } else {
                let row = try await reader.raw(
                    "SELECT array_agg(id) AS ids FROM (" + ordered + ") AS ordered"
                ).first()
                ids += try row?.decode(column: "ids", as: [UUID]?.self) ?? []
            }
        }
        return ids
    }

    /// The user's words with these ids, read by their primary key: `words`
    /// alone in FROM (a book's columns come from a subquery per word) and, on
    /// SQLite, the user's id as a check (`+`) rather than an index key.
    /// Otherwise the planners walked every word of the user through an index
    /// on `user_id`: SQLite when the index has no statistics (it guesses ten
    /// words a user), PostgreSQL when it joined the user's books first.
    private func listed(_ ids: [UUID]) -> SQLQueryString {
        let owner: SQLQueryString =
            dialect == .sqlite ? "+w.user_id = \(bind: userID)" : "w.user_id = \(bind: userID)"
        // PostgreSQL: the ids as one array, so the statement's text is the
        // same for any number of them (one kept statement).
        return dialect == .sqlite
            ? owner + " AND w.id IN (\(binds: ids))" : owner + " AND w.id = ANY(\(bind: ids))"
    }

    /// The runs of a list's order, each read from one index. A book's
    /// memorized-first (or not-memorized-first) order is two runs of its
    /// newest-first order, the first as long as the book's counts say, so
    /// neither sorts the book (`AddSortIndexes`).
    private static func runs(of sort: WordSort, filter: WordFilter, counts: BookCounts?)
        -> [(condition: SQLQueryString, order: String, count: Int?)]
    {
        let newest = WordSort.recent.orderBy
        guard let counts, filter.bookID != nil, filter.day == nil, filter.memorized == nil,
            filter.bookmarked == nil
        else { return [("", sort.orderBy, nil)] }
        switch sort {
        case .memorized:
            return [
                (flag("memorized", true), newest, counts.memorized),
                (flag("memorized", false), newest, nil),
            ]
        case .notMemorized:
            return [
                (flag("memorized", false), newest, counts.words - counts.memorized),
                (flag("memorized", true), newest, nil),
            ]
        default:
            return [("", sort.orderBy, nil)]
        }
    }

    /// The book's counts when the list is one book's, else the user's totals.
    private static func kept(_ bookCounts: BookCounts?, _ books: BookStore) async throws
        -> BookCounts
    {
        if let bookCounts { return bookCounts }
        return try await books.totals()
    }

    /// A book's pages deeper than this many words are slices of its kept
    /// order (`WordOrderCache`); shallower ones walk the index to their offset.
    static let orderCacheOffset = 1_000

    /// Deeper pages than this many words are read on the database's pool.
    static let inlineOffsetLimit = 10_000

    /// An import of this many words or more is written in bulk (`GINPendingList`)
    /// and refreshes the planner's statistics after.
    static let largeImport = 1000

    /// A search reports at most this many matches (`totalCapped` then says there may be more).
    static let searchCountCap = 1000

    /// Below this many direct matches, words one jamo away are added after them.
    static let fuzzyThreshold = 10

    /// The direct matches (few: `ranked` when the count ranked them all, else
    /// found by `condition`, by their ids when the count listed them, so the
    /// index is not asked twice), then words whose term, a sense or the
    /// reading is a typo away from the query ("사가" finds 사과, "abandn" abandon).
    private func withTypos(
        _ search: SearchIndex, filter: WordFilter, matching condition: SQLQueryString,
        order: SQLQueryString, page: Int, perPage: Int, direct ranked: [WordRecord]?
    ) async throws -> WordPage {
        let sql = try db.sql()
        let base = whereClause(filter)
        let direct: [WordRecord]
        if let ranked {
            direct = ranked
        } else {
            direct = try await sql.raw(
                """
                SELECT \(unsafeRaw: WordRow.selectedWithoutJoin) FROM \(unsafeRaw: search.wordsTable)
                WHERE \(condition) ORDER BY \(order)
                """
            ).all().map(WordRow.record(from:))
        }
        let seen = Set(direct.map(\.id))
        var near: [WordRecord] = []
        for kind in SearchIndex.TypoKind.allCases where near.isEmpty {
            guard let candidates = search.fuzzyCandidates(kind) else { continue }
            // Only the typing-unit key of each candidate is read and compared, one
            // line (term, sense, reading) at a time; whole rows are read for the few that match.
            let nearIDs = try await sql.raw(
                """
                SELECT w.id, w.jamo_text FROM \(candidates.table)
                WHERE \(base + candidates.condition) ORDER BY w.created_at DESC, w.id DESC LIMIT 3000
                """
            ).all().lazy.compactMap { row -> UUID? in
                guard let id = try? row.decode(column: "id", as: UUID.self), !seen.contains(id),
                    let key = try? row.decode(column: "jamo_text", as: String.self),
                    search.query.isTypoAway(fromJamoKey: key)
                else { return nil }
                return id
            }.prefix(100)
            near = try await words(Array(nearIDs))
        }
        let all = direct + near
        let start = min((page - 1) * perPage, all.count)
        return WordPage(
            items: Array(all[start..<min(start + perPage, all.count)]), total: all.count,
            page: page, perPage: perPage)
    }

    /// The user's words with these ids, in the order given. `book`: the one
    /// book they are all in, whose name the caller has (looked up for each
    /// word, it was 30% of PostgreSQL's time for the statement); words since
    /// moved out of it are left out.
    func words(
        _ ids: [UUID], inBook book: (id: UUID, name: String)? = nil,
        reading reader: (any SQLDatabase)? = nil
    ) async throws -> [WordRecord] {
        guard !ids.isEmpty else { return [] }
        let query: SQLQueryString =
            if let book {
                """
                SELECT \(unsafeRaw: WordRow.selectedWithoutBookName) FROM words w
                WHERE \(listed(ids)) AND \(unsafeRaw: dialect == .sqlite ? "+" : "")w.book_id = \(bind: book.id)
                """
            } else {
                "SELECT \(unsafeRaw: WordRow.selectedWithoutJoin) FROM words w WHERE \(listed(ids))"
            }
        // Kept prepared on PostgreSQL: every page of a book past its first
        // reads its words this way, and by id the plan is the same for any.
        let rows = try await (reader ?? db.sql()).keepingStatementsPrepared().raw(query).all()
        let byID = Dictionary(
            try rows.map {
                var word = try WordRow.record(from: $0)
                if let book { word.bookName = book.name }
                return (word.id, word)
            }, uniquingKeysWith: { a, _ in a })
        return ids.compactMap { byID[$0] }
    }

    func find(_ id: UUID) async throws -> WordRecord {
        guard
            let row = try await reader().raw(
                """
                SELECT \(unsafeRaw: WordRow.selected) FROM words w JOIN books b ON b.id = w.book_id AND b.user_id = w.user_id
                WHERE w.id = \(bind: id) AND w.user_id = \(bind: userID)
                """
            ).first()
        else { throw AppError.notFound("word") }
        return try WordRow.record(from: row)
    }

    /// Words added per day in a month: only days with words, as each day's
    /// count is kept (`CountWordsByDay`).
    func calendar(_ month: CalendarMonth) async throws -> [DayCount] {
        let rows = try await db.sql().raw(
            """
            SELECT day, words AS n FROM word_days
            WHERE user_id = \(bind: userID) AND day >= \(bind: month.firstDay) AND day <= \(bind: month.lastDay)
            ORDER BY day
            """
        ).all()
        return try rows.map {
            DayCount(
                date: try $0.decode(column: "day", as: CivilDay.self),
                count: try $0.decode(column: "n", as: Int.self))
        }
    }

    /// These words as study items; 404 unless every one is the user's.
    func studyItems(_ ids: [UUID]) async throws -> [StudyItem] {
        let rows = try await db.sql().raw(
            """
            SELECT \(unsafeRaw: Self.studyItemColumns) FROM words w WHERE \(listed(ids))
            """
        ).all()
        guard rows.count == ids.count else {
            throw AppError.notFound("\(ids.count - rows.count) of the words")
        }
        return try rows.map(Self.studyItem(from:))
    }

    /// Up to `limit` of the user's words (in one book, or all) drawn at
    /// random, only those memorized or not, bookmarked or not, when given.
    /// Among many words, their places are drawn first (`drawnIDs`) and only
    /// those words read; SQL's `ORDER BY RANDOM()` reads and sorts them all
    /// (a quiz on EDICT's 267,379 words took 260–310 ms to start).
    func randomStudyItems(
        inBook bookID: UUID?, limit: Int, memorized: Bool? = nil, bookmarked: Bool? = nil
    ) async throws -> [StudyItem] {
        var condition: SQLQueryString = "w.user_id = \(bind: userID)"
        if let ids = try await drawnIDs(
            inBook: bookID, limit: limit, memorized: memorized, bookmarked: bookmarked)
        {
            guard !ids.isEmpty else { return [] }
            condition = listed(ids)
        }
        if let bookID { condition = condition + " AND w.book_id = \(bind: bookID)" }
        if let memorized { condition = condition + Self.flag("memorized", memorized) }
        if let bookmarked { condition = condition + Self.flag("bookmarked", bookmarked) }
        return try await db.sql().raw(
            """
            SELECT \(unsafeRaw: Self.studyItemColumns) FROM words w JOIN books b ON b.id = w.book_id AND b.user_id = w.user_id
            WHERE \(condition) ORDER BY RANDOM() LIMIT \(literal: limit)
            """
        ).all().map(Self.studyItem(from:))
    }

    /// `limit` of the words a random draw may take, each equally likely:
    /// distinct places among them all, each book's words counted by the
    /// book (`BookCounts`) and read at that place of its newest-first order
    /// as `orders` keeps it until the book changes (`WordOrderCache`). Nil
    /// where SQL draws as cheaply (`drawnInSQL` words or fewer), where the
    /// books do not count the filter's words (memorized and bookmarked at
    /// once), or without `orders`.
    private func drawnIDs(
        inBook bookID: UUID?, limit: Int, memorized: Bool?, bookmarked: Bool?
    ) async throws -> [UUID]? {
        guard let orders, limit > 0 else { return nil }
        let books = BookStore(db: db, userID: userID, reads: reads, kept: kept)
        var counted: [(book: BookSummary, words: Int)] = []
        for book in try await books.list() where bookID == nil || book.id == bookID {
            guard let words = book.counts.matching(memorized: memorized, bookmarked: bookmarked)
            else { return nil }
            if words > 0 { counted.append((book, words)) }
        }
        let total = counted.reduce(0) { $0 + $1.words }
        guard total > Self.drawnInSQL else { return nil }
        var places = Set<Int>()
        while places.count < min(limit, total) { places.insert(Int.random(in: 0..<total)) }
        let sql = try db.sql()
        var ids: [UUID] = []
        var start = 0
        for (book, words) in counted {
            let here = places.filter { (start..<start + words).contains($0) }.map { $0 - start }
            start += words
            guard !here.isEmpty else { continue }
            let key = WordOrderCache.Key(
                userID: userID, bookID: book.id, sort: .recent, memorized: memorized,
                bookmarked: bookmarked)
            let filter = WordFilter(bookID: book.id, memorized: memorized, bookmarked: bookmarked)
            let revision = BookRevision(number: book.revision, name: book.name)
            let order = try await orders.ids(for: key, at: revision) {
                try await orderedIDs(filter, sort: .recent, counts: book.counts, reading: sql)
            }
            ids += here.compactMap { $0 < order.count ? order[$0] : nil }
        }
        return ids
    }

    /// Words a random draw reads and sorts in SQL (1–3 ms).
    static let drawnInSQL = 2_000

    /// Which of these ids are still the user's words.
    func existing(_ ids: [UUID]) async throws -> [UUID] {
        guard !ids.isEmpty else { return [] }
        return try await db.sql().raw(
            """
            SELECT w.id FROM words w WHERE \(listed(ids))
            """
        ).all().map { try $0.decode(column: "id", as: UUID.self) }
    }

    /// The ids of a book's words with these terms, by term and reading (the same term
    /// read two ways is two words). For adding a list to a book once and finding it again.
    func ids(inBook bookID: UUID, terms: [String]) async throws -> [WordKey: UUID] {
        guard !terms.isEmpty else { return [:] }
        let rows = try await db.sql().raw(
            """
            SELECT id, term, reading FROM words
            WHERE user_id = \(bind: userID) AND book_id = \(bind: bookID) AND term IN (\(binds: terms))
            ORDER BY created_at ASC, id ASC
            """
        ).all()
        var ids: [WordKey: UUID] = [:]
        for row in rows {
            let key = WordKey(
                term: try row.decode(column: "term", as: String.self),
                reading: try row.decode(column: "reading", as: String.self))
            if ids[key] == nil { ids[key] = try row.decode(column: "id", as: UUID.self) }
        }
        return ids
    }

    /// The book's words by term and reading (the oldest of each), all of them
    /// (through the book's (user, book, created) index: what the book holds,
    /// not the user) or those of one term (through its lowered term: a few rows).
    func keys(inBook bookID: UUID, term: String? = nil) async throws -> BookWordKeys {
        var keys = BookWordKeys()
        guard let term else {
            for row in try await db.sql().raw(
                """
                SELECT id, term, reading FROM words
                WHERE user_id = \(bind: userID) AND book_id = \(bind: bookID)
                ORDER BY created_at ASC, id ASC
                """
            ).all() {
                keys.add(try Self.key(of: row), try row.decode(column: "id", as: UUID.self))
            }
            return keys
        }
        // One term (every word added checks it): through the index on the
        // lowered term, the few rows kept and sorted here. An equality on
        // `term` itself in the statement, or the ORDER BY, had SQLite read
        // every word of the book through another index (SQLite puts the
        // constant into `LOWER(term)`, which then no longer matches the
        // index's expression): a word added to a 10,000-word book took 7 ms,
        // against 2.5 ms in an empty one.
        let rows = try await db.sql().raw(
            """
            SELECT id, term, reading, created_at FROM words
            WHERE user_id = \(bind: userID) AND book_id = \(bind: bookID)
              AND LOWER(term) = LOWER(\(bind: term))
            """
        ).all().map { row in
            (
                key: try Self.key(of: row), id: try row.decode(column: "id", as: UUID.self),
                created: try row.decode(column: "created_at", as: Date.self)
            )
        }
        let oldestFirst = rows.filter { $0.key.term == term }.sorted {
            ($0.created, $0.id.uuidString) < ($1.created, $1.id.uuidString)
        }
        for row in oldestFirst { keys.add(row.key, row.id) }
        return keys
    }

    private static func key(of row: any SQLRow) throws -> WordKey {
        WordKey(
            term: try row.decode(column: "term", as: String.self),
            reading: try row.decode(column: "reading", as: String.self))
    }

    /// The rows of `drafts` whose word the book has already (by their index),
    /// with that word's id.
    func duplicates(of drafts: [WordDraft], inBook bookID: UUID) async throws -> [(
        row: Int, existingID: UUID
    )] {
        let existing = try await keys(inBook: bookID)
        guard !existing.isEmpty else { return [] }
        return drafts.indices.compactMap { row in
            existing.word(WordKey(drafts[row].normalized())).map { (row, $0) }
        }
    }

    /// The directions each word's book studies.
    func studyDirections(of ids: [UUID]) async throws -> [UUID: StudyDirections] {
        guard !ids.isEmpty else { return [:] }
        let rows = try await db.sql().raw(
            """
            SELECT w.id, (SELECT b.study_directions FROM books b WHERE b.id = w.book_id) AS study_directions
            FROM words w WHERE \(listed(ids))
            """
        ).all()
        return Dictionary(
            uniqueKeysWithValues: try rows.map { row in
                (
                    try row.decode(column: "id", as: UUID.self),
                    StudyDirections(
                        rawValue: try row.decode(column: "study_directions", as: String.self))
                        ?? .forward
                )
            })
    }

    private static let studyItemColumns = """
        w.id, w.term, w.meaning, w.reading, w.examples, w.book_id, \
        (SELECT b.name FROM books b WHERE b.id = w.book_id) AS book_name, \
        (SELECT b.term_language FROM books b WHERE b.id = w.book_id) AS term_language, \
        (SELECT b.meaning_language FROM books b WHERE b.id = w.book_id) AS meaning_language
        """

    private static func studyItem(from row: any SQLRow) throws -> StudyItem {
        StudyItem(
            id: try row.decode(column: "id", as: UUID.self),
            term: try row.decode(column: "term", as: String.self),
            meaning: try row.decode(column: "meaning", as: String.self),
            bookID: try row.decode(column: "book_id", as: UUID.self),
            bookName: try row.decode(column: "book_name", as: String.self),
            example: WordRow.examples(try row.decode(column: "examples", as: String.self)).first,
            reading: try row.decode(column: "reading", as: String.self),
            languages: BookLanguages(
                term: try row.decode(column: "term_language", as: String.self),
                meaning: try row.decode(column: "meaning_language", as: String.self)))
    }

    /// All drafts of a book, oldest first (for export).
    func drafts(inBook bookID: UUID) async throws -> [WordDraft] {
        try await identifiedDrafts(inBook: bookID).map(\.draft)
    }

    /// The same, each with its word's id.
    func identifiedDrafts(inBook bookID: UUID) async throws -> [(id: UUID, draft: WordDraft)] {
        let rows = try await db.sql().raw(
            """
            SELECT \(unsafeRaw: WordRow.selected) FROM words w JOIN books b ON b.id = w.book_id AND b.user_id = w.user_id
            WHERE w.book_id = \(bind: bookID) AND w.user_id = \(bind: userID)
            ORDER BY w.created_at ASC, w.id ASC
            """
        ).all()
        return try rows.map {
            let record = try WordRow.record(from: $0)
            return (record.id, record.draft)
        }
    }

    // MARK: writing

    /// Adds a word. A word the book has already (the same term and reading)
    /// is refused with 409 `duplicate_word` naming it, unless `allowingDuplicate`.
    func create(inBook bookID: UUID, _ draft: WordDraft, allowingDuplicate: Bool = false)
        async throws -> WordRecord
    {
        try await create(inBook: bookID, draft, allowingDuplicate: allowingDuplicate) { word, _ in
            word
        }
    }

    /// `create`, answering with what `answer` reads in the word's own
    /// transaction (given the word as read back and this store within it).
    func create<Answer: Sendable>(
        inBook bookID: UUID, _ draft: WordDraft, allowingDuplicate: Bool = false,
        answering answer: @escaping @Sendable (WordRecord, WordStore) async throws -> Answer
    ) async throws -> Answer {
        _ = try await BookStore(db: db, userID: userID).find(bookID)
        let draft = try validated(draft)
        if !allowingDuplicate,
            let existing = try await keys(inBook: bookID, term: draft.term).word(WordKey(draft))
        {
            throw AppError(
                status: .conflict, code: .duplicateWord,
                message: "\"\(draft.term)\" is in this book already", existingID: existing)
        }
        let words = try newWords([draft], bookID: bookID, ids: [UUID()])
        // The word, its cards and the answer read back in one transaction: an
        // error (a busy database) then means nothing was added, never a word
        // without cards or a saved word answered as a failure.
        return try await db.writeTransaction { tx in
            let store = within(tx)
            try await store.insert(words, on: try tx.sql())
            return try await answer(try await store.find(words.ids[0]), store)
        }
    }

    /// This store on a transaction: its reads see the transaction's writes.
    func within(_ tx: any Database) -> WordStore {
        WordStore(db: tx, userID: userID, days: days, hooks: hooks)
    }

    func update(_ id: UUID, _ draft: WordDraft, moveTo bookID: UUID? = nil) async throws
        -> WordRecord
    {
        let current = try await find(id)
        if let bookID, bookID != current.bookID {
            _ = try await BookStore(db: db, userID: userID).find(bookID)
        }
        let draft = try validated(draft)
        let assignments = WordRow.content(of: draft).map { column, value in
            SQLQueryString("\(ident: column) = \(bind: value)")
        }
        let userID = userID
        return try await db.writeTransaction { tx in
            let sql = try tx.sql()
            try await sql.raw(
                """
                UPDATE words SET \(assignments.joined(separator: ", ")),
                  book_id = \(bind: bookID ?? current.bookID), updated_at = \(bind: Date())
                WHERE id = \(bind: id) AND user_id = \(bind: userID)
                """
            ).run()
            if draft.memorized != current.memorized {
                try await hooks.wordsMarked(
                    "w.id = \(bind: id) AND w.user_id = \(bind: userID)", sql)
            }
            return try await within(tx).find(id)
        }
    }

    func delete(_ id: UUID) async throws {
        _ = try await find(id)
        try await db.sql().raw(
            "DELETE FROM words WHERE id = \(bind: id) AND user_id = \(bind: userID)"
        ).run()
    }

    /// Applies one action to many words, all or nothing: if any id is not the
    /// user's word, nothing changes and the answer is 404.
    func bulk(_ request: WordBulkEdit) async throws -> Int {
        let ids = Array(Set(request.ids))
        guard !ids.isEmpty else { throw AppError.invalid("select at least one word") }
        guard ids.count <= 10_000 else { throw AppError.invalid("at most 10000 words at once") }
        let target = request.action == .move ? request.bookID : nil
        if request.action == .move {
            guard let target else { throw AppError.invalid("bookID is required to move words") }
            _ = try await BookStore(db: db, userID: userID).find(target)
        }
        return try await db.writeTransaction { tx in
            let sql = try tx.sql()
            var owned = 0
            for chunk in ids.chunked(500) {
                owned +=
                    try await sql.raw(
                        """
                        SELECT COUNT(*) AS n FROM words WHERE user_id = \(bind: userID) AND id IN (\(binds: Array(chunk)))
                        """
                    ).first()?.decode(column: "n", as: Int.self) ?? 0
            }
            guard owned == ids.count else {
                throw AppError.notFound("\(ids.count - owned) of the selected words")
            }
            let now = Date()
            for chunk in ids.chunked(500) {
                let scope: SQLQueryString =
                    "WHERE user_id = \(bind: userID) AND id IN (\(binds: Array(chunk)))"
                switch request.action {
                case .move:
                    guard let target else { break }
                    try await sql.raw(
                        "UPDATE words SET book_id = \(bind: target), updated_at = \(bind: now) \(scope)"
                    ).run()
                case .delete:
                    try await sql.raw("DELETE FROM words \(scope)").run()
                case .memorize, .unmemorize:
                    try await sql.raw(
                        "UPDATE words SET memorized = \(bind: request.action == .memorize), updated_at = \(bind: now) \(scope)"
                    ).run()
                    try await hooks.wordsMarked(
                        "w.user_id = \(bind: userID) AND w.id IN (\(binds: Array(chunk)))", sql)
                case .bookmark, .unbookmark:
                    try await sql.raw(
                        "UPDATE words SET bookmarked = \(bind: request.action == .bookmark), updated_at = \(bind: now) \(scope)"
                    ).run()
                }
            }
            return ids.count
        }
    }

    func apply(_ action: DayAction, toDay day: CivilDay) async throws -> Int {
        let sql = try db.sql()
        let n =
            try await sql.raw(
                "SELECT COUNT(*) AS n FROM words WHERE user_id = \(bind: userID) AND added_on = \(bind: day)"
            )
            .first()?.decode(column: "n", as: Int.self) ?? 0
        switch action {
        case .memorizeAll:
            let userID = userID
            try await db.writeTransaction { tx in
                let sql = try tx.sql()
                try await sql.raw(
                    "UPDATE words SET memorized = \(bind: true), updated_at = \(bind: Date()) WHERE user_id = \(bind: userID) AND added_on = \(bind: day)"
                ).run()
                try await hooks.wordsMarked(
                    "w.user_id = \(bind: userID) AND w.added_on = \(bind: day)", sql)
            }
        case .deleteAll:
            try await sql.raw(
                "DELETE FROM words WHERE user_id = \(bind: userID) AND added_on = \(bind: day)"
            ).run()
        }
        return n
    }

    /// Adds many words to a book in one transaction (all or nothing: a word
    /// that does not validate rolls back the ones before it). Rows whose word
    /// the book has already are skipped, written over, or kept as new words,
    /// as `duplicates` says. `progress` is told how many rows are in after each chunk.
    /// `ids` names the new words, one per draft, when every draft is added and
    /// the caller needs to know which is which (a library copy links each word
    /// to its original); `ascendingIDs` makes them in the order the index likes.
    func importDrafts(
        _ drafts: [WordDraft], intoBook bookID: UUID,
        duplicates: DuplicateChoices = DuplicateChoices(.keep),
        ids: [UUID]? = nil,
        progress: (@Sendable (Int) -> Void)? = nil
    ) async throws -> ImportCounts {
        _ = try await BookStore(db: db, userID: userID).find(bookID)
        let counts = try await db.writeTransaction { tx -> ImportCounts in
            let store = within(tx)
            var counts = ImportCounts()
            // The rows to add, by their number in the file (for error messages).
            var rows = Array(drafts.indices)
            if !duplicates.keepsAll {
                let existing = try await store.keys(inBook: bookID)
                if !existing.isEmpty {
                    rows = []
                    for row in drafts.indices {
                        guard let id = existing.word(WordKey(drafts[row].normalized())) else {
                            rows.append(row)
                            continue
                        }
                        switch duplicates.policy(forRow: row) {
                        case .keep: rows.append(row)
                        case .update:
                            do {
                                try await store.updateKeepingStudy(id, with: drafts[row])
                            } catch let
                                error as ValidationError
                            {
                                throw AppError.invalid("word \(row + 1): \(error.message)")
                            }
                            counts.updated += 1
                        case .skip: counts.skipped += 1
                        }
                    }
                }
            }
            counts.imported = rows.count
            if rows.count >= Self.largeImport, try tx.sql().maeilDialect == .postgres {
                try await tx.sql().raw(GINPendingList.bulk).run()
            }
            try await store.insertRows(
                rows, of: drafts, intoBook: bookID, ids: ids, progress: progress)
            return counts
        }
        if counts.imported >= Self.largeImport { await refreshStatistics() }
        return counts
    }

    /// Inserts `drafts[rows]`, a chunk at a time, and indexes them for search.
    private func insertRows(
        _ rows: [Int], of drafts: [WordDraft], intoBook bookID: UUID, ids given: [UUID]?,
        progress: (@Sendable (Int) -> Void)?
    ) async throws {
        let sql = try db.sql()
        let start = Date()
        let ids =
            given.flatMap { $0.count == rows.count ? $0 : nil } ?? Self.ascendingIDs(rows.count)
        // SQLite: the rows go in as bound values straight to SQLite, with
        // search ids counted from the user's highest, read once. An import
        // runs in a write transaction, which holds the write lock from its
        // first statement (`writeTransaction`): no other writer takes an id
        // meanwhile. SQLKit's statement builder and per-row id subqueries were
        // a quarter of EDICT's import (serializing 400 rows of 23 expressions,
        // then SQLite parsing them). PostgreSQL: they are copied in
        // (`PostgresBulkCopy`), their search ids from their own ids.
        let form: RowForm =
            if db.inTransaction && db is any SQLiteDatabase {
                .sqliteBinds(
                    firstSearchID: try await SearchIndex.highestSearchID(of: userID, on: sql) + 1)
            } else if sql.maeilDialect == .postgres {
                .postgresCopy
            } else {
                .expressions
            }
        // A chunk at a time: a second copy of a 267,000-word file's drafts
        // was tens of megabytes of the import's peak memory.
        let chunks = rows.chunked(400)
        @Sendable func prepared(_ index: Int) throws -> NewWords? {
            guard chunks.indices.contains(index) else { return nil }
            let chunk = chunks[index]
            let valid = try chunk.map { row in
                do { return try validated(drafts[row]) } catch let error as ValidationError {
                    throw AppError.invalid("word \(row + 1): \(error.message)")
                }
            }
            return try newWords(
                valid, bookID: bookID, ids: Array(ids[chunk.indices]), at: start,
                firstRow: chunk.startIndex, form: form.from(row: chunk.startIndex))
        }
        try await SearchIndexBulkLoad.around(sql) {
            var next = try prepared(0)
            for index in chunks.indices {
                guard let words = next else { break }
                // The next chunk is validated and given its keys on
                // another thread while this one's statements run (the two
                // took about as long as each other on EDICT).
                async let following = NIOThreadPool.singleton.runIfActive {
                    try prepared(index + 1)
                }
                try await insert(words, on: sql)
                progress?(chunks[index].endIndex)
                next = try await following
            }
        }
    }

    /// An import's (or a pull's) update of a word the book has: the row's
    /// content, the word's own study marks and dates.
    func updateKeepingStudy(_ id: UUID, with row: WordDraft) async throws {
        let current = try await find(id)
        var draft = row
        draft.memorized = current.memorized
        draft.bookmarked = current.bookmarked
        _ = try await update(id, draft)
    }

    // MARK: helpers

    /// After a large import the planner's row estimates are stale; PostgreSQL
    /// would then read every word of the user instead of using the trigram
    /// index (measured: 76 ms instead of 2 ms per search on 50,000 words),
    /// and sort every card to build the review queue (240 ms instead of 15 ms
    /// on 100,000 cards).
    private func refreshStatistics() async {
        guard let sql = try? db.sql() else { return }
        switch sql.maeilDialect {
        case .postgres where !db.inTransaction:
            // VACUUM as well: it marks the new rows visible to every
            // transaction, so the review queue's index scans stop visiting
            // the table for each (a 100,000-word book's queue after three big
            // imports: 25 ms before, 11.6 ms after), and it merges the GIN
            // indexes' pending lists (below). It cannot run in a transaction.
            try? await sql.raw("VACUUM (ANALYZE) words, cards").run()
        case .postgres:
            try? await sql.raw("ANALYZE words").run()
            try? await sql.raw("ANALYZE cards").run()
            // The import's pending entries (up to 16 MB, `GINPendingList`)
            // would wait for the next write past 128 kB or for autovacuum,
            // and every search reads them: 2.0 ms instead of 0.3 ms per
            // index lookup after the 300,000-word import.
            try? await sql.raw(GINPendingList.mergeWords).run()
        case .sqlite:
            // One transaction: no connection reads the small tables' counts between.
            try? await db.transactionUntilClosed {
                try await SQLiteStatistics.refresh(on: $0.sql())
            }
        }
    }

    /// Whether the user owns enough words for indexes of their own
    /// (`OwnerSearchIndexes`), by their books' counts as kept from an
    /// earlier request.
    private func ownsManyWords() async throws -> Bool {
        let books = try await BookStore(db: db, userID: userID, reads: reads, kept: kept).list()
        return books.reduce(0) { $0 + $1.wordCount } >= ownerIndexWords
    }

    private func validated(_ draft: WordDraft) throws(ValidationError) -> WordDraft {
        let draft = draft.normalized()
        try draft.validate()
        return draft
    }

    /// New words as one statement inserts them: their ids and column values.
    private struct NewWords: Sendable {
        var ids: [UUID]
        var rows: Rows

        enum Rows: Sendable {
            /// Expressions, through SQLKit.
            case expressions([[any SQLExpression]])
            /// SQLite, in an import: every row's values, bound as they are.
            case sqlite([SQLiteData])
            /// PostgreSQL, in an import: COPY's text of the rows.
            case postgres(PostgresBulkCopy.Rows)
        }
    }

    /// How `newWords` writes the rows for their statement.
    private enum RowForm: Sendable {
        /// Expressions through SQLKit (on SQLite each search id found in the statement).
        case expressions
        /// SQLite, in a transaction: values to bind, the search ids counted from this one.
        case sqliteBinds(firstSearchID: Int64)
        /// PostgreSQL: text for `COPY` (`PostgresBulkCopy`).
        case postgresCopy

        /// The form of the rows from the `row`th on.
        func from(row: Int) -> RowForm {
            guard case .sqliteBinds(let first) = self else { return self }
            return .sqliteBinds(firstSearchID: first + Int64(row))
        }
    }

    /// The rows of new words (with their search keys), built apart from the
    /// statement that inserts them so that an import builds the next while
    /// one runs.
    private func newWords(
        _ drafts: [WordDraft], bookID: UUID, ids: [UUID], at now: Date = Date(), firstRow: Int = 0,
        form: RowForm = .expressions
    ) throws -> NewWords {
        let values = zip(drafts, ids).enumerated().map { index, pair in
            let (draft, id) = pair
            let created = draft.createdAt ?? Self.rowTime(now, firstRow + index)
            return (
                before: [id, bookID, userID] + WordRow.content(of: draft).map(\.value),
                after: [days.day(of: created), created, now] as [any Encodable & Sendable]
            )
        }
        switch form {
        case .sqliteBinds(let firstSearchID):
            var binds: [SQLiteData] = []
            binds.reserveCapacity(values.count * Self.insertedColumns.count)
            for (index, row) in values.enumerated() {
                binds += try row.before.map(SQLiteData.init(bound:))
                binds.append(.integer(Int(firstSearchID) + index))
                binds += try row.after.map(SQLiteData.init(bound:))
            }
            return NewWords(ids: ids, rows: .sqlite(binds))
        case .postgresCopy:
            var rows = PostgresBulkCopy.Rows()
            for (index, row) in values.enumerated() {
                try rows.append(row.before + [SearchIndex.searchID(ids[index])] + row.after)
            }
            return NewWords(ids: ids, rows: .postgres(rows))
        case .expressions: break
        }
        let dialect = dialect
        let rows = values.enumerated().map { index, row in
            let searchID = SearchIndex.newSearchID(
                for: ids[index], row: index, of: userID, dialect: dialect)
            return row.before.map { SQLBind($0) as any SQLExpression } + [searchID]
                + row.after.map { SQLBind($0) as any SQLExpression }
        }
        return NewWords(ids: ids, rows: .expressions(rows))
    }

    private static let insertedColumns =
        ["id", "book_id", "user_id"] + WordRow.content(of: WordDraft(term: "")).map(\.column)
        + ["search_id", "added_on", "created_at", "updated_at"]

    private func insert(_ words: NewWords, on sql: any SQLDatabase) async throws {
        guard !words.ids.isEmpty else { return }
        switch words.rows {
        case .sqlite(let binds):
            try await SQLiteBulkInsert.run(
                on: db,
                into: WordRow.table, columns: Self.insertedColumns, rows: words.ids.count,
                binds: binds)
        case .postgres(let rows):
            try await PostgresBulkCopy.run(
                on: db, into: WordRow.table, columns: Self.insertedColumns, rows: rows)
        case .expressions(let rows):
            var insert = sql.insert(into: WordRow.table).columns(Self.insertedColumns)
            for row in rows { insert = insert.values(row) }
            try await insert.run()
        }
        try await hooks.wordsAdded(words.ids, sql)
    }

    /// Random ids for `count` new words, in ascending order of their first
    /// eight bytes (PostgreSQL's `search_id`; of the id itself but for one
    /// wrap: `search_id` is signed). Inserted in that order, each index on
    /// them is written page after page instead of at random pages (SQLite's
    /// search ids rise by themselves, `SearchIndex.newSearchID`), and FTS5,
    /// which writes its pending terms out whenever a rowid is lower than the
    /// one before, builds a few large segments instead of one per word or
    /// two. EDICT's 267,000 words replayed into SQLite: 52 s in random order,
    /// 21 s in this.
    static func ascendingIDs(_ count: Int) -> [UUID] {
        var random = SystemRandomNumberGenerator()
        return (0..<count).map { _ in
            let id = UUID.random(using: &random)
            return (key: SearchIndex.searchID(id), id: id)
        }.sorted { $0.key < $1.key }.map(\.id)
    }

    /// When row `index` of an import was "created": rows without a date keep
    /// their file order, each a microsecond after the one before. The time
    /// sits a quarter into its microsecond (a Double is off by at most 0.12 µs
    /// here), so drivers that store whole microseconds (PostgreSQL) get the
    /// same one whether they truncate or round, and never tie two rows (a tie
    /// was ordered by random id: a flaky test on PostgreSQL).
    static func rowTime(_ start: Date, _ index: Int) -> Date {
        let micros = (start.timeIntervalSince1970 * 1e6).rounded(.down) + Double(index)
        return Date(timeIntervalSince1970: (micros + 0.25) / 1e6)
    }

    private var dialect: DatabaseDialect { (try? db.sql().maeilDialect) ?? .sqlite }

    private func whereClause(_ filter: WordFilter) -> SQLQueryString {
        var clause: SQLQueryString =
            ownerWrittenIn
            ? OwnerSearchIndexes(owner: userID).ownerCondition : "w.user_id = \(bind: userID)"
        if let bookID = filter.bookID { clause = clause + " AND w.book_id = \(bind: bookID)" }
        if let day = filter.day { clause = clause + " AND w.added_on = \(bind: day)" }
        if let memorized = filter.memorized { clause = clause + Self.flag("memorized", memorized) }
        if let bookmarked = filter.bookmarked {
            clause = clause + Self.flag("bookmarked", bookmarked)
        }
        return clause
    }

    /// ` AND w.flag` or ` AND NOT w.flag`: said as the partial indexes of the
    /// memorized and the bookmarked words say it (`IndexBookmarkedWords`),
    /// which a bound `= ?` would not use.
    static func flag(_ column: String, _ value: Bool) -> SQLQueryString {
        " AND \(unsafeRaw: value ? "" : "NOT ")w.\(unsafeRaw: column)"
    }
}

extension Array {
    func chunked(_ size: Int) -> [ArraySlice<Element>] {
        stride(from: 0, to: count, by: size).map { self[$0..<Swift.min($0 + size, count)] }
    }
}

extension UUID {
    /// A random (version 4) UUID drawn from `generator`. Foundation's `UUID()`
    /// opens and reads /dev/urandom for each one on Linux: a third of a
    /// second of syscalls for EDICT's 267,000 words.
    static func random(using generator: inout some RandomNumberGenerator) -> UUID {
        var bytes = (generator.next() as UInt64, generator.next() as UInt64)
        return withUnsafeMutableBytes(of: &bytes) { raw in
            raw[6] = raw[6] & 0x0F | 0x40
            raw[8] = raw[8] & 0x3F | 0x80
            return UUID(uuid: raw.load(as: uuid_t.self))
        }
    }
}

/// A word as a list names it: its term and its reading.
struct WordKey: Hashable, Sendable {
    var term: String
    var reading: String
}

extension WordKey {
    /// A draft's key; normalize the draft first to compare with stored words.
    init(_ draft: WordDraft) {
        self.init(term: draft.term, reading: draft.reading)
    }
}

/// A book's words by term and reading, for finding a word the book has
/// already: the same term with the same reading, or with no reading on
/// either side ("apple" typed without its IPA is the starter's apple; 生
/// read せい and 生 read なま are two words).
struct BookWordKeys: Sendable {
    private var byKey: [WordKey: UUID] = [:]
    private var byTerm: [String: UUID] = [:]

    var isEmpty: Bool { byKey.isEmpty }

    /// Keeps the first word of each key (the oldest, when added oldest first).
    mutating func add(_ key: WordKey, _ id: UUID) {
        if byKey[key] == nil { byKey[key] = id }
        if byTerm[key.term] == nil { byTerm[key.term] = id }
    }

    func word(_ key: WordKey) -> UUID? {
        byKey[key]
            ?? (key.reading.isEmpty
                ? byTerm[key.term] : byKey[WordKey(term: key.term, reading: "")])
    }
}

/// What an import did with its rows.
struct ImportCounts: Sendable, Equatable {
    /// Added as new words.
    var imported = 0
    /// Left out: their words were in the book already.
    var skipped = 0
    /// Written over the words the book had.
    var updated = 0
}
