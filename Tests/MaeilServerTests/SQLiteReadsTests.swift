import Foundation
import SQLKit
import Testing
import Vapor

@testable import MaeilServer

/// The inline reader answers what the pool would: the same values, converted
/// the same way, every committed write seen at once, and nothing written.
@Suite("SQLite's inline reads")
struct SQLiteReadsTests {
    @Test func readsConvertAsSQLiteKitAndSeeEveryCommittedWrite() async throws {
        try await withMaeilApp { app in
            // PostgreSQL answers on the event loop already: no inline reader.
            guard let reads = app.sqliteReads else { return }
            let inline = reads.database(logger: app.logger, on: app.eventLoopGroup.any())
            let pooled = try app.db.sql()
            try await pooled.raw(
                "CREATE TABLE probe (id UUID, name TEXT, nickname TEXT, n INTEGER, flag INTEGER, x REAL, at REAL, seen REAL, tags TEXT)"
            ).run()
            let id = UUID()
            let at = Date(timeIntervalSince1970: 1_795_479_837.923_94)
            try await pooled.raw(
                """
                INSERT INTO probe VALUES (\(bind: id), \(bind: "사과 🍎"), NULL, \(bind: 42), \(bind: true),
                  \(bind: 2.5), \(bind: at), NULL, \(bind: #"["a","b"]"#))
                """
            ).run()

            func row(_ db: any SQLDatabase) async throws -> any SQLRow {
                try #require(try await db.raw("SELECT * FROM probe WHERE id = \(bind: id)").first())
            }
            let fast = try await row(inline)
            let slow = try await row(pooled)
            try expectReadsAsTheDriver(fast, slow, id: id)
            #expect(try fast.decode(column: "tags", as: [String].self) == ["a", "b"])

            // The same statement again (prepared once), after a write on the pool.
            try await pooled.raw(
                "UPDATE probe SET n = 43, nickname = 'Apple' WHERE id = \(bind: id)"
            ).run()
            let again = try await row(inline)
            #expect(try again.decode(column: "n", as: Int.self) == 43)
            #expect(try again.decode(column: "nickname", as: String?.self) == "Apple")
            // Other binds, and none left over from the last run.
            #expect(
                try await inline.raw("SELECT * FROM probe WHERE id = \(bind: UUID())").all().isEmpty
            )

            // A join on ids with a new id each time keeps its plan (the casts
            // of `SQLiteReadDialect`), as a token lookup does on every request.
            for _ in 0..<20 {
                _ = try await inline.raw(
                    "SELECT p.name FROM probe p JOIN probe q ON q.id = p.id WHERE p.id = \(bind: UUID())"
                ).all()
            }
            #expect(reads.repreparations == 0)

            // A write is refused and changes nothing.
            await #expect(throws: SQLiteReadError.self) {
                try await inline.raw("DELETE FROM probe").run()
            }
            await #expect(throws: SQLiteReadError.self) {
                try await inline.raw("UPDATE probe SET n = 0").run()
            }
            await #expect(throws: SQLiteReadError.self) {
                try await inline.raw("SELECT 1; DELETE FROM probe").run()
            }
            #expect(
                try await pooled.raw("SELECT n FROM probe").first()?.decode(
                    column: "n", as: Int.self) == 43)
        }
    }

    /// Threads each keep their own connection; a statement cache that fills up
    /// starts again without mixing statements up.
    @Test func manyThreadsAndMoreStatementsThanTheCacheHolds() async throws {
        try await withMaeilApp { app in
            guard let reads = app.sqliteReads else { return }
            let pooled = try app.db.sql()
            try await pooled.raw("CREATE TABLE numbers (n INTEGER PRIMARY KEY, square INTEGER)")
                .run()
            try await pooled.raw(
                """
                WITH RECURSIVE s(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM s WHERE n < 400)
                INSERT INTO numbers SELECT n, n * n FROM s
                """
            ).run()
            let loops = Array(app.eventLoopGroup.makeIterator())
            let wrong = try await withThrowingTaskGroup(of: Int.self) { group in
                for n in 1...400 {
                    group.addTask {
                        let inline = reads.database(logger: app.logger, on: loops[n % loops.count])
                        // Distinct text per statement (a literal), as pages' LIMIT and OFFSET are.
                        let row = try await inline.raw(
                            "SELECT square, \(literal: n) AS asked FROM numbers WHERE n = \(bind: n)"
                        ).first()
                        let square = try row?.decode(column: "square", as: Int.self)
                        let asked = try row?.decode(column: "asked", as: Int.self)
                        return square == n * n && asked == n ? 0 : 1
                    }
                }
                return try await group.reduce(0, +)
            }
            #expect(wrong == 0)
        }
    }
}
