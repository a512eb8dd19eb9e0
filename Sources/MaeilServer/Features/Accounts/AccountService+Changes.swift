import Fluent
import SQLKit
import Vapor
import VocabCore

/// What a person changes about their own account: the name shown, language,
/// time zone, password; and the account's deletion. An administrator's
/// password reset is here too.
extension AccountService {
    /// What a profile change sets; nil leaves a field as it is, "" clears it
    /// (the username, the browser's language, the server's time zone).
    struct ProfileChange: Sendable {
        var displayName: String?
        var language: String?
        var timeZone: String?
    }

    static let longestDisplayName = 40

    /// A display name trimmed, or nil when blank: any script, at most 40
    /// characters, no control characters.
    static func validDisplayName(_ raw: String?) throws -> String? {
        guard let name = raw?.trimmingCharacters(in: .whitespacesAndNewlines), !name.isEmpty else {
            return nil
        }
        guard name.count <= longestDisplayName,
            !ControlCharacters.occur(in: name, allowingLineBreaks: false)
        else {
            throw AppError.invalid(
                "display name must be at most \(longestDisplayName) characters, without control characters"
            )
        }
        return name
    }

    /// An IANA time zone name ("Asia/Seoul"), or nil when blank.
    static func validTimeZone(_ raw: String?) throws -> TimeZone? {
        guard let name = raw?.trimmingCharacters(in: .whitespaces), !name.isEmpty else {
            return nil
        }
        guard TimeZone.knownTimeZoneIdentifiers.contains(name),
            let zone = TimeZone(identifier: name)
        else {
            throw AppError.invalid(
                "unknown time zone \"\(name)\"; use an IANA name such as Asia/Seoul")
        }
        return zone
    }

    /// A DeepL key as given (trimmed), nil for "" (remove it): letters, digits, `-` and
    /// `:` only (DeepL's keys look like `1a2b…-…:fx`), at most 100 characters.
    static func validDeepLKey(_ raw: String) throws -> String? {
        let key = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !key.isEmpty else { return nil }
        guard key.count <= 100,
            key.unicodeScalars.allSatisfy({
                $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "-" || $0 == ":")
            })
        else {
            throw AppError.invalid(
                "a DeepL key is letters, digits, - and : (at most 100 characters)")
        }
        return key
    }

    /// Sets or removes (nil) the account's DeepL key.
    func setDeepLKey(of userID: UUID, _ key: String?) async throws {
        try await db.sql().raw(
            "UPDATE users SET deepl_key = \(bind: key) WHERE id = \(bind: userID)"
        ).run()
    }

    /// The account's own DeepL key, nil when it gave none.
    func deepLKey(of userID: UUID) async throws -> String? {
        try await db.sql().raw("SELECT deepl_key FROM users WHERE id = \(bind: userID)")
            .first()?.decode(column: "deepl_key", as: String?.self)
    }

    /// Applies `change` to the account. A new time zone files the account's
    /// words, reviews and games again under their days there (each keeps the
    /// instant it happened at), in the same transaction.
    func updateProfile(of userID: UUID, _ change: ProfileChange, serverTimeZone: TimeZone)
        async throws -> User
    {
        guard let user = try await User.find(userID, on: db) else { throw AppError.unauthorized }
        if let raw = change.displayName { user.displayName = try Self.validDisplayName(raw) }
        if let raw = change.language {
            guard raw.isEmpty || UILanguage(rawValue: raw) != nil else {
                throw AppError.invalid("language must be ko or en (or empty: the browser's)")
            }
            user.locale = raw.isEmpty ? nil : raw
        }
        let oldZone = user.timeZone ?? serverTimeZone
        if let raw = change.timeZone {
            user.timeZoneIdentifier = try Self.validTimeZone(raw)?.identifier
        }
        let newZone = user.timeZone ?? serverTimeZone
        try await db.writeTransaction { tx in
            try await user.save(on: tx)
            if newZone.identifier != oldZone.identifier {
                try await AccountDays.refile(
                    userID, in: DayFormatter(timeZone: newZone), on: tx.sql())
            }
        }
        return user
    }

    /// Checks the current password and sets a new one. Every other way in
    /// ends: the account's other web sessions and its tokens, but the
    /// session or token this change came through (`keeping`).
    func changePassword(
        of userID: UUID, current: String, new: String, keeping kept: CurrentCredential?
    ) async throws {
        guard let user = try await User.find(userID, on: db) else { throw AppError.unauthorized }
        try await checkPassword(current, of: user)
        try Self.checkPassword(new)
        try await setPassword(new, of: user, keeping: kept)
    }

    /// An administrator sets someone's password (`maeil user password`): all
    /// of that account's sessions and tokens end, and its sign-in delays reset.
    func resetPassword(username raw: String, to password: String) async throws {
        let username = Self.normalizedUsername(raw)
        guard let user = try await User.query(on: db).filter(\.$username == username).first() else {
            throw AppError.notFound("user \"\(username)\"")
        }
        try Self.checkPassword(password)
        try await setPassword(password, of: user, keeping: nil)
        // Its name's failures from every address (`SignInThrottle.keys`).
        let suffix = " " + username
        try await db.sql().raw(
            """
            DELETE FROM \(ident: LoginAttempt.schema) WHERE key LIKE 'pair:%'
              AND substr(key, length(key) - \(literal: suffix.count - 1)) = \(bind: suffix)
            """
        ).run()
    }

    /// Deletes the account and everything it owns, once `confirmation` is
    /// its username and `password` its password.
    func deleteAccount(of userID: UUID, password: String, confirmation: String) async throws {
        guard let user = try await User.find(userID, on: db) else { throw AppError.unauthorized }
        guard Self.normalizedUsername(confirmation) == user.username else {
            throw AppError.invalid(
                "type the username \"\(user.username)\" to confirm", code: .confirmationMismatch)
        }
        try await checkPassword(password, of: user)
        try await db.writeTransaction { tx in
            let sql = try tx.sql()
            // Words first, as a book's deletion does (their cards, search
            // entries and mistakes go with them); everything else hangs off
            // the user by a cascading key.
            try await sql.raw("DELETE FROM words WHERE user_id = \(bind: userID)").run()
            try await sql.raw("DELETE FROM users WHERE id = \(bind: userID)").run()
        }
    }

    /// The session or token a request came with, which a password change keeps.
    enum CurrentCredential: Sendable {
        case session(digest: String)
        case token(UUID)
    }

    private func checkPassword(_ password: String, of user: User) async throws {
        guard try await passwords.verify(password, created: user.passwordHash) else {
            throw AppError(
                status: .forbidden, code: .wrongPassword, message: "the current password is wrong")
        }
    }

    private func setPassword(_ password: String, of user: User, keeping kept: CurrentCredential?)
        async throws
    {
        let userID = try user.requireID()
        user.passwordHash = try await passwords.hash(password)
        try await db.writeTransaction { tx in
            try await user.save(on: tx)
            let sql = try tx.sql()
            var sessions: SQLQueryString =
                "DELETE FROM \(ident: DatabaseSessionDriver.table) WHERE user_id = \(bind: userID)"
            var tokens: SQLQueryString = "DELETE FROM user_tokens WHERE user_id = \(bind: userID)"
            switch kept {
            case .session(let digest): sessions = sessions + " AND id_digest <> \(bind: digest)"
            case .token(let id): tokens = tokens + " AND id <> \(bind: id)"
            case nil: break
            }
            try await sql.raw(sessions).run()
            try await sql.raw(tokens).run()
        }
    }
}

