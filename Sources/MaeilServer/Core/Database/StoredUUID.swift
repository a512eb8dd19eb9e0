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

    /// The id as SQLite keeps it (upper-case, as `uuidString`), written in
    /// place: `uuidString` formats through libc's `sprintf`, 2.6% of a word
    /// page made anew for its 50 ids bound to the statement that reads them,
    /// 4% of a web word list's for its links' two ids a word. Ids bound,
    /// bulk-written (SQLite, PostgreSQL's COPY) and in web lists come here.
    static func text(_ id: UUID) -> String {
        String(unsafeUninitializedCapacity: 36) { out in
            var place = 0
            writeText(id) { byte in
                out[place] = byte
                place += 1
            }
            return place
        }
    }

    /// The 36 bytes of `text`, one after another to `write` (JSON writes
    /// them straight into its output).
    static func writeText(_ id: UUID, _ write: (UInt8) -> Void) {
        let digits: StaticString = "0123456789ABCDEF"
        withUnsafeBytes(of: id.uuid) { bytes in
            digits.withUTF8Buffer { hex in
                for (index, byte) in bytes.enumerated() {
                    if index == 4 || index == 6 || index == 8 || index == 10 {
                        write(UInt8(ascii: "-"))
                    }
                    write(hex[Int(byte >> 4)])
                    write(hex[Int(byte & 0x0F)])
                }
            }
        }
    }

    /// `8-4-4-4-12` hexadecimal digits, either case; nil for anything else.
    static func parse(_ text: String) -> UUID? { parse(utf8: text.utf8) }

    /// UUIDs in text, each followed by a comma but the last; throws at
    /// anything else. Read in place: EDICT's 267,000 ids as slices first
    /// held tens of megabytes the server kept after.
    static func parse(commaSeparated text: UnsafeBufferPointer<UInt8>) throws -> [UUID] {
        var ids: [UUID] = []
        ids.reserveCapacity((text.count + 1) / 37)
        var start = 0
        while start < text.count {
            let end = start + 36
            guard end <= text.count, end == text.count || text[end] == UInt8(ascii: ","),
                let id = parse(utf8: UnsafeBufferPointer(rebasing: text[start..<end]))
            else {
                throw DecodingError.dataCorrupted(
                    .init(codingPath: [], debugDescription: "not a list of UUIDs at \(start)"))
            }
            ids.append(id)
            start = end + 1
        }
        return ids
    }

    /// `parse` of text's UTF-8 bytes (a slice of a longer list, say).
    static func parse(utf8: some Sequence<UInt8>) -> UUID? {
        var bytes = [UInt8](repeating: 0, count: 16)
        var count = 0
        var high: UInt8?
        var index = 0
        for character in utf8 {
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

    var sqliteData: SQLiteData? { .text(Self.text(value)) }
}

extension StoredUUID: PostgresDecodable {
    init<JSONDecoder: PostgresJSONDecoder>(
        from buffer: inout ByteBuffer, type: PostgresDataType, format: PostgresFormat,
        context: PostgresDecodingContext<JSONDecoder>
    ) throws {
        value = try UUID(from: &buffer, type: type, format: format, context: context)
    }
}
