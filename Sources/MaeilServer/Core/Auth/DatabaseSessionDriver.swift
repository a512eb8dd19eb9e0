import Foundation
import SQLKit
import Vapor

/// Web sessions in the database (`web_sessions`), so several app processes
/// share them. The cookie holds a random id; the table holds only its SHA-256
/// digest, so a copy of the database cannot be replayed as a login. A session
/// lives `lifetime` after its last use; reading a page rewrites it only when its
/// data changed or its expiry is more than `refreshInterval` old.
struct DatabaseSessionDriver: AsyncSessionDriver {
    static let table = "web_sessions"
    static let lifetime: TimeInterval = 30 * 24 * 60 * 60
    static let refreshInterval: TimeInterval = 24 * 60 * 60
    /// Vapor's session authenticator keeps the user's id under this key.
    static let userKey = "_UserSession"

    /// What `readSession` found, so `updateSession` can skip a write that changes nothing.
    private struct Loaded: StorageKey {
        typealias Value = (data: SessionData, expiresAt: Date)
    }

    func createSession(_ data: SessionData, for request: Request) async throws -> SessionID {
        let id = [UInt8].random(count: 32).hex
        let now = Date()
        try await Self.afterTheRequest {
            try await request.db.sql().raw(
                """
                INSERT INTO \(ident: Self.table) (id_digest, user_id, data, created_at, expires_at)
                VALUES (\(bind: Self.digest(id)), \(bind: Self.userID(data)), \(bind: try Self.json(data)),
                  \(bind: now), \(bind: now.addingTimeInterval(Self.lifetime)))
                """
            ).run()
        }
        return SessionID(string: id)
    }

    /// A read keeps what it found (`KeptReads`) until the session's row
    /// changes; its expiry is checked on every read.
    func readSession(_ sessionID: SessionID, for request: Request) async throws -> SessionData? {
        let digest = Self.digest(sessionID.string)
        func read() async throws -> (data: SessionData, expiresAt: Date)? {
            guard
                let row = try await request.shortReads().raw(
                    """
                    SELECT data, expires_at FROM \(ident: Self.table)
                    WHERE id_digest = \(bind: digest) AND expires_at > \(bind: Date())
                    """
                ).first()
            else { return nil }
            let data = try JSONDecoder().decode(
                SessionData.self, from: Data(try row.decode(column: "data", as: String.self).utf8))
            return (data, try row.decode(column: "expires_at", as: Date.self))
        }
        guard
            let found = try await request.keptReads.value(
                "session:" + digest, topics: { _ in [Self.topic(digest)] }, read: read),
            found.expiresAt > Date()
        else { return nil }
        request.storage[Loaded.self] = found
        return found.data
    }

    func updateSession(_ sessionID: SessionID, to data: SessionData, for request: Request)
        async throws -> SessionID
    {
        let now = Date()
        if let loaded = request.storage[Loaded.self], loaded.data == data,
            loaded.expiresAt > now.addingTimeInterval(Self.lifetime - Self.refreshInterval)
        {
            return sessionID
        }
        let digest = Self.digest(sessionID.string)
        do {
            try await Self.afterTheRequest {
                try await request.db.sql().raw(
                    """
                    UPDATE \(ident: Self.table) SET data = \(bind: try Self.json(data)), user_id = \(bind: Self.userID(data)),
                      expires_at = \(bind: now.addingTimeInterval(Self.lifetime))
                    WHERE id_digest = \(bind: digest)
                    """
                ).run()
            }
        } catch
            where DatabaseFault.translated(error) is DatabaseBusy
            && request.storage[Loaded.self].map({ Self.userID($0.data) == Self.userID(data) })
                == true
        {
            // Still busy, and the session keeps its user: what is lost is a
            // flash message or a passing choice, and the request's change
            // stands; an error page would tell the user it did not.
            request.logger.warning("session not updated: the database stayed busy")
            return sessionID
        }
        request.application.keptReads?.changed(Self.topic(digest))
        return sessionID
    }

    /// A session is written after the request's handler has made its change
    /// (a word added, an archive imported): a busy database then waits a
    /// while longer instead of answering 503 for a change that was made.
    private static func afterTheRequest(_ write: () async throws -> Void) async throws {
        try await DatabaseFault.whileBusy(patience: .seconds(5), write)
    }

    func deleteSession(_ sessionID: SessionID, for request: Request) async throws {
        let digest = Self.digest(sessionID.string)
        try await request.db.sql().raw(
            "DELETE FROM \(ident: Self.table) WHERE id_digest = \(bind: digest)"
        ).run()
        request.application.keptReads?.changed(Self.topic(digest))
    }

    /// The change-feed topic of a session (`AddChangeNotifications`).
    static func topic(_ digest: String) -> String { "s:" + digest }

    /// Deletes every session past its expiry; returns how many.
    @discardableResult
    static func deleteExpired(on db: any SQLDatabase, now: Date = Date()) async throws -> Int {
        try await db.raw(
            """
            DELETE FROM \(ident: table) WHERE expires_at <= \(bind: now) RETURNING id_digest
            """
        ).all().count
    }

    static func digest(_ id: String) -> String { SecretDigest.sha256Hex(id) }

    private static func userID(_ data: SessionData) -> UUID? {
        data[userKey].flatMap(UUID.init(uuidString:))
    }

    private static func json(_ data: SessionData) throws -> String {
        String(decoding: try JSONEncoder().encode(data), as: UTF8.self)
    }
}

/// Keeps a session only when it holds something. Vapor makes one as soon as
/// anything looks at `req.session` (the authenticator does on every page), so
/// without this every cookieless visit would store an empty row. Sits just
/// inside the sessions middleware.
struct DropEmptySessionMiddleware: Middleware {
    func respond(to request: Request, chainingTo next: any Responder) -> EventLoopFuture<Response> {
        next.respond(to: request).map { response in
            if request.hasSession, request.session.data.snapshot.isEmpty {
                request.session.destroy()
            }
            return response
        }
    }
}
