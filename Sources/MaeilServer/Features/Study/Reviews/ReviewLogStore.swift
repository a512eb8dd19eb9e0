import FSRS
import Fluent
import Foundation
import MaeilAPI
import SQLKit
import VocabCore

/// The answer log of one user (`review_logs`): every answer, in review sessions
/// and games, with the card before and after it, for undo and the diary. No
/// foreign key to words: a deleted word's history still counts.
struct ReviewLogStore: Sendable, ReadsInline {
    let db: any Database
    let userID: UUID
    /// Where the counts of one day's answers go when not in a transaction
    /// (`Request.inlineReads`); reads over every answer stay on the pool.
    var reads: (any SQLDatabase)? = nil

    /// One answer as logged.
    struct Answer: Sendable {
        var wordID: UUID
        var direction: CardDirection
        var source: ReviewSource
        var rating: Rating
        var at: Date
        /// The local day of `at`.
        var day: CivilDay
        var elapsedMilliseconds: Int
        var before: StoredCard
        var after: StoredCard
    }

    /// The last review answer whose card still exists: what undo takes back.
    struct Undoable: Sendable {
        var id: UUID
        var wordID: UUID
        var direction: CardDirection
        var rating: Int
        var before: StoredCard
        var after: StoredCard
    }

    func append(_ answer: Answer) async throws {
        try await append(contentsOf: [answer])
    }

    /// Many answers, 200 to a statement (an import's history).
    func append(contentsOf answers: [Answer]) async throws {
        let sql = try db.sql()
        for chunk in answers.chunked(200) {
            var rows: [SQLQueryString] = []
            for answer in chunk {
                rows.append(
                    """
                    (\(bind: UUID()), \(bind: userID), \(bind: answer.wordID), \(bind: answer.direction.rawValue),
                      \(bind: answer.source.rawValue), \(bind: answer.rating.rawValue), \(bind: answer.at), \(bind: answer.day),
                      \(bind: max(0, min(answer.elapsedMilliseconds, 3_600_000))), \(bind: answer.before.state.rawValue),
                      \(bind: answer.after.state.rawValue), \(bind: Self.json(answer.before)), \(bind: Self.json(answer.after)))
                    """)
            }
            try await sql.raw(
                """
                INSERT INTO review_logs (id, user_id, word_id, direction, source, rating, reviewed_at, reviewed_on, elapsed_ms,
                  state_before, state_after, card_before, card_after)
                VALUES \(rows.joined(separator: ", "))
                """
            ).run()
        }
    }

    /// New cards and reviews answered on `day` in review sessions (the daily limits count these).
    func answered(on day: CivilDay) async throws -> (new: Int, reviews: Int) {
        let rows = try await keptReader().raw(
            """
            SELECT state_before, COUNT(*) AS n FROM review_logs
            WHERE user_id = \(bind: userID) AND reviewed_on = \(bind: day) AND source = 'review'
            GROUP BY state_before
            """
        ).all()
        var new = 0
        var reviews = 0
        for row in rows {
            let n = try row.decode(column: "n", as: Int.self)
            switch QueueState(rawValue: try row.decode(column: "state_before", as: Int.self)) {
            case .new, .setAside: new += n
            case .review: reviews += n
            default: break
            }
        }
        return (new, reviews)
    }

    /// Review answers on `day` (to cards of `bookID` when given): how many,
    /// how many right (Hard, Good or Easy), and the time they took.
    func tally(on day: CivilDay, inBook bookID: UUID?) async throws -> (
        answered: Int, correct: Int, elapsedMilliseconds: Int
    ) {
        let book: SQLQueryString =
            bookID.map {
                """
                 AND EXISTS (SELECT 1 FROM cards c WHERE c.word_id = l.word_id AND c.direction = l.direction
                   AND c.user_id = l.user_id AND c.book_id = \(bind: $0))
                """
            } ?? ""
        let row = try await keptReader().raw(
            """
            SELECT COUNT(*) AS n, CAST(COALESCE(SUM(CASE WHEN \(unsafeRaw: AnswerKind.isRight("l")) THEN 1 ELSE 0 END), 0) AS BIGINT) AS correct,
              CAST(COALESCE(SUM(l.elapsed_ms), 0) AS BIGINT) AS elapsed
            FROM review_logs l
            WHERE l.user_id = \(bind: userID) AND l.reviewed_on = \(bind: day) AND l.source = 'review'\(book)
            """
        ).first()
        return (
            try row?.decode(column: "n", as: Int.self) ?? 0,
            try row?.decode(column: "correct", as: Int.self) ?? 0,
            try row?.decode(column: "elapsed", as: Int.self) ?? 0
        )
    }

