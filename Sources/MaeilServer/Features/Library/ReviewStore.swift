import Fluent
import Foundation
import MaeilAPI
import SQLKit
import Vapor
import VocabCore

/// Reviews of shared books as one reader (`readerID`) reads and writes them.
///
/// A book's reviews are seen by whoever may see the book (`LibraryStore.book`);
/// anyone else gets a 404, as for the book. Only readers review, once per book,
/// and only the book's owner replies, once per review. Every write rewrites
/// the book's review count and star total from its visible reviews in the same
/// transaction, after first locking the book's row: concurrent reviews of one
/// book take turns there, so the count and the average stay exact.
struct ReviewStore: Sendable {
    let db: any Database
    let readerID: UUID
    /// An administrator may hide reviews and see the reports.
    var readerIsAdmin = false

    private var library: LibraryStore { LibraryStore(db: db, readerID: readerID) }

    /// A page of the book's visible reviews, newest first, and the reader's own.
    func page(of bookID: UUID, page: Int = 1, perPage: Int = 20) async throws -> ReviewPage {
        let book = try await library.book(bookID)
        let sql = try db.sql()
        let items =
            book.reviewCount == 0
            ? []
            : try await sql.raw(
                """
                SELECT \(unsafeRaw: Self.columns) FROM \(unsafeRaw: Self.tables)
                WHERE r.book_id = \(bind: bookID) AND r.hidden_at IS NULL
                ORDER BY r.created_at DESC, r.id DESC
                LIMIT \(literal: perPage) OFFSET \(literal: (page - 1) * perPage)
                """
            ).all().map(Self.review(from:))
        let mine = try await sql.raw(
            """
            SELECT \(unsafeRaw: Self.columns) FROM \(unsafeRaw: Self.tables)
            WHERE r.book_id = \(bind: bookID) AND r.user_id = \(bind: readerID)
            """
        ).first().map(Self.review(from:))
        return ReviewPage(
            items: items, total: book.reviewCount, page: page, perPage: perPage,
            averageStars: book.averageStars, mine: mine)
    }

    /// The reader's review of a book they may see and do not own.
    func create(in bookID: UUID, _ draft: BookReviewDraft) async throws -> BookReview {
        let draft = draft.normalized()
        try draft.validate()
        let book = try await library.book(bookID)
        guard book.ownerID != readerID else {
            throw AppError(
                status: .forbidden, code: .ownBook, message: "you cannot review your own book")
        }
        let id = UUID()
        try await changing(bookID, spending: .review) { sql, now in
            if let existing = try await sql.raw(
                """
                SELECT id FROM book_reviews
                WHERE book_id = \(bind: bookID) AND user_id = \(bind: readerID)
                """
            ).first() {
                throw AppError(
                    status: .conflict, code: .alreadyReviewed,
                    message: "you reviewed this book already; edit that review instead",
                    existingID: try existing.decode(column: "id", as: StoredUUID.self).value)
            }
            try await sql.raw(
                """
                INSERT INTO book_reviews (id, book_id, user_id, stars, body, created_at, updated_at)
                VALUES (\(bind: id), \(bind: bookID), \(bind: readerID), \(bind: draft.stars),
                        \(bind: draft.text), \(bind: now), \(bind: now))
                """
            ).run()
        }
        return try await review(id, in: bookID)
    }

    /// Rewrites the reader's own review (its reply stays).
    func update(_ id: UUID, in bookID: UUID, _ draft: BookReviewDraft) async throws -> BookReview {
        let draft = draft.normalized()
        try draft.validate()
        _ = try await ownReview(id, in: bookID)
        try await changing(bookID, spending: .review) { sql, now in
            try await sql.raw(
                """
                UPDATE book_reviews SET stars = \(bind: draft.stars), body = \(bind: draft.text),
                  updated_at = \(bind: now)
                WHERE id = \(bind: id) AND user_id = \(bind: readerID)
                """
            ).run()
        }
        return try await review(id, in: bookID)
    }

    /// Deletes the reader's own review.
    func delete(_ id: UUID, in bookID: UUID) async throws {
        _ = try await ownReview(id, in: bookID)
        try await changing(bookID) { sql, _ in
            try await sql.raw(
                "DELETE FROM book_reviews WHERE id = \(bind: id) AND user_id = \(bind: readerID)"
            ).run()
        }
    }

