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
/// changes. A token found kept goes on without starting a task (`configure`
/// has why); one to read, or to mark used, starts one.
struct BearerTokenAuthenticator: Middleware {
    /// A token with its user, as read.
    private struct Found: Sendable {
        let tokenID: UUID
        let lastUsed: Date?
        let user: SignedInUser

        /// Marked used at most once a minute, so that reads do not turn into writes.
        var isTouchDue: Bool { (lastUsed ?? .distantPast) < Date().addingTimeInterval(-60) }
    }

    func respond(to request: Request, chainingTo next: any Responder) -> EventLoopFuture<Response> {
        guard let bearer = request.headers.bearerAuthorization else {
            return next.respond(to: request)
        }
        let digest = SecretDigest.sha256Hex(bearer.token)
        if let found: Found = request.keptReads.keptValue(Self.keptKey(digest)), !found.isTouchDue {
            Self.logIn(found, on: request)
            return next.respond(to: request)
        }
        return request.eventLoop.makeFutureWithTask {
            try await Self.authenticate(digest: digest, for: request)
            return try await next.respond(to: request).get()
        }
    }

    private static func keptKey(_ digest: String) -> String { "token:" + digest }

    /// The token with this digest and its user, by the token's unique index
    /// and the user's key.
    static func lookup(digest: String) -> SQLQueryString {
        """
        SELECT t.id AS token_id, t.last_used_at, \(unsafeRaw: User.signedInColumns)
        FROM user_tokens t JOIN users u ON u.id = t.user_id
        WHERE t.token_hash = \(bind: digest)
        """
    }

    private static func logIn(_ found: Found, on request: Request) {
        request.auth.login(found.user.user())
        request.storage[CurrentTokenKey.self] = found.tokenID
    }

    private static func authenticate(digest: String, for request: Request) async throws {
        func read() async throws -> Found? {
            guard let row = try await request.shortReads().raw(lookup(digest: digest)).first()
            else { return nil }
            return Found(
                tokenID: try row.decode(column: "token_id", as: UUID.self),
                lastUsed: try row.decode(column: "last_used_at", as: Date?.self),
                user: try SignedInUser(row))
        }
        guard
            let found = try await request.keptReads.value(
                keptKey(digest), topics: { [SignedInUser.topic($0.user.id)] }, read: read)
        else { return }
        if found.isTouchDue {
            try? await request.db.sql().raw(
                "UPDATE user_tokens SET last_used_at = \(bind: Date()) WHERE id = \(bind: found.tokenID)"
            ).run()
        }
        logIn(found, on: request)
    }
}

enum CurrentTokenKey: StorageKey { typealias Value = UUID }

/// Refuses requests that no authenticator logged in.
struct RequireUserMiddleware: Middleware {
    func respond(to request: Request, chainingTo next: any Responder) -> EventLoopFuture<Response> {
        guard request.auth.has(User.self) else {
            return request.eventLoop.makeFailedFuture(AppError.unauthorized)
        }
        return next.respond(to: request)
    }
}
