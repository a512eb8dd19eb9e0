import Fluent
import Foundation
import MaeilAPI
import NIOConcurrencyHelpers
import NIOCore
import SQLKit
import Testing
import Vapor
import VaporTesting
import VocabCore

@testable import MaeilServer

/// Which database the suite runs on: PostgreSQL when MAEIL_TEST_DATABASE_URL is
/// set (CI runs the suite twice), else SQLite.
enum TestDatabase {
    static var postgresURL: String? {
        let url = ProcessInfo.processInfo.environment["MAEIL_TEST_DATABASE_URL"]
        return url?.isEmpty == false ? url : nil
    }
}

/// A fresh app on a fresh database (a new SQLite file, or a new PostgreSQL
/// schema), migrated, shut down and removed afterwards.
func withMaeilApp<T>(_ test: (Application) async throws -> T) async throws -> T {
    let settings = freshSettings()
    return try await withMaeilApp(settings: settings, test)
}

/// The test apps run side by side and share NIO's blocking thread pool, where
/// SQLite statements run (one thread per core by default). A write waiting on
/// another write of the same app holds its thread while it waits; with two
/// threads, two such waits from different apps left no thread for the
/// statements they waited on, and requests timed out with 503.
/// Every test that makes an Application touches this first (the suggestion may be set
/// only before NIO's first use).
let roomyBlockingPool: Void = {
    NIOSingletons.blockingPoolThreadCountSuggestion = 16
}()

/// NIO's blocking thread pool for a test that uses it without an app: sized
/// first, as an app's tests would (a test that reached the pool before any
/// app did crashed the run when the next app set the size).
var testBlockingPool: NIOThreadPool {
    _ = roomyBlockingPool
    return .singleton
}

/// The server's time zone in tests: Seoul, unless it is within an hour of midnight
/// there, when a learning card answered now would fall due after the day ends and
/// leave today's queue (reviews count learning cards up to the end of the day); then
/// a zone twelve hours away, where it is about noon. The test run keeps the one it
/// starts with.
let testTimeZone: TimeZone = {
    let seoul = TimeZone(identifier: "Asia/Seoul")!
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = seoul
    let hour = calendar.component(.hour, from: Date())
    return hour == 23 ? TimeZone(secondsFromGMT: -3 * 3600)! : seoul
}()

/// A test's setup step, started again while it answers nil, which it does
/// when the server turns it away with 503: the overload tests' servers wait
/// only milliseconds for a connection, and under a loaded run their setup's
/// sign-ups were turned away too. A 503 changes nothing, so a new start is
/// the same request. Gives up after 30 s.
func untilNotBusy<T>(_ attempt: () async throws -> T?) async throws -> T {
    let deadline = ContinuousClock.now + .seconds(30)
    while true {
        if let done = try await attempt() { return done }
        try #require(ContinuousClock.now < deadline, "still turned away busy after 30 s")
        try await Task.sleep(for: .milliseconds(100))
    }
}

/// A request sent again while the server turns it away with 503, which
/// changes nothing (`untilNotBusy`): for tests of many writers at once,
/// whose runs beside the rest of the suite may find the pool busy.
func served(_ send: () async throws -> TestingHTTPResponse) async throws -> TestingHTTPResponse {
    try await untilNotBusy {
        let response = try await send()
        return response.status == .serviceUnavailable ? nil : response
    }
}

/// Names a stalled test run. Tests mark their steps (an app made and
/// configured, its test begun, its clean-up, a live server, a wait); when no
/// test has made a step for five minutes, each unfinished test's last steps
/// are printed, and after twenty the run exits with a failure, well inside
/// CI's time. A run on PostgreSQL once stopped for good, every thread idle,
/// with nothing in its log to say which test was waiting on what.
///
/// It stopped so again with no test's app open, which said nothing, and its
/// log ended mid-line: the runner's output to a pipe waits in a buffer. So
/// the buffer is written out first (the results of every test that ended),
/// and a run whose open apps are all finished is reported and stopped too.
enum StallWatch {
    static let reportAfter = Duration.seconds(300)
    static let exitAfter = Duration.seconds(1200)

    private struct Steps {
        var byTest: [String: [String]] = [:]
        /// Apps each test has open: a test of two processes nests one in another.
        var openApps: [String: Int] = [:]
        var last = ContinuousClock.now
        var reported = false
    }
    private static let steps = NIOLockedValueBox(Steps())