    /// The book owner's one reply to a review of their book.
    func reply(to id: UUID, in bookID: UUID, text: String) async throws -> BookReview {
        let text = try BookReviewDraft.reply(text)
        let book = try await library.book(bookID)
        let review = try await review(id, of: book)
        guard book.ownerID == readerID else {
            throw AppError(
                status: .forbidden, code: .forbidden,
                message: "only the book's owner can reply to its reviews")
        }
        guard review.reply == nil else { throw Self.alreadyReplied }
        try await changing(bookID, spending: .reply) { sql, now in
            let replied = try await sql.raw(
                """
                UPDATE book_reviews SET reply = \(bind: text), replied_at = \(bind: now)
                WHERE id = \(bind: id) AND reply IS NULL RETURNING id
                """
            ).all()
            // Two replies at once: the other one came first.
            guard !replied.isEmpty else { throw Self.alreadyReplied }
        }
        return try await self.review(id, in: bookID)
    }

    /// Flags another reader's review for an administrator, once per reader.
    func report(_ id: UUID, in bookID: UUID, reason: String) async throws {
        let reason = try BookReviewDraft.reportReason(reason)
        let review = try await review(id, in: bookID)
        guard review.writerID != readerID else {
            throw AppError.invalid("you cannot report your own review")
        }
        try await db.writeTransaction { tx in
            try await ActionRateLimit.report.spend(by: readerID, on: tx)
            let sql = try tx.sql()
            let reported = try await sql.raw(
                """
                SELECT 1 AS x FROM review_reports
                WHERE review_id = \(bind: id) AND user_id = \(bind: readerID)
                """
            ).first()
            guard reported == nil else {
                throw AppError(
                    status: .conflict, code: .alreadyReported,
                    message: "you reported this review already")
            }
            try await sql.raw(
                """
                INSERT INTO review_reports (id, review_id, user_id, reason, created_at)
                VALUES (\(bind: UUID()), \(bind: id), \(bind: readerID), \(bind: reason),
                        \(bind: Date()))
                """
            ).run()
        }
    }

    /// An administrator hides a review: no longer shown to others nor counted.
    func hide(_ id: UUID, in bookID: UUID) async throws {
        try requireAdmin()
        _ = try await review(id, in: bookID)
        try await changing(bookID) { sql, now in
            try await sql.raw(
                "UPDATE book_reviews SET hidden_at = \(bind: now) WHERE id = \(bind: id)"
            ).run()
        }
    }

    /// Reported reviews still shown, the most recently reported first (administrators).
    func reports(limit: Int = 100) async throws -> [ReviewReport] {
        try requireAdmin()
        let sql = try db.sql()
        let rows = try await sql.raw(
            """
            SELECT \(unsafeRaw: Self.columns), b.name AS book_name,
                   COUNT(p.id) AS report_count, MAX(p.created_at) AS last_reported_at
            FROM review_reports p
            JOIN book_reviews r ON r.id = p.review_id
            JOIN users u ON u.id = r.user_id
            LEFT JOIN user_avatars a ON a.user_id = r.user_id
            JOIN books b ON b.id = r.book_id
            WHERE r.hidden_at IS NULL
            GROUP BY \(unsafeRaw: Self.groupedColumns), b.name
            ORDER BY last_reported_at DESC LIMIT \(literal: limit)
            """
        ).all()
        var reports: [ReviewReport] = []
        for row in rows {
            let review = try Self.review(from: row)
            let reasons = try await sql.raw(
                """
                SELECT reason FROM review_reports WHERE review_id = \(bind: review.id)
                ORDER BY created_at DESC LIMIT 10
                """
            ).all().map { try $0.decode(column: "reason", as: String.self) }
            reports.append(
                ReviewReport(
                    review: review, bookName: try row.decode(column: "book_name", as: String.self),
                    reportCount: try row.decode(column: "report_count", as: Int.self),
                    reasons: reasons.filter { !$0.isEmpty },
                    lastReportedAt: try row.decode(column: "last_reported_at", as: Date.self)))
        }
        return reports
    }

    /// An administrator takes a book out of the library and its link (copies stay).
    func unpublish(_ bookID: UUID) async throws {
        try requireAdmin()
        _ = try await library.book(bookID)
        try await db.sql().raw(
            "UPDATE books SET visibility = \(bind: BookVisibility.private.rawValue) WHERE id = \(bind: bookID)"
        ).run()
    }

    /// A review of a book the reader may see: visible, or hidden but the reader's own.
    func review(_ id: UUID, in bookID: UUID) async throws -> BookReview {
        try await review(id, of: try await library.book(bookID))
    }

