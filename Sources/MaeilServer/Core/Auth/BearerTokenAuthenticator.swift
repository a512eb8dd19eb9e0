import Fluent
import SQLKit
import Vapor

/// Logs in the owner of a personal access token sent as `Authorization: Bearer`.
///
/// Every API request passes here, so the token and its user are read in one
/// indexed statement, without Fluent's model loading (a token query and an
/// eager load of its user were two round trips and most of `/auth/me`'s time).
struct BearerTokenAuthenticator: AsyncBearerAuthenticator {
    func authenticate(bearer: BearerAuthorization, for request: Request) async throws {
        let sql = try request.db.sql()
        guard
            let row = try await sql.raw(
                """
                SELECT t.id AS token_id, t.last_used_at, u.id, u.username, u.password_hash, u.locale, u.display_name, u.time_zone, u.created_at
                FROM user_tokens t JOIN users u ON u.id = t.user_id
                WHERE t.token_hash = \(bind: SecretDigest.sha256Hex(bearer.token))
                """
            ).first()
        else { return }
        let tokenID = try row.decode(column: "token_id", as: UUID.self)
        let user = User(
            id: try row.decode(column: "id", as: UUID.self),
            username: try row.decode(column: "username", as: String.self),
            passwordHash: try row.decode(column: "password_hash", as: String.self),
            locale: try row.decode(column: "locale", as: String?.self),
            displayName: try row.decode(column: "display_name", as: String?.self),
            timeZoneIdentifier: try row.decode(column: "time_zone", as: String?.self))
        user.createdAt = try row.decode(column: "created_at", as: Date?.self)
        user.$id.exists = true
        // Touch at most once a minute so reads do not turn into writes.
        let lastUsed = try row.decode(column: "last_used_at", as: Date?.self)
        if (lastUsed ?? .distantPast) < Date().addingTimeInterval(-60) {
            try? await sql.raw(
                "UPDATE user_tokens SET last_used_at = \(bind: Date()) WHERE id = \(bind: tokenID)"
            ).run()
        }
        request.auth.login(user)
        request.storage[CurrentTokenKey.self] = tokenID
    }
}

enum CurrentTokenKey: StorageKey { typealias Value = UUID }

/// Refuses requests that no authenticator logged in.
struct RequireUserMiddleware: AsyncMiddleware {
    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response
    {
        guard request.auth.has(User.self) else { throw AppError.unauthorized }
        return try await next.respond(to: request)
    }
}
