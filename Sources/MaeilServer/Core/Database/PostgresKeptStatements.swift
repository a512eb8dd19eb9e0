import NIOConcurrencyHelpers
import NIOCore
import PostgresNIO
import SQLKit

extension SQLDatabase {
    /// This database with its statements kept prepared on each PostgreSQL
    /// connection (`PostgresKeptStatements`); any other database as it is.
    /// For reads whose plan does not depend on the values bound (rows by
    /// id): PostgreSQL plans a kept statement once for any values.
    func keepingStatementsPrepared() -> any SQLDatabase {
        guard var postgres = self as? PostgresRowsDatabase else { return self }
        postgres.keepsStatementsPrepared = true
        return postgres
    }
}

/// PostgreSQL: statements prepared once per connection and then only run.
/// A word page made anew spent 0.15 ms of the server's time parsing its one
/// statement and 0.2 ms planning it, against 0.2–0.5 ms running it.
///
/// PostgresNIO names a prepared statement by its type; here one type stands
/// for every statement, its name and text set for the call (`current`),
/// which PostgresNIO reads as the call starts. PostgresNIO also remembers a
/// preparation that failed for the rest of the connection's life (in an
/// aborted transaction, say), so a statement that fails prepared is run
/// again unprepared, and on that connection from then on.
enum PostgresKeptStatements {
    /// Runs `sql` with `bindings` on `connection`, prepared, handing each row
    /// to `onRow` once all of them have come.
    static func run(
        _ sql: String, _ bindings: PostgresBindings, on connection: PostgresConnection,
        onRow: @escaping @Sendable (PostgresRow) -> Void
    ) -> EventLoopFuture<Void> {
        guard let name = name(of: sql),
            !unpreparable.withLockedValue({
                $0.contains(Use(connection: connection.id, name: name))
            })
        else { return PostgresRowsDatabase.query(sql, bindings, on: connection, onRow: onRow) }
        // A closed connection fails the statement rather than leaving it
        // unanswered (`whileOpen`).
        return connection.runWhileOpen {
            let rows: [PostgresRow]
            do {
                rows = try await KeptStatement.$current.withValue(.init(name: name, sql: sql)) {
                    var rows: [PostgresRow] = []
                    for try await row in try await connection.execute(
                        KeptStatement(bindings: bindings), logger: connection.logger)
                    {
                        rows.append(row)
                    }
                    return rows
                }
            } catch {
                // A lost connection is no reason to stop preparing the statement.
                guard !connection.isClosed else { throw error }
                // Its rows are handed on only when all have come, so the
                // statement runs again from a clean start.
                _ = unpreparable.withLockedValue {
                    $0.insert(Use(connection: connection.id, name: name))
                }
                try await PostgresRowsDatabase.query(sql, bindings, on: connection, onRow: onRow)
                    .get()
                return
            }
            rows.forEach(onRow)
        }
    }

    /// The statement's name, "maeil_" and its number in the order the
    /// statements were first kept; nil past `limit` statements, which then run
    /// unprepared (each kept statement holds memory on every connection).
    /// The review queue's reads alone come in some sixty shapes at most (a
    /// state, a scope, bookmarked words or not), so the word pages and the
    /// queue fit in `limit` side by side.
    /// Statements that name their owner (`namesAnOwner`) have a budget of
    /// their own, `ownersLimit`: a few big owners' searches must not take
    /// the places of the statements every user runs.
    private static func name(of sql: String) -> String? {
        kept.withLockedValue { kept in
            if let name = kept.names[sql] { return name }
            let owners = namesAnOwner(sql)
            guard owners ? kept.ownersCount < ownersLimit : kept.count < limit else { return nil }
            if owners { kept.ownersCount += 1 } else { kept.count += 1 }
            let name = "maeil_\(kept.names.count + 1)"
            kept.names[sql] = name
            return name
        }
    }

    static let limit = 128
    static let ownersLimit = 256
    private static let kept = NIOLockedValueBox(
        (names: [String: String](), count: 0, ownersCount: 0))

    /// A statement that names the owner of the words it reads as a constant,
    /// `w.user_id = '<id>'` (a big owner's search, `OwnerSearchIndexes`).
    static let ownerNamed = "w.user_id = '"

    static func namesAnOwner(_ sql: String) -> Bool { sql.contains(ownerNamed) }

    /// A statement on a connection (connection ids are never reused in a process).
    private struct Use: Hashable {
        var connection: PostgresConnection.ID
        var name: String
    }
    private static let unpreparable = NIOLockedValueBox<Set<Use>>([])

    /// Every kept statement, its name and text read from `current`.
    private struct KeptStatement: PostgresPreparedStatement {
        struct Text: Sendable {
            var name: String
            var sql: String
        }
        @TaskLocal static var current = Text(name: "", sql: "")
        static var name: String { current.name }
        static var sql: String { current.sql }

        let bindings: PostgresBindings
        func makeBindings() -> PostgresBindings { bindings }
        func decodeRow(_ row: PostgresRow) -> PostgresRow { row }
    }
}

extension SQLDatabase {
    /// `LIMIT rows` for a statement kept prepared: bound on PostgreSQL, so
    /// one statement and plan serve every bound (written in, each bound would
    /// be a statement of its own); written in on SQLite, whose planner weighs
    /// a constant LIMIT when it picks an order.
    func keptLimit(_ rows: Int) -> SQLQueryString {
        maeilDialect == .postgres ? "LIMIT \(bind: rows)" : "LIMIT \(literal: rows)"
    }
}
