import Foundation
import Logging
import NIOCore
import PostgresKit
import SQLKit

/// PostgreSQL through SQLKit, its rows read without PostgresKit's generic decoder.
///
/// PostgresKit reads every column of every row through one generic path: a
/// coding key made by string interpolation, a dynamic cast to
/// `PostgresDecodable`, then the cell. Profiled on a 50-word JSON page made
/// anew (EDICT book, `wrk -c32`), that was a third of the server's time. Here
/// a statement runs on PostgresNIO as PostgresKit runs it, and its rows
/// (`PostgresReadRow`) read the types pages read most straight from the cell.
/// Values are bound as PostgresKit binds them where PostgresNIO binds them
/// itself (text, numbers, ids, dates); a statement with any other value (an
/// optional, say), like any other type read from a row, goes through PostgresKit.
struct PostgresRowsDatabase: SQLDatabase {
    /// PostgresKit's database, which is also PostgresNIO's.
    let base: any SQLDatabase
    let postgres: any PostgresDatabase
    /// Whether statements run prepared (`keepingStatementsPrepared`).
    var keepsStatementsPrepared = false

    /// `database` read this way when it is PostgreSQL's; else as it is.
    static func wrapping(_ database: any SQLDatabase) -> any SQLDatabase {
        guard let postgres = database as? any PostgresDatabase else { return database }
        return PostgresRowsDatabase(base: database, postgres: postgres)
    }

    var logger: Logger { base.logger }
    var eventLoop: any EventLoop { base.eventLoop }
    var version: (any SQLDatabaseReportedVersion)? { base.version }
    var dialect: any SQLDialect { base.dialect }
    var queryLogLevel: Logger.Level? { base.queryLogLevel }

    func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> Void)
        -> EventLoopFuture<Void>
    {
        let (sql, binds) = serialize(query)
        log(sql, binds)
        guard let bindings = Self.bindings(binds) else { return boundByPostgresKit(query, onRow) }
        let places = PostgresReadRow.ColumnPlaces()
        let read: @Sendable (PostgresRow) -> Void = {
            onRow(PostgresReadRow($0, places: places.of($0)))
        }
        return postgres.withConnection { [keepsStatementsPrepared] connection in
            keepsStatementsPrepared
                ? PostgresKeptStatements.run(sql, bindings, on: connection, onRow: read)
                : Self.query(sql, bindings, on: connection, onRow: read)
        }
    }

    /// `sql` run as PostgresKit runs a statement: parsed and planned for this
    /// run alone; failed, not left waiting, on a closed connection (`whileOpen`).
    static func query(
        _ sql: String, _ bindings: PostgresBindings, on connection: PostgresConnection,
        onRow: @escaping @Sendable (PostgresRow) -> Void
    ) -> EventLoopFuture<Void> {
        connection.whileOpen {
            connection.query(
                PostgresQuery(unsafeSQL: sql, binds: bindings), logger: connection.logger, onRow
            ).map { _ in }
        }
    }

    /// A statement with a value PostgresNIO does not bind itself, bound and
    /// run by PostgresKit on this statement's connection while it is open.
    /// (PostgresKit's own database writes it wherever it is called from: in
    /// a transaction, off the connection's event loop.)
    private func boundByPostgresKit(
        _ query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> Void
    ) -> EventLoopFuture<Void> {
        postgres.withConnection { connection in
            connection.whileOpen {
                connection.sql(queryLogLevel: nil).execute(sql: query, onRow)
            }
        }
    }

    func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> Void)
        async throws
    {
        try await execute(sql: query, onRow).get()
    }

    func withSession<R>(_ closure: @escaping @Sendable (any SQLDatabase) async throws -> R)
        async throws -> R
    {
        try await base.withSession { try await closure(Self.wrapping($0)) }
    }

    /// The values as PostgresKit binds them (by their own `PostgresEncodable`
    /// conformance); nil when one has none (an optional, say).
    private static func bindings(_ binds: [any Encodable & Sendable]) -> PostgresBindings? {
        var bindings = PostgresBindings(capacity: binds.count)
        for bind in binds {
            guard let value = bind as? any PostgresThrowingDynamicTypeEncodable,
                (try? bindings.append(value, context: .default)) != nil
            else { return nil }
        }
        return bindings
    }

    private func log(_ sql: String, _ binds: [any Encodable & Sendable]) {
        guard let level = queryLogLevel else { return }
        logger.log(
            level: level, "Executing query",
            metadata: ["sql": .string(sql), "binds": .array(binds.map { .string("\($0)") })])
    }
}

/// A PostgreSQL row for SQLKit (see `PostgresRowsDatabase`): the common types
/// are read from the cell directly, any other through PostgresKit's row.
struct PostgresReadRow: SQLRow {
    let row: PostgresRow
    private let cells: PostgresRandomAccessRow
    /// Each column's place, made once per statement (`ColumnPlaces`).
    private let places: [String: Int]

