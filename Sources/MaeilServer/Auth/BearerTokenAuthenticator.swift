import Fluent
import Vapor

/// Logs in the owner of a personal access token sent as `Authorization: Bearer`.
struct BearerTokenAuthenticator: AsyncBearerAuthenticator {
    func authenticate(bearer: BearerAuthorization, for request: Request) async throws {
        let accounts = request.accounts
        guard let (user, token) = try await accounts.user(forToken: bearer.token) else { return }
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
    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        guard request.auth.has(User.self) else { throw AppError.unauthorized }
        return try await next.respond(to: request)
    }
}
