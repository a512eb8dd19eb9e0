import MaeilAPI
import Vapor

struct AuthAPIController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.on(.signUp, use: signUp)
        routes.on(.logIn, use: logIn)
        let signedIn = routes.grouped(BearerTokenAuthenticator(), RequireUserMiddleware())
        signedIn.on(.logOut, use: logOut)
        signedIn.on(.me, use: me)
        signedIn.on(.updateMe, use: updateMe)
        signedIn.on(.deleteMe, use: deleteMe)
        signedIn.on(.changePassword, use: changePassword)
    }

    @Sendable func signUp(req: Request) async throws -> Response {
        let input = try req.content.decode(SignupInput.self)
        let (user, secret) = try await req.accounts.signUpWithToken(
            username: input.username, password: input.password, displayName: input.displayName,
            invite: input.invite, clientAddress: req.clientAddress, tokenName: "API sign-up")
        let response = Response(status: .created)
        try response.content.encode(LoginResultDTO(user: user.dto, token: secret))
        return response
    }

    @Sendable func logIn(req: Request) async throws -> LoginResultDTO {
        let input = try req.content.decode(CredentialsInput.self)
        let user = try await req.accounts.logIn(
            username: input.username, password: input.password,
            clientAddress: req.clientAddress)
        let (_, secret) = try await req.accounts.createToken(
            for: try user.requireID(), name: "API login")
        return LoginResultDTO(user: user.dto, token: secret)
    }

    /// Revokes the token this request was made with.
    @Sendable func logOut(req: Request) async throws -> HTTPStatus {
        if let tokenID = req.storage[CurrentTokenKey.self] {
            try await req.accounts.deleteToken(tokenID, of: try req.requireUserID())
        }
        return .noContent
    }

    @Sendable func me(req: Request) async throws -> UserDTO {
        try req.requireUser().dto
    }

    @Sendable func updateMe(req: Request) async throws -> UserDTO {
        let patch = try req.content.decode(ProfilePatch.self)
        // A bad key is refused before anything changes.
        let key = try patch.deeplKey.map(AccountService.validDeepLKey)
        let user = try await req.accounts.updateProfile(
            of: try req.requireUserID(),
            .init(
                displayName: patch.displayName, language: patch.language, timeZone: patch.timeZone),
            serverTimeZone: req.maeilSettings.timeZone)
        if let key { try await req.accounts.setDeepLKey(of: try req.requireUserID(), key) }
        return user.dto
    }

    /// Ends the account's web sessions and its other tokens; this one stays.
    @Sendable func changePassword(req: Request) async throws -> HTTPStatus {
        let input = try req.content.decode(PasswordChangeInput.self)
        try await req.accounts.changePassword(
            of: try req.requireUserID(), current: input.currentPassword, new: input.newPassword,
            keeping: req.storage[CurrentTokenKey.self].map { .token($0) })
        return .noContent
    }

    @Sendable func deleteMe(req: Request) async throws -> HTTPStatus {
        let input = try req.content.decode(AccountDeletionInput.self)
        try await req.accounts.deleteAccount(
            of: try req.requireUserID(), password: input.password, confirmation: input.confirm)
        return .noContent
    }
}

extension User {
    var dto: UserDTO {
        UserDTO(
            id: id ?? UUID(), username: username, displayName: displayName, language: locale,
            timeZone: timeZoneIdentifier, createdAt: createdAt)
    }
}
