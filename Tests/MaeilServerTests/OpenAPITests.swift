import Foundation
import MaeilAPI
import Testing
import Vapor
import VaporTesting
import VocabCore

@testable import MaeilServer

@Suite("OpenAPI document")
struct OpenAPITests {
    /// Every API route the app registers is in the document, and nothing else.
    @Test func documentsEveryRoute() async throws {
        try await withMaeilApp { app in
            let registered = Set(
                app.routes.all.compactMap { route -> String? in
                    let path = route.pattern
                    guard path.hasPrefix("/api/v1/") else { return nil }
                    return "\(route.method.rawValue.lowercased()) \(path)"
                })
            let response = try await app.testing().sendRequest(.GET, "/api/v1/openapi.json")
            #expect(response.status == .ok)
            let json = try #require(
                try JSONSerialization.jsonObject(with: Data(buffer: response.body))
                    as? [String: Any])
            #expect(json["openapi"] as? String == "3.1.0")
            let paths = try #require(json["paths"] as? [String: [String: Any]])
            let documented = Set(
                paths.flatMap { path, methods in methods.keys.map { "\($0) \(path)" } })
            let missing = registered.subtracting(documented)
            let extra = documented.subtracting(registered)
            #expect(missing.isEmpty, "routes missing from openapi.json: \(missing.sorted())")
            #expect(extra.isEmpty, "documented routes that do not exist: \(extra.sorted())")
            #expect(registered.count >= 25)
            // The route catalog the CLI builds its URLs from is the same set.
            let catalog = Set(
                APIRoute.all.map { "\($0.method.rawValue.lowercased()) \($0.path())" })
            #expect(catalog == registered)
            #expect(catalog.count == APIRoute.all.count, "no route listed twice")
        }
    }

    @Test func everyReferencedSchemaExists() throws {
        let text = String(decoding: OpenAPIDocument.json, as: UTF8.self)
        let schemas = Set(OpenAPIDocument.components.map(\.name))
        let refs = text.components(separatedBy: "#/components/schemas/").dropFirst()
            .map { String($0.prefix { $0 != "\"" }) }
        #expect(!refs.isEmpty)
        for ref in refs { #expect(schemas.contains(ref), "unknown schema \(ref)") }
    }
}

/// Every schema of the document against the wire type it names: its example
/// fits the schema, decodes into the type, and the type's keys (nil optionals
/// included) are exactly the schema's properties, nested schemas too.
@Suite("OpenAPI schemas match the wire types")
struct OpenAPISchemaTests {
    static let schemas = Dictionary(
        uniqueKeysWithValues: OpenAPIDocument.components.map { ($0.name, $0.schema) })

    func resolve(_ schema: Schema) -> Schema {
        guard let ref = schema.ref else { return schema }
        return Self.schemas[String(ref.dropFirst("#/components/schemas/".count))] ?? Schema()
    }

    /// Problems of `json` against `schema`, each with its path.
    func problems(_ json: JSONValue, _ schema: Schema, at path: String) -> [String] {
        let schema = resolve(schema)
        if let values = schema.enumValues, !values.contains(json) {
            return ["\(path): \(json) is not one of \(values)"]
        }
        switch (schema.type, json) {
        case ("string", .string(let text)):
            if schema.format == "uuid", UUID(uuidString: text) == nil {
                return ["\(path): not a uuid"]
            }
            if schema.format == "date-time", ISO8601DateFormatter().date(from: text) == nil {
                return ["\(path): not a date-time"]
            }
            if schema.format == "date", CivilDay(text) == nil { return ["\(path): not a date"] }
            return []
        case ("integer", .integer), ("number", .number), ("number", .integer), ("boolean", .bool):
            return []
        case ("array", .array(let array)):
            guard let items = schema.items else { return [] }
            return array.enumerated().flatMap { problems($1, items, at: "\(path)[\($0)]") }
        case ("object", .object(let pairs)):
            if let values = schema.additionalProperties {
                return pairs.flatMap { problems($1, values, at: "\(path).\($0)") }
            }
            let properties = schema.properties ?? [:]
            let given = Set(pairs.map(\.0))
            var found = (schema.required ?? []).filter { !given.contains($0) }.map {
                "\(path): missing required \($0)"
            }
            found += Set(properties.keys).subtracting(given).sorted().map {
                "\(path): the example leaves out \($0)"
            }
            for (key, value) in pairs {
                guard let property = properties[key] else {
                    found.append("\(path): \(key) is not in the schema")
                    continue
                }
                found += problems(value, property, at: "\(path).\(key)")
            }
            return found
        case (nil, _):
            return []
        default:
            return ["\(path): \(json) is not a \(schema.type ?? "?")"]
        }
    }

    /// Where the type's shape and the schema's properties differ.
    func differences(_ tree: KeyTree, _ schema: Schema, at path: String) -> [String] {
        let schema = resolve(schema)
        switch tree {
        case .value:
            return schema.type == "object" && schema.additionalProperties == nil
                ? ["\(path): the type has a single value, the schema an object"] : []
        case .array(let element):
            guard schema.type == "array" else {
                return ["\(path): the type has an array, the schema \(schema.type ?? "?")"]
            }
            guard let element, let items = schema.items else { return [] }
            return differences(element, items, at: path + "[]")
        case .object(let keys):
            if schema.additionalProperties != nil { return [] }
            let properties = schema.properties ?? [:]
            var found: [String] = []
            for key in Set(keys.keys).subtracting(properties.keys).sorted() {
                found.append("\(path).\(key): in the type, not in the schema")
            }
            for key in Set(properties.keys).subtracting(keys.keys).sorted() {
                found.append("\(path).\(key): in the schema, not in the type")
            }
            for (key, child) in keys {
                if let property = properties[key] {
                    found += differences(child, property, at: "\(path).\(key)")
                }
            }
            return found
        }
    }

    @Test(arguments: OpenAPIDocument.components.map(\.name))
    func schemaMatchesItsType(_ name: String) throws {
        let component = try #require(OpenAPIDocument.components.first { $0.name == name })
        let example = try #require(component.schema.example, "\(name) has no example")
        #expect(problems(example, component.schema, at: name) == [])
        let value = try component.decodeExample(example.data)
        #expect(differences(try KeyTree.of(value), component.schema, at: name) == [])
    }

    @Test func everyComponentIsUsedOrNested() throws {
        let text = String(decoding: OpenAPIDocument.json, as: UTF8.self)
        for component in OpenAPIDocument.components {
            #expect(
                text.contains("#/components/schemas/\(component.name)\""),
                "\(component.name) is never referenced")
        }
    }
}
