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

/// `auth/signup`: the credentials, and optionally a display name and, on an
/// invite-only server, the invitation code.
public struct SignupInput: Codable, Sendable {
    public var username: String
    public var password: String
    public var displayName: String?
    public var invite: String?

    public init(
        username: String, password: String, displayName: String? = nil, invite: String? = nil
    ) {
        self.username = username
        self.password = password
        self.displayName = displayName
        self.invite = invite
    }
}

public struct UserDTO: Codable, Sendable {
    public var id: UUID
    public var username: String
    /// The name the app shows (any script); nil: the username.
    public var displayName: String?
    /// `ko` or `en`; nil: the browser's.
    public var language: String?
    /// An IANA time zone; nil: the server's.
    public var timeZone: String?
    public var createdAt: Date?

    public init(
        id: UUID, username: String, displayName: String? = nil, language: String? = nil,
        timeZone: String? = nil, createdAt: Date? = nil
    ) {
        self.id = id
        self.username = username
        self.displayName = displayName
        self.language = language
        self.timeZone = timeZone
        self.createdAt = createdAt
    }
}

/// `PATCH auth/me`: a field left out stays; an empty string clears it.
public struct ProfilePatch: Codable, Sendable {
    public var displayName: String?
    public var language: String?
    public var timeZone: String?
    /// The account's own DeepL key for auto-fill; "" removes it. Never shown again.
    public var deeplKey: String?

    public init(
        displayName: String? = nil, language: String? = nil, timeZone: String? = nil,
        deeplKey: String? = nil
    ) {
        self.displayName = displayName
        self.language = language
        self.timeZone = timeZone
        self.deeplKey = deeplKey
    }
}

/// `POST auth/password`.
public struct PasswordChangeInput: Codable, Sendable {
    public var currentPassword: String
    public var newPassword: String

    public init(currentPassword: String, newPassword: String) {
        self.currentPassword = currentPassword
        self.newPassword = newPassword
    }
}

/// `DELETE auth/me`: the password, and the username typed again.
public struct AccountDeletionInput: Codable, Sendable {
    public var password: String
    public var confirm: String

    public init(password: String, confirm: String) {
        self.password = password
        self.confirm = confirm
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

/// A user's picture: where to fetch it (the address changes with the picture).
public struct AvatarDTO: Codable, Sendable {
    /// `/api/v1/users/{id}/avatar?v=…`
    public var url: String
    /// True for an uploaded picture, false for the generated one (initial on a colour).
    public var uploaded: Bool

    public init(url: String, uploaded: Bool) {
        self.url = url
        self.uploaded = uploaded
    }
}
