import MaeilAPI
import Vapor

/// `GET /autofill?term=&book=`: the proposals the word form and fast entry show as
/// the user types (`autofill.js`), with DeepL's refusals in the page's language.
struct AutofillWebController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.get("autofill", use: propose)
    }

    @Sendable func propose(req: Request) async throws -> Response {
        let request = try await req.autofillRequest(
            term: req.queryValue("term"), bookParameter: "book")
        let result = try await req.autofill().propose(request)
        let dto = AutofillResultDTO(result, request: request) { req.text($0.textKey) }
        let response = Response(status: .ok)
        try response.content.encode(dto, as: .json)
        response.headers.replaceOrAdd(name: .cacheControl, value: "no-store")
        return response
    }
}
