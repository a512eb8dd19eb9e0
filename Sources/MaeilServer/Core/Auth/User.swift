import Fluent
import Vapor

/// A person with an account. Everything else a user owns hangs off `id`.
final class User: Model, @unchecked Sendable {
    static let schema = "users"

    @ID(key: .id) var id: UUID?
    /// Latin, lower case, unique: what the person signs in with.
    @Field(key: "username") var username: String
    @Field(key: "password_hash") var passwordHash: String
    /// The UI language chosen in settings (`ko`, `en`); nil follows the browser.
    @Field(key: "locale") var locale: String?
    /// What the app calls the person, in any script ("김지민"); nil: the username.
    @OptionalField(key: "display_name") var displayName: String?
    /// An IANA time zone ("Asia/Seoul") for the account's days; nil: the server's.
    @OptionalField(key: "time_zone") var timeZoneIdentifier: String?
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?

    init() {}

    init(
        id: UUID? = nil, username: String, passwordHash: String, locale: String? = nil,
        displayName: String? = nil, timeZoneIdentifier: String? = nil
    ) {
        self.id = id
        self.username = username
        self.passwordHash = passwordHash
        self.locale = locale
        self.displayName = displayName
        self.timeZoneIdentifier = timeZoneIdentifier
    }

    /// The name the app shows.
    var shownName: String { displayName ?? username }

    /// The account's time zone, when it chose a valid one.
    var timeZone: TimeZone? { timeZoneIdentifier.flatMap(TimeZone.init(identifier:)) }

    var language: UILanguage? { locale.flatMap(UILanguage.init(rawValue:)) }
}

extension User: Authenticatable {}

extension User: ModelSessionAuthenticatable {}
