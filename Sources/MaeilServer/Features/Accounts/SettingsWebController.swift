import Vapor

/// Account, language and personal access tokens.
struct SettingsWebController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        let settings = routes.grouped("settings")
        settings.get(use: show)
        settings.post("tokens", use: createToken)
        settings.post("tokens", ":id", "delete", use: deleteToken)
    }

    struct TokenRow: Encodable, Sendable {
        var id: String
        var name: String
        var createdText: String
        var lastUsedText: String
    }

    struct NewToken: Encodable, Sendable {
        var name: String
        var secret: String
    }

    struct SettingsData: Encodable, Sendable {
        var username: String
        var memberSince: String
        var languages: [OptionView]
        var currentLanguage: String
        var tokens: [TokenRow]
        var hasTokens: Bool
        var newToken: NewToken?
        var tokenName: String
        var error: String?
    }

    @Sendable func show(req: Request) async throws -> Response {
        try await render(req)
    }

    private func render(
        _ req: Request, newToken: NewToken? = nil, tokenName: String = "", error: String? = nil,
        status: HTTPStatus = .ok
    ) async throws -> Response {
        let user = try req.requireUser()
        let tokens = try await req.accounts.tokens(of: try req.requireUserID())
        let lang = req.uiLanguage
        let data = SettingsData(
            username: user.username, memberSince: req.dateTimeText(user.createdAt),
            languages: [("ko", "한국어"), ("en", "English")].map {
                OptionView(value: $0.0, label: $0.1, selected: $0.0 == lang.rawValue)
            },
            currentLanguage: lang == .ko ? "한국어" : "English",
            tokens: tokens.map { token in
                TokenRow(
                    id: token.id?.uuidString ?? "", name: token.name,
                    createdText: req.dateTimeText(token.createdAt),
                    lastUsedText: token.lastUsedAt.map { req.dateTimeText($0) }
                        ?? req.text("settingsTokenNeverUsed"))
            },
            hasTokens: !tokens.isEmpty, newToken: newToken, tokenName: tokenName, error: error)
        return try await req.renderPage(
            "accounts/settings", title: "navSettings", nav: "settings", data: data, status: status)
    }

    struct TokenForm: Content {
        var name: String?
    }

    /// Shows the new secret on the answer to the post itself, never stored or
    /// redirected through the session: it is visible this once only.
    @Sendable func createToken(req: Request) async throws -> Response {
        let form = try req.content.decode(TokenForm.self)
        let name = (form.name ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty, name.count <= 100 else {
            return try await render(
                req, tokenName: form.name ?? "", error: req.text("settingsTokenNameInvalid"),
                status: .unprocessableEntity)
        }
        let (token, secret) = try await req.accounts.createToken(
            for: try req.requireUserID(), name: name)
        return try await render(req, newToken: NewToken(name: token.name, secret: secret))
    }

    @Sendable func deleteToken(req: Request) async throws -> Response {
        try await req.accounts.deleteToken(
            try req.idParameter("id", "token"), of: try req.requireUserID())
        req.flash("flashTokenDeleted")
        return req.redirect(to: "/settings")
    }
}
