import MaeilAPI
import Vapor

/// Turns every error into a clear answer: `{"error": {"code", "message"}}` (and
/// `existingID` for a clash) for
/// the API, an HTML page for the web app. Unexpected errors are logged and
/// shown as a 500 without internals. Future-based (`configure` has why):
/// only an HTML error page, which is rendered, starts a task.
struct MaeilErrorMiddleware: Middleware {
    func respond(to request: Request, chainingTo next: any Responder) -> EventLoopFuture<Response> {
        next.respond(to: request).flatMapError { error in
            let error = DatabaseFault.translated(error)
            let (status, code, message) = Self.describe(error)
            if status.code >= 500 {
                request.logger.report(error: error)
            }
            let retryAfter = (error as? any ReportableError)?.retryAfter
            @Sendable func marked(_ response: Response) -> Response {
                if let retryAfter {
                    response.headers.replaceOrAdd(name: .retryAfter, value: String(retryAfter))
                }
                return response
            }
            guard Self.wantsJSON(request) else {
                let text = request.errorText(error, code: code, message: message)
                return request.eventLoop.makeFutureWithTask {
                    marked(try await WebErrorPage.render(request, status: status, message: text))
                }
            }
            let response = Response(status: status)
            do {
                try response.content.encode(
                    ErrorBody(
                        code: code, message: message, existingID: (error as? AppError)?.existingID))
            } catch {
                return request.eventLoop.makeFailedFuture(error)
            }
            return request.eventLoop.makeSucceededFuture(marked(response))
        }
    }

    static func wantsJSON(_ request: Request) -> Bool {
        request.url.path.hasPrefix("/api/")
            || (request.headers.first(name: .accept)?.contains("application/json") ?? false)
    }

    static func describe(_ error: any Error) -> (HTTPResponseStatus, ErrorCode, String) {
        switch error {
        case let error as any ReportableError:
            return (error.status, error.code, error.message)
        case let error as DecodingError:
            return (.badRequest, .invalidJSON, Self.message(for: error))
        case let error as any AbortError:
            let code: ErrorCode =
                switch error.status {
                case .notFound: .notFound
                case .payloadTooLarge: .tooLarge
                case .unauthorized: .unauthorized
                case .forbidden: .forbidden
                case .unsupportedMediaType: .unsupportedMediaType
                case .methodNotAllowed: .methodNotAllowed
                default: .badRequest
                }
            let message =
                error.status == .payloadTooLarge ? "the upload is larger than 20 MB" : error.reason
            return (error.status, code, message)
        default:
            return (.internalServerError, .internal, "something went wrong on the server")
        }
    }

    static func message(for error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            let p = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
                .joined(separator: ".")
            return p.isEmpty ? "body" : p
        }
        switch error {
        case .typeMismatch(let type, let context):
            return "\(path(context)): expected \(Self.typeName(type))"
        case .valueNotFound(let type, let context):
            return "\(path(context)): expected \(Self.typeName(type)), found null"
        case .keyNotFound(let key, let context):
            let parent = path(context)
            return parent == "body"
                ? "missing field \"\(key.stringValue)\""
                : "\(parent): missing field \"\(key.stringValue)\""
        case .dataCorrupted(let context): return "\(path(context)): \(context.debugDescription)"
        @unknown default: return "the request body could not be read"
        }
    }

    private static func typeName(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Bool.Type: "true or false"
        case is Int.Type, is Double.Type: "a number"
        case is UUID.Type: "an id"
        default: "\(type)".lowercased()
        }
    }
}
