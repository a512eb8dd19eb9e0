import Foundation

/// A word book as one JSON document: Maeil's lossless export format.
///
/// ```json
/// {"format": "maeil-book", "version": 1, "name": "…", "description": "…",
///  "words": [{"term": "…", "meaning": "…", "examples": [{"sentence": "…", "translation": "…"}],
///             "createdAt": "2024-05-01T09:30:00.125Z", …}]}
/// ```
/// Reading, `format` and `words` are required and each word needs a `term`; every other
/// field may be missing and takes its default.
public struct BookArchive: Codable, Sendable, Equatable {
    public static let formatName = "maeil-book"
    public static let currentVersion = 1

    public var format: String = BookArchive.formatName
    public var version: Int = BookArchive.currentVersion
    public var name: String
    public var description: String
    public var words: [WordDraft]

    public init(name: String, description: String = "", words: [WordDraft]) {
        self.name = name
        self.description = description
        self.words = words
    }

    private enum CodingKeys: String, CodingKey {
        case format, version, name, description, words
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.format = try c.decode(String.self, forKey: .format)
        self.version =
            try c.decodeIfPresent(Int.self, forKey: .version) ?? BookArchive.currentVersion
        self.name = try c.decodeIfPresent(String.self, forKey: .name) ?? ""
        self.description = try c.decodeIfPresent(String.self, forKey: .description) ?? ""
        self.words = try c.decode([WordDraft].self, forKey: .words)
    }
}

/// Encodes and decodes `BookArchive` JSON: pretty-printed with sorted keys, dates as
/// ISO 8601 UTC strings that keep the fractional seconds (see `ISO8601Timestamp`).
public enum BookArchiveCodec {
    public static func encode(_ archive: BookArchive) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(ISO8601Timestamp.format(date))
        }
        var data = try encoder.encode(archive)
        data.append(0x0A)
        return data
    }

    /// Throws `ImportError` (with `line` nil) whose message says what is wrong and where,
    /// e.g. `words[3].term: expected a string, found a number`.
    public static func decode(_ data: Data) throws -> BookArchive {
        var bytes = [UInt8](data)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
            throw ImportError(.notABook, message: "the JSON file is empty")
        }
        if String(validating: bytes, as: UTF8.self) == nil {
            let offset = TextDecoding.firstInvalidUTF8Offset(bytes[...]) ?? 0
            throw ImportError(
                .notABook,
                message: "the JSON file is not valid UTF-8 text (invalid byte at offset \(offset))")
        }
        if let syntax = JSONSyntaxCheck.message(bytes) {
            throw ImportError(.notABook, message: syntax)
        }
        let data = Data(bytes)
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            if let seconds = try? container.decode(Double.self) {
                return Date(timeIntervalSince1970: seconds)
            }
            guard let text = try? container.decode(String.self) else {
                throw DecodingError.typeMismatch(
                    Date.self,
                    DecodingError.Context(
                        codingPath: decoder.codingPath,
                        debugDescription: "expected a date string such as \"2024-05-01T09:30:00Z\"")
                )
            }
            guard let date = ISO8601Timestamp.parse(text) else {
                throw DecodingError.dataCorruptedError(
                    in: container,
                    debugDescription:
                        "\"\(text.prefix(40))\" is not an ISO 8601 date such as \"2024-05-01T09:30:00Z\""
                )
            }
            return date
        }
        let archive: BookArchive
        do {
            archive = try decoder.decode(BookArchive.self, from: data)
        } catch let error as DecodingError {
            throw ImportError(.notABook, message: message(for: error, data: data))
        } catch {
            throw ImportError(.notABook, message: "the file is not valid JSON: \(error)")
        }
        if archive.format != BookArchive.formatName {
            throw ImportError(
                .notABook,
                message:
                    "format: expected \"\(BookArchive.formatName)\", found \"\(archive.format.prefix(60))\" (this is not a Maeil book file)"
            )
        }
        if archive.version > BookArchive.currentVersion || archive.version < 1 {
            throw ImportError(
                .notABook,
                message:
                    "version: this Maeil reads version \(BookArchive.currentVersion) of the book format, the file has version \(archive.version)"
            )
        }
        return archive
    }

    static func path(_ codingPath: [any CodingKey]) -> String {
        var out = ""
        for key in codingPath {
            if let index = key.intValue {
                out += "[\(index)]"
            } else {
                out += out.isEmpty ? key.stringValue : "." + key.stringValue
            }
        }
        return out
    }

    static func message(for error: DecodingError, data: Data) -> String {
        switch error {
        case .typeMismatch(let type, let context):
            let location = path(context.codingPath)
            var text = (location.isEmpty ? "the file" : location) + ": expected " + describe(type)
            if let found = foundValue(at: context.codingPath, in: data) {
                text += ", found " + found
            }
            return text
        case .valueNotFound(let type, let context):
            let location = path(context.codingPath)
            return (location.isEmpty ? "the file" : location) + ": expected " + describe(type)
                + ", found null"
        case .keyNotFound(let key, let context):
            let location = path(context.codingPath)
            let missing = "missing field \"\(key.stringValue)\""
            if location.isEmpty {
                return key.stringValue == "format"
                    ? missing + " (this is not a Maeil book file)" : missing
            }
            return location + ": " + missing
        case .dataCorrupted(let context):
            let location = path(context.codingPath)
            if location.isEmpty {
                var detail = ""
                if let underlying = context.underlyingError {
                    let nsError = underlying as NSError
                    let debug = nsError.userInfo[NSDebugDescriptionErrorKey] as? String
                    detail = debug ?? "\(underlying)"
                }
                if detail.isEmpty { detail = context.debugDescription }
                return "the file is not valid JSON (it may be truncated): " + detail
            }
            return location + ": " + context.debugDescription
        @unknown default:
            return "the file is not a valid Maeil book: \(error)"
        }
    }

    static func describe(_ type: Any.Type) -> String {
        if type == String.self { return "a string" }
        if type == Bool.self { return "true or false" }
        if type == Int.self || type == Int64.self || type == Int32.self { return "a whole number" }
        if type == Double.self || type == Float.self { return "a number" }
        if type == Date.self { return "a date string" }
        let name = String(describing: type)
        if name.hasPrefix("Array") || name.hasPrefix("[") || name.contains("Unkeyed") {
            return "a list"
        }
        return "an object"
    }

    /// What JSON value sits at `codingPath` (for "found a number" in messages).
    static func foundValue(at codingPath: [any CodingKey], in data: Data) -> String? {
        guard var node = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        else {
            return nil
        }
        for key in codingPath {
            if let index = key.intValue, let array = node as? [Any], index < array.count {
                node = array[index]
            } else if let object = node as? [String: Any], let child = object[key.stringValue] {
                node = child
            } else {
                return nil
            }
        }
        switch node {
        case is String: return "a string"
        case is [Any]: return "a list"
        case is [String: Any]: return "an object"
        case is NSNull: return "null"
        case let number as NSNumber:
            // Bools bridge to NSNumber too; tell them apart by the Objective-C type code.
            if String(cString: number.objCType) == "c" {
                return "true or false"
            }
            return "a number"
        default: return nil
        }
    }
}

