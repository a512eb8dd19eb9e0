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
}

extension NotebookHooks {
    /// Every word the notebook adds gets its two cards in the same transaction.
    static let studyCards = NotebookHooks(wordsAdded: { ids, sql in
        try await CardStore.insertCards(forWordsWhere: "w.id IN (\(binds: ids))", on: sql)
    })
}

/// Cards of one user. Every statement carries `user_id`.
struct CardStore: Sendable {
    let db: any Database
    let userID: UUID

    /// Creates both cards of every word matching `condition` (on `words w`).
    /// New words (`onlyMissing: false`) get them in the same transaction as
    /// their insert; the migration fills in words that have none yet.
    static func insertCards(
        forWordsWhere condition: SQLQueryString, onlyMissing: Bool = false, on sql: any SQLDatabase
    ) async throws {
        let missing: SQLQueryString =
            onlyMissing
            ? " AND NOT EXISTS (SELECT 1 FROM cards c WHERE c.word_id = w.id AND c.direction = d.direction)"
            : ""
        try await sql.raw(
            """
            INSERT INTO cards (word_id, direction, user_id, state, due, reps, lapses)
            SELECT w.id, d.direction, w.user_id, 0, w.created_at, 0, 0
            FROM words w CROSS JOIN (SELECT 'forward' AS direction UNION ALL SELECT 'reverse' AS direction) d
            WHERE \(condition)\(missing)
            """
        ).run()
    }

    static let columns =
        WordRow.selected + """
            , c.direction, c.state, c.step, c.stability, c.difficulty, c.due, c.last_review, c.reps, c.lapses
            """

    /// Cards in the given queue states due at or before `dueBefore`, in due
    /// order, limited to the directions their books study.
    func cards(_ states: [QueueState], dueBefore: Date, bookID: UUID?, limit: Int) async throws
        -> [StudyCard]
    {
        guard limit > 0 else { return [] }
        let rows = try await db.sql().raw(
            """
            SELECT \(unsafeRaw: Self.columns)
            FROM cards c JOIN words w ON w.id = c.word_id AND w.user_id = c.user_id JOIN books b ON b.id = w.book_id AND b.user_id = w.user_id
            WHERE \(scope(states, dueBefore: dueBefore, bookID: bookID))
            ORDER BY c.due, c.direction LIMIT \(literal: limit)
            """
        ).all()
        return try rows.map(Self.card(from:))
    }

    /// How many cards `cards` would find, counting at most `cap`.
    func count(_ states: [QueueState], dueBefore: Date, bookID: UUID?, cap: Int) async throws -> Int
    {
        guard cap > 0 else { return 0 }
        return try await db.sql().raw(
            """
            SELECT COUNT(*) AS n FROM (SELECT 1 FROM cards c JOIN words w ON w.id = c.word_id AND w.user_id = c.user_id JOIN books b ON b.id = w.book_id AND b.user_id = w.user_id
            WHERE \(scope(states, dueBefore: dueBefore, bookID: bookID)) LIMIT \(literal: cap)) due
            """
        ).first()?.decode(column: "n", as: Int.self) ?? 0
    }

    /// Today's due cards of every book in one grouped count (the Study page
    /// lists all books): new cards, learning cards due now and within the
    /// learn-ahead window, and reviews due today. Uncapped; `DueCounts.capped`
    /// applies the daily limits.
    func dueCountsByBook(day: ReviewDay) async throws -> [UUID: DueCounts] {
        let learning =
            "c.state IN (\(QueueState.learning.rawValue), \(QueueState.relearning.rawValue))"
        let learnAhead = min(
            day.now.addingTimeInterval(ReviewPolicy.learnAhead), day.startOfTomorrow)
        let reviewsBefore = day.startOfTomorrow.addingTimeInterval(-0.001)
        let rows = try await db.sql().raw(
            """
            SELECT w.book_id,
              SUM(CASE WHEN c.state = \(literal: QueueState.new.rawValue) THEN 1 ELSE 0 END) AS new_cards,
              SUM(CASE WHEN \(unsafeRaw: learning) AND c.due <= \(bind: day.now) THEN 1 ELSE 0 END) AS learning,
              SUM(CASE WHEN \(unsafeRaw: learning) AND c.due <= \(bind: learnAhead) THEN 1 ELSE 0 END) AS learning_soon,
              SUM(CASE WHEN c.state = \(literal: QueueState.review.rawValue) AND c.due <= \(bind: reviewsBefore) THEN 1 ELSE 0 END) AS reviews
            FROM cards c JOIN words w ON w.id = c.word_id AND w.user_id = c.user_id JOIN books b ON b.id = w.book_id AND b.user_id = w.user_id
            WHERE c.user_id = \(bind: userID) AND (b.study_directions = 'both' OR b.study_directions = c.direction)
            GROUP BY w.book_id
            """
        ).all()
        var counts: [UUID: DueCounts] = [:]
        for row in rows {
            counts[try row.decode(column: "book_id", as: UUID.self)] = DueCounts(
                new: try row.decode(column: "new_cards", as: Int?.self) ?? 0,
                learning: try row.decode(column: "learning", as: Int?.self) ?? 0,
                learningSoon: try row.decode(column: "learning_soon", as: Int?.self) ?? 0,
                reviews: try row.decode(column: "reviews", as: Int?.self) ?? 0)
        }
        return counts
    }

    private func scope(_ states: [QueueState], dueBefore: Date, bookID: UUID?) -> SQLQueryString {
        var clause: SQLQueryString = """
            c.user_id = \(bind: userID) AND c.state IN (\(unsafeRaw: states.map { String($0.rawValue) }.joined(separator: ", ")))
            AND c.due <= \(bind: dueBefore) AND (b.study_directions = 'both' OR b.study_directions = c.direction)
            """
        if let bookID { clause = clause + " AND w.book_id = \(bind: bookID)" }
        return clause
    }

    func card(wordID: UUID, direction: CardDirection) async throws -> StudyCard {
        guard
            let row = try await db.sql().raw(
                """
                SELECT \(unsafeRaw: Self.columns)
                FROM cards c JOIN words w ON w.id = c.word_id AND w.user_id = c.user_id JOIN books b ON b.id = w.book_id AND b.user_id = w.user_id
                WHERE c.user_id = \(bind: userID) AND c.word_id = \(bind: wordID) AND c.direction = \(bind: direction.rawValue)
                """
            ).first()
        else { throw AppError.notFound("card") }
        return try Self.card(from: row)
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
        let state = QueueState(rawValue: try row.decode(column: "state", as: Int.self)) ?? .new
        let due = try row.decode(column: "due", as: Date.self)
        let memory = Card(
            state: state == .new ? .learning : CardState(rawValue: state.rawValue) ?? .learning,
            step: try row.decode(column: "step", as: Int?.self) ?? (state == .new ? 0 : nil),
            stability: try row.decode(column: "stability", as: Double?.self),
            difficulty: try row.decode(column: "difficulty", as: Double?.self),
            due: due,
            lastReview: try row.decode(column: "last_review", as: Date?.self))
        return StudyCard(
            word: try WordRow.record(from: row),
            direction: CardDirection(rawValue: try row.decode(column: "direction", as: String.self))
                ?? .forward,
            stored: StoredCard(
                state: state, memory: memory,
                reps: try row.decode(column: "reps", as: Int.self),
                lapses: try row.decode(column: "lapses", as: Int.self)))
    }
}
