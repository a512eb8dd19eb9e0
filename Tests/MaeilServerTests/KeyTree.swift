import Foundation

/// The shape of an Encodable value: its keys, nested, with every optional
/// property listed even when it is nil (`encodeIfPresent` records the key). The
/// OpenAPI test compares it with a schema's properties, so a property a type
/// has and the document lacks shows up even when the example leaves it out.
indirect enum KeyTree: Equatable {
    case value
    case object([String: KeyTree])
    case array(KeyTree?)

    static func of(_ value: some Encodable) throws -> KeyTree {
        let box = Box()
        try value.encode(to: Collector(box: box, codingPath: []))
        return box.tree ?? .value
    }

    final class Box {
        var tree: KeyTree?
        func set(_ key: String, _ child: KeyTree) {
            if case .object(var keys) = tree {
                keys[key] = child
                tree = .object(keys)
            }
        }
        func append(_ child: KeyTree) {
            // Elements of one array share a shape: keep the first element's.
            if case .array(nil) = tree { tree = .array(child) }
        }
    }

    struct Collector: Encoder {
        let box: Box
        var codingPath: [any CodingKey]
        var userInfo: [CodingUserInfoKey: Any] { [:] }

        func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
            if box.tree == nil { box.tree = .object([:]) }
            return KeyedEncodingContainer(Keyed<Key>(box: box, codingPath: codingPath))
        }

        func unkeyedContainer() -> any UnkeyedEncodingContainer {
            box.tree = .array(nil)
            return Unkeyed(box: box, codingPath: codingPath)
        }

        func singleValueContainer() -> any SingleValueEncodingContainer {
            Single(box: box, codingPath: codingPath)
        }
    }

    static func child(_ value: some Encodable, path: [any CodingKey]) throws -> KeyTree {
        // Dates, UUIDs, URLs, Data and every integer width are single values in JSON,
        // whatever they do inside.
        if value is Date || value is UUID || value is URL || value is Data || value is Decimal
            || value is any FixedWidthInteger
        {
            return .value
        }
        let box = Box()
        try value.encode(to: Collector(box: box, codingPath: path))
        return box.tree ?? .value
    }

    struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let box: Box
        var codingPath: [any CodingKey]

        mutating func encodeNil(forKey key: Key) throws { box.set(key.stringValue, .value) }
        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
            box.set(key.stringValue, try KeyTree.child(value, path: codingPath + [key]))
        }
        mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
            if let value {
                try encode(value, forKey: key)
            } else {
                box.set(key.stringValue, .value)
            }
        }
        mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws {
            box.set(key.stringValue, .value)
        }
        mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws {
            box.set(key.stringValue, .value)
        }
        mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws {
            box.set(key.stringValue, .value)
        }
        mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws {
            box.set(key.stringValue, .value)
        }
        mutating func encode(_ value: String, forKey key: Key) throws {
            box.set(key.stringValue, .value)
        }
        mutating func encode(_ value: Bool, forKey key: Key) throws {
            box.set(key.stringValue, .value)
        }
        mutating func encode(_ value: Int, forKey key: Key) throws {
            box.set(key.stringValue, .value)
        }
        mutating func encode(_ value: Double, forKey key: Key) throws {
            box.set(key.stringValue, .value)
        }
        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy keyType: NestedKey.Type, forKey key: Key
        ) -> KeyedEncodingContainer<NestedKey> {
            let child = Box()
            child.tree = .object([:])
            box.set(key.stringValue, .object([:]))
            return KeyedEncodingContainer(
                Keyed<NestedKey>(box: child, codingPath: codingPath + [key]))
        }
        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            box.set(key.stringValue, .array(nil))
            return Unkeyed(box: Box(), codingPath: codingPath + [key])
        }
        mutating func superEncoder() -> any Encoder { Collector(box: box, codingPath: codingPath) }
        mutating func superEncoder(forKey key: Key) -> any Encoder {
            Collector(box: box, codingPath: codingPath)
        }
    }

    struct Unkeyed: UnkeyedEncodingContainer {
        let box: Box
        var codingPath: [any CodingKey]
        var count = 0

        mutating func encodeNil() throws { count += 1 }
        mutating func encode<T: Encodable>(_ value: T) throws {
            count += 1
            box.append(try KeyTree.child(value, path: codingPath))
        }
        mutating func encode(_ value: String) throws {
            count += 1
            box.append(.value)
        }
        mutating func encode(_ value: Bool) throws {
            count += 1
            box.append(.value)
        }
        mutating func encode(_ value: Int) throws {
            count += 1
            box.append(.value)
        }
        mutating func encode(_ value: Double) throws {
            count += 1
            box.append(.value)
        }
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
            -> KeyedEncodingContainer<NestedKey>
        {
            let child = Box()
            child.tree = .object([:])
            return KeyedEncodingContainer(Keyed<NestedKey>(box: child, codingPath: codingPath))
        }
        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            Unkeyed(box: Box(), codingPath: codingPath)
        }
        mutating func superEncoder() -> any Encoder { Collector(box: box, codingPath: codingPath) }
    }

    struct Single: SingleValueEncodingContainer {
        let box: Box
        var codingPath: [any CodingKey]

        mutating func encodeNil() throws {}
        mutating func encode<T: Encodable>(_ value: T) throws {
            box.tree = try KeyTree.child(value, path: codingPath)
        }
        mutating func encode(_ value: String) throws { box.tree = .value }
        mutating func encode(_ value: Bool) throws { box.tree = .value }
        mutating func encode(_ value: Int) throws { box.tree = .value }
        mutating func encode(_ value: Double) throws { box.tree = .value }
    }
}