    /// The latest review answer to a card that still exists (answers to words
    /// deleted since are passed over), to a card of `bookID` when given: a
    /// book's review screen takes back only its own answers.
    func lastUndoable(inBook bookID: UUID? = nil) async throws -> Undoable? {
        let book: SQLQueryString = bookID.map { " AND c.book_id = \(bind: $0)" } ?? ""
        guard
            let row = try await db.sql().raw(
                """
                SELECT l.id, l.word_id, l.direction, l.rating, l.card_before, l.card_after
                FROM review_logs l JOIN cards c ON c.word_id = l.word_id AND c.direction = l.direction AND c.user_id = l.user_id
                WHERE l.user_id = \(bind: userID) AND l.source = 'review'\(book) ORDER BY l.reviewed_at DESC LIMIT 1
                """
            ).first()
        else { return nil }
        return Undoable(
            id: try row.decode(column: "id", as: UUID.self),
            wordID: try row.decode(column: "word_id", as: UUID.self),
            direction: CardDirection(rawValue: try row.decode(column: "direction", as: String.self))
                ?? .forward,
            rating: try row.decode(column: "rating", as: Int.self),
            before: try Self.storedCard(try row.decode(column: "card_before", as: String.self)),
            after: try Self.storedCard(try row.decode(column: "card_after", as: String.self)))
    }

    func delete(_ id: UUID) async throws {
        try await db.sql().raw(
            "DELETE FROM review_logs WHERE id = \(bind: id) AND user_id = \(bind: userID)"
        ).run()
    }

    /// An answer that moved a card, as an export carries it.
    struct Answered: Sendable {
        var wordID: UUID
        var direction: CardDirection
        var source: ReviewSource
        var rating: Int
        var at: Date
        var elapsedMilliseconds: Int
        var before: StoredCard
        var after: StoredCard
    }

    /// Every answer that moved a card of a book's words, oldest first: reviews, and
    /// the games' wrong answers (each an Again on the card).
    func answers(inBook bookID: UUID) async throws -> [Answered] {
        try await db.sql().raw(
            """
            SELECT r.word_id, r.direction, r.source, r.rating, r.reviewed_at, r.elapsed_ms, r.card_before, r.card_after
            FROM review_logs r JOIN words w ON w.id = r.word_id AND w.user_id = r.user_id
            WHERE r.user_id = \(bind: userID) AND w.book_id = \(bind: bookID)
            ORDER BY r.reviewed_at
            """
        ).all().map { row in
            Answered(
                wordID: try row.decode(column: "word_id", as: UUID.self),
                direction: CardDirection(
                    rawValue: try row.decode(column: "direction", as: String.self)) ?? .forward,
                source: ReviewSource(rawValue: try row.decode(column: "source", as: String.self))
                    ?? .review,
                rating: try row.decode(column: "rating", as: Int.self),
                at: try row.decode(column: "reviewed_at", as: Date.self),
                elapsedMilliseconds: try row.decode(column: "elapsed_ms", as: Int.self),
                before: try Self.storedCard(try row.decode(column: "card_before", as: String.self)),
                after: try Self.storedCard(try row.decode(column: "card_after", as: String.self)))
        }
    }

    static func json(_ card: StoredCard) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        encoder.dateEncodingStrategy = .secondsSince1970
        return (try? encoder.encode(card)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    static func storedCard(_ json: String) throws -> StoredCard {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        return try decoder.decode(StoredCard.self, from: Data(json.utf8))
    }
}
