import FSRS
import Fluent
import Foundation
import MaeilAPI
import SQLKit
import VocabCore

/// A card as stored: its queue state, FSRS memory, and counters. Logged as
/// JSON before and after each answer, so an answer can be undone exactly.
struct StoredCard: Codable, Sendable, Equatable {
    var state: QueueState
    var memory: Card
    var reps: Int
    var lapses: Int
}

/// A card with its word, ready to show.
struct StudyCard: Sendable {
    var word: WordRecord
    var direction: CardDirection
    var stored: StoredCard

    /// The queue's order: due first, then forward before reverse.
    static func dueOrder(_ a: StudyCard, _ b: StudyCard) -> Bool {
        (a.stored.memory.due, a.direction.rawValue) < (b.stored.memory.due, b.direction.rawValue)
    }
}

/// Which books' cards a query reads.
enum CardScope: Sendable {
    case book(UUID)
    /// Every book but these (none: every book).
    case allBooks(except: [UUID])

    init(_ bookID: UUID?) {
        self = bookID.map { .book($0) } ?? .allBooks(except: [])
    }
}

extension NotebookHooks {
    /// Every word the notebook adds gets its two cards in the same transaction,
    /// and a word marked memorized sets its new cards aside.
    static let studyCards = NotebookHooks(
        wordsAdded: { ids, sql in
            try await CardStore.insertCards(forWordsWhere: "w.id IN (\(binds: ids))", on: sql)
        },
        wordsMarked: { condition, sql in
            try await CardStore.setAside(forWordsWhere: condition, on: sql)
        })
}

/// Cards of one user. Every statement carries `user_id`.
struct CardStore: Sendable, ReadsInline {
    let db: any Database
    let userID: UUID
    /// Only the cards of bookmarked words: a session of those alone.
    var bookmarkedOnly = false
    /// Where the queue's reads go when not in a transaction (`Request.inlineReads`):
    /// each is bounded by its LIMIT, its cap or a day's learning cards. Counts
    /// that may read every card (suspended ones, an export) stay on the pool.
    var reads: (any SQLDatabase)? = nil

    /// Creates both cards of every word matching `condition` (on `words w`),
    /// in the same transaction as the words' insert.
    static func insertCards(forWordsWhere condition: SQLQueryString, on sql: any SQLDatabase)
        async throws
    {
        try await sql.raw(
            """
            INSERT INTO cards (word_id, direction, user_id, book_id, state, due, reps, lapses)
            SELECT w.id, d.direction, w.user_id, w.book_id,
              CASE WHEN w.memorized THEN \(literal: QueueState.setAside.rawValue) ELSE \(literal: QueueState.new.rawValue) END,
              w.created_at, 0, 0
            FROM words w CROSS JOIN (SELECT 'forward' AS direction UNION ALL SELECT 'reverse' AS direction) d
            WHERE \(condition)
            """
        ).run()
    }

    /// The new cards of the words matching `condition` (on `words w`) follow
    /// their words' memorized mark: set aside when marked, new when not.
    static func setAside(forWordsWhere condition: SQLQueryString, on sql: any SQLDatabase)
        async throws
    {
        for (from, to, memorized) in [
            (QueueState.new, QueueState.setAside, true), (.setAside, .new, false),
        ] {
            try await sql.raw(
                """
                UPDATE cards SET state = \(literal: to.rawValue)
                WHERE state = \(literal: from.rawValue) AND word_id IN (
                  SELECT w.id FROM words w WHERE \(condition) AND w.memorized = \(bind: memorized))
                """
            ).run()
        }
    }

    static let columns =
        WordRow.selected + """
            , c.direction, c.state, c.step, c.stability, c.difficulty, c.due, c.last_review, c.reps, c.lapses
            """

    /// A card with its word and book. Written as CROSS JOINs on purpose:
    /// SQLite then keeps this order (cards first, by the queue index, each
    /// word and book looked up by id) instead of guessing from statistics,
    /// which after a big import chose to walk every word. PostgreSQL plans
    /// CROSS JOIN with WHERE as any inner join.
    static let joined = "cards c CROSS JOIN words w CROSS JOIN books b"
    static let joinCondition = """
        w.id = c.word_id AND w.user_id = c.user_id AND b.id = c.book_id AND b.user_id = c.user_id
        """
    /// A card with its book only: what counting needs. A card's word always
    /// exists (cards are deleted with their word), and looking each one up
    /// was half the time of counting a day's 9,999 new cards.
    static let joinedForCount = "cards c CROSS JOIN books b"
    static let countJoinCondition = "b.id = c.book_id AND b.user_id = c.user_id"
    /// The directions the card's book studies.
    static let studiedDirection =
        "(b.study_directions = 'both' OR b.study_directions = c.direction)"

