import Fluent
import Vapor
import VocabCore

/// Sign-up, password checks with rate limiting, and personal access tokens
/// (the account's own changes are in `AccountService+Changes`).
struct AccountService: Sendable {
    let db: any Database
    let passwords: AsyncPasswordHasher
    /// A hash of no one's password at the configured cost: checked when a name
    /// is unknown, so a wrong name takes as long as a wrong password.
    var decoyHash: @Sendable () async throws -> String
    /// Sign-ups allowed per client address per `signupWindow` (0: no limit).
    var signupsPerAddress: Int = 0
    var signupPolicy: SignupPolicy = .open

    static let failureWindow = SignInThrottle.window
    static let signupWindow: TimeInterval = 60 * 60
    /// How long any record of an attempt matters (the sweeper deletes older ones).
    static let longestWindow = max(failureWindow, signupWindow)

    static func normalizedUsername(_ raw: String) -> String {
        raw.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    }

    /// 3–32 characters of a–z, 0–9, `_`, `.`, `-`; passwords 8–200 characters.
    static func validate(username: String, password: String) throws {
        guard isWellFormed(username: username) else {
            throw AppError.invalid(
                "username must be 3–32 characters of a–z, 0–9, '_', '.', '-'",
                code: .invalidUsername)
        }
        try checkPassword(password)
    }

    static func isWellFormed(username: String) -> Bool {
        let allowed = Set("abcdefghijklmnopqrstuvwxyz0123456789_.-")
        return (3...32).contains(username.count) && username.allSatisfy(allowed.contains)
    }

    static func checkPassword(_ password: String) throws {
        guard (8...200).contains(password.count) else {
            throw AppError.invalid("password must be 8–200 characters", code: .invalidPassword)
        }
        guard !ControlCharacters.occur(in: password, allowingLineBreaks: false) else {
            throw AppError.invalid(
                "password must not contain control characters", code: .invalidPassword)
        }
    }

    /// Makes an account through the web or the API: the server's sign-up
    /// policy (`invite` must then be an unused code) and the per-address limit apply.
    func signUp(
        username: String, password: String, displayName: String? = nil,
        invite: String? = nil, clientAddress: String?
    ) async throws -> User {
        try await signUp(
            username: username, password: password, displayName: displayName, invite: invite,
            clientAddress: clientAddress
        ) { _, _ in () }.user
    }

    /// `signUp` with an API token named `tokenName`, made in the account's
    /// transaction (a failure leaves neither, so the user can sign up again);
    /// the token's secret is shown only this once.
    func signUpWithToken(
        username: String, password: String, displayName: String? = nil,
        invite: String? = nil, clientAddress: String?, tokenName: String
    ) async throws -> (user: User, tokenSecret: String) {
        try await signUp(
            username: username, password: password, displayName: displayName, invite: invite,
            clientAddress: clientAddress
        ) { user, tx in
            try await Self.makeToken(for: try user.requireID(), name: tokenName, on: tx).1
        }
    }

    private func signUp<Also: Sendable>(
        username raw: String, password: String, displayName: String?, invite: String?,
        clientAddress: String?, also: @escaping @Sendable (User, any Database) async throws -> Also
    ) async throws -> (user: User, Also) {
        switch signupPolicy {
        case .open: break
        case .closed:
            throw AppError(
                status: .forbidden, code: .signupClosed,
                message: "sign-up is closed on this server; ask its administrator for an account")
        case .invite:
            guard let invite, try await SignupInvites(db: db).isUsable(invite) else {
                throw Self.invalidInvite
            }
        }
        let signupKey = clientAddress.map { "signup:\($0)" }
        if let signupKey, signupsPerAddress > 0 {
            let since = Date().addingTimeInterval(-Self.signupWindow)
            let recent = try await LoginAttempt.query(on: db)
                .filter(\.$key == signupKey).filter(\.$attemptedAt > since).count()
            if recent >= signupsPerAddress {
                throw AppError(
                    status: .tooManyRequests, code: .rateLimited,
                    message: "too many accounts were made from this address; try again in an hour",
                    retryAfter: Int(Self.signupWindow))
            }
        }
        return try await makeAccount(
            username: raw, password: password, displayName: displayName,
            invite: signupPolicy == .invite ? invite : nil
        ) { user, tx in
            if let signupKey {
                try await LoginAttempt(key: signupKey, attemptedAt: Date()).create(on: tx)
            }
            return try await also(user, tx)
        }
    }

    /// Makes an account for an administrator (`maeil user create`): whatever the policy.
    func createAccount(username: String, password: String, displayName: String? = nil)
        async throws -> User
    {
        try await makeAccount(
            username: username, password: password, displayName: displayName, invite: nil
        ) { _, _ in () }.user
    }

