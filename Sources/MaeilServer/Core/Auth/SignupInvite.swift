import Fluent
import Foundation

/// A one-time code that lets one person sign up while sign-up is by invitation
/// (`MAEIL_SIGNUP=invite`). Only the code's digest is stored.
final class SignupInvite: Model, @unchecked Sendable {
    static let schema = "signup_invites"

    @ID(key: .id) var id: UUID?
    @Field(key: "code_digest") var codeDigest: String
    @Field(key: "created_at") var createdAt: Date
    @Field(key: "expires_at") var expiresAt: Date
    @OptionalField(key: "used_at") var usedAt: Date?
    @OptionalField(key: "used_by") var usedBy: UUID?

    init() {}

    init(codeDigest: String, createdAt: Date, expiresAt: Date) {
        self.codeDigest = codeDigest
        self.createdAt = createdAt
        self.expiresAt = expiresAt
    }
}
