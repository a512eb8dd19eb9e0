import Vapor

/// Sends visitors who are not signed in to the login page, then back.
struct RequireWebUserMiddleware: Middleware {
    func respond(to request: Request, chainingTo next: any Responder) -> EventLoopFuture<Response> {
        guard request.auth.has(User.self) else {
            let target = request.url.string
            let encoded = target.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "/"
            return request.eventLoop.makeSucceededFuture(
                request.redirect(to: "/login?next=\(encoded)"))
        }
        return next.respond(to: request)
    }
}
