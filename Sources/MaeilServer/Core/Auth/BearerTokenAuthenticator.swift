import Fluent
import SQLKit
import Vapor

/// Logs in the owner of a personal access token sent as `Authorization: Bearer`.
///
/// Every API request passes here, so the token and its user are read in one
/// indexed statement, without Fluent's model loading (a token query and an
/// eager load of its user were two round trips and most of `/auth/me`'s time).
///
/// A read keeps what it found (`KeptReads`) until the token or its user
/// changes.
struct BearerTokenAuthenticator: AsyncBearerAuthenticator {
    /// A token with its user, as read.
    private struct Found: Sendable {
        let tokenID: UUID
        let lastUsed: Date?
        let user: SignedInUser
    }

    func authenticate(bearer: BearerAuthorization, for request: Request) async throws {
        let digest = SecretDigest.sha256Hex(bearer.token)
        func read() async throws -> Found? {
            guard
                let row = try await request.shortReads().raw(
                    """
                    SELECT t.id AS token_id, t.last_used_at, \(unsafeRaw: User.signedInColumns)
                    FROM user_tokens t JOIN users u ON u.id = t.user_id
                    WHERE t.token_hash = \(bind: digest)
                    """
                ).first()
            else { return nil }
            return Found(
                tokenID: try row.decode(column: "token_id", as: UUID.self),
                lastUsed: try row.decode(column: "last_used_at", as: Date?.self),
                user: try SignedInUser(row))
        }
        guard
            let found = try await request.keptReads.value(
                "token:" + digest, topics: { [SignedInUser.topic($0.user.id)] }, read: read)
        else { return }
        // Touch at most once a minute so reads do not turn into writes.
        if (found.lastUsed ?? .distantPast) < Date().addingTimeInterval(-60) {
            try? await request.db.sql().raw(
                "UPDATE user_tokens SET last_used_at = \(bind: Date()) WHERE id = \(bind: found.tokenID)"
            ).run()
        }
        request.auth.login(found.user.user())
        request.storage[CurrentTokenKey.self] = found.tokenID
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
