import Fluent
import Vapor

/// Account, profile (name, language, time zone), password, personal access
/// tokens, and deleting the account.
struct SettingsWebController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        let settings = routes.grouped("settings")
        settings.get(use: show)
        settings.post("profile", use: saveProfile)
        settings.post("deepl", use: saveDeepLKey)
        // Room for a multipart form around a 1 MB picture; the store refuses more than 1 MB.
        settings.on(.POST, "avatar", body: .collect(maxSize: "2mb"), use: uploadAvatar)
        settings.post("avatar", "delete", use: deleteAvatar)
        settings.post("password", use: changePassword)
        settings.post("delete", use: deleteAccount)
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
        var displayName: String
        /// The picture now (uploaded or generated), and whether there is one to remove.
        var avatarURL: String
        var hasUploadedAvatar: Bool
        var avatarError: String?
        /// Whether the account keeps a DeepL key of its own, and the server has one.
        var hasDeepLKey: Bool
        var serverHasDeepLKey: Bool
        var deepLError: String?
        var memberSince: String
        var languages: [OptionView]
        var timeZones: [OptionView]
        var serverTimeZone: String
        var tokens: [TokenRow]
        var hasTokens: Bool
        var newToken: NewToken?
        var tokenName: String
        var error: String?
        var profileError: String?
        var passwordError: String?
        var deleteError: String?
    }

    /// Which form an error belongs to, so it shows beside that form.
    enum Section { case profile, avatar, deepL, password, delete, tokens }

    @Sendable func show(req: Request) async throws -> Response {
        try await render(req)
    }

    /// What the page reads of the user's account besides the user itself.
    private struct AccountReads: Sendable {
        var tokens: [UserToken]
        var avatar: AvatarPicture
        var hasDeepLKey: Bool

        /// Read on `db` (a transaction, when they must see its writes).
        init(_ req: Request, on db: any Database) async throws {
            let userID = try req.requireUserID()
            let accounts = req.application.accounts(on: db)
            tokens = try await accounts.tokens(of: userID)
            avatar = try await AvatarStore(db: db, readerID: userID).picture(of: userID)
            hasDeepLKey = try await accounts.deepLKey(of: userID) != nil
        }
    }

    private func render(
        _ req: Request, reads given: AccountReads? = nil, newToken: NewToken? = nil,
        tokenName: String = "", error: (section: Section, text: String)? = nil,
        status: HTTPStatus = .ok
    ) async throws -> Response {
        let user = try req.requireUser()
        let reads: AccountReads
        if let given { reads = given } else { reads = try await AccountReads(req, on: req.db) }
        let tokens = reads.tokens
        let chosenZone = user.timeZone?.identifier ?? ""
        func errorText(_ section: Section) -> String? {
            error?.section == section ? error?.text : nil
        }
        let avatar = reads.avatar
        let data = SettingsData(
            username: user.username, displayName: user.displayName ?? "",
            avatarURL: avatar.webURL, hasUploadedAvatar: avatar.digest != nil,
            avatarError: errorText(.avatar),
            hasDeepLKey: reads.hasDeepLKey,
            serverHasDeepLKey: req.maeilSettings.deepLKey != nil, deepLError: errorText(.deepL),
            memberSince: req.dateTimeText(user.createdAt),
            languages: [
                ("", req.text("settingsLanguageBrowser")), ("ko", "한국어"), ("en", "English"),
            ]
            .map { OptionView(value: $0.0, label: $0.1, selected: $0.0 == (user.locale ?? "")) },
            timeZones: [
                OptionView(
                    value: "",
                    label: req.text("settingsTimeZoneServer")
                        + " (\(req.maeilSettings.timeZone.identifier))",
                    selected: chosenZone.isEmpty)
            ]
                + TimeZone.knownTimeZoneIdentifiers.sorted().map {
                    OptionView(value: $0, label: $0, selected: $0 == chosenZone)
                },
            serverTimeZone: req.maeilSettings.timeZone.identifier,
            tokens: tokens.map { token in
                TokenRow(
                    id: token.id?.uuidString ?? "", name: token.name,
                    createdText: req.dateTimeText(token.createdAt),
                    lastUsedText: token.lastUsedAt.map { req.dateTimeText($0) }
                        ?? req.text("settingsTokenNeverUsed"))
            },
            hasTokens: !tokens.isEmpty, newToken: newToken, tokenName: tokenName,
            error: errorText(.tokens), profileError: errorText(.profile),
            passwordError: errorText(.password), deleteError: errorText(.delete))
        return try await req.renderPage(
            "accounts/settings", title: "navSettings", nav: "settings", data: data, status: status)
    }

    /// Renders the page again with `error`'s message beside `section`'s form.
    private func refused(_ req: Request, _ error: AppError, in section: Section) async throws
        -> Response
    {
        try await render(
            req, error: (section, req.errorText(code: error.code, message: error.message)),
            status: error.status)
    }

    struct ProfileForm: Content {
        var displayName: String?
        var language: String?
        var timeZone: String?
    }

    @Sendable func saveProfile(req: Request) async throws -> Response {
        let form = try req.content.decode(ProfileForm.self)
        do {
            let user = try await req.accounts.updateProfile(
                of: try req.requireUserID(),
                .init(
                    displayName: form.displayName ?? "", language: form.language ?? "",
                    timeZone: form.timeZone ?? ""),
                serverTimeZone: req.maeilSettings.timeZone)
            req.auth.login(user)
        } catch let error as AppError {
            return try await refused(req, error, in: .profile)
        }
        req.flash("flashProfileSaved")
        return req.redirect(to: "/settings")
    }

    struct DeepLForm: Content {
        var deeplKey: String?
    }

    /// Saves the account's DeepL key, or removes it when the field comes empty.
    @Sendable func saveDeepLKey(req: Request) async throws -> Response {
        let form = try req.content.decode(DeepLForm.self)
        let key: String?
        do {
            key = try AccountService.validDeepLKey(form.deeplKey ?? "")
        } catch let error as AppError {
            return try await render(
                req, error: (.deepL, req.text("settingsDeepLInvalid")), status: error.status)
        }
        try await req.accounts.setDeepLKey(of: try req.requireUserID(), key)
        req.flash(key == nil ? "flashDeepLRemoved" : "flashDeepLSaved")
        return req.redirect(to: "/settings#deepl")
    }

    @Sendable func uploadAvatar(req: Request) async throws -> Response {
        do {
            let file = try UploadedFile.readTyped(from: req)
            _ = try await req.avatarStore().upload(file.data, declaredType: file.type)
        } catch let error as AppError {
            // The picture's own words where there are some; the store's message says the detail.
            let key: String? =
                switch error.code {
                case .tooLarge: "avatarErrTooLarge"
                case .unsupportedMediaType: "avatarErrNotAPicture"
                case .invalidImage: "avatarErrInvalid"
                default: nil
                }
            guard let key else { return try await refused(req, error, in: .avatar) }
            return try await render(req, error: (.avatar, req.text(key)), status: error.status)
        }
        req.flash("flashAvatarSaved")
        return req.redirect(to: "/settings#avatar")
    }

    @Sendable func deleteAvatar(req: Request) async throws -> Response {
        try await req.avatarStore().remove()
        req.flash("flashAvatarRemoved")
        return req.redirect(to: "/settings#avatar")
    }

    struct PasswordForm: Content {
        var currentPassword: String?
        var newPassword: String?
        var confirmPassword: String?
    }

    /// Other browsers and every token are signed out; this browser stays.
    @Sendable func changePassword(req: Request) async throws -> Response {
        let form = try req.content.decode(PasswordForm.self)
        do {
            guard form.newPassword == form.confirmPassword else {
                throw AppError.invalid("the new passwords differ", code: .confirmationMismatch)
            }
            try await req.accounts.changePassword(
                of: try req.requireUserID(), current: form.currentPassword ?? "",
                new: form.newPassword ?? "",
                keeping: req.session.id.map {
                    .session(digest: DatabaseSessionDriver.digest($0.string))
                })
        } catch let error as AppError {
            return try await refused(req, error, in: .password)
        }
        req.flash("flashPasswordChanged")
        return req.redirect(to: "/settings")
    }

    struct DeleteForm: Content {
        var password: String?
        var confirm: String?
    }

    @Sendable func deleteAccount(req: Request) async throws -> Response {
        let form = try req.content.decode(DeleteForm.self)
        let user = try req.requireUser()
        do {
            try await req.accounts.deleteAccount(
                of: try req.requireUserID(), password: form.password ?? "",
                confirmation: form.confirm ?? "")
        } catch let error as AppError {
            return try await refused(req, error, in: .delete)
        }
        req.auth.logout(User.self)
        req.session.destroy()
        return try await req.renderPage(
            "accounts/deleted", title: "settingsDeletedTitle",
            data: ["username": user.username])
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
                req, tokenName: form.name ?? "",
                error: (.tokens, req.text("settingsTokenNameInvalid")), status: .unprocessableEntity
            )
        }
        // The token and the page's reads in one transaction: the secret is
        // shown only on this page, so a failure before it is read (a busy
        // database) must leave no token behind that nobody can see.
        let userID = try req.requireUserID()
        let (newToken, reads) = try await req.db.writeTransaction { tx in
            let (token, secret) = try await req.application.accounts(on: tx).createToken(
                for: userID, name: name)
            return (NewToken(name: token.name, secret: secret), try await AccountReads(req, on: tx))
        }
        return try await render(req, reads: reads, newToken: newToken)
    }

    @Sendable func deleteToken(req: Request) async throws -> Response {
        try await req.accounts.deleteToken(
            try req.idParameter("id", "token"), of: try req.requireUserID())
        req.flash("flashTokenDeleted")
        return req.redirect(to: "/settings")
    }
}
