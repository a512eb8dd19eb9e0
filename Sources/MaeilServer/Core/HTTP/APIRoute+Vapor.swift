import MaeilAPI
import Vapor

extension RoutesBuilder {
    /// Registers `route` (its path relative to this builder, which sits at `/api/v1`).
    @discardableResult
    func on<Response: AsyncResponseEncodable>(
        _ route: APIRoute, body: HTTPBodyStreamStrategy = .collect,
        use handler: @Sendable @escaping (Request) async throws -> Response
    ) -> Route {
        let path = route.segments.map { segment -> PathComponent in
            APIRoute.parameterName(segment).map { .parameter(String($0)) }
                ?? .constant(String(segment))
        }
        return on(HTTPMethod(rawValue: route.method.rawValue), path, body: body, use: handler)
    }
}
