import Fluent
import FluentPostgresDriver
import FluentSQLiteDriver
import Leaf
import LeafKit
import Vapor

/// Wires the app: database, migrations, sessions, views, middleware, routes.
public func configure(_ app: Application, settings: ServerSettings) async throws {
    guard settings.signup != nil else { throw DatabaseSetupError.badSignupPolicy }
    app.maeilSettings = settings
    app.speech = SpeechService(
        engines: SpeechSynthesizer.installed(),
        cacheDirectory: settings.dataDirectory + "/speech-cache")
    app.http.server.configuration.hostname = settings.host
    app.http.server.configuration.port = settings.port
    // No metrics backend is installed: Vapor would still label, count and time
    // every request for it (a counter and a timer made from the route's path).
    app.http.server.configuration.reportMetrics = false
    app.routes.defaultMaxBodySize = "20mb"

    let postgres = try configureDatabase(app, settings: settings)
    try await openFirstConnections(app)
    if !settings.usesPostgres {
        try await SQLiteTuning.apply(
            to: app, busyTimeoutMilliseconds: Int(settings.databaseWait * 1000),
            cacheMegabytes: settings.sqliteCacheMegabytes)
    }
    app.passwords.use(.bcrypt(cost: settings.bcryptCost))

    app.decoyPasswordHash = DecoyPasswordHash()
    app.notebookHooks = .studyCards
    app.homeCards = [JapaneseWebController.wordOfTheDayCard]
    app.sessions.use { _ in DatabaseSessionDriver() }
    app.sessions.configuration.cookieName = "maeil_session"
    app.sessions.configuration.cookieFactory = { id in
        HTTPCookies.Value(
            string: id.string, maxAge: 60 * 60 * 24 * 30, path: "/", isHTTPOnly: true,
            sameSite: .lax)
    }

    app.migrations.add(SessionRecord.migration)
    app.migrations.add(CreateUsers())
    app.migrations.add(CreateBooksAndWords())
    app.migrations.add(CreateSearchIndex())
    app.migrations.add(CreateStudy())
    app.migrations.add(CreateGames())
    app.migrations.add(AddDiaryIndexes())
    app.migrations.add(CreateWebSessions())
    app.migrations.add(ForgetForeignGameBooks())
    app.migrations.add(AddBookCounts())
    app.migrations.add(AddCardBooks())
    app.migrations.add(AddCJKSearchKey())
    app.migrations.add(CoverSearchLookups())
    app.migrations.add(EndChoseongLines())
    app.migrations.add(IndexImportsInBulk())
    app.migrations.add(CreateJapaneseStudy())
    app.migrations.add(CreateDictionary())
    app.migrations.add(CreateLottoDiary())
    app.migrations.add(AddAccountPreferences())
    app.migrations.add(AddStudyLimitsPerBook())
    app.migrations.add(AddBookOrigins())
    app.migrations.add(SetAsideMemorizedCards())
    app.migrations.add(AddBookRevisions())
    app.migrations.add(AddSortIndexes())
    app.migrations.add(AddBookPublishing())
    app.migrations.add(CreateBookReviews())
    app.migrations.add(AddAvatars())
    app.migrations.add(AddCopyLinks())
    app.migrations.add(AddBookLanguages())
    app.migrations.add(AddSpeakTerms())
    app.migrations.add(CreateWordMedia())
    app.migrations.add(AddSuspendedCards())
    app.migrations.add(AddDeepLKeys())
    app.migrations.add(PartitionSearchIDsByUser())
    app.migrations.add(CreateScheduledRuns())
    app.migrations.add(AddChangeNotifications())
    app.migrations.add(IndexSearchKeysByUser())
    app.migrations.add(IndexLineStarts())
    app.migrations.add(ForgetSmallTableStatistics())
    app.migrations.add(TieRowsToTheirOwners())
    app.migrations.add(RankSensesPastTheirNotes())
    app.migrations.add(ListLineHeadsInALoop())
    app.migrations.add(CheckOwnersOncePerStatement())
    app.migrations.add(DropUnreadSearchIDIndex())
    app.migrations.add(IndexBookmarkedWords())
    app.migrations.add(CountWordsByDay())
    app.migrations.add(CountAnswersByDay())
    if let schema = settings.postgresSchema, settings.usesPostgres {
        try await app.db.sql().raw("CREATE SCHEMA IF NOT EXISTS \(ident: schema)").run()
    }
    if settings.autoMigrate {
        try await app.autoMigrate()
    }
    if let postgres,
        let channel = try await DatabaseFault.whileBusy(
            patience: .seconds(30),
            {
                try await AddChangeNotifications.installedChannel(on: app.db.sql())
            })
    {
        let feed = ChangeFeed(channel: channel, logger: app.logger)
        app.changeFeed = feed
        app.keptReads = feed
        app.lifecycle.use(
            ChangeFeedListener(feed: feed, configuration: postgres.coreConfiguration))
    }
    if let postgres { app.lifecycle.use(OwnerSearchIndexBuilder(configuration: postgres)) }

    let resources = try MaeilResources.directory()
    try Localizer.checkLoaded()
    app.directory.viewsDirectory = resources + "Views/"
    app.directory.publicDirectory = resources + "Public/"
    app.views.use(.leaf)
    // Not Leaf's default limits: those refuse hidden folders, and a debug build
    // keeps its resources under `.build/`. The sandbox still confines reads.
    app.leaf.sources = .singleSource(
        NIOLeafFiles(
            fileio: app.fileio, limits: [.toSandbox, .requireExtensions],
            sandboxDirectory: app.directory.viewsDirectory,
            viewDirectory: app.directory.viewsDirectory))
    app.leaf.cache.isEnabled = app.environment.isRelease

    // Every multipart body is checked before MultipartKit parses it (SafeFormDataDecoder).
    ContentConfiguration.global.use(decoder: SafeFormDataDecoder(), for: .formData)
    // Every JSON answer's keys A to Z, and slashes as they are (as `JSONOutput`
    // writes them): Foundation's encoder otherwise orders an object's keys by a
    // hash seeded per process, so the same answer read differently after each restart.
    ContentConfiguration.global.use(
        encoder: JSONEncoder.custom(
            dates: .iso8601, format: [.sortedKeys, .withoutEscapingSlashes]),
        for: .json)
    // Every middleware that never waits is written against futures: Vapor's
    // `AsyncMiddleware` starts a task for each middleware of each request and
    // waits on the next one's future, and a JSON word page passed eight. One
    // that waits only sometimes (an HTML error page, a form's token) starts
    // its task only then.
    app.middleware = Middlewares()
    app.middleware.use(SecurityHeadersMiddleware())
    app.middleware.use(MaeilErrorMiddleware())
    app.middleware.use(URLControlCharacterGuard())
    if let feed = app.changeFeed { app.middleware.use(SettleWritesMiddleware(feed: feed)) }
    let assets = StaticAssets(publicDirectory: app.directory.publicDirectory)
    app.leaf.tags["asset"] = AssetTag(assets: assets)
    app.leaf.tags["options"] = OptionsTag()
    app.middleware.use(
        PublicFilesMiddleware(
            assets: assets,
            files: FileMiddleware(publicDirectory: app.directory.publicDirectory, defaultFile: nil)
        ))

    app.wordPageCache = WordPageCache(byteLimit: WordPageCache.defaultByteLimit)
    app.wordOrderCache = WordOrderCache(byteLimit: WordOrderCache.defaultByteLimit)
    app.bookPageCache = RenderedPageCache(byteLimit: 8 << 20, frameByteLimit: 4 << 20)
    app.avatarFiles = ByteLimitedCache(byteLimit: 16 << 20)
    app.copyUpdates = CopyUpdateCache(byteLimit: 1 << 20)
    app.deepLCache = DeepLCache(byteLimit: 1 << 20)
    app.lifecycle.use(SessionSweeper())
    app.lottoResults = LottoResults(
        fetcher: LottoResults.fetcher(settings: settings, client: app.client, logger: app.logger))
    app.lifecycle.use(LottoResultChecker())
    // HTML, JSON, CSS, JS and SVG go out gzipped to clients that ask for it.
    app.http.server.configuration.responseCompression = .enabledForCompressibleTypes

    try routes(app)
}

