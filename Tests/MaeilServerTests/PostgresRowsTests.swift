import Foundation
import PostgresKit
import SQLKit
import Testing
import Vapor

@testable import MaeilServer

/// On PostgreSQL, `Database.sql()` reads rows straight from PostgresNIO
/// (`PostgresRowsDatabase`): every value must come out as PostgresKit's own
/// rows give it, and statements must bind as PostgresKit binds.
@Suite("PostgreSQL's rows")
struct PostgresRowsTests {
    @Test func rowsReadAsPostgresKitsAndBindTheSame() async throws {
        try await withMaeilApp { app in
            let sql = try app.db.sql()
            guard let fast = sql as? PostgresRowsDatabase else {
                #expect(sql.maeilDialect == .sqlite, "PostgreSQL reads its own rows")
                return
            }
            let kit = fast.base
            try await sql.run([
                "CREATE TYPE probe_mood AS ENUM ('calm', 'glad')",
                """
                CREATE TABLE probe (id UUID, name TEXT, nickname TEXT, n BIGINT, flag BOOLEAN,
                  x DOUBLE PRECISION, at TIMESTAMPTZ, seen TIMESTAMPTZ, tags TEXT, mood probe_mood,
                  names TEXT[])
                """,
            ])
            let id = UUID()
            let at = Date(timeIntervalSince1970: 1_795_479_837.923_94)
            try await sql.raw(
                """
                INSERT INTO probe VALUES (\(bind: id), \(bind: "사과 🍎"), NULL, \(bind: 42), \(bind: true),
                  \(bind: 2.5), \(bind: at), NULL, \(bind: #"["a","b"]"#), 'glad', \(bind: ["x", "y"]))
                """
            ).run()

            func row(_ db: any SQLDatabase) async throws -> any SQLRow {
                try #require(try await db.raw("SELECT * FROM probe WHERE id = \(bind: id)").first())
            }
            let mine = try await row(sql)
            let theirs = try await row(kit)
            #expect(mine is PostgresReadRow, "read by the fast rows")
            try expectReadsAsTheDriver(mine, theirs, id: id)
            #expect(try mine.decodeNil(column: "missing"))
            #expect(try mine.decode(column: "seen", as: Int?.self) == nil)
            #expect(try mine.decode(column: "n", as: Int64.self) == 42, "through PostgresKit")
            #expect(try mine.decode(column: "mood", as: String.self) == "glad")
            #expect(try mine.decode(column: "names", as: [String].self) == ["x", "y"])
            #expect(throws: (any Error).self) {
                try mine.decode(column: "nickname", as: String.self)
            }

            // Two columns of one name: the same one as PostgresKit's.
            let twice: SQLQueryString = "SELECT 1 AS a, 2 AS a FROM generate_series(1, 3)"
            for (mine, theirs) in zip(
                try await sql.raw(twice).all(), try await kit.raw(twice).all())
            {
                #expect(
                    try mine.decode(column: "a", as: Int.self)
                        == theirs.decode(column: "a", as: Int.self))
            }

            // A value PostgresNIO does not bind itself (an optional) goes
            // through PostgresKit; so does an array, and both find the row.
            let nothing: String? = nil
            let found = try await sql.raw(
                """
                SELECT n FROM probe WHERE (nickname IS NOT DISTINCT FROM \(bind: nothing))
                AND id = ANY(\(bind: [id, UUID()]))
                """
            ).first()
            #expect(try found?.decode(column: "n", as: Int.self) == 42)

            // Writes, in a transaction that rolls back, and errors as PostgresKit's.
            await #expect(throws: (any Error).self) {
                try await app.db.transaction { tx in
                    try await tx.sql().raw("UPDATE probe SET n = 7 WHERE id = \(bind: id)").run()
                    try await tx.sql().raw("SELECT no_such_column FROM probe").run()
                }
            }
            #expect(try await row(sql).decode(column: "n", as: Int.self) == 42)
            try await sql.run(["DROP TABLE probe", "DROP TYPE probe_mood"])
        }
    }
}
