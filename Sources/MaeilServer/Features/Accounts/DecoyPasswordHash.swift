import Fluent
import NIOConcurrencyHelpers
import Vapor

/// A bcrypt hash of a random password nobody knows, made once per app at the
/// configured cost. Checking a password against it takes as long as against a
/// real user's hash, so the time of a failed sign-in does not tell whether the
/// name exists.
final class DecoyPasswordHash: Sendable {
    private let made = NIOLockedValueBox<String?>(nil)

    func value(using passwords: AsyncPasswordHasher) async throws -> String {
        if let hash = made.withLockedValue({ $0 }) { return hash }
        let secret = [UInt8].random(count: 24).hex
        let hash = try await passwords.hash(secret)
        return made.withLockedValue { stored in
            if stored == nil { stored = hash }
            return stored ?? hash
        }
    }
}

extension Request {
    var accounts: AccountService { application.accounts(on: db) }
}

extension Application {
    private struct DecoyKey: StorageKey { typealias Value = DecoyPasswordHash }

    /// Set once by `configure`, before any request.
    var decoyPasswordHash: DecoyPasswordHash {
        get { storage[DecoyKey.self] ?? DecoyPasswordHash() }
        set { storage[DecoyKey.self] = newValue }
    }

    /// Accounts on `db` with this app's hasher, decoy, sign-up limit and policy.
    func accounts(on db: any Database) -> AccountService {
        let decoy = decoyPasswordHash
        let passwords = password.async
        return AccountService(
            db: db, passwords: passwords, decoyHash: { try await decoy.value(using: passwords) },
            signupsPerAddress: maeilSettings.signupsPerHour,
            signupPolicy: maeilSettings.signup ?? .closed)
    }
}
