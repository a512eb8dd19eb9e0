import Fluent
import Foundation
import Imaging
import MaeilAPI
import SQLKit
import Vapor

/// Users' pictures as one reader (`readerID`) uploads and sees them.
///
/// An upload is read down to its structure (`ImageFile`): a PNG, JPEG or WebP
/// file by its bytes, whatever its name or declared type says, at most 1 MB
/// and 2048 pixels a side, stored without its metadata (EXIF with a GPS
/// position, XMP, comments). A user's picture is seen by themselves and, once
/// they share something — a public or unlisted book, or a review of one — by
/// everyone signed in; anyone else's is a 404, as if there were no such user.
struct AvatarStore: Sendable, ReadsInline {
    let db: any Database
    let readerID: UUID
    /// Where the short read of who may see a picture goes (the request's
    /// inline reader on SQLite: an avatar is a small, frequent request).
    var reads: (any SQLDatabase)? = nil

    static let maxBytes = 1 << 20
    static let maxSide = 2_048

    /// Stores `data` as the reader's picture in place of any earlier one.
    /// `declaredType` is the media type the client sent it as, if it said.
    func upload(_ data: Data, declaredType: String?) async throws -> AvatarPicture {
        let image = try Self.checked(data, declaredType: declaredType)
        let digest = SHA256.hash(data: image.stripped).hex
        try await db.writeTransaction { tx in
            try await ActionRateLimit.avatar.spend(by: readerID, on: tx)
            let sql = try tx.sql()
            try await sql.raw("DELETE FROM user_avatars WHERE user_id = \(bind: readerID)").run()
            try await sql.raw(
                """
                INSERT INTO user_avatars (user_id, format, width, height, bytes, digest, updated_at)
                VALUES (\(bind: readerID), \(bind: image.format.rawValue), \(bind: image.width),
                        \(bind: image.height), \(bind: image.stripped), \(bind: digest), \(bind: Date()))
                """
            ).run()
        }
        return try await picture(of: readerID)
    }

    /// Back to the generated picture.
    func remove() async throws {
        try await db.sql().raw("DELETE FROM user_avatars WHERE user_id = \(bind: readerID)").run()
    }

    /// The picture of `userID`, if the reader may see it.
    func picture(of userID: UUID) async throws -> AvatarPicture {
        let shared = [BookVisibility.public.rawValue, BookVisibility.unlisted.rawValue]
        guard
            let row = try await reader().raw(
                """
                SELECT COALESCE(NULLIF(u.display_name, ''), u.username) AS name, a.digest
                FROM users u LEFT JOIN user_avatars a ON a.user_id = u.id
                WHERE u.id = \(bind: userID)
                  AND (u.id = \(bind: readerID)
                    OR EXISTS (SELECT 1 FROM books b
                               WHERE b.user_id = u.id AND b.visibility IN (\(binds: shared)))
                    OR EXISTS (SELECT 1 FROM book_reviews r JOIN books b ON b.id = r.book_id
                               WHERE r.user_id = u.id AND r.hidden_at IS NULL
                                 AND b.visibility IN (\(binds: shared))))
                """
            ).first()
        else { throw AppError.notFound("user") }
        return AvatarPicture(
            userID: userID, name: try row.decode(column: "name", as: String.self),
            digest: try row.decode(column: "digest", as: String?.self))
    }

    /// The stored file of an uploaded picture and its format.
    func file(of picture: AvatarPicture) async throws -> (Data, ImageFormat) {
        guard
            let row = try await db.sql().raw(
                """
                SELECT format, bytes FROM user_avatars
                WHERE user_id = \(bind: picture.userID) AND digest = \(bind: picture.digest ?? "")
                """
            ).first(),
            let format = ImageFormat(rawValue: try row.decode(column: "format", as: String.self))
        else { throw AppError.notFound("avatar") }
        return (try row.decode(column: "bytes", as: Data.self), format)
    }

