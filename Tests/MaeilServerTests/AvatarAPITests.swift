import Foundation
import Imaging
import MaeilAPI
import MaeilTestSupport
import Testing
import Vapor
import VaporTesting

@testable import MaeilServer

/// Profile pictures (issue 14, part 5): uploads checked by their bytes and
/// stripped of metadata, served with ETags from memory, private until shared.
@Suite("Avatars over the API")
struct AvatarAPITests {
    static func fixture(_ name: String) throws -> Data {
        try Data(
            contentsOf: SharedFolder.packageRoot.appendingPathComponent(
                "Tests/ImagingTests/Fixtures/\(name)"))
    }

    private func upload(_ api: API, _ data: Data, type: String = "application/octet-stream")
        async throws -> TestingHTTPResponse
    {
        try await api.send(
            .PUT, "/api/v1/auth/me/avatar", raw: data,
            contentType: HTTPMediaType(
                type: String(type.split(separator: "/")[0]),
                subType: String(type.split(separator: "/")[1])))
    }

    private func me(_ api: API) async throws -> UserDTO {
        try api.decode(UserDTO.self, try await api.send(.GET, "/api/v1/auth/me"))
    }

    private func current(_ api: API) async throws -> String {
        let id = try await me(api).id
        let response = try await api.send(.GET, "/api/v1/users/\(id)/avatar")
        return try #require(response.headers.first(name: .eTag))
    }

