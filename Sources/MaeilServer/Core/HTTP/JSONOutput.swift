import Foundation
import Vapor
import VocabCore

/// JSON written straight into bytes, for the responses clients ask for most
/// (word pages, search, the review queue). Foundation's `JSONEncoder` builds a
/// tree of boxed values and dictionaries before it writes a byte: on a page of
/// 50 words that was 29% of the request's time. The output is the same JSON
/// the `Codable` conformances describe (`JSONOutputTests` checks that both
/// decode to the same values), with keys in declaration order, dates as ISO
/// 8601 whole seconds in UTC, and nil optionals left out.
struct JSONOutput {
    private(set) var bytes: [UInt8] = []
    /// Whether the next value or key is the first in its object or array (no comma).
    private var first = true

    init(capacity: Int = 4096) { bytes.reserveCapacity(capacity) }

    private mutating func separate() {
        if !first { bytes.append(UInt8(ascii: ",")) }
        first = false
    }

    mutating func object(_ fields: (inout JSONOutput) -> Void) {
        enclosed("{", "}", fields)
    }

    mutating func array<Element>(
        _ elements: some Sequence<Element>, _ write: (inout JSONOutput, Element) -> Void
    ) {
        enclosed("[", "]") { out in
            for element in elements { write(&out, element) }
        }
    }

    /// An array of the values `values` writes (a row of mixed types: `[1,"a",true]`).
    mutating func array(_ values: (inout JSONOutput) -> Void) {
        enclosed("[", "]", values)
    }

    private mutating func enclosed(
        _ open: Unicode.Scalar, _ close: Unicode.Scalar, _ body: (inout JSONOutput) -> Void
    ) {
        separate()
        bytes.append(UInt8(ascii: open))
        first = true
        body(&self)
        bytes.append(UInt8(ascii: close))
        first = false
    }

    /// `"name":`, before the field's value. Names are plain ASCII.
    mutating func key(_ name: StaticString) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        name.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
        first = true
    }

    mutating func string(_ value: String) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        // Most text needs no escape: copied whole, not byte by byte.
        let plain = value.utf8.withContiguousStorageIfAvailable { utf8 in
            guard !utf8.contains(where: Self.needsEscape) else { return false }
            bytes.append(contentsOf: utf8)
            return true
        }
        if plain == true {
            bytes.append(UInt8(ascii: "\""))
            return
        }
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes.append(contentsOf: [0x5C, UInt8(ascii: "\"")])
            case 0x5C: bytes.append(contentsOf: [0x5C, 0x5C])
            case 0x0A: bytes.append(contentsOf: [0x5C, UInt8(ascii: "n")])
            case 0x0D: bytes.append(contentsOf: [0x5C, UInt8(ascii: "r")])
            case 0x09: bytes.append(contentsOf: [0x5C, UInt8(ascii: "t")])
            case 0..<0x20:
                bytes.append(contentsOf: [0x5C, UInt8(ascii: "u"), 0x30, 0x30])
                bytes.append(Self.hexDigits[Int(byte >> 4)])
                bytes.append(Self.hexDigits[Int(byte & 0xF)])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == 0x5C
    }

    mutating func int(_ value: Int) {
        separate()
        bytes.append(contentsOf: String(value).utf8)
    }

    mutating func bool(_ value: Bool) {
        separate()
        bytes.append(contentsOf: (value ? "true" : "false").utf8)
    }

    /// `"2024-05-01T09:30:00Z"`, as `ISO8601Timestamp.formatWholeSeconds` (digits written in place).
    mutating func date(_ value: Date) {
        let f = ISO8601Timestamp.wholeSecondFields(value)
        separate()
        bytes.append(UInt8(ascii: "\""))
        digits(f.year, 4, then: "-")
        digits(f.month, 2, then: "-")
        digits(f.day, 2, then: "T")
        digits(f.hour, 2, then: ":")
        digits(f.minute, 2, then: ":")
        digits(f.second, 2, then: "Z")
        bytes.append(UInt8(ascii: "\""))
    }

    /// A non-negative number in exactly `width` digits (years are 0000–9999),
    /// then `separator`.
    private mutating func digits(_ value: Int, _ width: Int, then separator: Unicode.Scalar) {
        var divisor = 1
        for _ in 1..<width { divisor *= 10 }
        var rest = value
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(rest / divisor % 10))
            rest %= divisor
            divisor /= 10
        }
        bytes.append(UInt8(ascii: separator))
    }

    /// Upper-case and hyphenated, as `UUID.uuidString` writes it.
    mutating func uuid(_ value: UUID) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        StoredUUID.writeText(value) { bytes.append($0) }
        bytes.append(UInt8(ascii: "\""))
    }

    /// A field whose value is a string, left out when nil.
    mutating func field(_ name: StaticString, _ value: String?) {
        guard let value else { return }
        key(name)
        string(value)
    }

    mutating func strings(_ values: [String]) { array(values) { $0.string($1) } }

    private static let hexDigits = Array("0123456789abcdef".utf8)
}

/// A wire type that writes its own JSON (see `JSONOutput`).
protocol JSONWritable {
    func write(to out: inout JSONOutput)
}

extension JSONWritable {
    /// The value as a `200 OK` JSON response.
    func jsonResponse(status: HTTPResponseStatus = .ok) -> Response {
        var out = JSONOutput()
        write(to: &out)
        return .json(ByteBuffer(bytes: out.bytes), status: status)
    }

    /// The JSON as text (tests, logs).
    var jsonText: String {
        var out = JSONOutput()
        write(to: &out)
        return String(decoding: out.bytes, as: UTF8.self)
    }
}

extension Response {
    /// JSON already encoded, as a response.
    static func json(_ body: ByteBuffer, status: HTTPResponseStatus = .ok) -> Response {
        var headers = HTTPHeaders()
        headers.contentType = .json
        return Response(status: status, headers: headers, body: .init(buffer: body))
    }
}
