import FluentKit
import Foundation
import NIOConcurrencyHelpers
import SQLiteKit

/// SQLite: many rows in one `INSERT … VALUES (?, …), …`, their values bound
/// as they are. SQLKit's builder turns each value into an expression and the
/// whole into text again for every statement, and encodes each value through
/// `Codable`: on an import of 267,000 words that was more time than SQLite
/// spent writing the rows.
enum SQLiteBulkInsert {
    /// Inserts `rows` rows of `columns` (`binds`, row after row) on `db`,
    /// which must be SQLite's.
    static func run(
        on db: any Database, into table: String, columns: [String], rows: Int,
        binds: [SQLiteData]
    ) async throws {
        guard let sqlite = db as? any SQLiteDatabase else { throw NotSQLite() }
        try await sqlite.query(
            statement(into: table, columns: columns, rows: rows), binds, logger: sqlite.logger
        ) { _ in }.get()
    }

    /// The statement's text, made once per table, columns and row count.
    static func statement(into table: String, columns: [String], rows: Int) -> String {
        let key = "\(table)|\(columns.joined(separator: ","))|\(rows)"
        if let made = made.withLockedValue({ $0[key] }) { return made }
        let row = "(" + Array(repeating: "?", count: columns.count).joined(separator: ",") + ")"
        let text =
            "INSERT INTO \"\(table)\" (" + columns.map { "\"\($0)\"" }.joined(separator: ", ")
            + ") VALUES " + Array(repeating: row, count: rows).joined(separator: ",")
        made.withLockedValue { if $0.count < 64 { $0[key] = text } }
        return text
    }

    private static let made = NIOLockedValueBox<[String: String]>([:])

    private struct NotSQLite: Error {}
}

extension SQLiteData {
    /// A value as SQLKit would bind it on SQLite (`SQLiteDataEncoder`), the
    /// common types without going through `Codable`: text, ids as their
    /// upper-case text, dates as seconds since 1970, booleans as 0 or 1.
    init(bound value: any Encodable & Sendable) throws {
        switch value {
        case let text as String: self = .text(text)
        case let id as UUID: self = .text(StoredUUID.text(id))
        case let date as Date: self = .float(date.timeIntervalSince1970)
        case let flag as Bool: self = .integer(flag ? 1 : 0)
        case let number as Int: self = .integer(number)
        default: self = try SQLiteDataEncoder().encode(value)
        }
    }
}
