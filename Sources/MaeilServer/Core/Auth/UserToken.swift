import Fluent
import Vapor

/// A personal access token. Only a SHA-256 digest of the secret is stored, so a
/// leaked database does not leak working tokens.
final class UserToken: Model, @unchecked Sendable {
    static let schema = "user_tokens"

    @ID(key: .id) var id: UUID?
    @Parent(key: "user_id") var user: User
    @Field(key: "name") var name: String
    @Field(key: "token_hash") var tokenHash: String
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?
    @OptionalField(key: "last_used_at") var lastUsedAt: Date?

    init() {}

    init(id: UUID? = nil, userID: UUID, name: String, tokenHash: String) {
        self.id = id
        self.$user.id = userID
        self.name = name
        self.tokenHash = tokenHash
    }
}
