import Foundation
import Logging
import NIOConcurrencyHelpers
import NIOCore
import SQLKit
import SQLiteKit
import Vapor
import VaporCSQLite

/// Short indexed reads on SQLite, run where the request runs.
///
/// SQLiteNIO hands every statement to its thread pool and the answer back to
/// the event loop: two thread switches and a fresh `sqlite3_prepare` for a
/// read that takes SQLite microseconds. Profiled on a 50-word JSON page, the
/// hand-offs, the preparing and SQLiteKit's generic row decoder were half the
/// request's time. Here each thread keeps its own read-only connection to the
/// same file (WAL: readers never wait for the writer) with its prepared
/// statements, and a statement runs to its end on the calling thread.
///
/// Only for reads bounded by their index — a token, a book's counts, a page
/// of words by key, a search's count (it stops at 1,000 matches) and a page
/// ranked from those or from the lines that start with the query, a review
/// queue's cards and its counts (capped by today's limits) — since the
/// calling thread is an event loop's: ranking every match of a broad query,
/// and the typo pass, which may test thousands of candidates, stay on the pool.
/// On a search the hand-offs and re-preparing were a third of the request
/// (EDICT's "eat": 6.6 → 4.1 ms). Writes and reads inside a transaction go
/// through Fluent's connection (a statement that would write is refused here).
final class SQLiteReads: Sendable {
    let path: String
    private let cacheKibibytes: Int?
    private let connections = NIOLockedValueBox<[UInt: ReadConnection]>([:])

    init(path: String, cacheMegabytes: Int?) {
        self.path = path
        self.cacheKibibytes = cacheMegabytes.map { $0 * 1024 }
    }

    /// An `SQLDatabase` whose statements run on this reader.
    func database(logger: Logger, on eventLoop: any EventLoop) -> any SQLDatabase {
        SQLiteReadDatabase(reads: self, logger: logger, eventLoop: eventLoop)
    }

    /// Closes every thread's connection (at shutdown).
    func close() {
        let open = connections.withLockedValue { all in
            defer { all.removeAll() }
            return Array(all.values)
        }
        for connection in open { connection.close() }
    }

    deinit { close() }

    /// How many times SQLite prepared a cached statement again (a changed
    /// schema, or a plan that depended on a bound value): stays 0 in use.
    var repreparations: Int {
        connections.withLockedValue { all in all.values.reduce(0) { $0 + $1.repreparations } }
    }

    /// Runs one read-only statement on the calling thread's connection.
    fileprivate func run(
        _ sql: String, binds: [SQLiteData], onRow: (SQLiteReadRow) -> Void
    ) throws {
        try connection().run(sql, binds: binds, onRow: onRow)
    }

    /// Whether any connection — another of this process's or another
    /// process's — committed since the calling thread's connection last
    /// asked (`PRAGMA data_version`); true the first time it asks.
    func committedSinceLastAsked() throws -> Bool {
        try connection().committedSinceLastAsked()
    }

    private func connection() throws -> ReadConnection {
        let thread = Self.currentThread
        return try connections.withLockedValue { all in
            if let open = all[thread] { return open }
            let opened = try ReadConnection(path: path, cacheKibibytes: cacheKibibytes)
            all[thread] = opened
            return opened
        }
    }
}

/// One thread's read-only connection and its prepared statements. Used by
/// one thread only, one statement at a time (a statement never awaits).
private final class ReadConnection: @unchecked Sendable {
    private var handle: OpaquePointer?
    private var statements: [String: PreparedStatement] = [:]
    /// `PRAGMA data_version` when last asked.
    private var dataVersion: Int?
    /// Statements differ in their literal LIMIT and OFFSET: beyond this many
    /// the cache starts again rather than grow.
    private static let statementLimit = 128

    init(path: String, cacheKibibytes: Int?) throws {
        let flags = SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX
        var opened: OpaquePointer?
        let status = sqlite_nio_sqlite3_open_v2(path, &opened, flags, nil)
        guard status == SQLITE_OK, let opened else {
            let message =
                opened.map { String(cString: sqlite_nio_sqlite3_errmsg($0)) } ?? "no memory"
            sqlite_nio_sqlite3_close(opened)
            throw SQLiteReadError(code: status, message: "cannot open \(path): \(message)")
        }
        handle = opened
        // WAL readers wait only in rare moments (recovery after a crash);
        // the event loop is not held long for one: a 503 after a second.
        sqlite_nio_sqlite3_busy_timeout(opened, 1_000)
        if let cacheKibibytes {
            try run("PRAGMA cache_size = -\(cacheKibibytes)", binds: [], onRow: { _ in })
        }
    }

