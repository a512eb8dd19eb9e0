import Foundation

/// A JSON value written as a Swift literal: the examples of the OpenAPI
/// document (`["term": "apple", "memorized": false]`).
enum JSONValue: Encodable, Sendable, Equatable, ExpressibleByStringLiteral,
    ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral,
    ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral
{
    case string(String)
    case integer(Int)
    case number(Double)
    case bool(Bool)
    case array([JSONValue])
    /// Keys in the order written.
    case object([(String, JSONValue)])
    case null

    typealias Key = String
    typealias Value = JSONValue
    typealias ArrayLiteralElement = JSONValue

    init(stringLiteral value: String) { self = .string(value) }
    init(integerLiteral value: Int) { self = .integer(value) }
    init(floatLiteral value: Double) { self = .number(value) }
    init(booleanLiteral value: Bool) { self = .bool(value) }
    init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    init(dictionaryLiteral elements: (String, JSONValue)...) { self = .object(elements) }
    init(nilLiteral: ()) { self = .null }

    /// An object with one more key (a type's example that grows one field).
    func adding(_ key: String, _ value: JSONValue) -> JSONValue {
        guard case .object(let pairs) = self else { return self }
        return .object(pairs + [(key, value)])
    }

    static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.string(let a), .string(let b)): a == b
        case (.integer(let a), .integer(let b)): a == b
        case (.number(let a), .number(let b)): a == b
        case (.bool(let a), .bool(let b)): a == b
        case (.array(let a), .array(let b)): a == b
        case (.object(let a), .object(let b)): a.map(\.0) == b.map(\.0) && a.map(\.1) == b.map(\.1)
        case (.null, .null): true
        default: false
        }
    }

    private struct ObjectKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ string: String) { stringValue = string }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    func encode(to encoder: any Encoder) throws {
        switch self {
        case .string(let value):
            var c = encoder.singleValueContainer()
            try c.encode(value)
        case .integer(let value):
            var c = encoder.singleValueContainer()
            try c.encode(value)
        case .number(let value):
            var c = encoder.singleValueContainer()
            try c.encode(value)
        case .bool(let value):
            var c = encoder.singleValueContainer()
            try c.encode(value)
        case .null:
            var c = encoder.singleValueContainer()
            try c.encodeNil()
        case .array(let values):
            var c = encoder.unkeyedContainer()
            for value in values { try c.encode(value) }
        case .object(let pairs):
            var c = encoder.container(keyedBy: ObjectKey.self)
            for (key, value) in pairs { try c.encode(value, forKey: ObjectKey(key)) }
        }
    }

    /// The value as JSON text.
    var data: Data {
        (try? JSONEncoder().encode(self)) ?? Data("null".utf8)
    }
}
