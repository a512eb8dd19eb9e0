import Vapor

/// Everything under `/api/v1`. Authentication is by personal access token
/// (`Authorization: Bearer …`); `auth/signup` and `auth/login` hand one out.
struct APIRoutes: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        let api = routes.grouped("api", "v1")
        api.on(.openAPI, use: openAPI)
        try api.grouped(DeclaredInputMiddleware()).register(collection: AuthAPIController())

        let authed = api.grouped(
            BearerTokenAuthenticator(), RequireUserMiddleware(), DeclaredInputMiddleware())
        try authed.register(collection: TokensAPIController())
        try authed.register(collection: BooksAPIController())
        try authed.register(collection: AnkiAPIController())
        try authed.register(collection: AutofillAPIController())
        try authed.register(collection: AccountArchiveAPIController())
        try authed.register(collection: LibraryAPIController())
        try authed.register(collection: ReviewAPIController())
        try authed.register(collection: AvatarAPIController())
        try authed.register(collection: WordsAPIController())
        try authed.register(collection: StudyAPIController())
        try authed.register(collection: StatsAPIController())
        try authed.register(collection: GamesAPIController())
        try authed.register(collection: JapaneseAPIController())
        try authed.register(collection: SpeechAPIController())
        try authed.register(collection: LottoAPIController())
    }

    @Sendable func openAPI(req: Request) async throws -> Response {
        let response = Response(status: .ok, body: .init(data: OpenAPIDocument.json))
        response.headers.contentType = .json
        return response
    }
}
