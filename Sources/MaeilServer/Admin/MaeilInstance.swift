import Fluent
import MaeilAPI
import NIOCore
import NIOPosix
import Vapor
import VocabCore

/// The app without an HTTP server, for the CLI's one-shot commands
/// (`user`, `import`, `export`, `migrate`) and `study`'s local mode. Same configuration, same stores.
public final class MaeilInstance: Sendable {
    public let app: Application

    private init(app: Application) {
        self.app = app
    }

    public static func open(settings: ServerSettings, logLevel: Logger.Level = .warning)
        async throws -> MaeilInstance
    {
        var env = Environment(name: "production", arguments: ["maeil"])
        env.commandInput.arguments = []
        let app = try await Application.make(env)
        app.logger.logLevel = logLevel
        do {
            try await configure(app, settings: settings)
        } catch {
            try? await app.asyncShutdown()
            throw error
        }
        return MaeilInstance(app: app)
    }

    public func shutdown() async throws {
        try await app.asyncShutdown()
    }

    /// Runs the migrations (idempotent); returns nothing when already up to date.
    public func migrate() async throws {
        try await app.autoMigrate()
    }

    private var accounts: AccountService { app.accounts(on: app.db) }

    public func createUser(username: String, password: String) async throws -> String {
        let user = try await accounts.createAccount(username: username, password: password)
        return user.username
    }

    /// Sets someone's password; their sessions and tokens end.
    public func resetPassword(username: String, password: String) async throws {
        try await accounts.resetPassword(username: username, to: password)
    }

    /// Makes a one-time sign-up code valid for `days` days and returns it.
    public func createInvite(days: Int) async throws -> String {
        guard (1...365).contains(days) else {
            throw AppError.invalid("an invitation lasts 1–365 days")
        }
        return try await SignupInvites(db: app.db).create(
            lifetime: TimeInterval(days) * 24 * 60 * 60)
    }

    /// The server's sign-up policy (`MAEIL_SIGNUP`).
    public var signupPolicy: SignupPolicy { app.maeilSettings.signup ?? .closed }

    /// Makes a personal access token for the user and returns its secret.
    public func createToken(username: String, name: String) async throws -> String {
        let user = try await user(named: username)
        return try await accounts.createToken(for: try user.requireID(), name: name).1
    }

    /// Makes `username` an administrator (hides reviews, unpublishes books), or
    /// no longer one.
    public func setAdmin(username: String, _ isAdmin: Bool) async throws {
        let user = try await user(named: username)
        user.isAdmin = isAdmin
        try await user.save(on: app.db)
    }

    public func usernames() async throws -> [String] {
        try await User.query(on: app.db).sort(\.$username).all().map(\.username)
    }

    /// Debian's EDICT (`apt-get install edict`), the dictionary `maeil import edict` reads
    /// when no file is named.
    public static let defaultEDICTPath = "/usr/share/edict/edict"

    /// Loads an EDICT file (EUC-JP) as the shared Japanese dictionary, replacing the one
    /// there was, in one transaction: a bad file names its line and changes nothing.
    /// `progress(done, total)` follows the inserts. Returns the entries loaded.
    public func importEDICT(
        at path: String, progress: @escaping @Sendable (Int, Int) -> Void
    ) async throws -> Int {
        guard FileManager.default.fileExists(atPath: path) else {
            throw EDICTFileMissing(path: path)
        }
        let entries = try EDICT.parse(try Self.readFile(at: path))
        try await DictionaryStore(db: app.db).replace(with: entries, progress: progress)
        return entries.count
    }

    public struct EDICTFileMissing: Error, CustomStringConvertible {
        public var path: String
        public var description: String {
            path == MaeilInstance.defaultEDICTPath
                ? "\(path) not found: install Debian's edict package (apt-get install edict) or name an EDICT file"
                : "\(path) not found"
        }
    }

    /// Imports a file into the user's book of that name (made when missing),
    /// in one transaction. `progress(done, total)` follows the inserts.
    public func importFile(
        at path: String, username: String, bookName: String, format: ImportFormat?,
        duplicates: DuplicatePolicy = .skip, progress: @escaping @Sendable (Int, Int) -> Void
    ) async throws -> (
        imported: Int, skipped: Int, updated: Int, encoding: String, format: String
    ) {
        let transfer = try await transfer(username)
        // Parsed once, before the book is made, so a bad file leaves no empty
        // book behind; the file's bytes are let go before the words go in.
        let parsed = try Self.parseFile(at: path, format: format, with: transfer)
        // A book the import makes is in the languages the words are written in.
        let book = try await transfer.books.findOrCreate(
            named: bookName, languages: .guessed(from: parsed.words))
        let result = try await transfer.importParsed(
            parsed, intoBook: try book.requireID(), duplicates: DuplicateChoices(duplicates),
            progress: progress)
        let counts = result.counts
        return (
            counts.imported, counts.skipped, counts.updated, result.encoding.rawValue,
            result.format.rawValue
        )
    }