    /// The image in `data`, or the refusal a user can act on.
    static func checked(_ data: Data, declaredType: String?) throws -> ImageFile {
        guard data.count <= maxBytes else {
            throw AppError(
                status: .payloadTooLarge, code: .tooLarge,
                message:
                    "the picture is \(megabytes(data.count)); the largest accepted is 1 MB")
        }
        let image: ImageFile
        do {
            image = try ImageFile(data)
        } catch .notAnImage {
            throw AppError(
                status: .unsupportedMediaType, code: .unsupportedMediaType,
                message: "this file is not a picture: send a PNG, JPEG or WebP image")
        } catch .damaged(let format, let why) {
            throw AppError.invalid(
                "this \(format.rawValue) picture is damaged or cut off (\(why))",
                code: .invalidImage)
        }
        if let declared = declaredType?.lowercased(), declared.hasPrefix("image/"),
            declared != image.format.mediaType, !(declared == "image/jpg" && image.format == .jpeg)
        {
            throw AppError(
                status: .unsupportedMediaType, code: .unsupportedMediaType,
                message:
                    "the file is a \(image.format.rawValue) picture but was sent as \(declared)")
        }
        guard image.width <= maxSide, image.height <= maxSide else {
            throw AppError.invalid(
                "the picture is \(image.width)×\(image.height) pixels; the largest accepted is \(maxSide)×\(maxSide)",
                code: .invalidImage)
        }
        return image
    }

    /// "1.05 MB": two decimals, so a file just over the limit does not read as 1.0 MB.
    private static func megabytes(_ bytes: Int) -> String {
        String(format: "%.2f MB", Double(bytes) / 1_048_576)
    }
}

extension ActionRateLimit {
    static let avatar = ActionRateLimit(action: "avatar", limit: 20, window: 60 * 60)
}

extension Request {
    /// Pictures as the signed-in user uploads and sees them.
    func avatarStore() throws -> AvatarStore {
        AvatarStore(db: db, readerID: try requireUserID())
    }

    /// The picture of the user in the `id` parameter: the stored file or the
    /// generated SVG, with a strong ETag (304 when it matches) and, at its
    /// versioned address, cached for good; the files kept in memory.
    func avatarResponse() async throws -> Response {
        var store = try avatarStore()
        store.reads = try shortReads()
        let picture = try await store.picture(of: try idParameter("id", "user"))
        let etag = "\"\(picture.version)\""
        let cacheControl =
            queryValue("v") == picture.version
            ? "private, max-age=31536000, immutable" : "private, no-cache"
        if headers.first(name: .ifNoneMatch).map({ Self.matches($0, etag) }) == true {
            let response = Response(status: .notModified)
            response.headers.replaceOrAdd(name: .eTag, value: etag)
            response.headers.replaceOrAdd(name: .cacheControl, value: cacheControl)
            return response
        }
        let body: Data
        let type: String
        if let digest = picture.digest {
            if let kept = application.avatarFiles.value(for: digest) {
                (body, type) = kept
            } else {
                let (data, format) = try await store.file(of: picture)
                (body, type) = (data, format.mediaType)
                application.avatarFiles.set((body, type), bytes: body.count, for: digest)
            }
        } else {
            (body, type) = (Data(picture.generatedSVG.utf8), "image/svg+xml")
        }
        let response = Response(status: .ok, body: .init(data: body))
        response.headers.replaceOrAdd(name: .contentType, value: type)
        response.headers.replaceOrAdd(name: .eTag, value: etag)
        response.headers.replaceOrAdd(name: .cacheControl, value: cacheControl)
        return response
    }

    /// `If-None-Match` holds `etag` (one of a list, or `*`; a weak form counts).
    private static func matches(_ header: String, _ etag: String) -> Bool {
        header.split(separator: ",").contains {
            let tag = $0.trimmingCharacters(in: .whitespaces)
            return tag == "*" || tag == etag || tag == "W/" + etag
        }
    }
}

extension Application {
    private struct AvatarFilesKey: StorageKey {
        typealias Value = ByteLimitedCache<String, (Data, String)>
    }

    /// Uploaded pictures by digest, with their media type (set at start).
    var avatarFiles: ByteLimitedCache<String, (Data, String)> {
        get { storage[AvatarFilesKey.self] ?? ByteLimitedCache(byteLimit: 0) }
        set { storage[AvatarFilesKey.self] = newValue }
    }
}
