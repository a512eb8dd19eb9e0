import FluentKit
import Foundation
import MaeilAPI
import SQLKit
import Testing
import Vapor
import VaporTesting

@testable import MaeilServer

/// On SQLite each user's words take search ids from the user's own range
/// (`SearchIndex.searchIDs(of:)`), so a search reads only that part of the
/// shared FTS5 table; the migration moves older ids into the ranges.
@Suite("Search id ranges")
struct SearchIDRangeTests {
    /// Two users, each with words added one at a time and by an import.
    private func twoUsersWithWords(_ app: Application) async throws -> [API] {
        var users: [API] = []
        for _ in 0..<2 {
            let api = try await API.signUp(app)
            let book = try await api.createBook("Words").id
            _ = try await api.addWord(book, "water", "물")
            let rows = (1...300).map { "waterfall\($0),폭포" }
            let imported = try await api.send(
                .POST, "/api/v1/books/\(book)/import?format=csv&header=false",
                raw: Data(rows.joined(separator: "\n").utf8))
            #expect(imported.status == .ok, "\(imported.body.string)")
            _ = try await api.addWord(book, "watermelon", "수박")
            users.append(api)
        }
        return users
    }

    private func searchIDs(_ app: Application) async throws -> [(user: UUID, id: Int64)] {
        try await app.db.sql().raw("SELECT user_id, search_id FROM words").all().map {
            (
                try $0.decode(column: "user_id", as: StoredUUID.self).value,
                try $0.decode(column: "search_id", as: Int64.self)
            )
        }
    }

    /// Each user finds their own 302 words with "water", and only those.
    private func expectOwnMatches(_ users: [API]) async throws {
        for api in users {
            let response = try await api.send(.GET, "/api/v1/search?q=water&perPage=5")
            #expect(response.status == .ok, "\(response.body.string)")
            #expect(try api.decode(SearchResultDTO.self, response).total == 302)
        }
    }

    @Test func eachUsersWordsTakeIdsFromTheirOwnRange() async throws {
        try await withMaeilApp { app in
            let users = try await twoUsersWithWords(app)
            let ids = try await searchIDs(app)
            #expect(ids.count == 604)
            #expect(Set(ids.map(\.id)).count == ids.count, "every search id once")
            if try app.db.sql().maeilDialect == .sqlite {
                for (user, id) in ids {
                    #expect(SearchIndex.searchIDs(of: user).contains(id), "\(id)")
                }
            }
            try await expectOwnMatches(users)
        }
    }

