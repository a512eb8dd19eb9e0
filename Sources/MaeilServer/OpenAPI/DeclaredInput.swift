import Foundation
import MaeilAPI
import Vapor

/// Holds a request to what the OpenAPI document says its operation takes: a
/// query parameter or a JSON field the document does not name is a 400
/// `unknown_field`, so a misspelt `bookID` never quietly widens a request to
/// every book. The document is the one list of names; a route the document
/// does not describe is left alone.
struct DeclaredInputMiddleware: Middleware {
    func respond(to req: Request, chainingTo next: any Responder) -> EventLoopFuture<Response> {
        if let declared = req.route?.userInfo[DeclaredInput.routeKey] as? DeclaredInput.Declared {
            do { try DeclaredInput.check(req, against: declared) } catch {
                return req.eventLoop.makeFailedFuture(error)
            }
        }
        return next.respond(to: req)
    }
}

enum DeclaredInput {
    /// What a route's operation takes, found once at start-up
    /// (`attach(to:)`): building each request's route key and the set of
    /// names were most of this check's time on a JSON word page.
    struct Declared: Sendable {
        let operation: OpenAPIDocument.Operation
        let queryNames: Set<String>
    }

    /// Where a route keeps its `Declared` (`Route.userInfo`).
    static let routeKey = "maeil.declaredInput"

    /// Gives every route the document describes what its operation takes.
    static func attach(to routes: Routes) {
        for route in routes.all {
            let key =
                "\(route.method.rawValue) " + route.path.map(\.description).joined(separator: "/")
            if let operation = operations[key] {
                route.userInfo[routeKey] = Declared(
                    operation: operation, queryNames: Set(operation.query.map(\.name)))
            }
        }
    }

    /// By method and Vapor path (`GET api/v1/books/:id/words`).
    private static let operations = Dictionary(
        OpenAPIDocument.operations.map { operation in
            let path = operation.route.segments.map { segment in
                APIRoute.parameterName(segment).map { ":\($0)" } ?? String(segment)
            }
            return (
                "\(operation.route.method.rawValue) api/v1/" + path.joined(separator: "/"),
                operation
            )
        }, uniquingKeysWith: { first, _ in first })
    private static let schemas = Dictionary(
        OpenAPIDocument.components.map { ($0.name, $0.schema) },
        uniquingKeysWith: { first, _ in first })

    static func check(_ req: Request, against declared: Declared) throws {
        let operation = declared.operation
        if let name = req.queryNames.filter({ !declared.queryNames.contains($0) }).min() {
            throw unknown("query parameter '\(name)'", takes: operation.query.map(\.name))
        }
        guard case .json(let component) = operation.body,
            req.headers.contentType?.subType == "json",
            let body = req.body.data, body.readableBytes > 0,
            // Malformed JSON is the decoder's to report.
            let json = try? JSONSerialization.jsonObject(
                with: Data(buffer: body), options: [.fragmentsAllowed])
        else { return }
        if let (path, known) = unknownField(in: json, schema: .ref(component), path: "") {
            throw unknown("field '\(path)'", takes: known)
        }
    }

    private static func unknown(_ what: String, takes known: [String]) -> AppError {
        AppError.badRequest(
            "unknown \(what); "
                + (known.isEmpty
                    ? "this request takes none"
                    : "known: \(known.sorted().joined(separator: ", "))"),
            code: .unknownField)
    }

    /// The first field of `value` that `schema` does not name (as `examples[0].sentense`),
    /// with the names it does.
    static func unknownField(in value: Any, schema: Schema, path: String) -> (String, [String])? {
        if let name = schema.refName {
            guard let named = schemas[name] else { return nil }
            return unknownField(in: value, schema: named, path: path)
        }
        if let object = value as? [String: Any] {
            for (key, field) in object.sorted(by: { $0.key < $1.key }) {
                let fieldPath = path.isEmpty ? key : "\(path).\(key)"
                guard let fieldSchema = schema.properties?[key] ?? schema.additionalProperties
                else {
                    guard schema.properties != nil else { continue }
                    return (fieldPath, schema.properties.map { Array($0.keys) } ?? [])
                }
                if let found = unknownField(in: field, schema: fieldSchema, path: fieldPath) {
                    return found
                }
            }
        } else if let array = value as? [Any], let items = schema.items {
            for (index, element) in array.enumerated() {
                if let found = unknownField(in: element, schema: items, path: "\(path)[\(index)]") {
                    return found
                }
            }
        }
        return nil
    }
}
