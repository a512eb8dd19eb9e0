import Foundation
import MaeilAPI
import SQLKit
import Testing
import Vapor
import VaporTesting

@testable import MaeilServer

/// Many clients writing at once over real HTTP, on both databases: nothing
/// lost, nothing doubled, no error (SQLite's busy handling and WAL, the pool's
/// waits), and every word's search id its own. The clients are the patient
/// kind (`sendAsPatientClient`): a server that is truly overloaded may answer
/// 503 with `Retry-After`, and the test then checks that such an answer
/// changed nothing.
@Suite("Concurrent writers")
struct ConcurrencyTests {
    static let writers = 64
    /// 20 in the test command; MAEIL_CONCURRENCY_WORDS=200 is the long form (12,800 words).
    static let wordsPerWriter =
        ProcessInfo.processInfo.environment["MAEIL_CONCURRENCY_WORDS"].flatMap(Int.init) ?? 20
    static let imports = 4
    static let rowsPerImport = 100

    /// One client connection per writer, and waits long enough for a whole
    /// suite running beside the test on two cores.
    static func allowManyClients(_ app: Application) {
        app.http.client.configuration.connectionPool = .init(
            idleTimeout: .seconds(60), concurrentHTTP1ConnectionsPerHostSoftLimit: writers + imports
        )
        app.http.client.configuration.timeout = .init(connect: .seconds(120), read: .seconds(120))
    }

