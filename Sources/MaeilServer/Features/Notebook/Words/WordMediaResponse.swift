import Vapor

extension Request {
    /// `…/words/{id}/media/{name}`: the file as stored, with its media type; 404 for
    /// a word that is not the user's or a name it has not. Kept by the browser a day
    /// (a word's media never change under the same name).
    func wordMediaResponse() async throws -> Response {
        let store = WordMediaStore(db: db, userID: try requireUserID())
        guard let name = parameters.get("name"),
            let file = try await store.file(try idParameter("id", "word"), named: name)
        else { throw AppError.notFound("media file") }
        let response = Response(status: .ok, body: .init(data: file.bytes))
        response.headers.replaceOrAdd(name: .contentType, value: file.contentType)
        response.headers.replaceOrAdd(name: .cacheControl, value: "private, max-age=86400")
        return response
    }
}

/// A word's sound or picture on a page: an `<img>` or an `<audio controls>`.
struct WordMediaView: Encodable, Sendable {
    var url: String
    var name: String
    var isImage: Bool

    /// The word's media, pictures first (none for a word without).
    static func list(_ wordID: UUID, for req: Request) async throws -> [WordMediaView] {
        try await WordMediaStore(db: req.db, userID: try req.requireUserID()).list(wordID).map {
            let path = $0.name.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? ""
            return WordMediaView(
                url: "/words/\(wordID)/media/\(path)", name: $0.name,
                isImage: $0.contentType.hasPrefix("image/"))
        }
    }
}