    @Test func theMigrationMovesOlderIdsIntoRanges() async throws {
        try await withMaeilApp { app in
            let sql = try app.db.sql()
            guard sql.maeilDialect == .sqlite else { return }
            let users = try await twoUsersWithWords(app)
            // Ids as they were before the ranges: derived from each word's id.
            for row in try await sql.raw("SELECT id FROM words").all() {
                let id = try row.decode(column: "id", as: StoredUUID.self).value
                try await sql.raw(
                    "UPDATE words SET search_id = \(bind: SearchIndex.searchID(id)) WHERE id = \(bind: id)"
                ).run()
            }
            try await PartitionSearchIDsByUser().prepare(on: app.db)
            let ids = try await searchIDs(app)
            #expect(Set(ids.map(\.id)).count == ids.count)
            for (user, id) in ids { #expect(SearchIndex.searchIDs(of: user).contains(id)) }
            try await expectOwnMatches(users)
        }
    }

    /// A user who shares a range with another (their ids agree in the first
    /// 23 bits) counts the matches through `words`, and so counts only their
    /// own; a user alone in a range counts them from the index alone. Both
    /// give the same totals as a search inside their book.
    @Test func aSharedRangeCountsOnlyTheUsersOwnMatches() async throws {
        try await withMaeilApp { app in
            let sql = try app.db.sql()
            guard sql.maeilDialect == .sqlite else { return }
            let alone = try await API.signUp(app)
            let first = try await API.signUp(app)
            let second = try await API.signUp(app)
            func id(of api: API) async throws -> UUID {
                try api.decode(UserDTO.self, try await api.send(.GET, "/api/v1/auth/me")).id
            }
            // The second user takes an id in the first's range: the same five hex
            // digits, the other half of the sixth.
            let firstID = try await id(of: first)
            var twin = Array(try await id(of: second).uuidString)
            let head = Array(firstID.uuidString)
            twin.replaceSubrange(0..<5, with: head[0..<5])
            twin[5] = Array("0123456789ABCDEF")[head[5].hexDigitValue! ^ 1]
            let twinID = try #require(UUID(uuidString: String(twin)))
            try await renameUser(try await id(of: second), to: twinID, on: app.db)
            #expect(SearchIndex.searchIDs(of: twinID) == SearchIndex.searchIDs(of: firstID))

            // More matches than the typo pass looks past (`WordStore.fuzzyThreshold`).
            for (api, count) in [(alone, 40), (first, 30), (second, 20)] {
                let book = try await api.createBook("Water").id
                let rows = (0..<count).map { "water\($0),물" }.joined(separator: "\n")
                let imported = try await api.send(
                    .POST, "/api/v1/books/\(book)/import?format=csv&header=false",
                    raw: Data(rows.utf8))
                #expect(imported.status == .ok, "\(imported.body.string)")
                let everywhere = try api.decode(
                    SearchResultDTO.self,
                    try await api.send(.GET, "/api/v1/search?q=water&perPage=100"))
                #expect(everywhere.total == count)
                #expect(everywhere.items.count == count)
                let inBook = try api.decode(
                    WordPageDTO.self,
                    try await api.send(.GET, "/api/v1/books/\(book)/words?q=water"))
                #expect(inBook.total == count)
            }
            #expect(try await SearchIndex.ownsItsRange(try await id(of: alone), on: sql))
            #expect(try await !SearchIndex.ownsItsRange(firstID, on: sql))
            #expect(try await !SearchIndex.ownsItsRange(twinID, on: sql))
        }
    }

    /// The index from a search id to its word is SQLite's (FTS5 rowids):
    /// PostgreSQL never reads it, and drops it (`DropUnreadSearchIDIndex`).
    @Test func onlySQLiteKeepsTheSearchIDIndex() async throws {
        try await withMaeilApp { app in
            let sql = try app.db.sql()
            let postgres = sql.maeilDialect == .postgres
            func indexed() async throws -> Bool {
                let listed: SQLQueryString =
                    postgres
                    ? """
                    SELECT count(*) AS n FROM pg_indexes
                    WHERE schemaname = current_schema() AND indexname = 'words_search_id'
                    """
                    : "SELECT count(*) AS n FROM sqlite_master WHERE name = 'words_search_id'"
                return try await sql.raw(listed).first()?.decode(column: "n", as: Int.self) == 1
            }
            #expect(try await indexed() == !postgres)
            guard postgres else { return }
            try await DropUnreadSearchIDIndex().revert(on: app.db)
            #expect(try await indexed())
            try await DropUnreadSearchIDIndex().prepare(on: app.db)
            #expect(!(try await indexed()))
        }
    }

    /// Gives a user another id, in every table that names users by it.
    private func renameUser(_ old: UUID, to new: UUID, on db: any Database) async throws {
        try await db.transaction { tx in
            let sql = try tx.sql()
            try await sql.raw("PRAGMA defer_foreign_keys = ON").run()
            let tables = try await sql.raw(
                """
                SELECT m.name FROM sqlite_master m JOIN pragma_table_info(m.name) p
                WHERE m.type = 'table' AND p.name = 'user_id'
                """
            ).all().map { try $0.decode(column: "name", as: String.self) }
            for table in tables {
                try await sql.raw(
                    "UPDATE \(ident: table) SET user_id = \(bind: new) WHERE user_id = \(bind: old)"
                ).run()
            }
            try await sql.raw("UPDATE users SET id = \(bind: new) WHERE id = \(bind: old)").run()
        }
    }
}