    @Test func writersIntoOneBookLoseAndDoubleNothing() async throws {
        try await withMaeilApp { app in
            Self.allowManyClients(app)
            let api = try await API.signUp(app)
            let token = try #require(api.token)
            let book = try await api.createBook("Shared").id
            // Each request with the terms it writes.
            let sent = try await LiveServer.run(app) { server in
                try await withThrowingTaskGroup(of: [(terms: [String], status: HTTPStatus)].self) {
                    group in
                    for writer in 0..<Self.writers {
                        group.addTask {
                            var sent: [(terms: [String], status: HTTPStatus)] = []
                            for n in 0..<Self.wordsPerWriter {
                                let term = "w\(writer)x\(n)"
                                let body = #"{"term": "\#(term)", "meaning": "뜻"}"#
                                let response = try await server.sendAsPatientClient(
                                    .POST, "/api/v1/books/\(book)/words",
                                    headers: [
                                        "Authorization": "Bearer \(token)",
                                        "Content-Type": "application/json",
                                    ], body: body)
                                sent.append(([term], response.status))
                            }
                            return sent
                        }
                    }
                    // Imports at the same time, which take their ids in bulk.
                    for batch in 0..<Self.imports {
                        group.addTask {
                            let terms = (0..<Self.rowsPerImport).map { "i\(batch)x\($0)" }
                            let response = try await server.sendAsPatientClient(
                                .POST, "/api/v1/books/\(book)/import?format=csv&header=false",
                                headers: [
                                    "Authorization": "Bearer \(token)",
                                    "Content-Type": "application/octet-stream",
                                ], body: terms.map { $0 + ",뜻" }.joined(separator: "\n"))
                            return [(terms, response.status)]
                        }
                    }
                    var all: [(terms: [String], status: HTTPStatus)] = []
                    for try await sent in group { all += sent }
                    return all
                }
            }
            // A write still turned away after a minute of `Retry-After` (a
            // run beside the whole suite on two cores has had four of 1,680)
            // must have changed nothing: the words are exactly the accepted ones.
            let isAccepted = { (status: HTTPStatus) in status == .created || status == .ok }
            let refused = sent.filter { !isAccepted($0.status) }
            #expect(
                refused.allSatisfy { $0.status == .serviceUnavailable }
                    && refused.count * 20 < sent.count,
                "\(refused.count) of \(sent.count) refused: \(Set(refused.map(\.status.code)))")
            let accepted = Set(sent.filter { isAccepted($0.status) }.flatMap(\.terms))
            let expected = accepted.count

            let sql = try app.db.sql()
            let rows = try await sql.raw(
                "SELECT user_id, search_id, term FROM words WHERE book_id = \(bind: book)"
            ).all()
            #expect(rows.count == expected)
            #expect(
                Set(try rows.map { try $0.decode(column: "term", as: String.self) }) == accepted)
            let cards = try await sql.raw(
                "SELECT COUNT(*) AS n FROM cards WHERE book_id = \(bind: book)"
            ).first()?.decode(column: "n", as: Int.self)
            #expect(cards == 2 * expected, "every word with both of its cards")
            let searchIDs = try rows.map { try $0.decode(column: "search_id", as: Int64.self) }
            #expect(Set(searchIDs).count == expected, "every search id once")
            if sql.maeilDialect == .sqlite {
                let owner = try #require(
                    try rows.first?.decode(column: "user_id", as: StoredUUID.self))
                let range = SearchIndex.searchIDs(of: owner.value)
                #expect(searchIDs.allSatisfy(range.contains))
            }
            let counted = try api.decode(
                BookDTO.self, try await api.send(.GET, "/api/v1/books/\(book)"))
            #expect(counted.wordCount == expected, "the book's kept count")
            for term in ["w63x\(Self.wordsPerWriter - 1)", "w0x0", "i3x99"]
            where accepted.contains(term) {
                let found = try api.decode(
                    SearchResultDTO.self, try await api.send(.GET, "/api/v1/search?q=\(term)"))
                #expect(found.items.filter { $0.term == term }.count == 1, "\(term) found once")
            }
        }
    }

    @Test func fiftyUsersAnswerTheirReviewsAtOnce() async throws {
        try await withMaeilApp { app in
            Self.allowManyClients(app)
            var users: [(api: API, token: String, card: StudyCardDTO)] = []
            for i in 0..<50 {
                let api = try await API.signUp(app, "reader\(i)x\(Int.random(in: 1000...9999))")
                let book = try await api.createBook("Mine").id
                _ = try await api.addWord(book, "word\(i)", "뜻\(i)")
                let queue = try api.decode(
                    ReviewQueueDTO.self, try await api.send(.GET, "/api/v1/study/queue"))
                users.append((api, try #require(api.token), try #require(queue.cards.first)))
            }
            let statuses = try await LiveServer.run(app) { server in
                try await withThrowingTaskGroup(of: HTTPStatus.self) { group in
                    for user in users {
                        group.addTask {
                            let answer = ReviewAnswerInput(
                                wordID: user.card.wordID, direction: user.card.direction.rawValue,
                                rating: 3, version: user.card.version)
                            return try await server.sendAsPatientClient(
                                .POST, "/api/v1/study/answer",
                                headers: [
                                    "Authorization": "Bearer \(user.token)",
                                    "Content-Type": "application/json",
                                ],
                                body: String(
                                    decoding: try JSONEncoder().encode(answer), as: UTF8.self)
                            ).status
                        }
                    }
                    var all: [HTTPStatus] = []
                    for try await status in group { all.append(status) }
                    return all
                }
            }
            #expect(statuses.allSatisfy { $0 == .ok }, "\(statuses.filter { $0 != .ok })")
            // Each answer applied once, to its own user's card.
            let sql = try app.db.sql()
            let logged = try await sql.raw(
                "SELECT user_id, COUNT(*) AS n FROM review_logs GROUP BY user_id"
            ).all()
            #expect(logged.count == 50)
            #expect(try logged.allSatisfy { try $0.decode(column: "n", as: Int.self) == 1 })
        }
    }

    /// One book edited through two app processes on one database (two apps in
    /// this process, each with its own connections, caches and server): words
    /// added through both are all there once, the same word edited from both
    /// ends as one of the edits, and each process's kept pages show the other's
    /// writes: at once on SQLite, on PostgreSQL once its change notification
    /// is delivered (`ChangeFeed`).
    @Test func oneBookEditedFromTwoProcesses() async throws {
        let settings = freshSettings()
        try await withMaeilApp(settings: settings) { first in
            try await withMaeilApp(settings: settings, dropAfter: false) { second in
                for app in [first, second] { Self.allowManyClients(app) }
                let api = try await API.signUp(first)
                let token = try #require(api.token)
                let book = try await api.createBook("Shared").id
                let shared = try await api.addWord(book, "shared", "처음")
                let headers: HTTPHeaders = [
                    "Authorization": "Bearer \(token)", "Content-Type": "application/json",
                ]
                try await LiveServer.run(first) { one in
                    try await LiveServer.run(second) { other in
                        // A page kept by the first process, then a word added through the second.
                        _ = try await one.send(
                            .GET, "/api/v1/books/\(book)/words", headers: headers)
                        _ = try await other.send(
                            .POST, "/api/v1/books/\(book)/words", headers: headers,
                            body: #"{"term": "seen", "meaning": "보임"}"#)
                        try await ChangeFeedTests.eventually(
                            "the other process's word", seconds: first.changeFeed == nil ? 0 : 5
                        ) {
                            let page = try await one.send(
                                .GET, "/api/v1/books/\(book)/words", headers: headers)
                            return page.body.map { String(buffer: $0) }?.contains("\"seen\"")
                                == true
                        }

                        let statuses = try await withThrowingTaskGroup(of: [HTTPStatus].self) {
                            group in
                            for writer in 0..<32 {
                                let server = writer % 2 == 0 ? one : other
                                group.addTask {
                                    var statuses: [HTTPStatus] = []
                                    for n in 0..<10 {
                                        statuses.append(
                                            try await server.sendAsPatientClient(
                                                .POST, "/api/v1/books/\(book)/words",
                                                headers: headers,
                                                body: #"{"term": "p\#(writer)x\#(n)"}"#
                                            ).status)
                                        statuses.append(
                                            try await server.sendAsPatientClient(
                                                .PATCH, "/api/v1/words/\(shared.id)",
                                                headers: headers,
                                                body: #"{"meaning": "고침 \#(writer)-\#(n)"}"#
                                            ).status)
                                    }
                                    return statuses
                                }
                            }
                            var all: [HTTPStatus] = []
                            for try await statuses in group { all += statuses }
                            return all
                        }
                        let refused = statuses.filter { $0 != .created && $0 != .ok }
                        #expect(
                            refused.isEmpty, "\(refused.count) refused: \(Set(refused.map(\.code)))"
                        )
                    }
                }
                let expected = 2 + 32 * 10
                for feed in [first.changeFeed, second.changeFeed].compactMap({ $0 }) {
                    await feed.settle()  // each process has heard of the other's last writes
                }
                for app in [first, second] {
                    let reader = API(app: app, token: token)
                    let counted = try reader.decode(
                        BookDTO.self, try await reader.send(.GET, "/api/v1/books/\(book)"))
                    #expect(counted.wordCount == expected)
                    let page = try reader.decode(
                        WordPageDTO.self,
                        try await reader.send(.GET, "/api/v1/books/\(book)/words?perPage=500"))
                    #expect(page.total == expected && Set(page.items.map(\.term)).count == expected)
                    let edited = try reader.decode(
                        WordDTO.self, try await reader.send(.GET, "/api/v1/words/\(shared.id)"))
                    #expect(edited.meaning.hasPrefix("고침 "))
                    let found = try reader.decode(
                        SearchResultDTO.self, try await reader.send(.GET, "/api/v1/search?q=p31x9"))
                    #expect(found.items.map(\.term) == ["p31x9"])
                }
            }
        }
    }
}

extension LiveServer {
    /// Sends as a client that honours overload: a 503 must carry
    /// `Retry-After`, and the client waits that long and sends again, for up
    /// to a minute. A 503 promises that nothing changed, so the retried write
    /// must not double anything; the tests count the rows to hold it to that.
    /// (On two cores beside the whole suite, 64 writers queued on one book's
    /// row lock have waited past `databaseWait` for one of the 8 pooled
    /// PostgreSQL connections; beside two busy loops one write was turned
    /// away five times in a row, when this client gave up after five.)
    func sendAsPatientClient(
        _ method: HTTPMethod, _ path: String, headers: HTTPHeaders, body: String
    ) async throws -> ClientResponse {
        let givesUp = ContinuousClock.now + .seconds(60)
        var response = try await send(method, path, headers: headers, body: body)
        while response.status == .serviceUnavailable, ContinuousClock.now < givesUp {
            let wait = try #require(
                response.headers.first(name: .retryAfter).flatMap(Int.init),
                "a 503 says when to come back")
            try await Task.sleep(for: .seconds(wait))
            response = try await send(method, path, headers: headers, body: body)
        }
        return response
    }
}