    /// Cards in the given queue states due at or before `dueBefore`, in due
    /// order, limited to the directions their books study. Each state is one
    /// range of the queue index, read in order; several are merged here.
    func cards(_ states: [QueueState], dueBefore: Date, bookID: UUID?, limit: Int) async throws
        -> [StudyCard]
    {
        try await cards(states, dueBefore: dueBefore, in: CardScope(bookID), limit: limit)
    }

    func cards(_ states: [QueueState], dueBefore: Date, in scope: CardScope, limit: Int)
        async throws -> [StudyCard]
    {
        guard limit > 0 else { return [] }
        var found: [StudyCard] = []
        let sql = try keptReader()
        for state in states {
            let rows = try await sql.raw(
                """
                SELECT \(unsafeRaw: Self.columns) FROM \(unsafeRaw: tables(Self.joined))
                WHERE \(condition(state, dueBefore: dueBefore, in: scope))
                ORDER BY c.due, c.direction \(sql.keptLimit(limit))
                """
            ).all()
            found += try rows.map(Self.card(from:))
        }
        if states.count > 1 { found.sort(by: StudyCard.dueOrder) }
        return Array(found.prefix(limit))
    }

    /// How many cards `cards` would find, counting at most `cap`.
    func count(_ states: [QueueState], dueBefore: Date, bookID: UUID?, cap: Int) async throws -> Int
    {
        try await count(states, dueBefore: dueBefore, in: CardScope(bookID), cap: cap)
    }

    func count(_ states: [QueueState], dueBefore: Date, in scope: CardScope, cap: Int) async throws
        -> Int
    {
        var total = 0
        let sql = try keptReader()
        for state in states where total < cap {
            total +=
                try await sql.raw(
                    """
                    SELECT COUNT(*) AS n FROM (SELECT 1 FROM \(unsafeRaw: tables(Self.joinedForCount))
                    WHERE \(condition(state, dueBefore: dueBefore, in: scope, join: Self.countJoinCondition))
                    \(sql.keptLimit(cap - total))) due
                    """
                ).first()?.decode(column: "n", as: Int.self) ?? 0
        }
        return total
    }

    /// Today's due cards of every book in one statement (the Study page lists
    /// all books): new cards, learning cards due now and within the
    /// learn-ahead window, and reviews due today. Each count reads one book's
    /// range of the (user, book, state, due, direction) index, which covers
    /// it. New cards and reviews are counted only up to what today leaves
    /// of the user's limits, past which no book shows more (`DueCounts.capped`
    /// applies the books' own): counted whole, EDICT's 534,758 new cards
    /// took the page 220 ms on SQLite and 100–430 ms on PostgreSQL.
    func dueCountsByBook(day: ReviewDay) async throws -> [UUID: DueCounts] {
        let learnAhead = min(
            day.now.addingTimeInterval(ReviewPolicy.learnAhead), day.startOfTomorrow)
        let reviewsBefore = day.reviewsDueBefore.addingTimeInterval(-0.001)
        let sql = try keptReader()
        func count(_ states: [QueueState], dueBefore: Date?, cap: Int? = nil) -> SQLQueryString {
            let due: SQLQueryString = dueBefore.map { " AND c.due <= \(bind: $0)" } ?? ""
            let limit: SQLQueryString = cap.map { " " + sql.keptLimit(max(0, $0)) } ?? ""
            return """
                (SELECT COUNT(*) FROM (SELECT 1 FROM cards c WHERE c.user_id = b.user_id AND c.book_id = b.id
                  AND c.state IN (\(unsafeRaw: states.map { String($0.rawValue) }.joined(separator: ", ")))\(due)
                  AND \(unsafeRaw: Self.studiedDirection)\(limit)) counted)
                """
        }
        let rows = try await sql.raw(
            """
            SELECT b.id,
              \(count(day.newStates, dueBefore: nil, cap: day.newLeft)) AS new_cards,
              \(count([.learning, .relearning], dueBefore: day.now)) AS learning,
              \(count([.learning, .relearning], dueBefore: learnAhead)) AS learning_soon,
              \(count([.review], dueBefore: reviewsBefore, cap: day.reviewsLeft)) AS reviews
            FROM books b WHERE b.user_id = \(bind: userID)
            """
        ).all()
        var counts: [UUID: DueCounts] = [:]
        for row in rows {
            counts[try row.decode(column: "id", as: UUID.self)] = DueCounts(
                new: try row.decode(column: "new_cards", as: Int.self),
                learning: try row.decode(column: "learning", as: Int.self),
                learningSoon: try row.decode(column: "learning_soon", as: Int.self),
                reviews: try row.decode(column: "reviews", as: Int.self))
        }
        return counts
    }

