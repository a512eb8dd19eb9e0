import Fluent
import SQLKit

/// The trigram index behind search (see `SearchIndex`).
struct CreateSearchIndex: AsyncMigration {
    func prepare(on database: any Database) async throws {
        let sql = try database.sql()
        switch sql.maeilDialect {
        case .sqlite:
            try await sql.raw(
                """
                CREATE VIRTUAL TABLE words_fts USING fts5(jamo_text, choseong_text, tokenize = 'trigram case_sensitive 1')
                """
            ).run()
            try await sql.raw(
                "INSERT INTO words_fts(rowid, jamo_text, choseong_text) SELECT search_id, jamo_text, choseong_text FROM words"
            ).run()
            try await sql.raw(
                """
                CREATE TRIGGER words_fts_insert AFTER INSERT ON words BEGIN
                  INSERT INTO words_fts(rowid, jamo_text, choseong_text) VALUES (new.search_id, new.jamo_text, new.choseong_text);
                END
                """
            ).run()
            try await sql.raw(
                """
                CREATE TRIGGER words_fts_delete AFTER DELETE ON words BEGIN
                  DELETE FROM words_fts WHERE rowid = old.search_id;
                END
                """
            ).run()
            try await sql.raw(
                """
                CREATE TRIGGER words_fts_update AFTER UPDATE OF jamo_text, choseong_text ON words BEGIN
                  UPDATE words_fts SET jamo_text = new.jamo_text, choseong_text = new.choseong_text WHERE rowid = old.search_id;
                END
                """
            ).run()
        case .postgres:
            // pg_trgm ships with PostgreSQL and is a trusted extension. Without
            // the right to create it, search still works, by scanning.
            do {
                try await sql.raw("CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public").run()
            } catch {
                database.logger.warning(
                    "pg_trgm could not be enabled (\(String(reflecting: error))); search will scan")
            }
            let available =
                try await sql.raw(
                    "SELECT COUNT(*) AS n FROM pg_extension WHERE extname = 'pg_trgm'"
                )
                .first()?.decode(column: "n", as: Int.self) ?? 0
            if available > 0 {
                try await sql.raw(
                    "CREATE INDEX words_jamo_trgm ON words USING gin (jamo_text public.gin_trgm_ops)"
                ).run()
                try await sql.raw(
                    "CREATE INDEX words_choseong_trgm ON words USING gin (choseong_text public.gin_trgm_ops)"
                ).run()
            }
        }
    }

    func revert(on database: any Database) async throws {
        let sql = try database.sql()
        switch sql.maeilDialect {
        case .sqlite:
            for trigger in ["words_fts_insert", "words_fts_delete", "words_fts_update"] {
                try await sql.raw("DROP TRIGGER IF EXISTS \(ident: trigger)").run()
            }
            try await sql.raw("DROP TABLE IF EXISTS words_fts").run()
        case .postgres:
            try await sql.raw("DROP INDEX IF EXISTS words_jamo_trgm").run()
            try await sql.raw("DROP INDEX IF EXISTS words_choseong_trgm").run()
        }
    }
}
