import Fluent
import Foundation
import MaeilAPI
import SQLKit
import Testing
import Vapor
import VocabCore

@testable import MaeilServer

/// PostgreSQL: an owner of many words gets search indexes of their own
/// (`OwnerSearchIndexes`: trigrams and line heads), built by the running server
/// (`OwnerSearchIndexBuilder`) once an import takes them past
/// `ServerSettings.ownerIndexWords`; their searches name them and go
/// through those indexes, with the same results; the indexes leave with the
/// account. One test at a time: concurrent builds of partial indexes wait on
/// each other.
@Suite("PostgreSQL: a big owner's own search indexes", .serialized)
struct OwnerSearchIndexesTests {
    @Test func aLargeImportGivesABigOwnerIndexesThatServeTheSameResults() async throws {
        var settings = freshSettings()
        settings.ownerIndexWords = 1_000
        settings.ownerIndexInterval = .milliseconds(200)
        try await withMaeilApp(settings: settings) { app in
            guard try app.db.sql().maeilDialect == .postgres else { return }
            try await app.asyncBoot()
            let username = "bigowner\(Int.random(in: 1000...99_999))"
            let owner = try await API.signUp(app, username)
            let other = try await API.signUp(app)
            let rows = (0..<1_200).map { n in
                let term = ["사과 \(n)", "学校\(n)", "study \(n)", "공부하다 \(n)"][n % 4]
                return "\(term),뜻 \(n) to look over"
            }
            // The owner passes 1,000 words; the other user stays below.
            for (api, count) in [(owner, 1_200), (other, 900)] {
                let book = try await api.createBook("Big")
                try await api.importCSV(
                    "term,meaning\n" + rows.prefix(count).joined(separator: "\n"), into: book.id)
            }
            let users = try await User.query(on: app.db).all()
            let ownerID = try #require(users.first { $0.username == username }?.id)
            let otherID = try #require(users.first { $0.username != username }?.id)
            let sql = try app.db.sql()
            let indexes = OwnerSearchIndexes(owner: ownerID)
            // CREATE INDEX CONCURRENTLY waits out every older transaction in
            // the database, and the whole suite has many at work.
            try await ChangeFeedTests.eventually("built after the import", seconds: 300) {
                (try? await indexes.built(on: sql).count) == OwnerSearchIndexes.kinds.count
            }
            #expect(try await OwnerSearchIndexes(owner: otherID).built(on: sql).isEmpty)

            let queries = ["study 11", "공부", "ㅅㄱ", "学校", "tudy 1", "rhdqn", "look"]
            let (answers, statements) = try await SQLCapture.statements(of: app) {
                var answers: [SearchResultDTO] = []
                for query in queries {
                    let response = try await owner.send(
                        .GET,
                        "/api/v1/search?q=\(query.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")"
                    )
                    answers.append(try owner.decode(SearchResultDTO.self, response))
                }
                return answers
            }
            // The same pages as the owner-led indexes give, the owner bound.
            for (query, answer) in zip(queries, answers) {
                let store = WordStore(
                    db: app.db, userID: ownerID, days: DayFormatter(timeZone: .gmt), hooks: .none,
                    searches: app.db(PostgresSearchPool.id))
                let page = try await store.list(WordFilter(query: query), sort: .searchResults)
                #expect(!answer.items.isEmpty, "\(query) finds words")
                #expect(
                    answer.items.map(\.term) == page.items.map(\.term)
                        && answer.total == page.total,
                    "\(query): \(answer.items.map(\.term)) against \(page.items.map(\.term))")
            }
            // The statement that counts "study 11" through the trigram index
            // names the owner, and is planned on the owner's own index.
            let counting = try #require(
                statements.first { $0.contains("MATERIALIZED") && $0.contains("jamo_text LIKE") })
            #expect(counting.contains("w.user_id = '\(ownerID.uuidString.lowercased())'"))
            #expect(PostgresKeptStatements.namesAnOwner(counting))
            let plan = try await QueryPlanTests.plan(of: counting, on: app.db)
            #expect(
                plan.contains { $0.contains(indexes.indexName(of: .trigrams(of: "jamo_text"))) },
                "\(plan.joined(separator: "\n"))")
            // "look", in every word's meaning, passes the count's cap: its
            // page starts with the lines that start with it, read from the
            // owner's own heads index.
            let heads = try #require(
                statements.first { $0.contains("maeil_line_heads(w.jamo_text, 3) @>") })
            #expect(heads.contains("w.user_id = '\(ownerID.uuidString.lowercased())'"))
            let headsPlan = try await QueryPlanTests.plan(of: heads, on: app.db)
            #expect(
                headsPlan.contains { $0.contains(indexes.indexName(of: .heads(of: "jamo_text"))) },
                "\(headsPlan.joined(separator: "\n"))")

            // The other user's search binds its owner, as before.
            let (_, others) = try await SQLCapture.statements(of: app) {
                try await other.send(.GET, "/api/v1/search?q=study")
            }
            #expect(
                others.contains { $0.contains("LIKE") }
                    && !others.contains { $0.contains(PostgresKeptStatements.ownerNamed) })

            // Built again: nothing to do.
            try await app.db.withConnection { try await indexes.build(on: $0.sql()) }
            #expect(try await indexes.built(on: sql).count == OwnerSearchIndexes.kinds.count)

            let deleted = try await owner.send(
                .DELETE, "/api/v1/auth/me",
                json: AccountDeletionInput(password: "correct horse", confirm: username))
            #expect(deleted.status == .noContent, "\(deleted.body.string)")
            try await ChangeFeedTests.eventually("dropped after the account", seconds: 300) {
                (try? await indexes.built(on: sql).isEmpty) == true
            }
        }
    }

    /// A big owner without them (words from before these indexes, or from a
    /// portable backup) gets them when the server starts.
    @Test func theServerBuildsWhatABigOwnerLacksWhenItStarts() async throws {
        var settings = freshSettings()
        settings.ownerIndexWords = 1_000
        settings.ownerIndexInterval = .milliseconds(200)
        // The owner's words come through a server that never builds them.
        var before = settings
        before.ownerIndexWords = .max
        let owner = try await withMaeilApp(settings: before, dropAfter: false) {
            app -> UUID? in
            guard try app.db.sql().maeilDialect == .postgres else { return nil }
            let username = "bigowner\(Int.random(in: 1000...99_999))"
            let api = try await API.signUp(app, username)
            let book = try await api.createBook("Big")
            let csv = (0..<1_100).map { "word\($0),뜻 \($0)" }.joined(separator: "\n")
            try await api.importCSV("term,meaning\n" + csv, into: book.id)
            let owner = try #require(
                try await User.query(on: app.db).filter(\.$username == username).first()?.id)
            #expect(try await OwnerSearchIndexes(owner: owner).built(on: app.db.sql()).isEmpty)
            return owner
        }
        try await withMaeilApp(settings: settings) { app in
            guard let owner else { return }
            try await app.asyncBoot()
            let indexes = OwnerSearchIndexes(owner: owner)
            try await ChangeFeedTests.eventually("built at start", seconds: 300) {
                (try? await indexes.built(on: app.db.sql()).count) == OwnerSearchIndexes.kinds.count
            }
        }
    }

    /// A name for each index, within PostgreSQL's 63 characters.
    @Test func eachIndexHasANameOfItsOwn() {
        let owner = OwnerSearchIndexes(owner: UUID())
        let names = OwnerSearchIndexes.kinds.map(owner.indexName(of:))
        #expect(Set(names).count == 5 && names.allSatisfy { $0.count <= 63 })
        #expect(names.contains { $0.hasSuffix("_jamo_heads") })
    }
}
