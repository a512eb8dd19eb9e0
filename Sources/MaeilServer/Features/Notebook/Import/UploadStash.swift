import Foundation
import Vapor

/// Uploaded files kept between the import preview and its confirmation.
///
/// They are too big for the session (stored in the database as JSON), so they
/// wait in the temporary directory as `<user id>-<upload id>.upload` with a
/// `.json` sidecar. The user id in the name means another user's upload id
/// leads nowhere. Files are removed after the import, on cancel, or when a day old.
struct UploadStash: Sendable {
    struct Meta: Codable, Sendable {
        var fileName: String?
        /// The book the file goes into; nil for an Anki package (a book per deck).
        var bookID: UUID?
        var size: Int
    }

    let directory: URL
    let userID: UUID

    static var defaultDirectory: URL {
        FileManager.default.temporaryDirectory.appendingPathComponent(
            "maeil-uploads", isDirectory: true)
    }

    static let maxAge: TimeInterval = 24 * 60 * 60

    private func dataURL(_ id: UUID) -> URL {
        directory.appendingPathComponent("\(userID.uuidString)-\(id.uuidString).upload")
    }
    private func metaURL(_ id: UUID) -> URL {
        directory.appendingPathComponent("\(userID.uuidString)-\(id.uuidString).json")
    }

    func save(_ data: Data, fileName: String?, bookID: UUID?) throws -> UUID {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        sweep()
        let id = UUID()
        // Owner-only permissions: the temporary directory is shared with other local users.
        let meta = try JSONEncoder().encode(
            Meta(fileName: fileName, bookID: bookID, size: data.count))
        guard
            FileManager.default.createFile(
                atPath: dataURL(id).path, contents: data, attributes: [.posixPermissions: 0o600]),
            FileManager.default.createFile(
                atPath: metaURL(id).path, contents: meta, attributes: [.posixPermissions: 0o600])
        else {
            remove(id)
            throw AppError(
                status: .internalServerError, code: .`internal`,
                message: "the upload could not be stored")
        }
        return id
    }

    /// The upload, if it exists, is this user's and was made for this book (nil:
    /// an Anki package).
    func load(_ id: UUID, bookID: UUID?) throws -> (data: Data, meta: Meta) {
        guard let metaData = FileManager.default.contents(atPath: metaURL(id).path),
            let meta = try? JSONDecoder().decode(Meta.self, from: metaData), meta.bookID == bookID,
            let data = FileManager.default.contents(atPath: dataURL(id).path)
        else { throw AppError.notFound("upload (it may have expired; upload the file again)") }
        return (data, meta)
    }

    /// Removes an upload the user cancelled; 404 when this user has no such upload.
    func cancel(_ id: UUID) throws {
        guard FileManager.default.fileExists(atPath: metaURL(id).path) else {
            throw AppError.notFound("upload")
        }
        remove(id)
    }

    func remove(_ id: UUID) {
        try? FileManager.default.removeItem(at: dataURL(id))
        try? FileManager.default.removeItem(at: metaURL(id))
    }

    /// Removes every user's uploads older than a day (abandoned previews).
    func sweep() {
        let manager = FileManager.default
        guard let names = try? manager.contentsOfDirectory(atPath: directory.path) else { return }
        let limit = Date().addingTimeInterval(-Self.maxAge)
        for name in names {
            let path = directory.appendingPathComponent(name).path
            if let modified = (try? manager.attributesOfItem(atPath: path))?[.modificationDate]
                as? Date, modified < limit
            {
                try? manager.removeItem(atPath: path)
            }
        }
    }
}

extension Request {
    func uploadStash() throws -> UploadStash {
        UploadStash(directory: UploadStash.defaultDirectory, userID: try requireUserID())
    }
}
