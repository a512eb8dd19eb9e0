import Vapor

/// Double-submit protection for the web app: every visitor holds a random
/// token; every unsafe request must echo it in the `_csrf` form field or the
/// `X-CSRF-Token` header. A cross-site form cannot read it, so cannot send it.
/// A signed-in visitor's token lives in the session; an anonymous visitor's
/// (the login and sign-up forms) in a cookie of its own, so that looking at
/// the login page stores nothing on the server. Only a form's post starts a
/// task (to read its body; `configure` has why).
struct CSRFMiddleware: Middleware {
    static let sessionKey = "csrf"
    static let cookieName = "maeil_csrf"
    static let formField = "_csrf"
    static let header = "X-CSRF-Token"

    /// The most a form may send; the body is read whole before `_csrf` is looked
    /// for, since Vapor streams a body that does not arrive in one read.
    let maxBodySize: ByteCount

    init(maxBodySize: ByteCount = "2mb") {
        self.maxBodySize = maxBodySize
    }

    func respond(to request: Request, chainingTo next: any Responder) -> EventLoopFuture<Response> {
        guard ![.GET, .HEAD, .OPTIONS].contains(request.method) else {
            return next.respond(to: request)
        }
        return request.eventLoop.makeFutureWithTask {
            try await check(request)
            return try await next.respond(to: request).get()
        }
    }

    /// Refuses an unsafe request without the visitor's token.
    private func check(_ request: Request) async throws {
        if request.body.data == nil {
            do {
                _ = try await request.body.collect(max: maxBodySize.value).get()
            } catch let error as any AbortError where error.status == .payloadTooLarge {
                throw AppError.tooLarge(maxBodySize.value)
            }
        }
        let sent = request.headers.first(name: Self.header) ?? Self.formToken(request)
        guard let sent, !sent.isEmpty, let expected = Self.existingToken(for: request),
            constantTimeEquals(sent, expected)
        else { throw AppError.csrf }
    }

    /// The visitor's token, made on first use (see `attachCookie(to:for:)`).
    static func token(for request: Request) -> String {
        if let token = existingToken(for: request) { return token }
        let token = [UInt8].random(count: 24).hex
        if request.auth.has(User.self) {
            request.session.data[sessionKey] = token
        } else {
            request.storage[NewCookieToken.self] = token
        }
        return token
    }

    /// The token a form must carry now: the session's when signed in, else the cookie's.
    static func existingToken(for request: Request) -> String? {
        if request.auth.has(User.self) {
            if let token = request.session.data[sessionKey] { return token }
        }
        if let token = request.storage[NewCookieToken.self] { return token }
        guard let token = request.cookies[cookieName]?.string, isWellFormed(token) else {
            return nil
        }
        return token
    }

    /// Sets the anonymous visitor's token cookie when this request made the token.
    static func attachCookie(to response: Response, for request: Request) {
        guard let token = request.storage[NewCookieToken.self] else { return }
        response.cookies[cookieName] = HTTPCookies.Value(
            string: token, maxAge: 60 * 60 * 24 * 7, path: "/", isHTTPOnly: true, sameSite: .lax)
    }

    private struct NewCookieToken: StorageKey { typealias Value = String }

    private static func isWellFormed(_ token: String) -> Bool {
        token.utf8.count == 48
            && token.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }

    private static func formToken(_ request: Request) -> String? {
        guard let type = request.headers.contentType else { return nil }
        if type == .urlEncodedForm || type == .formData {
            return try? request.content.get(String.self, at: formField)
        }
        return nil
    }

    private func constantTimeEquals(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8)
        let y = Array(b.utf8)
        guard x.count == y.count else { return false }
        return zip(x, y).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
