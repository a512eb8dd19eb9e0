/// Reads the lists a word keeps as JSON text (`WordRow.json`): an array of
/// strings (synonyms, antonyms, tags) or of objects whose values are strings
/// (examples). Foundation's `JSONDecoder` was a third of the time of a page
/// of words that have examples. Nil for anything else: the caller then asks
/// `JSONDecoder`, which knows every JSON.
struct StoredListReader {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0

    private init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    /// `["a","b"]`, else nil.
    static func strings(_ text: String) -> [String]? {
        read(text) { reader in try reader.array { reader in try reader.string() } }
    }

    /// `[{"k":"v",…},…]`, else nil.
    static func objects(_ text: String) -> [[String: String]]? {
        read(text) { reader in try reader.array { reader in try reader.object() } }
    }

    private static func read<T>(_ text: String, _ body: (inout StoredListReader) throws -> T)
        -> T?
    {
        var text = text
        return text.withUTF8 { bytes in
            var reader = StoredListReader(bytes)
            reader.skipSpace()
            guard let value = try? body(&reader) else { return nil }
            reader.skipSpace()
            return reader.index == bytes.count ? value : nil
        }
    }

    private struct Malformed: Error {}

    private mutating func array<Element>(_ element: (inout StoredListReader) throws -> Element)
        throws -> [Element]
    {
        var elements: [Element] = []
        try delimited(UInt8(ascii: "["), UInt8(ascii: "]")) { elements.append(try element(&$0)) }
        return elements
    }

    private mutating func object() throws -> [String: String] {
        var fields: [String: String] = [:]
        try delimited(UInt8(ascii: "{"), UInt8(ascii: "}")) { reader in
            let key = try reader.string()
            reader.skipSpace()
            try reader.expect(UInt8(ascii: ":"))
            reader.skipSpace()
            fields[key] = try reader.string()
        }
        return fields
    }

    /// `open`, then `item`s separated by commas, then `close`.
    private mutating func delimited(
        _ open: UInt8, _ close: UInt8, _ item: (inout StoredListReader) throws -> Void
    ) throws {
        try expect(open)
        skipSpace()
        if peek() == close {
            index += 1
            return
        }
        while true {
            skipSpace()
            try item(&self)
            skipSpace()
            let byte = try next()
            if byte == close { return }
            guard byte == UInt8(ascii: ",") else { throw Malformed() }
        }
    }

    /// A JSON string: copied whole when it has no escapes.
    private mutating func string() throws -> String {
        try expect(UInt8(ascii: "\""))
        let start = index
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\""):
                defer { index += 1 }
                return String(
                    decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
            case UInt8(ascii: "\\"):
                return try escapedString(from: start)
            case 0..<0x20:
                throw Malformed()
            default:
                index += 1
            }
        }
        throw Malformed()
    }

    /// The rest of a string that has escapes, from its first byte.
    private mutating func escapedString(from start: Int) throws -> String {
        var utf8 = Array(bytes[start..<index])
        while true {
            let byte = try next()
            switch byte {
            case UInt8(ascii: "\""): return String(decoding: utf8, as: UTF8.self)
            case UInt8(ascii: "\\"):
                let escape = try next()
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(escape)
                case UInt8(ascii: "n"): utf8.append(0x0A)
                case UInt8(ascii: "t"): utf8.append(0x09)
                case UInt8(ascii: "r"): utf8.append(0x0D)
                case UInt8(ascii: "b"): utf8.append(0x08)
                case UInt8(ascii: "f"): utf8.append(0x0C)
                case UInt8(ascii: "u"): utf8.append(contentsOf: String(try escapedScalar()).utf8)
                default: throw Malformed()
                }
            case 0..<0x20: throw Malformed()
            default: utf8.append(byte)
            }
        }
    }

    /// The scalar of `\uXXXX` (the `\u` read), a surrogate pair's included.
    private mutating func escapedScalar() throws -> Unicode.Scalar {
        let first = try hexQuad()
        if (0xD800..<0xDC00).contains(first) {
            try expect(UInt8(ascii: "\\"))
            try expect(UInt8(ascii: "u"))
            let second = try hexQuad()
            guard (0xDC00..<0xE000).contains(second),
                let scalar = Unicode.Scalar(0x10000 + (first - 0xD800) << 10 + (second - 0xDC00))
            else { throw Malformed() }
            return scalar
        }
        guard let scalar = Unicode.Scalar(first) else { throw Malformed() }
        return scalar
    }

    private mutating func hexQuad() throws -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = try next()
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw Malformed()
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    private func peek() -> UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func next() throws -> UInt8 {
        guard index < bytes.count else { throw Malformed() }
        defer { index += 1 }
        return bytes[index]
    }

    private mutating func expect(_ byte: UInt8) throws {
        guard try next() == byte else { throw Malformed() }
    }

    private mutating func skipSpace() {
        while let byte = peek(),
            byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\t")
                || byte == UInt8(ascii: "\r")
        {
            index += 1
        }
    }
}
