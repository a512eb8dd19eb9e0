import FluentPostgresDriver
import FluentSQLiteDriver
import Foundation

/// A UUID column read from either database without Foundation's text parser:
/// SQLite keeps UUIDs as text, and `UUID(uuidString:)` (sscanf) was 7% of a
/// word page's time for its two ids per word. PostgreSQL's binary UUIDs are
/// read as they always were.
struct StoredUUID: Decodable, Sendable {
    let value: UUID

    init(_ value: UUID) { self.value = value }

    init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let value = Self.parse(text) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "not a UUID: \(text)"))
        }
        self.value = value
    }

    /// `8-4-4-4-12` hexadecimal digits, either case; nil for anything else.
    static func parse(_ text: String) -> UUID? {
        var bytes = [UInt8](repeating: 0, count: 16)
        var count = 0
        var high: UInt8?
        var index = 0
        for character in text.utf8 {
            defer { index += 1 }
            if index == 8 || index == 13 || index == 18 || index == 23 {
                guard character == UInt8(ascii: "-") else { return nil }
                continue
            }
            let digit: UInt8
            switch character {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = character - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = character - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = character - UInt8(ascii: "A") + 10
            default: return nil
            }
            guard count < 16 else { return nil }
            if let first = high {
                bytes[count] = first << 4 | digit
                count += 1
                high = nil
            } else {
                high = digit
            }
        }
        guard index == 36, count == 16 else { return nil }
        return UUID(
            uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            ))
    }
}

/// SQLite: UUIDs are stored as their text (`UUID`'s `Codable` form).
extension StoredUUID: SQLiteDataConvertible {
    init?(sqliteData: SQLiteData) {
        guard case .text(let text) = sqliteData, let value = Self.parse(text) else { return nil }
        self.value = value
    }

    var sqliteData: SQLiteData? { .text(value.uuidString) }
}

extension StoredUUID: PostgresDecodable {
    init<JSONDecoder: PostgresJSONDecoder>(
        from buffer: inout ByteBuffer, type: PostgresDataType, format: PostgresFormat,
        context: PostgresDecodingContext<JSONDecoder>
    ) throws {
        value = try UUID(from: &buffer, type: type, format: format, context: context)
    }
}
