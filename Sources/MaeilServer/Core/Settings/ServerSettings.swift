import Foundation

/// Everything `maeil serve` can be told, from flags or the environment.
public struct ServerSettings: Sendable {
    public var host: String
    public var port: Int
    public var dataDirectory: String
    /// `postgres://…` selects PostgreSQL; nil or `sqlite://PATH` selects SQLite.
    public var databaseURL: String?
    public var bcryptCost: Int
    public var timeZone: TimeZone
    public var autoMigrate: Bool
    /// PostgreSQL only: the schema to use (tests give each run its own).
    public var postgresSchema: String?
    /// Accounts one client address may make per hour on the web and the API (0: no limit).
    public var signupsPerHour: Int = 20
    /// How long a request waits for a free database connection, or on SQLite
    /// for another writer to finish, before the server answers 503 with
    /// `Retry-After` (never a 500).
    public var databaseWait: TimeInterval = 10
    /// SQLite: each connection's page cache, in megabytes (one connection per
    /// event loop). Nil keeps SQLite's 2 MB; `maeil serve` makes it 16 so the
    /// pages search reads most (the trigram index's) stay in memory instead
    /// of being read from the file for each query (EDICT's "computer": 6.9 ms
    /// instead of 10.2 ms). Not more: the server holds two connections per
    /// event loop, and reading thousands of different word pages filled them:
    /// 32 MB caches ended `bench/anki` at 223 MB of RSS, 24 MB at 205 MB,
    /// 16 MB at 178 MB, for a search mix about 15% slower than with 24 MB
    /// (p50 2.2 against 1.9 ms, still over 10× Anki's). One-off commands keep
    /// the default: an import's peak memory would grow by as much for nothing.
    public var sqliteCacheMegabytes: Int?
    /// PostgreSQL: the words an owner has before their searches get
    /// indexes of their own (`OwnerSearchIndexes`; tests make it small).
    public var ownerIndexWords = Self.bigOwnerWords
    public static let bigOwnerWords = 100_000
    /// How often a running server looks for owners who became big and lack
    /// those indexes (`OwnerSearchIndexBuilder`).
    public var ownerIndexInterval: Duration = .seconds(300)
    /// Whether the server fetches lotto draws newer than its shipped history (off:
    /// `MAEIL_LOTTO_FETCH=off`; tickets of later rounds then wait for a typed result).
    public var lottoFetch = true
    /// The lottery's site and the public mirror of its results (tests point them at a fake).
    public var dhlotteryURL = "https://www.dhlottery.co.kr"
    public var lottoMirrorURL = "https://smok95.github.io"
    /// Addresses of the reverse proxies in front of the server: only a request
    /// that comes from one of them has its client read from `X-Forwarded-For`
    /// (anyone else could write that header to dodge the sign-in limits).
    public var trustedProxies: Set<String> = []
    /// Who may make an account on the web and the API (`MAEIL_SIGNUP`); the
    /// CLI's `maeil user create` always may. Nil when the variable names no
    /// policy: the server then refuses to start rather than guess.
    public var signup: SignupPolicy? = .open
    /// The server's DeepL key (`MAEIL_DEEPL_KEY`) for auto-fill, used for accounts that
    /// did not give their own; nil leaves the offline sources alone.
    public var deepLKey: String?
    /// DeepL's address (`MAEIL_DEEPL_URL`); nil picks it by the key (the free host for
    /// keys ending `:fx`). Tests point it at a fake on loopback.
    public var deepLURL: String?
    /// How long a DeepL request may take before auto-fill goes on without it
    /// (`deepl_timed_out`). Tests against the fake on a loaded machine wait longer.
    public var deepLTimeout: Duration = .seconds(4)

