import Fluent
import Vapor

/// A failed login, kept for rate limiting. Stored in the database (not in
/// memory) so that several app processes enforce one limit together.
final class LoginAttempt: Model, @unchecked Sendable {
    static let schema = "login_attempts"

    @ID(key: .id) var id: UUID?
    @Field(key: "key") var key: String
    @Field(key: "attempted_at") var attemptedAt: Date

    init() {}

    init(key: String, attemptedAt: Date) {
        self.key = key
        self.attemptedAt = attemptedAt
    }
}