    @Test func uploadsAreStoredWithoutTheirMetadata() async throws {
        try await withMaeilApp { app in
            let jisoo = try await API.signUp(app, "jisoo")
            for (name, type, format) in [
                ("photo.png", "image/png", ImageFormat.png), ("photo.jpg", "image/jpeg", .jpeg),
                ("photo.webp", "image/webp", .webp),
            ] {
                let original = try Self.fixture(name)
                let response = try await upload(jisoo, original, type: type)
                #expect(response.status == .ok, "\(name): \(response.body.string)")
                let avatar = try jisoo.decode(AvatarDTO.self, response)
                #expect(avatar.uploaded && avatar.url.contains("?v="))
                let served = try await jisoo.send(.GET, avatar.url)
                #expect(served.status == .ok)
                #expect(served.headers.contentType?.description == format.mediaType)
                let body = Data(buffer: served.body)
                #expect(body.range(of: Data("secret".utf8)) == nil, "\(name): metadata stripped")
                #expect(body.range(of: Data("MaeilPhone".utf8)) == nil)
                #expect(body == (try ImageFile(original)).stripped)
                #expect(
                    served.headers.first(name: .cacheControl)
                        == "private, max-age=31536000, immutable", "the versioned address")
            }
        }
    }

    @Test func refusedUploadsChangeNothing() async throws {
        try await withMaeilApp { app in
            let jisoo = try await API.signUp(app, "jisoo")
            #expect(try await upload(jisoo, try Self.fixture("photo.png")).status == .ok)
            let before = try await current(jisoo)
            let jpeg = try Self.fixture("photo.jpg")
            var flipped = try Self.fixture("photo.png")
            flipped[flipped.count - 20] ^= 0xFF
            for (data, type, status, code) in [
                (
                    Data("hello".utf8), "text/plain", HTTPStatus.unsupportedMediaType,
                    "unsupported_media_type"
                ),
                (
                    Data("GIF89a\u{1}\u{0}".utf8), "image/gif", .unsupportedMediaType,
                    "unsupported_media_type"
                ),
                (jpeg, "image/png", .unsupportedMediaType, "unsupported_media_type"),
                (jpeg.prefix(jpeg.count / 2), "image/jpeg", .unprocessableEntity, "invalid_image"),
                (flipped, "image/png", .unprocessableEntity, "invalid_image"),
                (
                    try Self.fixture("too-wide.png"), "image/png", .unprocessableEntity,
                    "invalid_image"
                ),
                (
                    jpeg + Data(count: AvatarStore.maxBytes), "image/jpeg", .payloadTooLarge,
                    "too_large"
                ),
            ] {
                let response = try await upload(jisoo, data, type: type)
                #expect(response.status == status, "\(type) \(data.count): \(response.body.string)")
                #expect(jisoo.errorCode(response) == code)
            }
            #expect(try await current(jisoo) == before, "the picture did not change")
            let tooWide = try await upload(jisoo, try Self.fixture("too-wide.png"))
            #expect(tooWide.body.string.contains("2049×8"))
        }
    }

    @Test func aPictureIsPrivateUntilItsOwnerSharesSomething() async throws {
        try await withMaeilApp { app in
            let minji = try await API.signUp(app, "minji")
            let jisoo = try await API.signUp(app, "jisoo")
            let minjiID = try await me(minji).id
            let path = "/api/v1/users/\(minjiID)/avatar"
            #expect(try await minji.send(.GET, path).status == .ok, "one's own")
            #expect(try await jisoo.send(.GET, path).status == .notFound)
            #expect(
                try await jisoo.send(.GET, "/api/v1/users/\(UUID())/avatar").status == .notFound)
            #expect(try await API(app: app).send(.GET, path).status == .unauthorized)

            let book = try await minji.createBook("공유할 단어장")
            _ = try await minji.send(
                .PATCH, "/api/v1/books/\(book.id)", json: ["visibility": "unlisted"])
            #expect(try await jisoo.send(.GET, path).status == .ok, "shared a book")
            _ = try await minji.send(
                .PATCH, "/api/v1/books/\(book.id)", json: ["visibility": "private"])
            #expect(try await jisoo.send(.GET, path).status == .notFound, "unshared again")

            // A review of a shared book makes the writer's picture visible too.
            let other = try await jisoo.createBook("지수의 단어장")
            _ = try await jisoo.send(
                .PATCH, "/api/v1/books/\(other.id)", json: ["visibility": "public"])
            _ = try await minji.send(
                .POST, "/api/v1/books/\(other.id)/reviews", json: ReviewInput(stars: 5, text: "좋아요")
            )
            let third = try await API.signUp(app, "third")
            let page = try third.decode(
                ReviewPageDTO.self, try await third.send(.GET, "/api/v1/books/\(other.id)/reviews"))
            let url = try #require(page.items.first?.writer.avatarURL)
            #expect(url.hasPrefix(path + "?v="))
            #expect(try await third.send(.GET, url).status == .ok)
        }
    }

    @Test func theServerKeepsPicturesWithinItsByteLimit() async throws {
        try await withMaeilApp { app in
            // Room for about two of the fixtures' pictures (461–1,110 bytes stored).
            app.avatarFiles = ByteLimitedCache(byteLimit: 2_000)
            let viewer = try await API.signUp(app, "viewer")
            var urls: [String] = []
            for (index, name) in ["photo.png", "photo.jpg", "photo.webp", "lossless.webp"]
                .enumerated()
            {
                let owner = try await API.signUp(app, "owner\(index)")
                let book = try await owner.createBook("공유 \(index)")
                _ = try await owner.send(
                    .PATCH, "/api/v1/books/\(book.id)", json: ["visibility": "public"])
                urls.append(
                    try owner.decode(
                        AvatarDTO.self, try await upload(owner, try Self.fixture(name))
                    ).url)
            }
            for url in urls + urls {
                #expect(try await viewer.send(.GET, url).status == .ok)
                let held = app.avatarFiles.statistics
                #expect(held.bytes <= 2_000 && held.count >= 1, "\(held)")
            }
            // Served from memory: the second request of the last picture was a hit.
            #expect(app.avatarFiles.statistics.hits >= 1)
            // And a client that has it gets a 304, without the picture.
            let first = try await viewer.send(.GET, urls[0])
            let etag = try #require(first.headers.first(name: .eTag))
            let again = try await viewer.send(.GET, urls[0], headers: ["If-None-Match": etag])
            #expect(again.status == .notModified && again.body.readableBytes == 0)
        }
    }

    @Test func theGeneratedPictureAndItsVersions() async throws {
        try await withMaeilApp { app in
            let minji = try await API.signUp(app, "minji")
            let id = try await me(minji).id
            let path = "/api/v1/users/\(id)/avatar"
            let generated = try await minji.send(.GET, path)
            #expect(generated.headers.contentType?.description == "image/svg+xml")
            #expect(generated.body.string.contains(">M</text>"))
            #expect(generated.headers.first(name: .cacheControl) == "private, no-cache")
            let etag = try #require(generated.headers.first(name: .eTag))
            let again = try await minji.send(.GET, path, headers: ["If-None-Match": etag])
            #expect(again.status == .notModified && again.body.readableBytes == 0)
            #expect(
                try await minji.send(.GET, path, headers: ["If-None-Match": "\"other\""]).status
                    == .ok)

            // A new name, a new picture at a new address.
            _ = try await minji.send(.PATCH, "/api/v1/auth/me", json: ["displayName": "김민지"])
            let renamed = try await minji.send(.GET, path)
            #expect(renamed.body.string.contains(">김</text>"))
            #expect(renamed.headers.first(name: .eTag) != etag)

            let uploaded = try minji.decode(
                AvatarDTO.self, try await upload(minji, try Self.fixture("photo.png")))
            let second = try minji.decode(
                AvatarDTO.self, try await upload(minji, try Self.fixture("photo.webp")))
            #expect(uploaded.url != second.url, "a changed picture has a new address")
            let stale = try await minji.send(.GET, uploaded.url)
            #expect(stale.headers.first(name: .cacheControl) == "private, no-cache")
            #expect(stale.headers.contentType?.description == "image/webp", "never the old one")
            // Kept in memory once read, under the digest of what is stored.
            let digest = SHA256.hash(data: try ImageFile(try Self.fixture("photo.webp")).stripped)
                .hex
            #expect(app.avatarFiles.value(for: digest)?.1 == "image/webp")

            let removed = try minji.decode(
                AvatarDTO.self, try await minji.send(.DELETE, "/api/v1/auth/me/avatar"))
            #expect(!removed.uploaded)
            #expect(
                try await minji.send(.GET, path).headers.contentType?.description == "image/svg+xml"
            )
        }
    }
}
