import Fluent
import Vapor

/// Logs in the owner of a personal access token sent as `Authorization: Bearer`.
struct BearerTokenAuthenticator: AsyncBearerAuthenticator {
    func authenticate(bearer: BearerAuthorization, for request: Request) async throws {
        guard
            let token = try await UserToken.query(on: request.db)
                .filter(\.$tokenHash == SecretDigest.sha256Hex(bearer.token)).with(\.$user).first()
        else { return }
        let user = token.user
        // Touch at most once a minute so reads do not turn into writes.
        if (token.lastUsedAt ?? .distantPast) < Date().addingTimeInterval(-60) {
            token.lastUsedAt = Date()
            try? await token.save(on: request.db)
        }
        request.auth.login(user)
        request.storage[CurrentTokenKey.self] = token.id
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
