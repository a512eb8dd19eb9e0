import Fluent
import SQLKit
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
    /// May hide reviews and unpublish books (`maeil user admin NAME`).
    @Field(key: "is_admin") var isAdmin: Bool
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?

    init() {}

    init(
        id: UUID? = nil, username: String, passwordHash: String, locale: String? = nil,
        displayName: String? = nil, timeZoneIdentifier: String? = nil, isAdmin: Bool = false
    ) {
        self.id = id
        self.isAdmin = isAdmin
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

extension User {
    /// What a signed-in request reads of its user, from `users u`.
    static let signedInColumns =
        "u.id, u.username, u.password_hash, u.locale, u.display_name, u.time_zone, u.is_admin, u.created_at"

    /// The user of a row with `signedInColumns`, as Fluent would have loaded it.
    static func signedIn(from row: any SQLRow) throws -> User {
        try SignedInUser(row).user()
    }
}

/// What a signed-in request reads of its user, as a value: kept between
/// requests (`KeptReads`), each of which gets a `User` of its own.
struct SignedInUser: Sendable {
    let id: UUID
    let username: String
    let passwordHash: String
    let locale: String?
    let displayName: String?
    let timeZoneIdentifier: String?
    let isAdmin: Bool
    let createdAt: Date?

    init(_ row: any SQLRow) throws {
        id = try row.decode(column: "id", as: UUID.self)
        username = try row.decode(column: "username", as: String.self)
        passwordHash = try row.decode(column: "password_hash", as: String.self)
        locale = try row.decode(column: "locale", as: String?.self)
        displayName = try row.decode(column: "display_name", as: String?.self)
        timeZoneIdentifier = try row.decode(column: "time_zone", as: String?.self)
        isAdmin = try row.decode(column: "is_admin", as: Bool.self)
        createdAt = try row.decode(column: "created_at", as: Date?.self)
    }

    /// A model of its own, as Fluent would have loaded it.
    func user() -> User {
        let user = User(
            id: id, username: username, passwordHash: passwordHash, locale: locale,
            displayName: displayName, timeZoneIdentifier: timeZoneIdentifier, isAdmin: isAdmin)
        user.createdAt = createdAt
        user.$id.exists = true
        return user
    }

    /// The change-feed topic of everything about this user (`AddChangeNotifications`).
    static func topic(_ id: UUID) -> String { "u:" + StoredUUID.text(id).lowercased() }
}

/// Logs in the user whose id the web session holds, in one statement
/// (Fluent's model authenticator loaded the model through its query builder
/// on every page), and keeps the session's login in step with the request's
/// afterwards, as Vapor's session authenticators do. A user found kept goes
/// on without starting a task (`configure` has why).
struct UserSessionAuthenticator: Middleware {
    func respond(to request: Request, chainingTo next: any Responder) -> EventLoopFuture<Response> {
        guard !request.auth.has(User.self) else { return next.respond(to: request) }
        let answer: EventLoopFuture<Response>
        if request.hasSession, let id = request.session.authenticated(User.self) {
            if let found: SignedInUser = request.keptReads.keptValue(Self.keptKey(id)) {
                request.auth.login(found.user())
                answer = next.respond(to: request)
            } else {
                answer = request.eventLoop.makeFutureWithTask {
                    try await Self.authenticate(id, for: request)
                    return try await next.respond(to: request).get()
                }
            }
        } else {
            answer = next.respond(to: request)
        }
        return answer.map { response in
            if let user = request.auth.get(User.self) {
                request.session.authenticate(user)
            } else if request.hasSession {
                request.session.unauthenticate(User.self)
            }
            return response
        }
    }

    private static func keptKey(_ id: UUID) -> String { "user:\(id)" }

    private static func authenticate(_ id: UUID, for request: Request) async throws {
        func read() async throws -> SignedInUser? {
            try await request.shortReads().raw(
                "SELECT \(unsafeRaw: User.signedInColumns) FROM users u WHERE u.id = \(bind: id)"
            ).first().map(SignedInUser.init)
        }
        guard
            let found = try await request.keptReads.value(
                keptKey(id), topics: { [SignedInUser.topic($0.id)] }, read: read)
        else { return }
        request.auth.login(found.user())
    }
}
