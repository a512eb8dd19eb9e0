import Foundation

/// `auth/signup` and `auth/login`.
public struct CredentialsInput: Codable, Sendable {
    public var username: String
    public var password: String

    public init(username: String, password: String) {
        self.username = username
        self.password = password
    }
}

public struct UserDTO: Codable, Sendable {
    public var id: UUID
    public var username: String
    public var createdAt: Date?

    public init(id: UUID, username: String, createdAt: Date? = nil) {
        self.id = id
        self.username = username
        self.createdAt = createdAt
    }
}

/// Returned once when a token is created; the secret is never shown again.
public struct NewTokenDTO: Codable, Sendable {
    public var id: UUID
    public var name: String
    public var token: String
    public var createdAt: Date?

    public init(id: UUID, name: String, token: String, createdAt: Date? = nil) {
        self.id = id
        self.name = name
        self.token = token
        self.createdAt = createdAt
    }
}

public struct TokenDTO: Codable, Sendable {
    public var id: UUID
    public var name: String
    public var createdAt: Date?
    public var lastUsedAt: Date?

    public init(id: UUID, name: String, createdAt: Date? = nil, lastUsedAt: Date? = nil) {
        self.id = id
        self.name = name
        self.createdAt = createdAt
        self.lastUsedAt = lastUsedAt
    }
}

public struct TokenInput: Codable, Sendable {
    public var name: String

    public init(name: String) {
        self.name = name
    }
}

public struct LoginResultDTO: Codable, Sendable {
    public var user: UserDTO
    public var token: String

    public init(user: UserDTO, token: String) {
        self.user = user
        self.token = token
    }
}
