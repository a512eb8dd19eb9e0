import AsyncKit
import FluentPostgresDriver
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
}

/// The database cannot be used just now: PostgreSQL stopped or restarting
/// (connections refused or cut), or SQLite's files cannot be opened or
/// written (a read-only or vanished data directory, an I/O error). What the
/// request wanted to change was not changed, and the pools open new
/// connections by themselves once the database is back.
struct DatabaseUnavailable: ReportableError {
    var status: HTTPResponseStatus { .serviceUnavailable }
    var code: ErrorCode { .unavailable }
    var message: String { "the database cannot be reached; try again in a moment" }
    var retryAfter: Int? { 5 }
}

/// SQLite could not grow its file: the disk (or a quota) is full. The
/// transaction rolled back whole; once there is room the same request works.
struct StorageFull: ReportableError {
    var status: HTTPResponseStatus { .insufficientStorage }
    var code: ErrorCode { .storageFull }
    var message: String { "the server's disk is full; nothing was saved" }
}

/// Database failures as the client should see them: overloaded, unreachable
/// or full, each with its own answer, instead of a 500.
enum DatabaseFault {
    /// Runs `body` again while the database is busy (`DatabaseBusy`, after
    /// the request's own wait), starting no new try after `patience`. For
    /// work that should not fail for want of a connection: a server's start,
    /// and what a request writes after its change is made (its session).
    static func whileBusy<T>(patience: Duration, _ body: () async throws -> T) async throws -> T {
        let deadline = ContinuousClock.now + patience
        while true {
            do {
                return try await body()
            } catch  where translated(error) is DatabaseBusy && .now < deadline {
                try await Task.sleep(for: .milliseconds(100))
            }
        }
    }

    static func translated(_ error: any Error) -> any Error {
        if error is ConnectionPoolTimeoutError { return DatabaseBusy() }
        if let sqlite = error as? SQLiteError {
            switch sqlite.reason {
            case .busy, .busyTimeout, .busyInRecovery, .busyInSnapshot: return DatabaseBusy()
            case .full: return StorageFull()
            case .cantOpen, .cantOpenDirectory, .cantOpenInvalidPath, .readOnly,
                .readonlyInRecovery, .readonlyCantLock, .readonlyInRollback,
                .readonlyBackingMoved, .readonlyDirectory, .permission, .ioError:
                return DatabaseUnavailable()
            default:
                // SQLite's twenty extended I/O errors (a failed read, write, sync…).
                return "\(sqlite.reason)".hasPrefix("ioError") ? DatabaseUnavailable() : error
            }
        }
        if let postgres = error as? PSQLError, isUnavailable(postgres) {
            return DatabaseUnavailable()
        }
        // A connection cut before its statement was written (`whileOpen`).
        if error is PostgresConnection.ClosedBeforeAnswer { return DatabaseUnavailable() }
        return error
    }

    /// Connections refused, cut or closing, and the server's own "shutting
    /// down" and "starting up" (SQLSTATE class 57P: admin or crash shutdown,
    /// cannot connect now). PostgresNIO closes a connection on any message it
    /// did not expect, such as the FATAL "terminating connection" (57P01) of a
    /// backend ended between two statements, and then fails with
    /// `unexpectedBackendMessage`: one request in 5,000 whose backends were
    /// terminated every 0.3 s answered 500 with it.
    private static func isUnavailable(_ error: PSQLError) -> Bool {
        switch error.code {
        case .connectionError, .serverClosedConnection, .clientClosedConnection,
            .uncleanShutdown, .poolClosed, .unexpectedBackendMessage:
            return true
        case .server:
            let state = error.serverInfo?[.sqlState] ?? ""
            return state.hasPrefix("57P") || state.hasPrefix("08")
        default: return false
        }
    }
}
