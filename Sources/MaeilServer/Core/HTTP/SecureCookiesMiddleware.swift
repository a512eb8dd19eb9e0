import Vapor

/// Marks every cookie a web page sets `Secure` when the page was reached over
/// HTTPS through a trusted proxy (`Request.cameOverHTTPS`), so the session and
/// CSRF cookies are never sent back over plain HTTP. Outermost on the web
/// routes: it sees the cookies the sessions middleware adds on the way out.
struct SecureCookiesMiddleware: Middleware {
    func respond(to request: Request, chainingTo next: any Responder) -> EventLoopFuture<Response> {
        next.respond(to: request).map { response in
            if request.cameOverHTTPS {
                for (name, var cookie) in response.cookies.all {
                    cookie.isSecure = true
                    response.cookies[name] = cookie
                }
            }
            return response
        }
    }
}
