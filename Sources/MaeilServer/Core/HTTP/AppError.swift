import MaeilAPI
import Vapor

/// An error a user caused and can fix. Carries a stable machine-readable code
/// (the API's `error.code`) and a clear English message.
struct AppError: AbortError, Sendable {
    let status: HTTPResponseStatus
    let code: ErrorCode
    let message: String
    /// Seconds to wait before trying again (429 and 503 answers).
    var retryAfter: Int? = nil
    /// What the request clashed with (a word already in the book).
    var existingID: UUID? = nil

    var reason: String { message }

    static func notFound(_ what: String) -> AppError {
        AppError(status: .notFound, code: .notFound, message: "\(what) not found")
    }
    static func invalid(_ message: String, code: ErrorCode = .invalidInput) -> AppError {
        AppError(status: .unprocessableEntity, code: code, message: message)
    }
    static func badRequest(_ message: String, code: ErrorCode = .badRequest) -> AppError {
        AppError(status: .badRequest, code: code, message: message)
    }
    static func tooLarge(_ bytes: Int) -> AppError {
        AppError(
            status: .payloadTooLarge, code: .tooLarge,
            message: "the request is larger than \(bytes / (1024 * 1024)) MB")
    }
    static let invalidCredentials = AppError(
        status: .unauthorized, code: .invalidCredentials, message: "wrong username or password")
    static let unauthorized = AppError(
        status: .unauthorized, code: .unauthorized, message: "sign in or send a valid Bearer token")
    static let csrf = AppError(
        status: .forbidden, code: .csrf,
        message: "the form's security token is missing or stale; reload the page and try again")
}