    var repreparations: Int {
        statements.values.reduce(0) {
            $0 + Int(sqlite_nio_sqlite3_stmt_status($1.handle, SQLITE_STMTSTATUS_REPREPARE, 0))
        }
    }

    func close() {
        for statement in statements.values { statement.finalize() }
        statements.removeAll()
        sqlite_nio_sqlite3_close_v2(handle)
        handle = nil
    }

    func committedSinceLastAsked() throws -> Bool {
        var version: Int?
        try run("PRAGMA data_version", binds: []) { row in
            if case .integer(let number) = row.values.first { version = number }
        }
        defer { dataVersion = version }
        return version == nil || version != dataVersion
    }

    func run(_ sql: String, binds: [SQLiteData], onRow: (SQLiteReadRow) -> Void) throws {
        guard let handle else { throw SQLiteReadError(code: SQLITE_MISUSE, message: "closed") }
        let statement = try statements[sql] ?? prepare(sql, on: handle)
        defer { statement.reset() }
        try statement.bind(binds, on: handle)
        while true {
            switch sqlite_nio_sqlite3_step(statement.handle) {
            case SQLITE_ROW: onRow(statement.row())
            case SQLITE_DONE: return
            case let status: throw SQLiteReadError.last(status, on: handle)
            }
        }
    }

    private func prepare(_ sql: String, on handle: OpaquePointer) throws -> PreparedStatement {
        var prepared: OpaquePointer?
        var rest = ""
        let status = sql.withCString { text in
            var tail: UnsafePointer<CChar>?
            defer { rest = tail.map { String(cString: $0) } ?? "" }
            return sqlite_nio_sqlite3_prepare_v3(
                handle, text, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &prepared, &tail)
        }
        guard status == SQLITE_OK, let prepared else {
            throw SQLiteReadError.last(status, on: handle)
        }
        // One statement a call: anything after it would never run.
        guard rest.allSatisfy(\.isWhitespace) else {
            sqlite_nio_sqlite3_finalize(prepared)
            throw SQLiteReadError(code: SQLITE_MISUSE, message: "more than one statement: \(sql)")
        }
        let statement = PreparedStatement(handle: prepared)
        guard sqlite_nio_sqlite3_stmt_readonly(prepared) != 0 else {
            statement.finalize()
            throw SQLiteReadError(code: SQLITE_READONLY, message: "not a read: \(sql)")
        }
        if statements.count >= Self.statementLimit {
            for old in statements.values { old.finalize() }
            statements.removeAll()
        }
        statements[sql] = statement
        return statement
    }
}

private final class PreparedStatement {
    let handle: OpaquePointer
    let columns: SQLiteReadRow.Columns

    init(handle: OpaquePointer) {
        self.handle = handle
        let count = Int(sqlite_nio_sqlite3_column_count(handle))
        columns = SQLiteReadRow.Columns(
            names: (0..<count).map {
                String(cString: sqlite_nio_sqlite3_column_name(handle, Int32($0)))
            })
    }

    func bind(_ binds: [SQLiteData], on connection: OpaquePointer) throws {
        for (offset, value) in binds.enumerated() {
            let index = Int32(offset + 1)
            let status: Int32
            switch value {
            case .integer(let number):
                status = sqlite_nio_sqlite3_bind_int64(handle, index, Int64(number))
            case .float(let number): status = sqlite_nio_sqlite3_bind_double(handle, index, number)
            case .text(let text):
                status = sqlite_nio_sqlite3_bind_text64(
                    handle, index, text, UInt64(text.utf8.count), SQLiteReads.transient,
                    UInt8(SQLITE_UTF8))
            case .blob(let bytes):
                status = bytes.withUnsafeReadableBytes {
                    sqlite_nio_sqlite3_bind_blob64(
                        handle, index, $0.baseAddress, UInt64($0.count), SQLiteReads.transient)
                }
            case .null: status = sqlite_nio_sqlite3_bind_null(handle, index)
            }
            guard status == SQLITE_OK else { throw SQLiteReadError.last(status, on: connection) }
        }
    }

    func row() -> SQLiteReadRow {
        var values: [SQLiteData] = []
        values.reserveCapacity(columns.names.count)
        for column in 0..<Int32(columns.names.count) {
            switch sqlite_nio_sqlite3_column_type(handle, column) {
            case SQLITE_INTEGER:
                values.append(.integer(Int(sqlite_nio_sqlite3_column_int64(handle, column))))
            case SQLITE_FLOAT:
                values.append(.float(sqlite_nio_sqlite3_column_double(handle, column)))
            case SQLITE_TEXT:
                let bytes = Int(sqlite_nio_sqlite3_column_bytes(handle, column))
                let text = sqlite_nio_sqlite3_column_text(handle, column).map {
                    String(decoding: UnsafeBufferPointer(start: $0, count: bytes), as: UTF8.self)
                }
                values.append(.text(text ?? ""))
            case SQLITE_BLOB:
                let bytes = Int(sqlite_nio_sqlite3_column_bytes(handle, column))
                let blob = sqlite_nio_sqlite3_column_blob(handle, column).map {
                    ByteBuffer(bytes: UnsafeRawBufferPointer(start: $0, count: bytes))
                }
                values.append(.blob(blob ?? ByteBuffer()))
            default: values.append(.null)
            }
        }
        return SQLiteReadRow(columns: columns, values: values)
    }

