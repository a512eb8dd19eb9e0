import Fluent
import Foundation
import NIOConcurrencyHelpers
import SQLKit
import Vapor

/// Web sessions move from Fluent's `_fluent_sessions` (plain ids, an empty row
/// for every anonymous visit, never deleted) to `web_sessions`: id digests, an
/// expiry, the user they belong to. Signed-in sessions come along, so nobody is
/// signed out by the upgrade; anonymous ones are dropped.
struct CreateWebSessions: AsyncMigration {
    func prepare(on database: any Database) async throws {
        let table = DatabaseSessionDriver.table
        try await database.schema(table)
            .field("id_digest", .string, .identifier(auto: false))
            .field("user_id", .uuid, .references(User.schema, .id, onDelete: .cascade))
            .field("data", .string, .required)
            .field("created_at", .datetime, .required)
            .field("expires_at", .datetime, .required)
            .create()
        let sql = try database.sql()
        try await sql.create(index: "web_sessions_expiry").on(table).column("expires_at").run()
        try await sql.create(index: "web_sessions_user").on(table).column("user_id").run()

        // Streamed: an old table may hold a row for every anonymous visit ever made.
        let signedIn = NIOLockedValueBox<[(key: String, userID: UUID, data: SessionData)]>([])
        try await SessionRecord.query(on: database).all { row in
            guard case .success(let old) = row,
                let userID = old.data[DatabaseSessionDriver.userKey].flatMap(UUID.init(uuidString:))
            else { return }
            signedIn.withLockedValue { $0.append((old.key.string, userID, old.data)) }
        }
        let now = Date()
        let expiresAt = now.addingTimeInterval(DatabaseSessionDriver.lifetime)
        for old in signedIn.withLockedValue({ $0 })
        where try await User.find(old.userID, on: database) != nil {
            let data = String(decoding: try JSONEncoder().encode(old.data), as: UTF8.self)
            try await sql.raw(
                """
                INSERT INTO \(ident: table) (id_digest, user_id, data, created_at, expires_at)
                VALUES (\(bind: DatabaseSessionDriver.digest(old.key)), \(bind: old.userID), \(bind: data),
                  \(bind: now), \(bind: expiresAt))
                """
            ).run()
        }
        try await SessionRecord.query(on: database).delete()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(DatabaseSessionDriver.table).delete()
    }
}