    /// An Anki package (.apkg, .colpkg) into the user's books, one per deck: the
    /// books' names and what each took.
    public func importAnki(at path: String, username: String, duplicates: DuplicatePolicy = .skip)
        async throws -> (
            layout: String, books: [(name: String, imported: Int, skipped: Int, updated: Int)]
        )
    {
        let words = try await transfer(username).words
        let data = try Self.readFile(at: path)
        let report = try await AnkiImporter(words: words).importPackage(
            data, duplicates: duplicates)
        return (
            report.layout.rawValue,
            report.books.map {
                ($0.name, $0.counts.imported, $0.counts.skipped, $0.counts.updated)
            }
        )
    }

    /// A file's bytes, or an error that names it: none there, a folder, unreadable.
    static func readFile(at path: String) throws -> Data {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw AppError.invalid("there is no file at \(path)", code: .invalidFile)
        }
        guard !isFolder.boolValue, let data = FileManager.default.contents(atPath: path) else {
            throw AppError.invalid("\(path) cannot be read as a file", code: .invalidFile)
        }
        return data
    }

    private static func parseFile(
        at path: String, format: ImportFormat?, with transfer: BookTransfer
    )
        throws -> ImportResult
    {
        let data = try Self.readFile(at: path)
        guard data.count <= 20 * 1024 * 1024 else {
            throw AppError(
                status: .payloadTooLarge, code: .tooLarge, message: "the file is larger than 20 MB")
        }
        var options = ImportOptions()
        options.format = format
        return try transfer.parse(data, fileName: path, options: options)
    }

    public func export(username: String, bookName: String, format: ImportFormat) async throws
        -> Data
    {
        let transfer = try await transfer(username)
        let book = try await transfer.books.find(named: bookName)
        return try await transfer.export(bookID: try book.requireID(), format: format).data
    }

    /// Auto-fill's proposals for a term (`maeil autofill`): in a book's languages when
    /// one is named, else `from` → `to`.
    public func autofill(
        username: String, term: String, bookName: String?, from: String, to: String
    ) async throws -> AutofillResultDTO {
        let user = try await user(named: username)
        var request = AutofillRequest(term: term, from: from, to: to)
        if let bookName {
            let book = try await BookStore(db: app.db, userID: try user.requireID()).find(
                named: bookName)
            request.from = book.termLanguage
            request.to = book.meaningLanguage
        }
        let result = try await AutofillService.forUser(
            try user.requireID(), db: app.db, app: app
        ).propose(request)
        return AutofillResultDTO(result, request: request) { $0.message }
    }

    /// A book as an Anki package (`AnkiExporter`).
    public func exportAnki(username: String, bookName: String) async throws -> Data {
        let transfer = try await transfer(username)
        let book = try await transfer.books.find(named: bookName)
        return try await AnkiExporter(books: transfer.books, words: transfer.words)
            .export(bookID: try book.requireID()).data
    }

    private func transfer(_ username: String) async throws -> BookTransfer {
        let user = try await user(named: username)
        let userID = try user.requireID()
        return BookTransfer(
            books: BookStore(db: app.db, userID: userID),
            words: WordStore(
                db: app.db, userID: userID, days: days(of: user), hooks: app.notebookHooks))
    }

    /// Days in the account's time zone, else the server's, as on the web: a
    /// word imported at 02:42 in Seoul is filed under that Seoul day
    /// whatever the machine running the command thinks.
    func days(of user: User) -> DayFormatter {
        DayFormatter(timeZone: user.timeZone ?? app.maeilSettings.timeZone)
    }

    func user(named username: String) async throws -> User {
        let name = AccountService.normalizedUsername(username)
        guard let user = try await User.query(on: app.db).filter(\.$username == name).first() else {
            throw AppError.notFound("user \"\(name)\"")
        }
        return user
    }
}

/// Runs the HTTP server until SIGINT/SIGTERM, then shuts down gracefully.
public enum MaeilServerRunner {
    /// Makes the server's event loops (NIO's singleton group, which the app
    /// uses) Swift concurrency's global executor, so an async handler resumes
    /// on the loop that answered it instead of hopping to a separate thread
    /// pool and back at every await. Call once, first thing in `main`.
    public static func runConcurrencyOnEventLoops() {
        NIOSingletons.unsafeTryInstallSingletonPosixEventLoopGroupAsConcurrencyGlobalExecutor()
    }

    public static func serve(settings: ServerSettings) async throws {
        var settings = settings
        if settings.sqliteCacheMegabytes == nil { settings.sqliteCacheMegabytes = 16 }
        var env = Environment(
            name: "production",
            arguments: [
                "maeil", "serve", "--hostname", settings.host, "--port", String(settings.port),
            ])
        try LoggingSystem.bootstrap(from: &env)
        let app = try await Application.make(env)
        do {
            try await configure(app, settings: settings)
            // WordNet's indexes take over half a second to read: read them now, beside
            // the server, rather than in the first auto-fill request.
            Task.detached(priority: .background) { _ = AutofillData.wordNet }
            let storage = settings.usesPostgres ? "PostgreSQL" : settings.sqlitePath
            print(
                "Maeil is running at http://\(settings.host):\(settings.port)/  (data: \(storage))")
            try await app.execute()
        } catch {
            try? await app.asyncShutdown()
            throw error
        }
        try await app.asyncShutdown()
    }
}

/// Lets the CLI print our errors' messages rather than their type names.
public func describeError(_ error: any Error) -> String {
    switch error {
    case let error as any ReportableError: error.message
    case let error as ImportError: error.description
    case let error as any CustomStringConvertible: error.description
    default: "\(error)"
    }
}