/// Opens one connection on each event loop's pool before anything else runs.
/// `databaseWait` is how long a *request* may wait for a connection, but on a
/// busy machine (or beside a busy PostgreSQL) opening the first ones can take
/// longer, and a migration would time out half-way. Once each pool holds an
/// open connection, the migrations' statements, one after another, find it
/// idle at once.
private func openFirstConnections(_ app: Application) async throws {
    for loop in app.eventLoopGroup.makeIterator() {
        guard let db = app.databases.database(logger: app.logger, on: loop) else { continue }
        try await DatabaseFault.whileBusy(patience: .seconds(30)) {
            try await db.withConnection { _ in }
        }
    }
}

/// The databases the app uses; PostgreSQL's configuration, for the change
/// feed's own connection.
private func configureDatabase(_ app: Application, settings: ServerSettings) throws
    -> SQLPostgresConfiguration?
{
    let wait = TimeAmount.milliseconds(Int64(settings.databaseWait * 1000))
    if settings.usesPostgres, let url = settings.databaseURL {
        var configuration = try SQLPostgresConfiguration(url: url)
        if let schema = settings.postgresSchema { configuration.searchPath = [schema] }
        configuration.coreConfiguration.options.additionalStartupParameters.append(
            GINPendingList.everyday)
        app.databases.use(
            .postgres(
                configuration: configuration, maxConnectionsPerEventLoop: 4,
                connectionPoolTimeout: wait, sqlLogLevel: .debug),
            as: .psql)
        app.databases.use(
            .postgres(
                configuration: PostgresSearchPool.configuration(from: configuration),
                maxConnectionsPerEventLoop: PostgresSearchPool.connectionsPerEventLoop,
                connectionPoolTimeout: wait, sqlLogLevel: .debug),
            as: PostgresSearchPool.id, isDefault: false)
        return configuration
    } else if settings.databaseURL == nil || settings.databaseURL?.hasPrefix("sqlite://") == true {
        let path = settings.sqlitePath
        try PrivateFiles.prepareDatabase(at: path)
        app.databases.use(
            SQLiteThreads.configuration(
                .sqlite(.file(path), connectionPoolTimeout: wait, sqlLogLevel: .debug), for: app,
                writerPatience: wait),
            as: .sqlite)
        let reads = SQLiteReads(path: path, cacheMegabytes: settings.sqliteCacheMegabytes)
        app.sqliteReads = reads
        app.keptReads = SQLiteKeptReads(reads: reads)
        return nil
    } else {
        throw DatabaseSetupError.badURL(settings.databaseURL ?? "")
    }
}

