import Fluent
import Foundation
import SQLKit
import VocabCore

/// Computes every word's search keys again (`WordSearchKeys`), for a
/// migration that changes what the keys hold. The indexes of the keys are
/// dropped first and built again from the new keys at the end, one bulk
/// build instead of an index update per word: on SQLite the FTS5 table and
/// its triggers, on PostgreSQL every index of `words` over a key column (as
/// it was defined). A key updated word by word through PostgreSQL's GIN
/// indexes took over 14 minutes for EDICT's 267,379 words.
enum SearchKeyRefresh {
    /// The key columns, which the indexes dropped for the refresh cover.
    private static let keyColumns = ["search_text", "jamo_text", "choseong_text", "cjk_text"]

    /// `columns`: the key columns the SQLite index covers afterwards, in the
    /// index's first form (`CreateSearchIndex.sqliteIndex`).
    static func run(_ sql: any SQLDatabase, indexing columns: [String]) async throws {
        try await run(sql, sqliteIndex: CreateSearchIndex.sqliteIndex(over: columns))
    }

    /// `sqliteIndex`: the statements that build the SQLite index afterwards.
    static func run(_ sql: any SQLDatabase, sqliteIndex: [String]) async throws {
        var rebuild: [String]
        switch sql.maeilDialect {
        case .sqlite:
            try await sql.run(CreateSearchIndex.dropSQLiteIndex)
            rebuild = sqliteIndex
        case .postgres:
            rebuild = try await dropPostgresKeyIndexes(sql)
            if !rebuild.isEmpty { rebuild.append("ANALYZE words") }
        }
        try await refreshKeys(sql)
        try await sql.run(rebuild)
    }

    /// Drops the PostgreSQL indexes of `words` over a key column; returns
    /// the statements that create them again.
    private static func dropPostgresKeyIndexes(_ sql: any SQLDatabase) async throws -> [String] {
        let indexes = try await sql.raw(
            """
            SELECT indexname, indexdef FROM pg_indexes
            WHERE schemaname = current_schema() AND tablename = 'words'
            """
        ).all()
        var definitions: [String] = []
        for index in indexes {
            let definition = try index.decode(column: "indexdef", as: String.self)
            guard keyColumns.contains(where: definition.contains) else { continue }
            let name = try index.decode(column: "indexname", as: String.self)
            try await sql.raw("DROP INDEX \(ident: name)").run()
            definitions.append(definition)
        }
        return definitions
    }

    /// Computes every word's search keys from its term, meaning and reading,
    /// and writes the ones that changed; a thousand words at a time, in id
    /// order, each thousand's changes in one UPDATE from a temporary table.
    private static func refreshKeys(_ sql: any SQLDatabase) async throws {
        try await sql.raw(
            """
            CREATE TEMPORARY TABLE refreshed_keys AS
            SELECT id, \(unsafeRaw: keyColumns.joined(separator: ", ")) FROM words WHERE 1 = 0
            """
        ).run()
        var after: UUID?
        while true {
            let start: SQLQueryString = after.map { " WHERE id > \(bind: $0)" } ?? ""
            let rows = try await sql.raw(
                """
                SELECT id, term, meaning, reading, \(unsafeRaw: keyColumns.joined(separator: ", "))
                FROM words\(start) ORDER BY id LIMIT 1000
                """
            ).all()
            guard let last = rows.last else { break }
            var changed: [[any SQLExpression]] = []
            for row in rows {
                let keys = WordSearchKeys(
                    term: try row.decode(column: "term", as: String.self),
                    meaning: try row.decode(column: "meaning", as: String.self),
                    reading: try row.decode(column: "reading", as: String.self))
                let fresh = [keys.text, keys.jamo, keys.choseong, keys.cjk]
                let stored = try keyColumns.map { try row.decode(column: $0, as: String.self) }
                guard stored != fresh else { continue }
                let id = try row.decode(column: "id", as: UUID.self)
                changed.append([SQLBind(id)] + fresh.map { SQLBind($0) })
            }
            if !changed.isEmpty {
                try await changed.reduce(
                    sql.insert(into: "refreshed_keys").columns(["id"] + keyColumns)
                ) { $0.values($1) }.run()
                try await sql.raw(
                    """
                    UPDATE words SET \(unsafeRaw: keyColumns.map { "\($0) = k.\($0)" }.joined(separator: ", "))
                    FROM refreshed_keys k WHERE words.id = k.id
                    """
                ).run()
                try await sql.raw("DELETE FROM refreshed_keys").run()
            }
            after = try last.decode(column: "id", as: UUID.self)
        }
        try await sql.raw("DROP TABLE refreshed_keys").run()
    }
}
