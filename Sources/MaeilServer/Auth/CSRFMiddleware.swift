import Vapor

/// Double-submit protection for the web app: every session holds a random
/// token; every unsafe request must echo it in the `_csrf` form field or the
/// `X-CSRF-Token` header. A cross-site form cannot read it, so cannot send it.
struct CSRFMiddleware: AsyncMiddleware {
    static let sessionKey = "csrf"
    static let formField = "_csrf"
    static let header = "X-CSRF-Token"

    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        let expected = Self.token(for: request)
        if ![.GET, .HEAD, .OPTIONS].contains(request.method) {
            let sent = request.headers.first(name: Self.header) ?? Self.formToken(request)
            guard let sent, !sent.isEmpty, constantTimeEquals(sent, expected) else {
                throw AppError.csrf
            }
        }
        return try await next.respond(to: request)
    }

    /// The session's token, made on first use.
    static func token(for request: Request) -> String {
        if let token = request.session.data[sessionKey] { return token }
        let token = [UInt8].random(count: 24).map { String(format: "%02x", $0) }.joined()
        request.session.data[sessionKey] = token
        return token
    }

    private static func formToken(_ request: Request) -> String? {
        guard let type = request.headers.contentType else { return nil }
        if type == .urlEncodedForm || type == .formData {
            return try? request.content.get(String.self, at: formField)
        }
        return nil
    }

    private func constantTimeEquals(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        guard x.count == y.count else { return false }
        return zip(x, y).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
