import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Studies on a Maeil server through its JSON API (`/api/v1`, Bearer token).
struct RemoteStudyBackend: StudyBackend {
    let apiRoot: URL
    let token: String
    let bookID: UUID?
    let session: URLSession

    /// Checks the address and the token (by listing the books) and finds the book.
    static func connect(server: String, token: String, bookName: String?) async throws -> RemoteStudyBackend {
        var base = server.trimmingCharacters(in: .whitespaces)
        while base.hasSuffix("/") { base.removeLast() }
        guard let root = URL(string: base + "/api/v1"), let scheme = root.scheme, ["http", "https"].contains(scheme), root.host != nil else {
            throw StudyError("--server must be an http:// or https:// address, like http://127.0.0.1:8080")
        }
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 30
        var backend = RemoteStudyBackend(apiRoot: root, token: token, bookID: nil, session: URLSession(configuration: configuration))
        let books: [Book] = try await backend.send("GET", "books")
        if let bookName {
            guard let book = books.first(where: { $0.name == bookName }) else {
                throw StudyError("book \"\(bookName)\" not found")
            }
            backend = RemoteStudyBackend(apiRoot: root, token: token, bookID: book.id, session: backend.session)
        }
        return backend
    }

    private struct Book: Decodable {
        var id: UUID
        var name: String
    }

    private struct AnswerBody: Encodable {
        var wordID: UUID
        var direction: String
        var rating: Int
        var version: Int
        var elapsedMs: Int
    }

    private struct GameBody: Encodable {
        var kind: String
        var book: UUID?
        var direction: String?
        var count: Int?
    }

    private struct ErrorBody: Decodable {
        struct Detail: Decodable { var message: String }
        var error: Detail
    }

    private struct NoBody: Encodable {}

    func queue(limit: Int) async throws -> StudyQueue {
        var query = [URLQueryItem(name: "limit", value: String(limit))]
        if let bookID { query.append(URLQueryItem(name: "book", value: bookID.uuidString)) }
        return try await send("GET", "study/queue", query: query)
    }

    func answer(_ card: StudyCard, rating: Int, elapsedMilliseconds: Int) async throws {
        let body = AnswerBody(wordID: card.wordID, direction: card.direction, rating: rating, version: card.version, elapsedMs: elapsedMilliseconds)
        let _: StudyCard = try await send("POST", "study/answer", body: body)
    }

    func undo() async throws -> StudyCard {
        try await send("POST", "study/undo", body: NoBody())
    }

    func startGame(_ kind: GameKind, direction: String?, count: Int?) async throws -> GameState {
        try await send("POST", "games", body: GameBody(kind: kind.rawValue, book: bookID, direction: direction, count: count))
    }

    func play(_ game: UUID, _ move: GameMove) async throws -> GameState {
        try await send("POST", "games/\(game.uuidString)/moves", body: move)
    }

    func close() async {
        session.finishTasksAndInvalidate()
    }

    /// One API call: the server's error message when it refuses, a clear one when unreachable.
    private func send<Response: Decodable>(
        _ method: String, _ path: String, query: [URLQueryItem] = [], body: (some Encodable)? = NoBody?.none
    ) async throws -> Response {
        var components = URLComponents(url: apiRoot.appendingPathComponent(path), resolvingAgainstBaseURL: false)
        if !query.isEmpty { components?.queryItems = query }
        guard let url = components?.url else { throw StudyError("bad address for \(path)") }
        var request = URLRequest(url: url)
        request.httpMethod = method
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        if let body {
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.httpBody = try JSONEncoder().encode(body)
        }
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await session.data(for: request)
        } catch {
            throw StudyError("could not reach \(apiRoot.absoluteString): \(error.localizedDescription)")
        }
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        guard (200..<300).contains(status) else {
            if status == 401 { throw StudyError("the server refused the token (make one with `maeil user token NAME`)") }
            if let refusal = try? JSONDecoder().decode(ErrorBody.self, from: data) { throw StudyError(refusal.error.message) }
            throw StudyError("the server answered \(status) to \(method) \(path)")
        }
        do {
            return try JSONDecoder.api().decode(Response.self, from: data)
        } catch {
            throw StudyError("unexpected answer from the server to \(method) \(path): \(error)")
        }
    }
}
