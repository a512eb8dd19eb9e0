import Fluent
import SQLKit
import Testing
import Vapor
import VocabCore

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

    /// The review queue's reads are kept prepared, those that bind a day
    /// among them: a day binds as text through PostgresNIO, where through
    /// PostgresKit its statements ran unprepared, parsed and planned anew.
    @Test func theReviewQueuesReadsAreKeptPrepared() async throws {
        try await withMaeilApp { app in
            let username = "kept\(Int.random(in: 1000...999_999))"
            let api = try await API.signUp(app, username)
            let book = try await api.createBook("Kept")
            _ = try await api.addWord(book.id, "lamp", "램프")
            let userID = try await app.userID(username)
            try await app.db.withConnection { connection in
                let reviews = ReviewService(
                    db: connection, userID: userID, days: DayFormatter(timeZone: .gmt))
                let queued = try await reviews.queue(bookID: nil).cards.map(\.word.term)
                #expect(queued.contains("lamp"), "queued: \(queued)")
                let kept = try await connection.sql().raw(
                    "SELECT statement FROM pg_prepared_statements WHERE name LIKE 'maeil\\_%'"
                ).all().map { try $0.decode(column: "statement", as: String.self) }
                for (read, start) in [
                    ("settings", "SELECT desired_retention"),
                    ("today's answers, bound to a day", "SELECT state_before, COUNT(*)"),
                    ("today's extras, bound to a day", "SELECT book_id, extra_new"),
                    ("the books' limits", "SELECT book_id, new_per_day"),
                    ("the cards", "SELECT w.id"),
                    ("the counts", "SELECT COUNT(*) AS n FROM (SELECT 1 FROM cards"),
                ] {
                    #expect(kept.contains { $0.hasPrefix(start) }, "\(read) kept prepared")
                }
            }
        }
    }
}
