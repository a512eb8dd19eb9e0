import Foundation
import Vapor

enum UploadedFile {
    struct Form: Content { var file: File }

    /// The file and its name, if the client gave one.
    static func read(from req: Request) throws -> (Data, String?) {
        let file = try readTyped(from: req)
        return (file.data, file.name)
    }

    /// The file, its name and the media type the client declared for it (the
    /// multipart part's, or the body's), which may be wrong.
    static func readTyped(from req: Request) throws -> (data: Data, name: String?, type: String?) {
        if req.headers.contentType?.type == "multipart" {
            guard let form = try? req.content.decode(Form.self) else {
                throw AppError.badRequest("the form has no file in its \"file\" field")
            }
            return (
                Data(buffer: form.file.data), form.file.filename,
                form.file.contentType.map { "\($0.type)/\($0.subType)" }
            )
        }
        guard let body = req.body.data, body.readableBytes > 0 else {
            throw AppError.badRequest(
                "send the file as the request body or as a multipart \"file\" field")
        }
        return (
            Data(buffer: body), try? req.query.get(String.self, at: "filename"),
            req.headers.contentType.map { "\($0.type)/\($0.subType)" }
        )
    }

    static func download(_ data: Data, fileName: String, type: HTTPMediaType) -> Response {
        let response = Response(status: .ok, body: .init(data: data))
        response.headers.contentType = type
        // Old clients get an ASCII name; `filename*` carries the real one (e.g. Korean).
        let ext = (fileName as NSString).pathExtension
        let stem = String(
            (fileName as NSString).deletingPathExtension.unicodeScalars
                .filter { $0.isASCII && $0 != "\"" && $0 != "\\" }.map(Character.init)
        )
        .trimmingCharacters(in: CharacterSet(charactersIn: "_ "))
        let ascii = (stem.isEmpty ? "book" : stem) + (ext.isEmpty ? "" : ".\(ext)")
        let encoded = fileName.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ascii
        response.headers.replaceOrAdd(
            name: .contentDisposition,
            value: "attachment; filename=\"\(ascii)\"; filename*=UTF-8''\(encoded)")
        return response
    }
}