    /// Makes the account and, in its transaction, whatever `also` writes with it.
    private func makeAccount<Also: Sendable>(
        username raw: String, password: String, displayName: String?, invite: String?,
        also: @escaping @Sendable (User, any Database) async throws -> Also
    ) async throws -> (user: User, Also) {
        let username = Self.normalizedUsername(raw)
        try Self.validate(username: username, password: password)
        let displayName = try Self.validDisplayName(displayName)
        if try await User.query(on: db).filter(\.$username == username).first() != nil {
            throw Self.usernameTaken(username)
        }
        let user = User(
            username: username, passwordHash: try await passwords.hash(password),
            displayName: displayName)
        do {
            return try await db.writeTransaction { tx in
                try await user.create(on: tx)
                // Used in the same transaction: two sign-ups with one code
                // cannot both get in.
                if let invite, try await !SignupInvites(db: tx).use(invite, by: user.requireID()) {
                    throw Self.invalidInvite
                }
                return (user, try await also(user, tx))
            }
        } catch let error as any DatabaseError where error.isConstraintFailure {
            throw Self.usernameTaken(username)
        }
    }

    private static func usernameTaken(_ username: String) -> AppError {
        AppError(
            status: .conflict, code: .usernameTaken, message: "username \"\(username)\" is taken")
    }

    static let invalidInvite = AppError(
        status: .forbidden, code: .invalidInvite,
        message: "sign-up needs an invitation; this code is missing, used or expired")

    /// Checks a password. Too many recent failures for the name from this
    /// client address, or from the address at all (`SignInThrottle`), answer
    /// 429 with the wait before the password is even looked at.
    func logIn(username raw: String, password: String, clientAddress: String?) async throws -> User
    {
        let username = Self.normalizedUsername(raw)
        // A name that cannot exist is not looked up (nor recorded): it may hold
        // characters the database refuses. It fails like any wrong name.
        guard Self.isWellFormed(username: username), !ControlCharacters.occur(in: password) else {
            _ = try await passwords.verify(password, created: try await decoyHash())
            throw AppError.invalidCredentials
        }
        let keys = SignInThrottle.keys(username: username, clientAddress: clientAddress)
        let now = Date()
        let since = now.addingTimeInterval(-Self.failureWindow)
        func recent(_ key: String) -> QueryBuilder<LoginAttempt> {
            LoginAttempt.query(on: db).filter(\.$key == key).filter(\.$attemptedAt > since)
        }
        if let address = keys.address,
            try await recent(address).count() >= SignInThrottle.addressLimit
        {
            throw Self.tooManyFailures(wait: Self.failureWindow)
        }
        // The pair's recent failures are few (each waits longer): one read for both.
        let failures = try await recent(keys.pair).all(\.$attemptedAt)
        if let wait = SignInThrottle.wait(
            failures: failures.count, lastFailure: failures.max(), now: now)
        {
            throw Self.tooManyFailures(wait: wait)
        }
        let user = try await User.query(on: db).filter(\.$username == username).first()
        let hash = if let user { user.passwordHash } else { try await decoyHash() }
        let matches = try await passwords.verify(password, created: hash)
        if let user, matches {
            try await LoginAttempt.query(on: db).filter(\.$key == keys.pair).delete()
            return user
        }
        for key in [keys.pair] + (keys.address.map { [$0] } ?? []) {
            try await LoginAttempt(key: key, attemptedAt: Date()).create(on: db)
        }
        throw AppError.invalidCredentials
    }

    private static func tooManyFailures(wait: TimeInterval) -> AppError {
        let seconds = max(1, Int(wait.rounded(.up)))
        return AppError(
            status: .tooManyRequests, code: .rateLimited,
            message: "too many failed sign-ins; try again in \(seconds) s", retryAfter: seconds)
    }

    // MARK: tokens

    static func digest(_ token: String) -> String { SecretDigest.sha256Hex(token) }

    /// Makes a token and returns its secret, which is shown only this once.
    func createToken(for userID: UUID, name: String) async throws -> (UserToken, String) {
        try await Self.makeToken(for: userID, name: name, on: db)
    }

    private static func makeToken(for userID: UUID, name: String, on db: any Database)
        async throws -> (UserToken, String)
    {
        let name = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty, name.count <= 100 else {
            throw AppError.invalid("token name must be 1–100 characters")
        }
        guard !ControlCharacters.occur(in: name, allowingLineBreaks: false) else {
            throw AppError.invalid("token name must not contain control characters")
        }
        let secret =
            "maeil_" + [UInt8].random(count: 24).hex
        let token = UserToken(userID: userID, name: name, tokenHash: digest(secret))
        try await token.create(on: db)
        return (token, secret)
    }

    func tokens(of userID: UUID) async throws -> [UserToken] {
        try await UserToken.query(on: db).filter(\.$user.$id == userID).sort(
            \.$createdAt, .descending
        ).all()
    }

    func deleteToken(_ id: UUID, of userID: UUID) async throws {
        guard
            let token = try await UserToken.query(on: db)
                .filter(\.$id == id).filter(\.$user.$id == userID).first()
        else { throw AppError.notFound("token") }
        try await token.delete(on: db)
    }
}

extension [UInt8] {
    static func random(count: Int) -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        return (0..<count).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
    }
}