    public init(
        host: String = "127.0.0.1", port: Int = 8080, dataDirectory: String = "./data",
        databaseURL: String? = nil, bcryptCost: Int = 12, timeZone: TimeZone = .current,
        autoMigrate: Bool = true
    ) {
        self.host = host
        self.port = port
        self.dataDirectory = dataDirectory
        self.databaseURL = databaseURL
        self.bcryptCost = bcryptCost
        self.timeZone = timeZone
        self.autoMigrate = autoMigrate
    }

    /// Defaults overridden by MAEIL_HOST, MAEIL_PORT, MAEIL_DATA_DIR, DATABASE_URL,
    /// MAEIL_BCRYPT_COST, MAEIL_SIGNUPS_PER_HOUR, MAEIL_SQLITE_CACHE_MB, MAEIL_LOTTO_FETCH,
    /// MAEIL_DHLOTTERY_URL, MAEIL_LOTTO_MIRROR_URL, MAEIL_TRUSTED_PROXIES, MAEIL_SIGNUP and
    /// MAEIL_TIMEZONE.
    public static func fromEnvironment(
        _ env: [String: String] = ProcessInfo.processInfo.environment
    ) -> ServerSettings {
        var settings = ServerSettings()
        if let host = env["MAEIL_HOST"], !host.isEmpty { settings.host = host }
        if let port = env["MAEIL_PORT"].flatMap(Int.init) { settings.port = port }
        if let dir = env["MAEIL_DATA_DIR"], !dir.isEmpty { settings.dataDirectory = dir }
        if let url = env["DATABASE_URL"], !url.isEmpty { settings.databaseURL = url }
        if let cost = env["MAEIL_BCRYPT_COST"].flatMap(Int.init), (4...31).contains(cost) {
            settings.bcryptCost = cost
        }
        if let limit = env["MAEIL_SIGNUPS_PER_HOUR"].flatMap(Int.init), limit >= 0 {
            settings.signupsPerHour = limit
        }
        if let megabytes = env["MAEIL_SQLITE_CACHE_MB"].flatMap(Int.init), megabytes > 0 {
            settings.sqliteCacheMegabytes = megabytes
        }
        if let fetch = env["MAEIL_LOTTO_FETCH"], ["off", "0", "false", "no"].contains(fetch) {
            settings.lottoFetch = false
        }
        if let url = env["MAEIL_DHLOTTERY_URL"], !url.isEmpty { settings.dhlotteryURL = url }
        if let url = env["MAEIL_LOTTO_MIRROR_URL"], !url.isEmpty { settings.lottoMirrorURL = url }
        if let proxies = env["MAEIL_TRUSTED_PROXIES"] {
            settings.trustedProxies = Set(
                proxies.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
                    .filter { !$0.isEmpty })
        }
        if let signup = env["MAEIL_SIGNUP"], !signup.isEmpty {
            settings.signup = SignupPolicy(rawValue: signup.lowercased())
        }
        if let key = env["MAEIL_DEEPL_KEY"], !key.isEmpty { settings.deepLKey = key }
        if let url = env["MAEIL_DEEPL_URL"], !url.isEmpty { settings.deepLURL = url }
        if let tz = env["MAEIL_TIMEZONE"].flatMap(TimeZone.init(identifier:)) {
            settings.timeZone = tz
        }
        return settings
    }

    public var usesPostgres: Bool {
        guard let url = databaseURL else { return false }
        return url.hasPrefix("postgres://") || url.hasPrefix("postgresql://")
    }

    public var sqlitePath: String {
        if let url = databaseURL, url.hasPrefix("sqlite://") {
            return String(url.dropFirst("sqlite://".count))
        }
        return (dataDirectory as NSString).appendingPathComponent("maeil.sqlite")
    }
}

/// Who may sign up.
public enum SignupPolicy: String, Sendable, CaseIterable {
    /// Anyone (the default; the per-address hourly limit still applies).
    case open
    /// No one: accounts are made with `maeil user create`.
    case closed
    /// Whoever holds an unused code from `maeil user invite`.
    case invite
}