    /// An app of the current test is made and configured: its first step.
    static func appStarts() {
        record("makes and configures an app") { $0.openApps[$1, default: 0] += 1 }
    }

    /// Records the current test's step.
    static func step(_ step: String) { record(step) }

    /// An app's test ended, passed or not. The test's trail ends with its
    /// last open app, so an inner app's end leaves the outer one's trail.
    static func appFinished() {
        record(nil) { steps, test in
            let open = (steps.openApps[test] ?? 1) - 1
            steps.openApps[test] = open > 0 ? open : nil
            if open <= 0 { steps.byTest[test] = nil }
        }
    }

    /// Adds `step` (if any) to the current test's trail after `change`, and
    /// notes that a step was made.
    private static func record(
        _ step: String?, _ change: (inout Steps, String) -> Void = { _, _ in }
    ) {
        _ = watching
        let test = Test.current?.name ?? "(outside a test)"
        steps.withLockedValue { steps in
            change(&steps, test)
            if let step {
                steps.byTest[test] = Array(((steps.byTest[test] ?? []) + [step]).suffix(8))
            }
            steps.last = .now
            steps.reported = false
        }
    }

    private static let watching: Void = {
        Thread.detachNewThread {
            while true {
                Thread.sleep(forTimeInterval: 10)
                let (quiet, unfinished, withApps, report) = steps.withLockedValue { steps in
                    let quiet = steps.last.duration(to: .now)
                    let report = quiet > reportAfter && !steps.reported
                    if report { steps.reported = true }
                    return (quiet, steps.byTest, Set(steps.openApps.keys), report)
                }
                if report {
                    fflush(nil)
                    if unfinished.isEmpty {
                        say(
                            "no step for \(minutes(reportAfter)) min, and no test's app is open: a test without an app, or the run's end, is waiting"
                        )
                    }
                    // A test without an app has no end step: its trail stays
                    // after it ended (a CI stall listed the writer-turns
                    // test, which has no app, beside the app that hung).
                    for (test, trail) in unfinished.sorted(by: { $0.key < $1.key }) {
                        let note =
                            withApps.contains(test) ? "" : " (no app open: it may have ended)"
                        let steps = trail.joined(separator: " → ")
                        say("no step for \(minutes(reportAfter)) min: \(test)\(note): \(steps)")
                    }
                }
                if quiet > exitAfter {
                    fflush(nil)
                    say("no test made a step for \(minutes(exitAfter)) min: the run stops here")
                    exit(1)
                }
            }
        }
    }()

    private static func minutes(_ duration: Duration) -> Int64 { duration.components.seconds / 60 }

    private static func say(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}

func freshSettings() -> ServerSettings {
    _ = roomyBlockingPool
    var settings = ServerSettings(bcryptCost: 4, timeZone: testTimeZone)
    // Tests never reach the real lottery site; the draw-source tests use a fake on loopback.
    settings.lottoFetch = false
    if let url = TestDatabase.postgresURL {
        settings.databaseURL = url
        settings.postgresSchema =
            "t_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased().prefix(20)
    } else {
        settings.dataDirectory =
            FileManager.default.temporaryDirectory
            .appendingPathComponent("maeil-test-\(UUID().uuidString)").path
    }
    return settings
}

func withMaeilApp<T>(
    settings: ServerSettings, dropAfter: Bool = true, _ test: (Application) async throws -> T
) async throws -> T {
    StallWatch.appStarts()
    defer { StallWatch.appFinished() }
    let app = try await Application.make(.testing)
    app.logger.logLevel = .error
    let result: T
    do {
        try await configure(app, settings: settings)
        StallWatch.step("tests")
        result = try await test(app)
    } catch {
        await cleanUp(app, settings: settings, drop: dropAfter)
        throw error
    }
    await cleanUp(app, settings: settings, drop: dropAfter)
    return result
}

private func cleanUp(_ app: Application, settings: ServerSettings, drop: Bool) async {
    if drop, let schema = settings.postgresSchema, let sql = app.db as? any SQLDatabase {
        StallWatch.step("drops its schema")
        try? await sql.raw("DROP SCHEMA IF EXISTS \(ident: schema) CASCADE").run()
    }
    StallWatch.step("shuts its app down")
    try? await app.asyncShutdown()
    if drop, !settings.usesPostgres {
        try? FileManager.default.removeItem(atPath: settings.dataDirectory)
    }
}

/// A real HTTP server on 127.0.0.1 for a fake at the edge of the world (the lottery
/// site, DeepL): `routes` sets its routes up, `body` gets its base URL and a client.
func withLoopbackServer<T>(
    _ routes: (Application) throws -> Void, _ body: (String, any Client) async throws -> T
) async throws -> T {
    _ = roomyBlockingPool
    // Watched as an app: a test's apps run inside it, and their ends leave it open.
    StallWatch.appStarts()
    defer { StallWatch.appFinished() }
    let app = try await Application.make(.testing)
    app.logger.logLevel = .critical
    try routes(app)
    try await app.asyncBoot()
    try await app.server.start(address: .hostname("127.0.0.1", port: 0))
    StallWatch.step("serves a fake on loopback")
    func shutDown() async throws {
        StallWatch.step("shuts its fake down")
        await app.server.shutdown()
        try await app.asyncShutdown()
    }
    let result: T
    do {
        guard let port = app.http.server.shared.localAddress?.port else {
            throw Abort(.internalServerError, reason: "the fake server has no port")
        }
        result = try await body("http://127.0.0.1:\(port)", app.client)
    } catch {
        try await shutDown()
        throw error
    }
    try await shutDown()
    return result
}

/// Thin helpers over VaporTesting for JSON API calls.
struct API {
    let app: Application
    var token: String?

