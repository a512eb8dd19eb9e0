import Vapor

/// `/users/{id}/avatar`: a user's picture for the web app's pages (signed in
/// by cookie), as the API serves it.
struct AvatarWebController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.get("users", ":id", "avatar") { req in try await req.avatarResponse() }
    }
}
