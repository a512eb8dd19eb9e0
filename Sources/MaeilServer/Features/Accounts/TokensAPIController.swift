import MaeilAPI
import Vapor

struct TokensAPIController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.on(.tokens, use: list)
        routes.on(.createToken, use: create)
        routes.on(.deleteToken, use: delete)
    }

    @Sendable func list(req: Request) async throws -> [TokenDTO] {
        try await req.accounts.tokens(of: try req.requireUserID()).map(\.dto)
    }

    @Sendable func create(req: Request) async throws -> Response {
        let input = try req.content.decode(TokenInput.self)
        let (token, secret) = try await req.accounts.createToken(
            for: try req.requireUserID(), name: input.name)
        let response = Response(status: .created)
        try response.content.encode(
            NewTokenDTO(
                id: try token.requireID(), name: token.name, token: secret,
                createdAt: token.createdAt))
        return response
    }

    @Sendable func delete(req: Request) async throws -> HTTPStatus {
        try await req.accounts.deleteToken(
            try req.idParameter("id", "token"), of: try req.requireUserID())
        return .noContent
    }
}

extension UserToken {
    var dto: TokenDTO {
        TokenDTO(id: id ?? UUID(), name: name, createdAt: createdAt, lastUsedAt: lastUsedAt)
    }
}