    /// A review of `book`, which the caller has read as the reader may see it.
    private func review(_ id: UUID, of book: LibraryBook) async throws -> BookReview {
        guard
            let row = try await db.sql().raw(
                """
                SELECT \(unsafeRaw: Self.columns) FROM \(unsafeRaw: Self.tables)
                WHERE r.id = \(bind: id) AND r.book_id = \(bind: book.id)
                  AND (r.hidden_at IS NULL OR r.user_id = \(bind: readerID))
                """
            ).first()
        else { throw AppError.notFound("review") }
        return try Self.review(from: row)
    }

    private func ownReview(_ id: UUID, in bookID: UUID) async throws -> BookReview {
        let review = try await review(id, in: bookID)
        // Another reader's review is not the reader's to change: as if it were not there.
        guard review.writerID == readerID else { throw AppError.notFound("review") }
        return review
    }

    private func requireAdmin() throws {
        guard readerIsAdmin else {
            throw AppError(
                status: .forbidden, code: .adminOnly, message: "only an administrator can do this")
        }
    }

    /// Runs `change` in a transaction that first locks the book's row (a write
    /// that changes nothing: PostgreSQL's row lock, SQLite's write lock), then
    /// rewrites the book's count, star total and rating from its visible reviews.
    private func changing(
        _ bookID: UUID, spending limit: ActionRateLimit? = nil,
        _ change: @escaping @Sendable (any SQLDatabase, Date) async throws -> Void
    ) async throws {
        let readerID = readerID
        try await db.writeTransaction { tx in
            let sql = try tx.sql()
            try await sql.raw(
                "UPDATE books SET review_count = review_count WHERE id = \(bind: bookID)"
            ).run()
            let now = Date()
            try await limit?.spend(by: readerID, on: tx, now: now)
            try await change(sql, now)
            try await sql.raw(
                """
                UPDATE books SET
                  review_count = (SELECT COUNT(*) FROM book_reviews
                                  WHERE book_id = \(bind: bookID) AND hidden_at IS NULL),
                  star_total = (SELECT COALESCE(SUM(stars), 0) FROM book_reviews
                                WHERE book_id = \(bind: bookID) AND hidden_at IS NULL)
                WHERE id = \(bind: bookID)
                """
            ).run()
            // The average ×10, rounded half up, in integers both databases divide alike.
            try await sql.raw(
                """
                UPDATE books SET rating_tenths = CASE WHEN review_count = 0 THEN 0
                  ELSE (star_total * 20 + review_count) / (review_count * 2) END
                WHERE id = \(bind: bookID)
                """
            ).run()
        }
    }

    private static let alreadyReplied = AppError(
        status: .conflict, code: .alreadyReplied, message: "you replied to this review already")

    /// A review, its writer, and the writer's picture if uploaded.
    private static let tables = """
        book_reviews r JOIN users u ON u.id = r.user_id
        LEFT JOIN user_avatars a ON a.user_id = r.user_id
        """
    private static let columns = """
        r.id, r.book_id, r.user_id, r.stars, r.body, r.created_at, r.updated_at, r.reply,
        r.replied_at, r.hidden_at, COALESCE(NULLIF(u.display_name, ''), u.username) AS writer_name,
        a.digest AS writer_avatar
        """
    private static let groupedColumns = """
        r.id, r.book_id, r.user_id, r.stars, r.body, r.created_at, r.updated_at, r.reply,
        r.replied_at, r.hidden_at, u.display_name, u.username, a.digest
        """

    private static func review(from row: any SQLRow) throws -> BookReview {
        BookReview(
            id: try row.decode(column: "id", as: StoredUUID.self).value,
            bookID: try row.decode(column: "book_id", as: StoredUUID.self).value,
            writerID: try row.decode(column: "user_id", as: StoredUUID.self).value,
            writerName: try row.decode(column: "writer_name", as: String.self),
            writerAvatarDigest: try row.decode(column: "writer_avatar", as: String?.self),
            stars: try row.decode(column: "stars", as: Int.self),
            text: try row.decode(column: "body", as: String.self),
            createdAt: try row.decode(column: "created_at", as: Date.self),
            updatedAt: try row.decode(column: "updated_at", as: Date.self),
            reply: try row.decode(column: "reply", as: String?.self),
            repliedAt: try row.decode(column: "replied_at", as: Date?.self),
            isHidden: try row.decode(column: "hidden_at", as: Date?.self) != nil)
    }
}

extension Request {
    /// Reviews as the signed-in user reads and writes them.
    func reviewStore() throws -> ReviewStore {
        let user = try requireUser()
        return ReviewStore(db: db, readerID: try requireUserID(), readerIsAdmin: user.isAdmin)
    }
}