    func reset() {
        sqlite_nio_sqlite3_reset(handle)
        sqlite_nio_sqlite3_clear_bindings(handle)
    }

    func finalize() { sqlite_nio_sqlite3_finalize(handle) }
}

extension SQLiteReads {
    /// SQLite copies bound text and blobs before `bind` returns.
    fileprivate static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    private static var currentThread: UInt {
        #if canImport(Glibc)
            UInt(pthread_self())
        #else
            UInt(bitPattern: pthread_self())
        #endif
    }
}

/// A failed read. Busy (another process holds the file in recovery) is the
/// same 503 as the pool's.
struct SQLiteReadError: Error, CustomStringConvertible {
    let code: Int32
    let message: String
    var description: String { "SQLite error \(code): \(message)" }

    static func last(_ status: Int32, on connection: OpaquePointer) -> any Error {
        if status & 0xff == SQLITE_BUSY { return DatabaseBusy() }
        return SQLiteReadError(
            code: status, message: String(cString: sqlite_nio_sqlite3_errmsg(connection)))
    }
}

/// The reader as SQLKit sees it: statements serialized in SQLite's dialect,
/// run at once on the calling thread.
private struct SQLiteReadDatabase: SQLDatabase {
    let reads: SQLiteReads
    let logger: Logger
    let eventLoop: any EventLoop
    var dialect: any SQLDialect { SQLiteReadDialect() }
    var queryLogLevel: Logger.Level? { nil }

    func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> Void)
        -> EventLoopFuture<Void>
    {
        do {
            try run(query, onRow)
            return eventLoop.makeSucceededVoidFuture()
        } catch {
            return eventLoop.makeFailedFuture(error)
        }
    }

    func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> Void)
        async throws
    {
        try run(query, onRow)
    }

    private func run(_ query: any SQLExpression, _ onRow: (any SQLRow) -> Void) throws {
        let (sql, binds) = serialize(query)
        // Logged as the drivers log theirs (the plan tests read the log);
        // the level is checked first so that no message is built in use.
        if logger.logLevel <= .debug {
            logger.debug("Executing query inline", metadata: ["sql": .string(sql)])
        }
        let values = try binds.map { bind in
            try (bind as? UUID).map { SQLiteData.text(StoredUUID.text($0)) }
                ?? Self.encoder.encode(bind)
        }
        try reads.run(sql, binds: values, onRow: onRow)
    }

    /// One for every read: it holds a `JSONEncoder`, made anew per statement before.
    private static let encoder = SQLiteDataEncoder()
}

/// SQLite's dialect, but a bound text is written `CAST(?N AS TEXT)`. Our id
/// columns are declared `UUID`, which SQLite gives NUMERIC affinity; a
/// statement comparing such a column with a bare bound text is marked to be
/// prepared again whenever that value changes (SQLite 3.53: every token
/// lookup and word page paid for a new plan, 5% of a page's time). The cast
/// gives the value the affinity it would get anyway, and the plan stays.
private struct SQLiteReadDialect: SQLDialect {
    private let sqlite = SQLiteDialect()

    var name: String { sqlite.name }
    var identifierQuote: any SQLExpression { sqlite.identifierQuote }
    var literalStringQuote: any SQLExpression { sqlite.literalStringQuote }
    var supportsAutoIncrement: Bool { sqlite.supportsAutoIncrement }
    var autoIncrementClause: any SQLExpression { sqlite.autoIncrementClause }
    var enumSyntax: SQLEnumSyntax { sqlite.enumSyntax }
    var triggerSyntax: SQLTriggerSyntax { sqlite.triggerSyntax }
    var alterTableSyntax: SQLAlterTableSyntax { sqlite.alterTableSyntax }
    var upsertSyntax: SQLUpsertSyntax { sqlite.upsertSyntax }
    var supportsReturning: Bool { sqlite.supportsReturning }
    var unionFeatures: SQLUnionFeatures { sqlite.unionFeatures }
    var supportsIfExists: Bool { sqlite.supportsIfExists }
    var supportsDropBehavior: Bool { sqlite.supportsDropBehavior }
    var literalDefault: any SQLExpression { sqlite.literalDefault }