    init(_ row: PostgresRow, places: [String: Int]) {
        self.row = row
        self.places = places
        cells = row.makeRandomAccess()
    }

    /// The places of a statement's columns, made from its first row and
    /// handed to the rest (PostgresNIO calls back a statement's rows one
    /// after another on its connection's event loop). The last of two
    /// equal names wins, as in PostgresNIO's own lookup.
    final class ColumnPlaces: @unchecked Sendable {
        private var made: [String: Int]?

        func of(_ row: PostgresRow) -> [String: Int] {
            if let made { return made }
            var places: [String: Int] = [:]
            for (place, cell) in row.enumerated() { places[cell.columnName] = place }
            made = places
            return places
        }
    }

    var allColumns: [String] { cells.map(\.columnName) }

    func contains(column: String) -> Bool { places[column] != nil }

    func decodeNil(column: String) throws -> Bool {
        guard let place = places[column] else { return true }
        return cells[place].bytes == nil
    }

    func decode<D: Decodable>(column: String, as type: D.Type) throws -> D {
        guard let place = places[column] else {
            return try row.sql().decode(column: column, as: D.self)
        }
        let cell = cells[place]
        // Each cast is guarded by the types being the same (as `SQLiteReadRow`
        // does). PostgresKit reads a string of a type the database defines (an
        // enum) by its name; that stays with it.
        switch ObjectIdentifier(D.self) {
        case RowValueTypes.string where !cell.dataType.isUserDefined:
            return try Self.read(cell, String.self)
        case RowValueTypes.optionalString where !cell.dataType.isUserDefined:
            return try Self.readOptional(cell, String.self)
        case RowValueTypes.storedUUID: return try Self.read(cell, StoredUUID.self)
        case RowValueTypes.uuid: return try Self.read(cell, UUID.self)
        case RowValueTypes.optionalUUID: return try Self.readOptional(cell, UUID.self)
        case RowValueTypes.int: return try Self.read(cell, Int.self)
        case RowValueTypes.optionalInt: return try Self.readOptional(cell, Int.self)
        case RowValueTypes.double: return try Self.read(cell, Double.self)
        case RowValueTypes.optionalDouble: return try Self.readOptional(cell, Double.self)
        case RowValueTypes.bool: return try Self.read(cell, Bool.self)
        case RowValueTypes.date: return try Self.read(cell, Date.self)
        case RowValueTypes.optionalDate: return try Self.readOptional(cell, Date.self)
        default:
            return try row.sql().decode(column: column, as: D.self)
        }
    }

    /// The cell as `D`, which is `T` (the caller compared them).
    @inline(__always)
    private static func read<T: PostgresDecodable, D>(_ cell: PostgresCell, _: T.Type) throws -> D {
        unsafeBitCast(try value(cell, as: T.self), to: D.self)
    }

    /// The cell as `D`, which is `T?`.
    @inline(__always)
    private static func readOptional<T: PostgresDecodable, D>(_ cell: PostgresCell, _: T.Type)
        throws -> D
    {
        unsafeBitCast(try optional(cell, as: T.self), to: D.self)
    }

    /// The cell read by the type's own (inlinable) initializer, inlined here
    /// for each type: `PostgresCell.decode` reaches it generically, looking
    /// its types' metadata up for every cell. A NULL, or a value that does not
    /// read as the type, goes through `decode` for its error.
    @inline(__always)
    private static func value<T: PostgresDecodable>(_ cell: PostgresCell, as _: T.Type) throws -> T
    {
        guard var bytes = cell.bytes,
            let value = try? T(
                from: &bytes, type: cell.dataType, format: cell.format, context: .default)
        else { return try cell.decode(T.self) }
        return value
    }

    @inline(__always)
    private static func optional<T: PostgresDecodable>(_ cell: PostgresCell, as _: T.Type) throws
        -> T?
    {
        cell.bytes == nil ? nil : try value(cell, as: T.self)
    }
}

/// The value types rows are read as most, by identity: compared once per
/// column read (writing `String?.self` in the comparison looked its metadata
/// up on every call, a tenth of a word page).
enum RowValueTypes {
    static let string = ObjectIdentifier(String.self)
    static let optionalString = ObjectIdentifier(String?.self)
    static let int = ObjectIdentifier(Int.self)
    static let optionalInt = ObjectIdentifier(Int?.self)
    static let double = ObjectIdentifier(Double.self)
    static let optionalDouble = ObjectIdentifier(Double?.self)
    static let bool = ObjectIdentifier(Bool.self)
    static let uuid = ObjectIdentifier(UUID.self)
    static let optionalUUID = ObjectIdentifier(UUID?.self)
    static let storedUUID = ObjectIdentifier(StoredUUID.self)
    static let date = ObjectIdentifier(Date.self)
    static let optionalDate = ObjectIdentifier(Date?.self)
}
