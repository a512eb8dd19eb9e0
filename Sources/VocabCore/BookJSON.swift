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
        self.version = try c.decodeIfPresent(Int.self, forKey: .version) ?? BookArchive.currentVersion
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
        if data.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
            throw ImportError(message: "the JSON file is empty")
        }
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
                        debugDescription: "expected a date string such as \"2024-05-01T09:30:00Z\""))
            }
            guard let date = ISO8601Timestamp.parse(text) else {
                throw DecodingError.dataCorruptedError(
                    in: container,
                    debugDescription:
                        "\"\(text.prefix(40))\" is not an ISO 8601 date such as \"2024-05-01T09:30:00Z\"")
            }
            return date
        }
        let archive: BookArchive
        do {
            archive = try decoder.decode(BookArchive.self, from: data)
        } catch let error as DecodingError {
            throw ImportError(message: message(for: error, data: data))
        } catch {
            throw ImportError(message: "the file is not valid JSON: \(error)")
        }
        if archive.format != BookArchive.formatName {
            throw ImportError(
                message:
                    "format: expected \"\(BookArchive.formatName)\", found \"\(archive.format.prefix(60))\" (this is not a Maeil book file)"
            )
        }
        if archive.version > BookArchive.currentVersion || archive.version < 1 {
            throw ImportError(
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
            if let found = foundValue(at: context.codingPath, in: data) { text += ", found " + found }
            return text
        case .valueNotFound(let type, let context):
            let location = path(context.codingPath)
            return (location.isEmpty ? "the file" : location) + ": expected " + describe(type) + ", found null"
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
        if name.hasPrefix("Array") || name.hasPrefix("[") || name.contains("Unkeyed") { return "a list" }
        return "an object"
    }

    /// What JSON value sits at `codingPath` (for "found a number" in messages).
    static func foundValue(at codingPath: [any CodingKey], in data: Data) -> String? {
        guard var node = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) else {
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