    func literalBoolean(_ value: Bool) -> any SQLExpression { sqlite.literalBoolean(value) }

    func customDataType(for dataType: SQLDataType) -> (any SQLExpression)? {
        sqlite.customDataType(for: dataType)
    }

    func nestedSubpathExpression(in column: any SQLExpression, for path: [String])
        -> (any SQLExpression)?
    {
        sqlite.nestedSubpathExpression(in: column, for: path)
    }

    func bindPlaceholder(at position: Int) -> any SQLExpression { Placeholder(position: position) }

    private struct Placeholder: SQLExpression {
        let position: Int

        func serialize(to serializer: inout SQLSerializer) {
            // The serializer appends the bind before asking for its placeholder.
            let last = serializer.binds.last
            if last is String || last is UUID {
                serializer.write("CAST(?\(position) AS TEXT)")
            } else {
                serializer.write("?\(position)")
            }
        }
    }
}

/// A row as read, with the common column types converted without SQLiteKit's
/// generic decoder (a word page's 800 values went through a dynamic cast and
/// a `Decoder` each); anything else falls back to it.
struct SQLiteReadRow: SQLRow {
    /// A statement's column names, shared by its rows.
    final class Columns: Sendable {
        let names: [String]
        let offsets: [String: Int]

        init(names: [String]) {
            self.names = names
            // The first of two equal names wins, as SQLiteNIO's rows do.
            offsets = Dictionary(
                names.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        }
    }

    let columns: Columns
    let values: [SQLiteData]

    var allColumns: [String] { columns.names }

    func contains(column: String) -> Bool { columns.offsets[column] != nil }

    func decodeNil(column: String) throws -> Bool {
        try value(column) == .null
    }

    func decode<D: Decodable>(column: String, as type: D.Type) throws -> D {
        let data = try value(column)
        // The types pages read most, converted here; each cast is guarded by
        // the types being the same. Compared by identity, computed once:
        // writing `String?.self` here looked its metadata up on every call
        // (a tenth of a word page), as would returning a `D?`.
        let asked = ObjectIdentifier(D.self)
        switch data {
        case .text(let text):
            if asked == RowValueTypes.string { return unsafeBitCast(text, to: D.self) }
            if asked == RowValueTypes.optionalString {
                return unsafeBitCast(String?.some(text), to: D.self)
            }
            if asked == RowValueTypes.uuid, let uuid = StoredUUID.parse(text) {
                return unsafeBitCast(uuid, to: D.self)
            }
            if asked == RowValueTypes.storedUUID, let uuid = StoredUUID.parse(text) {
                return unsafeBitCast(StoredUUID(uuid), to: D.self)
            }
        case .integer(let number):
            if asked == RowValueTypes.int { return unsafeBitCast(number, to: D.self) }
            if asked == RowValueTypes.bool { return unsafeBitCast(number != 0, to: D.self) }
        case .float:
            if asked == RowValueTypes.date, let date = Date(sqliteData: data) {
                return unsafeBitCast(date, to: D.self)
            }
            if asked == RowValueTypes.optionalDate, let date = Date(sqliteData: data) {
                return unsafeBitCast(Date?.some(date), to: D.self)
            }
        case .null:
            if asked == RowValueTypes.optionalString {
                return unsafeBitCast(String?.none, to: D.self)
            }
            if asked == RowValueTypes.optionalDate { return unsafeBitCast(Date?.none, to: D.self) }
        case .blob: break
        }
        return try SQLiteDataDecoder().decode(D.self, from: data)
    }

    private func value(_ column: String) throws -> SQLiteData {
        guard let offset = columns.offsets[column] else {
            throw SQLiteReadError(code: SQLITE_RANGE, message: "no column \(column)")
        }
        return values[offset]
    }
}

extension Application {
    private struct SQLiteReadsKey: StorageKey { typealias Value = SQLiteReads }

    /// The inline reader of an app on SQLite; nil on PostgreSQL (PostgresNIO
    /// already answers on the event loop).
    var sqliteReads: SQLiteReads? {
        get { storage[SQLiteReadsKey.self] }
        set { storage.set(SQLiteReadsKey.self, to: newValue, onShutdown: { $0.close() }) }
    }
}

extension Request {
    /// Where a store sends its short indexed reads: SQLite's inline reader
    /// (see `SQLiteReads`), nil on PostgreSQL.
    var inlineReads: (any SQLDatabase)? {
        application.sqliteReads?.database(logger: logger, on: eventLoop)
    }

    /// Where the request's own short reads go (its token or session and
    /// user): the inline reader, else the database.
    func shortReads() throws -> any SQLDatabase { try inlineReads ?? db.sql() }
}