/// The days an account's words, reviews and games are filed under, which
/// follow its time zone.
enum AccountDays {
    /// Files every row again under its instant's day in `days`' time zone:
    /// one statement per day between the account's first and last row, each
    /// over the (user, instant) index.
    static func refile(_ userID: UUID, in days: DayFormatter, on sql: any SQLDatabase) async throws
    {
        for (table, dayColumn, instantColumn) in [
            ("words", "added_on", "created_at"), ("review_logs", "reviewed_on", "reviewed_at"),
            ("game_sessions", "played_on", "started_at"),
        ] {
            guard
                let range = try await sql.raw(
                    """
                    SELECT MIN(\(ident: instantColumn)) AS first, MAX(\(ident: instantColumn)) AS last
                    FROM \(ident: table) WHERE user_id = \(bind: userID)
                    """
                ).first(),
                let first = try range.decode(column: "first", as: Date?.self),
                let last = try range.decode(column: "last", as: Date?.self)
            else { continue }
            var start = days.dayStarts(from: first, count: 0)[0]
            while start <= last {
                let next = days.startOfNextDay(after: start)
                let day = days.day(of: start)
                try await sql.raw(
                    """
                    UPDATE \(ident: table) SET \(ident: dayColumn) = \(bind: day)
                    WHERE user_id = \(bind: userID) AND \(ident: instantColumn) >= \(bind: start)
                      AND \(ident: instantColumn) < \(bind: next) AND \(ident: dayColumn) <> \(bind: day)
                    """
                ).run()
                start = next
            }
        }
        // The words' counts by day follow them (`CountWordsByDay`).
        try await WordsByDay.recount(of: userID, on: sql)
    }
}

/// The invitations of an invite-only server (`MAEIL_SIGNUP=invite`).
struct SignupInvites: Sendable {
    let db: any Database
    static let lifetime: TimeInterval = 7 * 24 * 60 * 60

    /// Makes a code that signs up one person within `lifetime`; returns it
    /// (shown this once: only its digest is kept).
    func create(now: Date = Date(), lifetime: TimeInterval = Self.lifetime) async throws -> String {
        let code = [UInt8].random(count: 12).hex
        try await SignupInvite(
            codeDigest: SecretDigest.sha256Hex(code), createdAt: now,
            expiresAt: now.addingTimeInterval(lifetime)
        ).create(on: db)
        return code
    }

    func isUsable(_ code: String, now: Date = Date()) async throws -> Bool {
        try await SignupInvite.query(on: db)
            .filter(\.$codeDigest == SecretDigest.sha256Hex(Self.normalized(code)))
            .filter(\.$usedAt == nil).filter(\.$expiresAt > now).first() != nil
    }

    /// Marks the code used by `userID`; false when it was not usable.
    func use(_ code: String, by userID: UUID, now: Date = Date()) async throws -> Bool {
        try await db.sql().raw(
            """
            UPDATE \(ident: SignupInvite.schema) SET used_at = \(bind: now), used_by = \(bind: userID)
            WHERE code_digest = \(bind: SecretDigest.sha256Hex(Self.normalized(code)))
              AND used_at IS NULL AND expires_at > \(bind: now)
            RETURNING id
            """
        ).first() != nil
    }

    /// Codes are hex; a pasted one may carry spaces or capitals.
    static func normalized(_ code: String) -> String {
        code.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    }
}
