import Foundation
import MaeilAPI
import Testing
import Vapor
import VaporTesting

@testable import MaeilServer

@Suite("OpenAPI document")
struct OpenAPITests {
    /// Every API route the app registers is in the document, and nothing else.
    @Test func documentsEveryRoute() async throws {
        try await withMaeilApp { app in
            let registered = Set(app.routes.all.compactMap { route -> String? in
                let path = "/" + route.path.map { component -> String in
                    switch component {
                    case .constant(let s): s
                    case .parameter(let name): "{\(name)}"
                    case .anything: "*"
                    case .catchall: "**"
                    }
                }.joined(separator: "/")
                guard path.hasPrefix("/api/v1/") else { return nil }
                return "\(route.method.rawValue.lowercased()) \(path)"
            })
            let response = try await app.testing().sendRequest(.GET, "/api/v1/openapi.json")
            #expect(response.status == .ok)
            let json = try #require(try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any])
            #expect(json["openapi"] as? String == "3.1.0")
            let paths = try #require(json["paths"] as? [String: [String: Any]])
            let documented = Set(paths.flatMap { path, methods in methods.keys.map { "\($0) \(path)" } })
            let missing = registered.subtracting(documented)
            let extra = documented.subtracting(registered)
            #expect(missing.isEmpty, "routes missing from openapi.json: \(missing.sorted())")
            #expect(extra.isEmpty, "documented routes that do not exist: \(extra.sorted())")
            #expect(registered.count >= 25)
            // The route catalog the CLI builds its URLs from is the same set.
            let catalog = Set(APIRoute.all.map { "\($0.method.rawValue.lowercased()) \($0.path())" })
            #expect(catalog == registered)
            #expect(catalog.count == APIRoute.all.count, "no route listed twice")
        }
    }

    @Test func everyReferencedSchemaExists() throws {
        let text = String(decoding: OpenAPIDocument.json, as: UTF8.self)
        let schemas = Set(OpenAPIDocument.schemas.keys)
        let refs = text.components(separatedBy: "#/components/schemas/").dropFirst()
            .map { String($0.prefix { $0 != "\"" }) }
        #expect(!refs.isEmpty)
        for ref in refs { #expect(schemas.contains(ref), "unknown schema \(ref)") }
    }
}