    private func condition(
        _ state: QueueState, dueBefore: Date, in scope: CardScope, join: String = Self.joinCondition
    ) -> SQLQueryString {
        var clause: SQLQueryString = """
            \(unsafeRaw: join) AND c.user_id = \(bind: userID)
            AND c.state = \(literal: state.rawValue) AND c.due <= \(bind: dueBefore)
            AND \(unsafeRaw: Self.studiedDirection)
            """
        switch scope {
        case .book(let bookID): clause = clause + " AND c.book_id = \(bind: bookID)"
        case .allBooks(let except) where !except.isEmpty:
            clause = clause + " AND c.book_id NOT IN (\(binds: except))"
        case .allBooks: break
        }
        if bookmarkedOnly {
            clause =
                clause + " AND bw.user_id = \(bind: userID) AND bw.bookmarked AND c.word_id = bw.id"
        }
        return clause
    }

    /// The tables a card query reads (`joined` or `joinedForCount`): for a
    /// session of bookmarked words, those words first, from their partial
    /// index (`IndexBookmarkedWords`), and their cards by word. Checked
    /// card by card instead, the cards of EDICT's 267,379 words were all
    /// read to find the six cards of three bookmarked words (2.3 s on SQLite).
    private func tables(_ joined: String) -> String {
        bookmarkedOnly ? "words bw CROSS JOIN " + joined : joined
    }

    /// When the next card of a scope that is not new falls due after `after`
    /// (a learning step later today, or a review on a later day).
    func nextDue(after: Date, bookID: UUID?) async throws -> Date? {
        var earliest: Date?
        let sql = try keptReader()
        for state in [QueueState.learning, .relearning, .review] {
            let rows = try await sql.raw(
                """
                SELECT c.due FROM \(unsafeRaw: tables(Self.joinedForCount))
                WHERE \(condition(state, dueBefore: .distantFuture, in: CardScope(bookID), join: Self.countJoinCondition))
                  AND c.due > \(bind: after)
                ORDER BY c.due LIMIT 1
                """
            ).all()
            if let due = try rows.first?.decode(column: "due", as: Date.self) {
                earliest = min(earliest ?? due, due)
            }
        }
        return earliest
    }

    func card(wordID: UUID, direction: CardDirection) async throws -> StudyCard {
        try Self.card(from: try await cardRow(wordID: wordID, direction: direction))
    }

    /// The card, and whether its book studies the card's direction
    /// (`studiedDirection`): reviews offer no other. One query, as the card
    /// is read with its book anyway.
    func studiedCard(wordID: UUID, direction: CardDirection) async throws -> (
        card: StudyCard, studied: Bool
    ) {
        let row = try await cardRow(wordID: wordID, direction: direction)
        return (try Self.card(from: row), try row.decode(column: "studied", as: Bool.self))
    }

    private func cardRow(wordID: UUID, direction: CardDirection) async throws -> any SQLRow {
        guard
            let row = try await keptReader().raw(
                """
                SELECT \(unsafeRaw: Self.columns), \(unsafeRaw: Self.studiedDirection) AS studied
                FROM \(unsafeRaw: Self.joined)
                WHERE \(unsafeRaw: Self.joinCondition) AND c.user_id = \(bind: userID)
                  AND c.word_id = \(bind: wordID) AND c.direction = \(bind: direction.rawValue)
                """
            ).first()
        else { throw AppError.notFound("card") }
        return row
    }

    /// Sets the state of many cards of the user's words in `bookID` at once, 200 to a
    /// statement (an import's continued history): each card, made or not, takes it;
    /// a suspended one keeps it beside `QueueState.suspended`.
    func store(
        _ cards: [(wordID: UUID, direction: CardDirection, card: StoredCard, suspended: Bool)],
        inBook bookID: UUID, on sql: any SQLDatabase
    ) async throws {
        for chunk in cards.chunked(200) {
            var rows: [SQLQueryString] = []
            for (wordID, direction, card, suspended) in chunk {
                let memory = card.memory
                let state = suspended ? QueueState.suspended : card.state
                rows.append(
                    """
                    (\(bind: wordID), \(bind: direction.rawValue), \(bind: userID), \(bind: bookID),
                      \(bind: state.rawValue), \(bind: suspended ? card.state.rawValue : nil),
                      \(bind: memory.step), \(bind: memory.stability),
                      \(bind: memory.difficulty), \(bind: memory.due), \(bind: memory.lastReview),
                      \(bind: card.reps), \(bind: card.lapses))
                    """)
            }
            try await sql.raw(
                """
                INSERT INTO cards (word_id, direction, user_id, book_id, state, suspended_state, step, stability,
                  difficulty, due, last_review, reps, lapses)
                VALUES \(rows.joined(separator: ", "))
                ON CONFLICT (word_id, direction) DO UPDATE SET state = excluded.state,
                  suspended_state = excluded.suspended_state, step = excluded.step,
                  stability = excluded.stability, difficulty = excluded.difficulty, due = excluded.due,
                  last_review = excluded.last_review, reps = excluded.reps, lapses = excluded.lapses
                """
            ).run()
        }
    }

