import Fluent
import SQLKit

/// The offline Japanese–English dictionary (EDICT), shared by every user: one row per
/// entry, headwords and readings indexed for exact and prefix lookups, and the
/// glosses' English words indexed (FTS5 on SQLite, a text-search index on PostgreSQL).
/// `maeil import edict` fills it (see `DictionaryStore`).
struct CreateDictionary: AsyncMigration {
    func prepare(on database: any Database) async throws {
        let sql = try database.sql()
        try await sql.raw(
            """
            CREATE TABLE dictionary_entries (
              id INTEGER PRIMARY KEY, term TEXT NOT NULL, reading TEXT NOT NULL,
              glosses TEXT NOT NULL, common INTEGER NOT NULL)
            """
        ).run()
        for statement in DictionaryStore.lookupIndexes(sql.maeilDialect) {
            try await sql.raw(SQLQueryString(statement)).run()
        }
        if sql.maeilDialect == .sqlite {
            try await sql.raw(SQLQueryString(DictionaryStore.sqliteGlossIndex)).run()
        }
    }

    func revert(on database: any Database) async throws {
        let sql = try database.sql()
        if sql.maeilDialect == .sqlite {
            try await sql.raw("DROP TABLE IF EXISTS dictionary_glosses").run()
        }
        try await sql.raw("DROP TABLE IF EXISTS dictionary_entries").run()
    }
}
