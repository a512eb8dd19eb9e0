import Vapor

/// What every web page gets: the UI strings it shows, in the user's language, the CSRF
/// token for forms, the signed-in user and a one-time flash message. The
/// page's own data goes in `page`, prepared by the controller so templates
/// stay dumb.
struct WebPage<PageData: Encodable & Sendable>: Encodable, Sendable {
    var title: String
    var lang: String
    var t: [String: String]
    var csrf: String
    var username: String?
    /// The signed-in user's display name, else their username.
    var shownName: String?
    var flash: String?
    var flashError: String?
    var nav: String
    var page: PageData
}

struct NoPageData: Encodable, Sendable {}

extension Request {
    /// Renders `template` with the common page fields around `data`.
    func renderPage<D: Encodable & Sendable>(
        _ template: String, title: String, nav: String = "", data: D, status: HTTPStatus = .ok
    ) async throws -> Response {
        let csrf = auth.has(User.self) && !hasSession ? "" : CSRFMiddleware.token(for: self)
        let html = try await renderedPage(template, title: title, nav: nav, data: data, csrf: csrf)
        return pageResponse(html, status: status)
    }

    /// The HTML of `template` with the common page fields, the one-time flash
    /// message taken out of the session.
    func renderedPage<D: Encodable & Sendable>(
        _ template: String, title: String, nav: String, data: D, csrf: String
    ) async throws -> ByteBuffer {
        let lang = Localizer.language(for: self)
        let strings = Localizer.strings(lang)
        // Error pages of routes outside the session group (a 404 for
        // /favicon.ico, say) have no session: touching it would crash.
        let flash = hasSession ? session.data["flash"] : nil
        let flashError = hasSession ? session.data["flashError"] : nil
        if flash != nil { session.data["flash"] = nil }
        if flashError != nil { session.data["flashError"] = nil }
        let context = WebPage(
            title: strings[title] ?? title, lang: lang.rawValue,
            t: TemplateStrings.strings(of: template, in: lang), csrf: csrf,
            username: auth.get(User.self)?.username, shownName: auth.get(User.self)?.shownName,
            flash: flash.map { strings[$0] ?? $0 },
            flashError: flashError.map { strings[$0] ?? $0 }, nav: nav, page: data)
        return try await view.render(template, context).data
    }

    /// A page's HTML as the answer: never stored by the browser or a proxy
    /// (it carries the user's data and CSRF token).
    func pageResponse(_ html: ByteBuffer, status: HTTPStatus) -> Response {
        let response = Response(status: status, body: .init(buffer: html))
        response.headers.contentType = .html
        response.headers.replaceOrAdd(name: .cacheControl, value: "no-store")
        CSRFMiddleware.attachCookie(to: response, for: self)
        return response
    }

    func renderPage(_ template: String, title: String, nav: String = "") async throws -> Response {
        try await renderPage(template, title: title, nav: nav, data: NoPageData())
    }

    /// Sets a message shown once on the next page (a key of the strings table, or text).
    func flash(_ message: String, error: Bool = false) {
        session.data[error ? "flashError" : "flash"] = message
    }
}

/// The HTML answer to an error on a web route.
enum WebErrorPage {
    struct Data: Encodable, Sendable {
        var status: Int
        var message: String
    }

    static func render(_ req: Request, status: HTTPStatus, message: String) async throws -> Response
    {
        if status == .unauthorized {
            return req.redirect(
                to: "/login?next="
                    + (req.url.path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed)
                        ?? "/"))
        }
        do {
            return try await req.renderPage(
                "error", title: status == .notFound ? "errorNotFoundTitle" : "errorTitle",
                data: Data(status: Int(status.code), message: message), status: status)
        } catch {
            let response = Response(
                status: status, body: .init(string: "\(status.code) \(message)"))
            response.headers.contentType = .plainText
            return response
        }
    }
}
