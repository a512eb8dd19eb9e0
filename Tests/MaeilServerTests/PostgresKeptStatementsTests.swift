import Fluent
import SQLKit
import Testing
import Vapor

@testable import MaeilServer

@Suite(
    "Statements kept prepared on PostgreSQL", .enabled(if: TestDatabase.postgresURL != nil))
struct PostgresKeptStatementsTests {
    /// A kept statement is prepared on its connection once. When a migration
    /// later changes what it returns, PostgreSQL refuses the prepared one
    /// ("cached plan must not change result type") and PostgresNIO would
    /// give that answer for the connection's life: the read is run again
    /// unprepared, and stays so on that connection.
    @Test func aStatementThatFailsPreparedRunsAgainUnprepared() async throws {
        try await withMaeilApp { app in
            let api = try await API.signUp(app)
            let book = try await api.createBook("Kept")
            let word = try await api.addWord(book.id, "lamp", "램프")
            try await app.db.withConnection { connection in
                let sql = try connection.sql()
                let kept = sql.keepingStatementsPrepared()
                func meaning() async throws -> String? {
                    try await kept.raw("SELECT meaning FROM words WHERE id = \(bind: word.id)")
                        .first()?.decode(column: "meaning", as: String.self)
                }
                func prepared() async throws -> Int? {
                    try await sql.raw(
                        """
                        SELECT COUNT(*) AS n FROM pg_prepared_statements
                        WHERE name LIKE 'maeil\\_%' AND statement LIKE 'SELECT meaning FROM words%'
                        """
                    ).first()?.decode(column: "n", as: Int.self)
                }
                #expect(try await meaning() == "램프")
                #expect(try await meaning() == "램프")
                #expect(try await prepared() == 1, "prepared once on this connection")
                try await sql.raw("ALTER TABLE words ALTER COLUMN meaning TYPE varchar(4000)").run()
                #expect(try await meaning() == "램프", "run again unprepared")
                #expect(try await meaning() == "램프", "and unprepared from then on")
            }
        }
    }
}