    /// How many of the user's cards (in one book, or all) are suspended.
    func suspendedCount(bookID: UUID?) async throws -> Int {
        try await db.sql().keepingStatementsPrepared().raw(
            """
            SELECT COUNT(*) AS n FROM cards c WHERE c.user_id = \(bind: userID)
              AND c.state = \(literal: QueueState.suspended.rawValue)\(Self.inBook(bookID))
            """
        ).first()?.decode(column: "n", as: Int.self) ?? 0
    }

    /// Puts the user's suspended cards (in one book, or all) back where they were;
    /// how many came back.
    func unsuspend(bookID: UUID?) async throws -> Int {
        try await db.sql().raw(
            """
            UPDATE cards SET state = COALESCE(suspended_state, \(literal: QueueState.new.rawValue)),
              suspended_state = NULL
            WHERE user_id = \(bind: userID)
              AND state = \(literal: QueueState.suspended.rawValue)\(Self.inBook(bookID, alias: ""))
            RETURNING word_id
            """
        ).all().count
    }

    private static func inBook(_ bookID: UUID?, alias: String = "c.") -> SQLQueryString {
        bookID.map { " AND \(unsafeRaw: alias)book_id = \(bind: $0)" } ?? ""
    }

    /// Replaces a card's state if it is still at version `expectedReps`;
    /// false when another answer got there first.
    func replace(
        wordID: UUID, direction: CardDirection, expectedReps: Int, with card: StoredCard,
        on sql: any SQLDatabase
    ) async throws -> Bool {
        let memory = card.memory
        let updated = try await sql.raw(
            """
            UPDATE cards SET state = \(bind: card.state.rawValue), step = \(bind: memory.step),
              stability = \(bind: memory.stability), difficulty = \(bind: memory.difficulty),
              due = \(bind: memory.due), last_review = \(bind: memory.lastReview),
              reps = \(bind: card.reps), lapses = \(bind: card.lapses)
            WHERE user_id = \(bind: userID) AND word_id = \(bind: wordID) AND direction = \(bind: direction.rawValue)
              AND reps = \(bind: expectedReps)
            RETURNING reps
            """
        ).all()
        return !updated.isEmpty
    }

    static func card(from row: any SQLRow) throws -> StudyCard {
        StudyCard(
            word: try WordRow.record(from: row), direction: try direction(from: row),
            stored: try stored(from: row))
    }

    private static func direction(from row: any SQLRow) throws -> CardDirection {
        CardDirection(rawValue: try row.decode(column: "direction", as: String.self)) ?? .forward
    }

    private static func stored(from row: any SQLRow) throws -> StoredCard {
        let state = QueueState(rawValue: try row.decode(column: "state", as: Int.self)) ?? .new
        let memory = Card(
            state: state == .new ? .learning : CardState(rawValue: state.rawValue) ?? .learning,
            step: try row.decode(column: "step", as: Int?.self) ?? (state == .new ? 0 : nil),
            stability: try row.decode(column: "stability", as: Double?.self),
            difficulty: try row.decode(column: "difficulty", as: Double?.self),
            due: try row.decode(column: "due", as: Date.self),
            lastReview: try row.decode(column: "last_review", as: Date?.self))
        return StoredCard(
            state: state, memory: memory, reps: try row.decode(column: "reps", as: Int.self),
            lapses: try row.decode(column: "lapses", as: Int.self))
    }

    /// Every card of a book's words as stored, a suspended one with the state it
    /// waits to go back to (an export carries them all).
    func storedCards(inBook bookID: UUID) async throws -> [(
        wordID: UUID, direction: CardDirection, stored: StoredCard, suspendedState: QueueState?
    )] {
        try await db.sql().raw(
            """
            SELECT word_id, direction, state, suspended_state, step, stability, difficulty, due,
              last_review, reps, lapses
            FROM cards WHERE user_id = \(bind: userID) AND book_id = \(bind: bookID)
            """
        ).all().map { row in
            (
                try row.decode(column: "word_id", as: UUID.self), try Self.direction(from: row),
                try Self.stored(from: row),
                try row.decode(column: "suspended_state", as: Int?.self).flatMap(
                    QueueState.init(rawValue:))
            )
        }
    }
}
