import Foundation

/// A JSON Schema (OpenAPI 3.1): only the keywords Maeil's document uses. An
/// object lists every property as required or optional, so the document says
/// which fields are always there.
struct Schema: Encodable, Sendable {
    var type: String?
    var format: String?
    var description: String?
    var enumValues: [JSONValue]?
    var properties: [String: Schema]?
    var required: [String]?
    /// One element (an array's items); an array for the recursion a struct allows.
    var itemsBox: [Schema]?
    var additionalPropertiesBox: [Schema]?
    /// `additionalProperties: false`: the server refuses fields the object does not name.
    var closed = false
    var ref: String?
    var minimum: JSONValue?
    var maximum: JSONValue?
    var exclusiveMinimum: JSONValue?
    var exclusiveMaximum: JSONValue?
    var maxLength: Int?
    var minItems: Int?
    var maxItems: Int?
    var example: JSONValue?

    var items: Schema? { itemsBox?.first }
    /// The component a `$ref` names (`#/components/schemas/Word` → `Word`).
    var refName: String? { ref?.split(separator: "/").last.map(String.init) }
    var additionalProperties: Schema? { additionalPropertiesBox?.first }

    private enum CodingKeys: String, CodingKey {
        case type, format, description, properties, required, minimum, maximum, exclusiveMinimum,
            exclusiveMaximum
        case maxLength, minItems, maxItems, example
        case enumValues = "enum"
        case itemsBox = "items"
        case additionalPropertiesBox = "additionalProperties"
        case ref = "$ref"
    }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeIfPresent(ref, forKey: .ref)
        try c.encodeIfPresent(type, forKey: .type)
        try c.encodeIfPresent(format, forKey: .format)
        try c.encodeIfPresent(description, forKey: .description)
        try c.encodeIfPresent(enumValues, forKey: .enumValues)
        try c.encodeIfPresent(properties, forKey: .properties)
        try c.encodeIfPresent(required, forKey: .required)
        try c.encodeIfPresent(items, forKey: .itemsBox)
        if closed {
            try c.encode(false, forKey: .additionalPropertiesBox)
        } else {
            try c.encodeIfPresent(additionalProperties, forKey: .additionalPropertiesBox)
        }
        try c.encodeIfPresent(minimum, forKey: .minimum)
        try c.encodeIfPresent(maximum, forKey: .maximum)
        try c.encodeIfPresent(exclusiveMinimum, forKey: .exclusiveMinimum)
        try c.encodeIfPresent(exclusiveMaximum, forKey: .exclusiveMaximum)
        try c.encodeIfPresent(maxLength, forKey: .maxLength)
        try c.encodeIfPresent(minItems, forKey: .minItems)
        try c.encodeIfPresent(maxItems, forKey: .maxItems)
        try c.encodeIfPresent(example, forKey: .example)
    }
}

extension Schema {
    static let string = Schema(type: "string")
    static let uuid = Schema(type: "string", format: "uuid")
    static let dateTime = Schema(type: "string", format: "date-time")
    static let date = Schema(type: "string", format: "date")
    static let boolean = Schema(type: "boolean")
    static let integer = Schema(type: "integer")
    static let number = Schema(type: "number")
    static let strings = array(.string)

    static func string(_ description: String? = nil, maxLength: Int? = nil, format: String? = nil)
        -> Schema
    {
        Schema(type: "string", format: format, description: description, maxLength: maxLength)
    }

    /// A string whose values are an enum's raw values: a new case changes the document by itself.
    static func oneOf<E: CaseIterable & RawRepresentable>(
        _ type: E.Type, _ description: String? = nil
    ) -> Schema
    where E.RawValue == String {
        oneOf(type.allCases.map(\.rawValue), description)
    }

    static func oneOf(_ values: [String], _ description: String? = nil) -> Schema {
        Schema(type: "string", description: description, enumValues: values.map(JSONValue.string))
    }

    static func oneOf(_ values: [Int], _ description: String? = nil) -> Schema {
        Schema(type: "integer", description: description, enumValues: values.map(JSONValue.integer))
    }

    static func integer(_ description: String? = nil, minimum: Int? = nil, maximum: Int? = nil)
        -> Schema
    {
        Schema(
            type: "integer", description: description, minimum: minimum.map(JSONValue.integer),
            maximum: maximum.map(JSONValue.integer))
    }

    static func fraction(_ description: String? = nil, exclusive: Bool = false) -> Schema {
        exclusive
            ? Schema(
                type: "number", description: description, exclusiveMinimum: 0, exclusiveMaximum: 1)
            : Schema(type: "number", description: description, minimum: 0, maximum: 1)
    }

    static func array(_ items: Schema, minItems: Int? = nil, maxItems: Int? = nil) -> Schema {
        Schema(type: "array", itemsBox: [items], minItems: minItems, maxItems: maxItems)
    }

    static func ref(_ name: String) -> Schema { Schema(ref: "#/components/schemas/\(name)") }

    static func dictionary(of values: Schema, _ description: String? = nil) -> Schema {
        Schema(type: "object", description: description, additionalPropertiesBox: [values])
    }

    /// An object with its required and its optional properties (absent when they have no value).
    static func object(
        _ required: KeyValuePairs<String, Schema>, optional: KeyValuePairs<String, Schema> = [:],
        description: String? = nil, example: JSONValue? = nil
    ) -> Schema {
        var properties: [String: Schema] = [:]
        for (name, schema) in required { properties[name] = schema }
        for (name, schema) in optional { properties[name] = schema }
        return Schema(
            type: "object", description: description, properties: properties,
            required: required.map(\.key),
            example: example)
    }

    func described(_ text: String) -> Schema {
        var copy = self
        copy.description = text
        return copy
    }
}
