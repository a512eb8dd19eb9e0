import Vapor

/// Sends visitors who are not signed in to the login page, then back.
struct RequireWebUserMiddleware: AsyncMiddleware {
    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response
    {
        guard request.auth.has(User.self) else {
            let target = request.url.string
            let encoded = target.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "/"
            return request.redirect(to: "/login?next=\(encoded)")
        }
        return try await next.respond(to: request)
    }
}
