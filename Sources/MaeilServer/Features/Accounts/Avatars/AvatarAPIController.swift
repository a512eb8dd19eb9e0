import MaeilAPI
import Vapor

/// `/api/v1/users/{id}/avatar` (a picture, SVG when generated) and
/// `/api/v1/auth/me/avatar` (PUT a PNG, JPEG or WebP up to 1 MB; DELETE).
struct AvatarAPIController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.on(.avatar, use: show)
        // The body limit leaves room for a multipart form around a 1 MB file; the store
        // refuses anything over 1 MB itself.
        routes.on(.uploadAvatar, body: .collect(maxSize: "2mb"), use: upload)
        routes.on(.deleteAvatar, use: delete)
    }

    @Sendable func show(req: Request) async throws -> Response {
        try await req.avatarResponse()
    }

    @Sendable func upload(req: Request) async throws -> AvatarDTO {
        let file = try UploadedFile.readTyped(from: req)
        let picture = try await req.avatarStore().upload(file.data, declaredType: file.type)
        return AvatarDTO(url: picture.apiURL, uploaded: true)
    }

    @Sendable func delete(req: Request) async throws -> AvatarDTO {
        let store = try req.avatarStore()
        try await store.remove()
        return AvatarDTO(url: try await store.picture(of: store.readerID).apiURL, uploaded: false)
    }
}
