import Fluent
import Foundation
import SQLKit

/// How often one user may do something others will see or that costs the
/// server: write a review, report one, upload a picture. Counted in the
/// database (`rate_events`), not in memory, so that several app processes
/// hold one limit together; spent inside the transaction of the write it
/// allows, so a refused or failed write costs nothing.
struct ActionRateLimit: Sendable {
    let action: String
    /// At most this many in any `window`.
    let limit: Int
    let window: TimeInterval

    static let review = ActionRateLimit(action: "review", limit: 20, window: 60 * 60)
    static let reply = ActionRateLimit(action: "reply", limit: 60, window: 60 * 60)
    static let report = ActionRateLimit(action: "report", limit: 20, window: 60 * 60)

    /// Records one use by `userID`, or throws 429 with the seconds until the
    /// oldest use in the window leaves it. Uses older than the window are
    /// deleted on the way, so the table holds at most `limit` rows per user
    /// and action.
    func spend(by userID: UUID, on db: any Database, now: Date = Date()) async throws {
        let sql = try db.sql()
        let since = now.addingTimeInterval(-window)
        try await sql.raw(
            """
            DELETE FROM rate_events
            WHERE user_id = \(bind: userID) AND action = \(bind: action) AND at <= \(bind: since)
            """
        ).run()
        let recent = try await sql.raw(
            """
            SELECT at FROM rate_events
            WHERE user_id = \(bind: userID) AND action = \(bind: action) AND at > \(bind: since)
            ORDER BY at ASC
            """
        ).all().map { try $0.decode(column: "at", as: Date.self) }
        if recent.count >= limit, let oldest = recent.first {
            let wait = max(
                1, Int(oldest.addingTimeInterval(window).timeIntervalSince(now).rounded(.up)))
            throw AppError(
                status: .tooManyRequests, code: .rateLimited,
                message: "too many \(action)s in a short time; try again in \(wait) seconds",
                retryAfter: wait)
        }
        try await sql.raw(
            """
            INSERT INTO rate_events (id, user_id, action, at)
            VALUES (\(bind: UUID()), \(bind: userID), \(bind: action), \(bind: now))
            """
        ).run()
    }
}