/// WAL lets readers work while a write (an import) is going on.
///
/// And a busy timeout on every connection: SQLiteNIO's own busy handler
/// retries at once, forever, on the thread it holds. Two writers then spin on
/// both threads of the pool while the transaction they wait for cannot get a
/// thread for its next statement (seen as a test run that never ended, and a
/// server would hang the same way beside a `maeil import`). With a timeout a
/// waiting writer sleeps between tries and gives up after the settings'
/// `databaseWait` with SQLITE_BUSY, answered as 503. Each event loop's pool
/// holds one connection, kept for the app's life, with the page cache the
/// settings ask for (`sqliteCacheMegabytes`).
///
/// Applied while configuring, before any request or migration (VaporTesting
/// boots synchronously and never calls a handler's `didBootAsync`).
private enum SQLiteTuning {
    static func apply(to app: Application, busyTimeoutMilliseconds: Int, cacheMegabytes: Int?)
        async throws
    {
        try await app.db.sql().raw("PRAGMA journal_mode=WAL").run()
        for loop in app.eventLoopGroup.makeIterator() {
            guard let db = app.databases.database(logger: app.logger, on: loop) else { continue }
            try await db.withConnection { connection in
                try await connection.sql().raw(
                    "PRAGMA busy_timeout = \(unsafeRaw: String(busyTimeoutMilliseconds))"
                ).run()
                if let cacheMegabytes {
                    // Negative: a size in KiB rather than in pages.
                    try await connection.sql().raw(
                        "PRAGMA cache_size = \(unsafeRaw: String(-cacheMegabytes * 1024))"
                    ).run()
                }
            }
        }
    }
}

func routes(_ app: Application) throws {
    app.get("healthz") { _ in "ok" }
    try app.register(collection: APIRoutes())
    DeclaredInput.attach(to: app.routes)
    try app.register(collection: WebRoutes(sessions: app.sessions.middleware))
}
