import Vapor

struct CredentialsInput: Content, Sendable {
    var username: String
    var password: String
}

struct UserDTO: Content, Sendable {
    var id: UUID
    var username: String
    var createdAt: Date?
}

/// Returned once when a token is created; the secret is never shown again.
struct NewTokenDTO: Content, Sendable {
    var id: UUID
    var name: String
    var token: String
    var createdAt: Date?
}

struct TokenDTO: Content, Sendable {
    var id: UUID
    var name: String
    var createdAt: Date?
    var lastUsedAt: Date?
}

struct TokenInput: Content, Sendable {
    var name: String
}

struct LoginResultDTO: Content, Sendable {
    var user: UserDTO
    var token: String
}
