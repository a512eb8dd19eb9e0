import FluentKit
import Foundation
import NIOCore
import PostgresKit
import VocabCore

/// PostgreSQL: an import's rows streamed in with `COPY … FROM STDIN` (text
/// format), written as text while the statement before them runs. As
/// `INSERT … VALUES` of 400 rows each, EDICT's 267,000 words were 669
/// statements of 9,200 values: SQLKit built and serialized each on the
/// connection's event loop (about 6 s, with PostgreSQL waiting), and
/// PostgreSQL parsed and bound each (3.3 s).
enum PostgresBulkCopy {
    /// Rows in COPY's text format: tab between values, a newline after each row.
    struct Rows: Sendable {
        private(set) var text: [UInt8] = []

        /// Appends one row of `values`: text, ids, booleans, integers, dates
        /// (to the microsecond PostgresNIO would bind), days. A value of any
        /// other type appends nothing and throws.
        mutating func append(_ values: [any Encodable & Sendable]) throws {
            let end = text.count
            do { try write(values) } catch {
                text.removeSubrange(end...)
                throw error
            }
        }

        private mutating func write(_ values: [any Encodable & Sendable]) throws {
            for (index, value) in values.enumerated() {
                if index > 0 { text.append(UInt8(ascii: "\t")) }
                switch value {
                case let string as String: appendEscaped(string)
                case let id as UUID: StoredUUID.writeText(id) { text.append($0) }
                case let flag as Bool: text.append(UInt8(ascii: flag ? "t" : "f"))
                case let number as Int: text += String(number).utf8
                case let number as Int64: text += String(number).utf8
                case let date as Date: appendTimestamp(date)
                case let day as CivilDay: text += day.description.utf8
                default: throw UnsupportedValue(type: "\(type(of: value))")
                }
            }
            text.append(UInt8(ascii: "\n"))
        }

        /// Backslash, tab, newline and carriage return as COPY's escapes; any
        /// other byte as it is.
        private mutating func appendEscaped(_ string: String) {
            for byte in string.utf8 {
                switch byte {
                case UInt8(ascii: "\\"): text += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
                case UInt8(ascii: "\t"): text += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
                case UInt8(ascii: "\n"): text += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
                case UInt8(ascii: "\r"): text += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
                default: text.append(byte)
                }
            }
        }

        /// The whole microseconds since 2000 that PostgresNIO binds
        /// (`Int64(seconds × 10⁶)`, truncated), as ISO 8601: PostgreSQL rounds
        /// the written fraction to the same microsecond, so a row copied and a
        /// row bound store the same time.
        private mutating func appendTimestamp(_ date: Date) {
            let micros = Int64(date.timeIntervalSince(Self.postgresEpoch) * 1_000_000)
            let whole = Date(timeInterval: Double(micros) / 1_000_000, since: Self.postgresEpoch)
            text += ISO8601Timestamp.format(whole).utf8
        }

        private static let postgresEpoch = Date(timeIntervalSince1970: 946_684_800)
    }

    /// Copies `rows` into `columns` of `table` on `db`, which must be
    /// PostgreSQL's (in a transaction: on its connection).
    static func run(on db: any Database, into table: String, columns: [String], rows: Rows)
        async throws
    {
        guard let postgres = db as? any PostgresDatabase else { throw NotPostgres() }
        let data = ByteBuffer(bytes: rows.text)
        try await postgres.withConnection { connection in
            // Written while the connection is open (`whileOpen`).
            connection.runWhileOpen {
                try await connection.copyFrom(
                    table: table, columns: columns, logger: connection.logger
                ) { writer in
                    try await writer.write(data)
                }
            }
        }.get()
    }

    struct UnsupportedValue: Error { var type: String }
    private struct NotPostgres: Error {}
}
