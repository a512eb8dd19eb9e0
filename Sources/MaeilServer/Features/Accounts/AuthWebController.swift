import Vapor

struct AuthWebController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.get("login", use: loginPage)
        routes.post("login", use: logIn)
        routes.get("signup", use: signupPage)
        routes.post("signup", use: signUp)
        routes.post("logout", use: logOut)
        routes.post("language", use: setLanguage)
    }

    struct AuthForm: Content {
        var username: String
        var password: String
        var next: String?
    }

    struct AuthPageData: Encodable, Sendable {
        var username: String
        var next: String
        var error: String?
    }

    struct SignupForm: Content {
        var username: String
        var password: String
        var displayName: String?
        var invite: String?
    }

    struct SignupPageData: Encodable, Sendable {
        var username: String
        var displayName: String
        var invite: String
        /// `open`, `closed` or `invite` (`MAEIL_SIGNUP`).
        var policy: String
        var error: String?
    }

    @Sendable func loginPage(req: Request) async throws -> Response {
        if req.auth.has(User.self) { return req.redirect(to: "/") }
        let next = Self.safeNext(try? req.query.get(String.self, at: "next"))
        return try await req.renderPage(
            "accounts/login", title: "authLoginTitle", data: AuthPageData(username: "", next: next))
    }

    @Sendable func logIn(req: Request) async throws -> Response {
        let form = try req.content.decode(AuthForm.self)
        let next = Self.safeNext(form.next)
        do {
            let user = try await req.accounts.logIn(
                username: form.username, password: form.password,
                clientAddress: req.clientAddress)
            try await Self.startSession(req, user)
            return req.redirect(to: next)
        } catch let error as AppError {
            return try await req.renderPage(
                "accounts/login", title: "authLoginTitle",
                data: AuthPageData(
                    username: form.username, next: next,
                    error: req.errorText(code: error.code, message: error.message)),
                status: error.status)
        }
    }

    @Sendable func signupPage(req: Request) async throws -> Response {
        if req.auth.has(User.self) { return req.redirect(to: "/") }
        return try await renderSignup(
            req,
            SignupForm(
                username: "", password: "", invite: try? req.query.get(String.self, at: "invite")))
    }

    @Sendable func signUp(req: Request) async throws -> Response {
        let form = try req.content.decode(SignupForm.self)
        do {
            let user = try await req.accounts.signUp(
                username: form.username, password: form.password, displayName: form.displayName,
                invite: form.invite, clientAddress: req.clientAddress)
            try await Self.startSession(req, user)
            req.flash("authWelcome")
            return req.redirect(to: "/")
        } catch let error as AppError {
            return try await renderSignup(
                req, form, error: req.errorText(code: error.code, message: error.message),
                status: error.status)
        }
    }

    private func renderSignup(
        _ req: Request, _ form: SignupForm, error: String? = nil, status: HTTPStatus = .ok
    ) async throws -> Response {
        try await req.renderPage(
            "accounts/signup", title: "authSignupTitle",
            data: SignupPageData(
                username: form.username, displayName: form.displayName ?? "",
                invite: form.invite ?? "",
                policy: (req.maeilSettings.signup ?? .closed).rawValue, error: error),
            status: status)
    }

    @Sendable func logOut(req: Request) async throws -> Response {
        req.auth.logout(User.self)
        req.session.destroy()
        return req.redirect(to: "/login")
    }

    struct LanguageForm: Content {
        var lang: String
        var next: String?
    }

    /// The language toggle: remembered in a cookie for a year, and by the
    /// account when someone is signed in (so it follows them to other browsers).
    @Sendable func setLanguage(req: Request) async throws -> Response {
        let form = try req.content.decode(LanguageForm.self)
        guard let lang = UILanguage(rawValue: form.lang) else {
            throw AppError.invalid("unknown language")
        }
        if let userID = req.auth.get(User.self)?.id {
            req.auth.login(
                try await req.accounts.updateProfile(
                    of: userID, .init(language: lang.rawValue),
                    serverTimeZone: req.maeilSettings.timeZone))
        }
        let response = req.redirect(to: Self.safeNext(form.next))
        response.cookies[Localizer.cookie] = HTTPCookies.Value(
            string: lang.rawValue, maxAge: 60 * 60 * 24 * 365, path: "/", isHTTPOnly: true,
            sameSite: .lax)
        return response
    }

    /// A fresh session id on login defeats session fixation.
    static func startSession(_ req: Request, _ user: User) async throws {
        let csrf = CSRFMiddleware.existingToken(for: req)
        if let oldID = req.session.id {
            try await req.application.sessions.driver.deleteSession(oldID, for: req).get()
        }
        req.session.id = nil
        req.session.data = SessionData()
        req.auth.login(user)
        req.session.authenticate(user)
        req.session.data[CSRFMiddleware.sessionKey] = csrf
    }

    /// Only local paths, so the login form cannot be used as an open redirect.
    static func safeNext(_ next: String?) -> String {
        LocalPath.validated(next) ?? "/"
    }
}
