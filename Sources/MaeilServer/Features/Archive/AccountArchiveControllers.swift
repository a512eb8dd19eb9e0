import MaeilAPI
import Vapor

extension Request {
    func accountArchive() throws -> AccountArchiveService {
        AccountArchiveService(
            db: db, user: try requireUser(), days: days, hooks: application.notebookHooks)
    }

    /// The archive as a download: `maeil-USERNAME-YYYY-MM-DD.zip`.
    func accountArchiveDownload() async throws -> Response {
        let data = try await accountArchive().export()
        let name = "maeil-\(try requireUser().username)-\(days.day(of: Date())).zip"
        return UploadedFile.download(data, fileName: name, type: .zip)
    }
}

/// `GET /api/v1/account/archive` (all the account's data as a zip) and
/// `POST /api/v1/account/archive` (such a zip added to this account).
struct AccountArchiveAPIController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.on(.accountArchive, use: download)
        routes.on(
            .importAccountArchive,
            body: .collect(maxSize: ByteCount(value: AccountArchiveService.archiveLimit)),
            use: importArchive)
    }

    @Sendable func download(req: Request) async throws -> Response {
        try await req.accountArchiveDownload()
    }

    @Sendable func importArchive(req: Request) async throws -> AccountImportResultDTO {
        let (data, _) = try UploadedFile.read(from: req)
        return try await req.accountArchive().importArchive(data)
    }
}

/// The settings page's "download all my data" and "import all my data".
struct AccountArchiveWebController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.get("settings", "archive", use: download)
        routes.on(
            .POST, "settings", "archive",
            body: .collect(maxSize: ByteCount(value: AccountArchiveService.archiveLimit)),
            use: importArchive)
    }

    @Sendable func download(req: Request) async throws -> Response {
        try await req.accountArchiveDownload()
    }

    struct UploadForm: Content {
        var file: File?
    }

    @Sendable func importArchive(req: Request) async throws -> Response {
        guard let file = try? req.content.decode(UploadForm.self).file,
            file.data.readableBytes > 0
        else {
            req.flash("importNoFile", error: true)
            return req.redirect(to: "/settings#archive")
        }
        do {
            let result = try await req.accountArchive().importArchive(Data(buffer: file.data))
            req.flash(
                Localizer.format(
                    "flashArchiveImported", req.uiLanguage,
                    ["books": String(result.books), "words": String(result.words)]))
        } catch let error as AppError {
            req.flash(req.text("archiveImportFailed") + " " + error.message, error: true)
        }
        return req.redirect(to: "/settings#archive")
    }
}
