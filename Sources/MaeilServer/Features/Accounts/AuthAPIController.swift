import MaeilAPI
import Vapor

struct AuthAPIController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.on(.signUp, use: signUp)
        routes.on(.logIn, use: logIn)
        let signedIn = routes.grouped(BearerTokenAuthenticator(), RequireUserMiddleware())
        signedIn.on(.logOut, use: logOut)
        signedIn.on(.me, use: me)
    }

    @Sendable func signUp(req: Request) async throws -> Response {
        let input = try req.content.decode(CredentialsInput.self)
        let user = try await req.accounts.signUp(
            username: input.username, password: input.password,
            clientAddress: req.clientAddress)
        let (_, secret) = try await req.accounts.createToken(
            for: try user.requireID(), name: "API sign-up")
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
}

extension User {
    var dto: UserDTO { UserDTO(id: id ?? UUID(), username: username, createdAt: createdAt) }
}
