import Fluent
import Vapor

/// A person with an account. Everything else a user owns hangs off `id`.
final class User: Model, @unchecked Sendable {
    static let schema = "users"

    @ID(key: .id) var id: UUID?
    @Field(key: "username") var username: String
    @Field(key: "password_hash") var passwordHash: String
    @Field(key: "locale") var locale: String?
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?

    init() {}

    init(id: UUID? = nil, username: String, passwordHash: String, locale: String? = nil) {
        self.id = id
        self.username = username
        self.passwordHash = passwordHash
        self.locale = locale
    }
}

extension User: Authenticatable {}

extension User: ModelSessionAuthenticatable {}
