import AsyncKit
import FluentSQLiteDriver
import MaeilAPI
import Vapor
import VocabCore

/// An error the HTTP edge knows how to answer: its status, its stable code and
/// an English message. Services throw their own typed errors (a `GameError`, a
/// `ValidationError`…); each says here how it crosses the wire, and the web
/// edge words it in the page's language from its case, never from `message`.
protocol ReportableError: Error {
    var status: HTTPResponseStatus { get }
    var code: ErrorCode { get }
    var message: String { get }
    /// Seconds to wait before trying again (429 and 503 answers).
    var retryAfter: Int? { get }
}

extension ReportableError {
    var retryAfter: Int? { nil }
}

extension AppError: ReportableError {}

extension ImportError: ReportableError {
    var status: HTTPResponseStatus { .unprocessableEntity }
    var code: ErrorCode { .invalidFile }
}

extension ValidationError: ReportableError {
    var status: HTTPResponseStatus { .unprocessableEntity }
    var code: ErrorCode { .invalidInput }
}

/// The database was too busy to answer in time — no connection came free in
/// the pool, or SQLite gave up waiting for another writer (see
/// `SQLiteTuning`): overloaded, not broken. 503 with `Retry-After` tells
/// clients (and load balancers) to come back.
struct DatabaseBusy: ReportableError {
    var status: HTTPResponseStatus { .serviceUnavailable }
    var code: ErrorCode { .busy }
    var message: String { "the server is busy; try again in a moment" }
    var retryAfter: Int? { 1 }

    /// The error as the client should see it: the pool's timeout and
    /// SQLite's "busy" become this.
    static func translated(_ error: any Error) -> any Error {
        if error is ConnectionPoolTimeoutError { return DatabaseBusy() }
        if let sqlite = error as? SQLiteError,
            [.busy, .busyTimeout, .busyInRecovery, .busyInSnapshot].contains(sqlite.reason)
        {
            return DatabaseBusy()
        }
        return error
    }
}
