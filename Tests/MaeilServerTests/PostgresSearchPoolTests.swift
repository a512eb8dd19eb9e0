import Fluent
import Foundation
import SQLKit
import Testing
import Vapor
import VocabCore

@testable import MaeilServer

/// PostgreSQL plans a search without sequential scans (`PostgresSearchPool`):
/// its statements run on a pool whose connections are set so when they
/// connect, and the other statements keep the planner's full choice.
@Suite("PostgreSQL's search pool")
struct PostgresSearchPoolTests {
    @Test func searchesRunOnConnectionsThatPlanWithoutSequentialScans() async throws {
        try await withMaeilApp { app in
            guard try app.db.sql().maeilDialect == .postgres else { return }
            #expect(try await Self.seqscan(on: app.db(PostgresSearchPool.id)) == "off")
            #expect(try await Self.seqscan(on: app.db) == "on", "other statements keep seq scans")

            let api = try await API.signUp(app)
            let book = try await api.createBook("Fruit")
            _ = try await api.addWord(book.id, "사과", "apple")
            _ = try await api.addWord(book.id, "배", "pear")
            let token = try #require(api.token)
            let (found, statements) = try await SQLCapture.statements(of: app) {
                try await LiveServer.run(app) { server in
                    let response = try await server.send(
                        .GET, "/api/v1/search?q=appl",
                        headers: ["Authorization": "Bearer \(token)"])
                    #expect(response.status == .ok)
                    return response.body.map { String(buffer: $0) } ?? ""
                }
            }
            #expect(found.contains("사과") && !found.contains("pear"))
            #expect(
                statements.contains { $0.contains("LIKE") }, "the search's statements were caught")
            #expect(
                !statements.contains { $0.contains("enable_seqscan") },
                "no transaction of its own to set the planner: \(statements)")
        }
    }

    /// A search inside a transaction already open stays in it, and sets the
    /// planner there.
    @Test func aSearchInATransactionSetsThePlannerThere() async throws {
        try await withMaeilApp { app in
            guard try app.db.sql().maeilDialect == .postgres else { return }
            let api = try await API.signUp(app)
            let book = try await api.createBook("Fruit")
            _ = try await api.addWord(book.id, "사과", "apple")
            let userID = try await User.query(on: app.db).first()?.requireID()
            let owner = try #require(userID)
            let (terms, setting) = try await app.db.transaction { tx in
                let store = WordStore(
                    db: tx, userID: owner, days: DayFormatter(timeZone: .gmt), hooks: .none,
                    searches: app.db(PostgresSearchPool.id))
                let page = try await store.list(WordFilter(query: "appl"))
                let setting = try await Self.seqscan(on: tx)
                return (page.items.map(\.term), setting)
            }
            #expect(terms == ["사과"])
            #expect(setting == "off", "set for the rest of the transaction it searched in")
        }
    }

    static func seqscan(on db: any Database) async throws -> String? {
        try await db.sql().raw("SHOW enable_seqscan").first()?.decode(
            column: "enable_seqscan", as: String.self)
    }
}
