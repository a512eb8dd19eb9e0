import FluentKit
import Logging
import NIOCore
import PostgresKit
import SQLKit

/// Fluent's database for a PostgreSQL transaction's connection, each of its
/// statements written while the connection is open (`whileOpen`). Fluent
/// writes a model's statement (a book found, a user saved) from wherever it
/// is called, and in a transaction that is off the connection's event loop:
/// once the connection has been cut, between two statements of the
/// transaction say, nobody answers it and the request waits for good.
/// SQLKit's statements (`sql()`) already go through `whileOpen`.
struct PostgresTransactionDatabase: Database, SQLDatabase, PostgresDatabase {
    /// Fluent's database for the connection (`Database.withConnection`'s).
    let fluent: any Database & SQLDatabase & PostgresDatabase
    let connection: PostgresConnection

    // Fluent
    var context: DatabaseContext { fluent.context }
    var inTransaction: Bool { true }

    func execute(query: DatabaseQuery, onOutput: @escaping @Sendable (any DatabaseOutput) -> Void)
        -> EventLoopFuture<Void>
    {
        connection.whileOpen { [fluent] in fluent.execute(query: query, onOutput: onOutput) }
    }

    func execute(schema: DatabaseSchema) -> EventLoopFuture<Void> {
        connection.whileOpen { [fluent] in fluent.execute(schema: schema) }
    }

    func execute(enum: DatabaseEnum) -> EventLoopFuture<Void> {
        connection.whileOpen { [fluent] in fluent.execute(enum: `enum`) }
    }

    /// Already in one.
    func transaction<T>(_ closure: @escaping @Sendable (any Database) -> EventLoopFuture<T>)
        -> EventLoopFuture<T>
    {
        closure(self)
    }

    func withConnection<T>(_ closure: @escaping @Sendable (any Database) -> EventLoopFuture<T>)
        -> EventLoopFuture<T>
    {
        closure(self)
    }

    // SQLKit
    var logger: Logger { fluent.logger }
    var eventLoop: any EventLoop { connection.eventLoop }
    var version: (any SQLDatabaseReportedVersion)? { fluent.version }
    var dialect: any SQLDialect { fluent.dialect }
    var queryLogLevel: Logger.Level? { fluent.queryLogLevel }

    func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> Void)
        -> EventLoopFuture<Void>
    {
        connection.whileOpen { [fluent] in fluent.execute(sql: query, onRow) }
    }

    func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> Void)
        async throws
    {
        try await execute(sql: query, onRow).get()
    }

    func withSession<R>(_ closure: @escaping @Sendable (any SQLDatabase) async throws -> R)
        async throws -> R
    {
        try await closure(self)
    }

    // PostgresNIO
    func send(_ request: any PostgresRequest, logger: Logger) -> EventLoopFuture<Void> {
        // PostgresNIO's old requests are not marked Sendable; this one is
        // handed to the connection's event loop and used there alone.
        nonisolated(unsafe) let request = request
        return connection.whileOpen { [connection] in connection.send(request, logger: logger) }
    }

    func withConnection<T>(_ closure: @escaping (PostgresConnection) -> EventLoopFuture<T>)
        -> EventLoopFuture<T>
    {
        closure(connection)
    }
}
