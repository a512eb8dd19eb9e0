import Foundation
import MaeilAPI
import VocabCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Studies on a Maeil server through its JSON API (`/api/v1`, Bearer token).
struct RemoteStudyBackend: StudyBackend {
    let apiRoot: URL
    let token: String
    let bookID: UUID?
    var bookName: String?
    let session: URLSession
    /// `--bookmarked`: reviews and games of bookmarked words only.
    var bookmarkedOnly = false

    /// Checks the address and the token (by listing the books) and finds the book.
    static func connect(server: String, token: String, bookName: String?) async throws
        -> RemoteStudyBackend
    {
        var base = server.trimmingCharacters(in: .whitespaces)
        while base.hasSuffix("/") { base.removeLast() }
        guard let root = URL(string: base + "/api/v1"), let scheme = root.scheme,
            ["http", "https"].contains(scheme), root.host != nil
        else {
            throw StudyError(
                "--server must be an http:// or https:// address, like http://127.0.0.1:8080")
        }
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 30
        var backend = RemoteStudyBackend(
            apiRoot: root, token: token, bookID: nil, bookName: nil,
            session: URLSession(configuration: configuration))
        let books: [BookDTO] = try await backend.send(.books)
        if let bookName {
            switch BookReference.resolve(bookName, in: books.map { ($0.id, $0.name) }) {
            case .book(let id):
                backend = RemoteStudyBackend(
                    apiRoot: root, token: token, bookID: id,
                    bookName: books.first { $0.id == id }?.name, session: backend.session)
            case .notFound: throw StudyError("book \"\(bookName)\" not found")
            case .ambiguous(let ids): throw StudyError(BookReference.ambiguity(bookName, ids))
            }
        }
        return backend
    }

    private struct NoBody: Encodable {}

    func queue(limit: Int) async throws -> ReviewQueueDTO {
        var query = [URLQueryItem(name: "limit", value: String(limit))]
        if let bookID { query.append(URLQueryItem(name: "bookID", value: bookID.uuidString)) }
        if bookmarkedOnly { query.append(URLQueryItem(name: "bookmarkedOnly", value: "true")) }
        return try await send(.studyQueue, query: query)
    }

    func answer(_ card: StudyCardDTO, rating: Int, elapsedMilliseconds: Int) async throws {
        let body = ReviewAnswerInput(card, rating: rating, elapsedMilliseconds: elapsedMilliseconds)
        let _: StudyCardDTO = try await send(.answerCard, body: body)
    }

    func undo() async throws -> StudyCardDTO {
        var query: [URLQueryItem] = []
        if let bookID { query.append(URLQueryItem(name: "bookID", value: bookID.uuidString)) }
        return try await send(.undoAnswer, query: query, body: NoBody())
    }

    func summary() async throws -> StudySummaryDTO {
        var query: [URLQueryItem] = []
        if let bookID { query.append(URLQueryItem(name: "bookID", value: bookID.uuidString)) }
        if bookmarkedOnly { query.append(URLQueryItem(name: "bookmarkedOnly", value: "true")) }
        return try await send(.studySummary, query: query)
    }

    func studyMore(newCards: Int, reviews: Int, aheadDays: Int) async throws -> ReviewQueueDTO {
        try await send(
            .studyMore,
            body: StudyMoreInput(
                bookID: bookID, newCards: newCards, reviews: reviews, aheadDays: aheadDays))
    }

    func startGame(_ kind: GameKind, direction: String?, count: Int?) async throws -> GameDTO {
        try await send(
            .startGame,
            body: GameStartInput(
                kind: kind.rawValue, bookID: bookID, direction: direction, count: count,
                bookmarkedOnly: bookmarkedOnly))
    }

    func play(_ game: UUID, _ move: GameMoveInput) async throws -> GameDTO {
        try await send(.playMove, ["id": game.uuidString], body: move)
    }

    func close() async {
        session.finishTasksAndInvalidate()
    }

    /// One API call: the server's error message when it refuses, a clear one when unreachable.
    private func send<Response: Decodable>(
        _ route: APIRoute, _ parameters: [String: String] = [:], query: [URLQueryItem] = [],
        body: (some Encodable)? = NoBody?.none
    ) async throws -> Response {
        let path = String(route.path(parameters).dropFirst(APIRoute.prefix.count))
        var components = URLComponents(
            url: apiRoot.appendingPathComponent(path), resolvingAgainstBaseURL: false)
        if !query.isEmpty { components?.queryItems = query }
        guard let url = components?.url else { throw StudyError("bad address for \(route)") }
        var request = URLRequest(url: url)
        request.httpMethod = route.method.rawValue
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
            throw StudyError(
                "could not reach \(apiRoot.absoluteString): \(error.localizedDescription)")
        }
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        guard (200..<300).contains(status) else {
            if status == 401 {
                throw StudyError(
                    "the server refused the token (make one with `maeil user token NAME`)")
            }
            if let refusal = try? JSONDecoder().decode(ErrorBody.self, from: data) {
                throw StudyError(refusal.error.message)
            }
            throw StudyError("the server answered \(status) to \(route)")
        }
        do {
            return try JSONDecoder.maeilAPI().decode(Response.self, from: data)
        } catch {
            throw StudyError("unexpected answer from the server to \(route): \(error)")
        }
    }
}
