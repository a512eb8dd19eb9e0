import MaeilAPI
import Vapor

/// `GET /api/v1/autofill?term=&from=&to=` (or `bookID=` for a book's languages).
struct AutofillAPIController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.on(.autofill, use: propose)
    }

    @Sendable func propose(req: Request) async throws -> AutofillResultDTO {
        let request = try await req.autofillRequest(
            term: req.queryValue("term"), bookParameter: "bookID")
        let result = try await req.autofill().propose(request)
        return AutofillResultDTO(result, request: request) { $0.message }
    }
}
