import Fluent
import PostgresKit
import SQLKit

extension Database {
    /// The SQLKit view of a Fluent database; both our drivers provide one.
    /// PostgreSQL's reads its rows its own way (`PostgresRowsDatabase`).
    func sql() throws -> any SQLDatabase {
        guard let sql = self as? any SQLDatabase else {
            throw DatabaseSetupError.notSQL
        }
        return PostgresRowsDatabase.wrapping(sql)
    }
}

enum DatabaseSetupError: Error, CustomStringConvertible {
    case notSQL
    case badURL(String)
    case badSignupPolicy
    var description: String {
        switch self {
        case .notSQL: "the configured database does not speak SQL"
        case .badURL(let url): "DATABASE_URL is not a postgres:// or sqlite:// URL: \(url)"
        case .badSignupPolicy: "MAEIL_SIGNUP must be open, closed or invite"
        }
    }
}

extension SQLDatabase {
    /// Runs each statement in turn (a migration's triggers, tables and indexes).
    func run(_ statements: [String]) async throws {
        for statement in statements {
            try await raw(SQLQueryString(statement)).run()
        }
    }
}

extension Database {
    /// A transaction that writes. On SQLite its first statement takes the
    /// write lock, as `BEGIN IMMEDIATE` would (a write that changes nothing):
    /// begun with a read, a transaction reads a snapshot, and when another
    /// connection commits before its first write SQLite refuses that write
    /// (SQLITE_BUSY_SNAPSHOT), which no busy wait helps — four imports into
    /// one book beside 64 writers lost two of them as 503s. With the lock
    /// first, writers wait their turn, and in this process they queue for it
    /// (`SQLiteWriterTurns`). PostgreSQL needs nothing of the kind.
    func writeTransaction<T: Sendable>(
        _ body: @escaping @Sendable (any Database) async throws -> T
    ) async throws -> T {
        if !inTransaction, let turns = (configuration as? any TakesWriterTurns)?.writerTurns {
            return try await turns.inTurn(on: eventLoop) { try await lockedTransaction(body) }
        }
        return try await lockedTransaction(body)
    }

    private func lockedTransaction<T: Sendable>(
        _ body: @escaping @Sendable (any Database) async throws -> T
    ) async throws -> T {
        try await transactionUntilClosed { tx in
            let sql = try tx.sql()
            if sql.maeilDialect == .sqlite {
                try await sql.raw("UPDATE books SET revision = revision WHERE 0").run()
            }
            return try await body(tx)
        }
    }
}

extension Database {
    /// Fluent's `transaction`, with its BEGIN, COMMIT and ROLLBACK written
    /// through `sql()`, which on PostgreSQL writes each while the connection
    /// is open (`whileOpen`), as `PostgresTransactionDatabase` writes the
    /// body's statements. Fluent writes them as they come: after a
    /// statement failed because the connection was cut, its ROLLBACK went to
    /// the closed connection, where nobody answers it, and the request
    /// waited for good. The body's error is the one the caller hears, not
    /// the ROLLBACK's. Every transaction of ours begins here.
    func transactionUntilClosed<T: Sendable>(
        _ body: @escaping @Sendable (any Database) async throws -> T
    ) async throws -> T {
        guard !inTransaction, try sql().maeilDialect == .postgres else {
            return try await transaction(body)
        }
        return try await withConnection { fluent in
            guard let fluent = fluent as? any Database & SQLDatabase & PostgresDatabase else {
                throw DatabaseSetupError.notSQL
            }
            let connection = try await fluent.withConnection {
                (connection: PostgresConnection) in
                connection.eventLoop.makeSucceededFuture(connection)
            }.get()
            let tx = PostgresTransactionDatabase(fluent: fluent, connection: connection)
            let sql = try tx.sql()
            try await sql.raw("BEGIN").run()
            do {
                let result = try await body(tx)
                try await sql.raw("COMMIT").run()
                return result
            } catch {
                try? await sql.raw("ROLLBACK").run()
                throw error
            }
        }
    }
}

/// A store whose short, indexed reads may skip the pool: `reads` is the
/// request's inline reader (`Request.inlineReads`, SQLite only), nil on a
/// transaction so its reads see its own writes.
protocol ReadsInline {
    var db: any Database { get }
    var reads: (any SQLDatabase)? { get }
}

extension ReadsInline {
    /// The inline reader when there is one, else the store's database.
    func reader() throws -> any SQLDatabase { try reads ?? db.sql() }

    /// `reader()` with its statements kept prepared on PostgreSQL, for reads
    /// whose text and plan are the same for any user, day or bound (the
    /// review queue's): planned anew each time, a queue's twelve statements
    /// spent more time parsed and planned than run.
    func keptReader() throws -> any SQLDatabase { try reader().keepingStatementsPrepared() }
}