/// A JSON syntax check that says where the text breaks (line and column), which Foundation's
/// decoders do not. Iterative, so deeply nested input cannot overflow the stack.
enum JSONSyntaxCheck {
    struct Failure: Error {
        var offset: Int
        var problem: String
    }

    static let maxDepth = 256

    /// The message for the first syntax error, or nil when `bytes` is one valid JSON value.
    static func message(_ bytes: [UInt8]) -> String? {
        guard let failure = check(bytes) else { return nil }
        let (line, column) = position(of: failure.offset, in: bytes)
        return "the file is not valid JSON: \(failure.problem) at line \(line), column \(column)"
    }

    static func position(of offset: Int, in bytes: [UInt8]) -> (Int, Int) {
        var line = 1
        var column = 1
        for k in 0..<min(offset, bytes.count) {
            if bytes[k] == 0x0A {
                line += 1
                column = 1
            } else if bytes[k] & 0xC0 != 0x80 {
                column += 1
            }
        }
        return (line, column)
    }

    private enum State {
        case value, valueOrArrayEnd, keyOrObjectEnd, key, colon, afterValue
    }

    static func check(_ b: [UInt8]) -> Failure? {
        let n = b.count
        var i = 0
        var stack: [UInt8] = []
        var state = State.value
        let truncated = "unexpected end of data (the file may be truncated)"

        func describe(_ byte: UInt8) -> String {
            if byte >= 0x21 && byte < 0x7F {
                return "unexpected character \"\(Character(Unicode.Scalar(byte)))\""
            }
            return "unexpected byte 0x\(String(byte, radix: 16, uppercase: true))"
        }

        func scanString() -> Failure? {
            i += 1
            while i < n {
                let c = b[i]
                if c == 0x22 {
                    i += 1
                    return nil
                }
                if c == 0x5C {
                    guard i + 1 < n else { return Failure(offset: n, problem: truncated) }
                    let e = b[i + 1]
                    switch e {
                    case 0x22, 0x5C, 0x2F, 0x62, 0x66, 0x6E, 0x72, 0x74:
                        i += 2
                    case 0x75:
                        guard i + 6 <= n else { return Failure(offset: n, problem: truncated) }
                        for k in (i + 2)..<(i + 6) {
                            let h = b[k]
                            let isHex =
                                (h >= 0x30 && h <= 0x39) || (h >= 0x41 && h <= 0x46)
                                || (h >= 0x61 && h <= 0x66)
                            if !isHex {
                                return Failure(offset: k, problem: "invalid \\u escape in a string")
                            }
                        }
                        i += 6
                    default:
                        return Failure(offset: i, problem: "invalid escape sequence in a string")
                    }
                    continue
                }
                if c < 0x20 {
                    return Failure(
                        offset: i, problem: "a line break or control character inside a string")
                }
                i += 1
            }
            return Failure(offset: n, problem: truncated)
        }

        func scanNumber() -> Failure? {
            let start = i
            func digits() -> Int {
                let from = i
                while i < n && b[i] >= 0x30 && b[i] <= 0x39 { i += 1 }
                return i - from
            }
            if b[i] == 0x2D { i += 1 }
            guard i < n else { return Failure(offset: n, problem: truncated) }
            if b[i] == 0x30 {
                i += 1
            } else if digits() == 0 {
                return Failure(offset: start, problem: "invalid number")
            }
            if i < n && b[i] == 0x2E {
                i += 1
                if digits() == 0 { return Failure(offset: i, problem: "invalid number") }
            }
            if i < n && (b[i] == 0x65 || b[i] == 0x45) {
                i += 1
                if i < n && (b[i] == 0x2B || b[i] == 0x2D) { i += 1 }
                if digits() == 0 { return Failure(offset: i, problem: "invalid number") }
            }
            return nil
        }

        func scanLiteral(_ word: [UInt8]) -> Failure? {
            for (k, expected) in word.enumerated() {
                guard i + k < n else { return Failure(offset: n, problem: truncated) }
                if b[i + k] != expected {
                    return Failure(
                        offset: i,
                        problem:
                            "invalid value (expected \"\(String(decoding: word, as: UTF8.self))\")")
                }
            }
            i += word.count
            return nil
        }

        while true {
            while i < n && (b[i] == 0x20 || b[i] == 0x0A || b[i] == 0x0D || b[i] == 0x09) { i += 1 }
            switch state {
            case .value, .valueOrArrayEnd:
                guard i < n else { return Failure(offset: n, problem: truncated) }
                let c = b[i]
                switch c {
                case 0x7B, 0x5B:  // { [
                    if stack.count >= maxDepth {
                        return Failure(
                            offset: i, problem: "values nested more than \(maxDepth) levels deep")
                    }
                    stack.append(c)
                    i += 1
                    state = c == 0x7B ? .keyOrObjectEnd : .valueOrArrayEnd
                    continue
                case 0x5D where state == .valueOrArrayEnd:
                    stack.removeLast()
                    i += 1
                case 0x22:
                    if let failure = scanString() { return failure }
                case 0x2D, 0x30...0x39:
                    if let failure = scanNumber() { return failure }
                case 0x74:
                    if let failure = scanLiteral(Array("true".utf8)) { return failure }
                case 0x66:
                    if let failure = scanLiteral(Array("false".utf8)) { return failure }
                case 0x6E:
                    if let failure = scanLiteral(Array("null".utf8)) { return failure }
                default:
                    return Failure(offset: i, problem: describe(c))
                }
                state = .afterValue
            case .keyOrObjectEnd, .key:
                guard i < n else { return Failure(offset: n, problem: truncated) }
                if b[i] == 0x7D && state == .keyOrObjectEnd {
                    stack.removeLast()
                    i += 1
                    state = .afterValue
                } else if b[i] == 0x22 {
                    if let failure = scanString() { return failure }
                    state = .colon
                } else {
                    return Failure(
                        offset: i,
                        problem: describe(b[i]) + " where a field name in double quotes belongs")
                }
            case .colon:
                guard i < n else { return Failure(offset: n, problem: truncated) }
                guard b[i] == 0x3A else {
                    return Failure(offset: i, problem: describe(b[i]) + " where \":\" belongs")
                }
                i += 1
                state = .value
            case .afterValue:
                guard let top = stack.last else {
                    return i == n
                        ? nil
                        : Failure(
                            offset: i, problem: "unexpected text after the end of the JSON value")
                }
                guard i < n else { return Failure(offset: n, problem: truncated) }
                let close: UInt8 = top == 0x7B ? 0x7D : 0x5D
                if b[i] == 0x2C {
                    i += 1
                    state = top == 0x7B ? .key : .value
                } else if b[i] == close {
                    stack.removeLast()
                    i += 1
                } else {
                    let expected = top == 0x7B ? "\",\" or \"}\"" : "\",\" or \"]\""
                    return Failure(
                        offset: i, problem: describe(b[i]) + " where \(expected) belongs")
                }
            }
        }
    }
}