    func send(
        _ method: HTTPMethod, _ path: String, json: (any Encodable)? = nil, raw: Data? = nil,
        contentType: HTTPMediaType? = nil, token: String? = nil, headers extra: HTTPHeaders = [:]
    ) async throws -> TestingHTTPResponse {
        var headers = extra
        if let bearer = token ?? self.token {
            headers.bearerAuthorization = BearerAuthorization(token: bearer)
        }
        var body: ByteBuffer?
        if let json {
            let data = try JSONEncoder().encode(json)
            body = ByteBuffer(data: data)
            headers.contentType = .json
        } else if let raw {
            body = ByteBuffer(data: raw)
            headers.contentType = contentType ?? .binary
        }
        return try await app.testing().sendRequest(method, path, headers: headers, body: body)
    }

    /// The response's body as `T`; when it is not one, an error that names the
    /// answer the server gave instead (a test run's log then shows a 503 or a
    /// 500 for what it was, not a missing key).
    func decode<T: Decodable>(_ type: T.Type, _ response: TestingHTTPResponse) throws -> T {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        do {
            return try decoder.decode(T.self, from: Data(buffer: response.body))
        } catch {
            throw UnexpectedAnswer(
                expected: "\(T.self)", status: response.status,
                body: String(response.body.string.prefix(600)), decoding: error)
        }
    }

    /// Signs up a new user and returns an API bound to its token.
    static func signUp(
        _ app: Application, _ username: String = "user\(Int.random(in: 1000...999_999))"
    ) async throws -> API {
        let api = API(app: app)
        let response = try await api.send(
            .POST, "/api/v1/auth/signup", json: ["username": username, "password": "correct horse"])
        #expect(response.status == .created, "\(response.body.string)")
        let result = try api.decode(LoginResultDTO.self, response)
        return API(app: app, token: result.token)
    }

    /// An API bound to a new token of an account signed up elsewhere (in the
    /// browser, say), logged in with the tests' password.
    static func logIn(_ app: Application, _ username: String) async throws -> API {
        let anonymous = API(app: app)
        let login = try await anonymous.send(
            .POST, "/api/v1/auth/login", json: ["username": username, "password": "correct horse"])
        #expect(login.status == .ok, "\(login.body.string)")
        return API(app: app, token: try anonymous.decode(LoginResultDTO.self, login).token)
    }

    func createBook(_ name: String, description: String = "") async throws -> BookDTO {
        let response = try await send(
            .POST, "/api/v1/books", json: ["name": name, "description": description])
        #expect(response.status == .created, "\(response.body.string)")
        return try decode(BookDTO.self, response)
    }

    /// Imports a CSV file's words into the book, expecting them taken.
    func importCSV(_ csv: String, into bookID: UUID) async throws {
        let response = try await send(
            .POST, "/api/v1/books/\(bookID)/import?filename=words.csv", raw: Data(csv.utf8))
        #expect(response.status == .ok, "\(response.body.string)")
    }

