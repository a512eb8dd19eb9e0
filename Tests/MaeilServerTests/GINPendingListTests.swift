import Fluent
import Foundation
import MaeilAPI
import SQLKit
import Testing
import Vapor
import VocabCore

@testable import MaeilServer

/// PostgreSQL: the GIN indexes of `words` keep short pending lists
/// (`GINPendingList`), which every search reads whole: words added one by
/// one are merged every 128 kB, and a large import's are merged when it ends.
@Suite("PostgreSQL's GIN pending lists")
struct GINPendingListTests {
    @Test func wordsAddedOneByOneKeepEveryPendingListShort() async throws {
        try await withMaeilApp { app in
            guard try app.db.sql().maeilDialect == .postgres else { return }
            let sql = try app.db.sql()
            let limit = try await sql.raw("SHOW gin_pending_list_limit").first()?.decode(
                column: "gin_pending_list_limit", as: String.self)
            #expect(limit == "128kB")
            try await Self.enableIndexStatistics(on: app.db)

            let api = try await API.signUp(app)
            let book = try await api.createBook("Verbs")
            // 250 of them leave 26 pages in each trigram index of the key
            // columns when nothing merges its list before 4 MB.
            for n in 0..<250 {
                _ = try await api.addWord(
                    book.id, "word\(n) to look over", "살펴보다 \(n), 검토하다, to examine closely")
            }
            let pending = try await Self.pendingPages(on: sql)
            #expect(pending.count == 5, "the GIN indexes of words: \(pending)")
            // 128 kB is 16 pages; the insert that passes it merges them.
            for (index, pages) in pending { #expect(pages <= 17, "\(index): \(pages) pages") }

            let drafts = (0..<WordStore.largeImport).map {
                WordDraft(term: "term\($0) imported", meaning: "가져온 뜻 \($0), brought in")
            }
            let imported = try await api.send(
                .POST, "/api/v1/books/\(book.id)/import?format=json",
                raw: try BookArchiveCodec.encode(
                    BookArchive(name: "Verbs", description: "", words: drafts)))
            #expect(imported.status == .ok, "\(imported.body.string)")
            for (index, pages) in try await Self.pendingPages(on: sql) {
                #expect(pages == 0, "a large import's entries are merged when it ends: \(index)")
            }
            let found = try api.decode(
                SearchResultDTO.self, try await api.send(.GET, "/api/v1/search?q=term999"))
            #expect(found.items.map(\.term) == ["term999 imported"])
        }
    }

    /// `pgstattuple` (in PostgreSQL's contrib), created once for the test
    /// schemas' shared database: tests run side by side.
    static func enableIndexStatistics(on db: any Database) async throws {
        try await db.transaction { tx in
            let sql = try tx.sql()
            try await sql.raw("SELECT pg_advisory_xact_lock(hashtext('maeil pgstattuple'))").run()
            try await sql.raw("CREATE EXTENSION IF NOT EXISTS pgstattuple SCHEMA public").run()
        }
    }

    /// The pages of each GIN index of `words` that wait to be merged.
    static func pendingPages(on sql: any SQLDatabase) async throws -> [(String, Int)] {
        try await sql.raw(
            """
            SELECT c.relname AS name, (public.pgstatginindex(c.oid)).pending_pages AS pages
            FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
            JOIN pg_am a ON a.oid = c.relam
            WHERE i.indrelid = 'words'::regclass AND a.amname = 'gin' ORDER BY c.relname
            """
        ).all().map { row in
            (
                try row.decode(column: "name", as: String.self),
                try row.decode(column: "pages", as: Int.self)
            )
        }
    }
}
