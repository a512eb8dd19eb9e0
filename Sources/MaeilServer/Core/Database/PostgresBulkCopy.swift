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
        private(set) var count = 0

        init(capacity: Int = 0) { text.reserveCapacity(capacity) }

        /// Appends one row of `values`: text, ids, booleans, integers, dates
        /// (to the microsecond PostgresNIO would bind), days. A value of any
        /// other type appends nothing and throws.
        mutating func append(_ values: [any Encodable & Sendable]) throws {
            let end = text.count
            do { try write(values) } catch {
                text.removeSubrange(end...)
                throw error
            }
            count += 1
        }

        private mutating func write(_ values: [any Encodable & Sendable]) throws {
            for (index, value) in values.enumerated() {
                if index > 0 { text.append(UInt8(ascii: "\t")) }
                switch value {
                case let string as String: appendEscaped(string)
                case let id as UUID: text += id.uuidString.utf8
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

        /// `YYYY-MM-DD HH:MM:SS.ffffff+00` of the whole microseconds since
        /// 2000 that PostgresNIO binds (`Int64(seconds × 10⁶)`, truncated), so
        /// a row copied and a row bound store the same time.
        private mutating func appendTimestamp(_ date: Date) {
            let micros = Int64(date.timeIntervalSince(Self.postgresEpoch) * 1_000_000)
            let (days, dayMicros) = Self.floorDivision(micros, 86_400_000_000)
            let day = CivilDay(ordinal: Int(days) + Self.postgresEpochOrdinal)
            let seconds = dayMicros / 1_000_000
            text += day.description.utf8
            text.append(UInt8(ascii: " "))
            appendDigits(seconds / 3600, 2)
            text.append(UInt8(ascii: ":"))
            appendDigits(seconds / 60 % 60, 2)
            text.append(UInt8(ascii: ":"))
            appendDigits(seconds % 60, 2)
            text.append(UInt8(ascii: "."))
            appendDigits(dayMicros % 1_000_000, 6)
            text += "+00".utf8
        }

        private mutating func appendDigits(_ value: Int64, _ width: Int) {
            var digits = [UInt8](repeating: UInt8(ascii: "0"), count: width)
            var rest = value
            for place in stride(from: width - 1, through: 0, by: -1) {
                digits[place] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
            }
            text += digits
        }

        private static let postgresEpoch = Date(timeIntervalSince1970: 946_684_800)
        private static let postgresEpochOrdinal = 10_957  // 2000-01-01, days after 1970-01-01

        private static func floorDivision(_ value: Int64, _ divisor: Int64) -> (Int64, Int64) {
            let remainder = value % divisor
            return remainder < 0
                ? (value / divisor - 1, remainder + divisor) : (value / divisor, remainder)
        }
    }

    /// Copies `rows` into `columns` of `table` on `db`, which must be
    /// PostgreSQL's (in a transaction: on its connection).
    static func run(on db: any Database, into table: String, columns: [String], rows: Rows)
        async throws
    {
        guard let postgres = db as? any PostgresDatabase else { throw NotPostgres() }
        let data = ByteBuffer(bytes: rows.text)
        try await postgres.withConnection { connection in
            connection.eventLoop.makeFutureWithTask {
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