    func addWord(_ bookID: UUID, _ term: String, _ meaning: String = "", reading: String = "")
        async throws -> WordDTO
    {
        let response = try await send(
            .POST, "/api/v1/books/\(bookID)/words",
            json: ["term": term, "meaning": meaning, "reading": reading])
        #expect(response.status == .created, "\(response.body.string)")
        return try decode(WordDTO.self, response)
    }

    /// Answers a review card as it was shown (its `version`).
    func answer(_ card: StudyCardDTO, _ rating: Int) async throws -> TestingHTTPResponse {
        try await send(
            .POST, "/api/v1/study/answer",
            json: ReviewAnswerInput(
                wordID: card.wordID, direction: card.direction.rawValue, rating: rating,
                version: card.version))
    }

    func errorCode(_ response: TestingHTTPResponse) -> String? {
        struct Body: Decodable {
            struct E: Decodable {
                var code: String
                var message: String
            }
            var error: E
        }
        return try? JSONDecoder().decode(Body.self, from: Data(buffer: response.body)).error.code
    }
}

/// The app on a real socket (127.0.0.1, a free port), for what only a socket
/// shows: a body that arrives in several reads, the client's address.
/// Redirects are answers to look at, not to follow.
struct LiveServer {
    let app: Application
    let base: String

    static func run<T>(_ app: Application, _ body: (LiveServer) async throws -> T) async throws -> T
    {
        app.http.client.configuration.redirectConfiguration = .disallow
        try await app.asyncBoot()
        StallWatch.step("starts a live server")
        try await app.server.start(address: .hostname("127.0.0.1", port: 0))
        let port = try #require(app.http.server.shared.localAddress?.port)
        do {
            StallWatch.step("talks to its live server")
            let result = try await body(LiveServer(app: app, base: "http://127.0.0.1:\(port)"))
            StallWatch.step("stops its live server")
            await app.server.shutdown()
            return result
        } catch {
            StallWatch.step("stops its live server after an error")
            await app.server.shutdown()
            throw error
        }
    }

    func send(_ method: HTTPMethod, _ path: String, headers: HTTPHeaders = [:], body: String? = nil)
        async throws -> ClientResponse
    {
        try await send(method, path, headers: headers, bytes: body.map { ByteBuffer(string: $0) })
    }

    func send(_ method: HTTPMethod, _ path: String, headers: HTTPHeaders = [:], bytes: ByteBuffer?)
        async throws -> ClientResponse
    {
        try await app.client.send(method, headers: headers, to: URI(string: base + path)) {
            request in
            if let bytes { request.body = bytes }
        }
    }
}

extension WordDTO {
    /// Everything the word holds, to compare a round trip field by field.
    var draft: WordDraft {
        WordDraft(
            term: term, meaning: meaning, reading: reading, partOfSpeech: partOfSpeech, note: note,
            synonyms: synonyms, antonyms: antonyms, examples: examples.map(WordExample.init),
            tags: tags,
            memorized: memorized, bookmarked: bookmarked, createdAt: createdAt)
    }
}

extension Route {
    /// The route's path as the OpenAPI document writes it: `/api/v1/books/{id}`.
    var pattern: String {
        "/"
            + path.map { component -> String in
                switch component {
                case .constant(let s): s
                case .parameter(let name): "{\(name)}"
                case .anything: "*"
                case .catchall: "**"
                }
            }.joined(separator: "/")
    }
}

extension Application {
    /// Waits until this app has heard of every change committed so far. On
    /// PostgreSQL a process keeps what signed-in reads found until the
    /// database's change notification arrives, so a test that writes to the
    /// database directly (as a `maeil` command would) waits before it reads
    /// through the app; requests that write wait by themselves.
    func heardOfChanges() async { await changeFeed?.settle() }

    /// A user's id, looked up by username.
    func userID(_ username: String) async throws -> UUID {
        try #require(
            try await User.query(on: db).filter(\.$username == username).first()?.requireID())
    }

    /// Makes a user an administrator straight in the database.
    func makeAdmin(_ username: String) async throws {
        let user = try #require(
            try await User.query(on: db).filter(\.$username == username).first())
        user.isAdmin = true
        try await user.save(on: db)
        await heardOfChanges()
    }
}

/// A response that was not the JSON a test expected.
struct UnexpectedAnswer: Error, CustomStringConvertible {
    var expected: String
    var status: HTTPResponseStatus
    var body: String
    var decoding: any Error

    var description: String {
        "expected \(expected), got \(status.code) \(status.reasonPhrase): \(body) (\(decoding))"
    }
}
