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
}
