import Fluent
import Foundation
import SQLKit

/// Maeil's own backup of a PostgreSQL database, for a machine without `pg_dump` (or
/// when asked, `maeil backup --portable`): JSON lines, every row of every table of
/// Maeil's schema as PostgreSQL itself writes it (`row_to_json`), read in one
/// repeatable-read transaction so the copy is consistent while the server writes.
/// The first line says what the file is:
///
///     {"format":"maeil-postgres-portable","version":2,"tables":["users",…]}
///     {"table":"users","row":{"id":"…","username":"mina",…}}
///     {"end":{"rows":1234}}
///
/// The last line counts the rows, so a file cut short (a backup killed half-way,
/// a copy that stopped) is refused rather than restored as if whole; version 1
/// files, from before the count, are read as they are.
/// A restore empties those tables and loads the rows in the order their foreign
/// keys need (`json_populate_recordset`, 500 rows to a statement), with the tables'
/// own triggers off (the rows carry their counts), in one transaction; then
/// every word must be in its own user's book and every card on its own
/// user's word, as those triggers would have had it.
enum PortablePostgresBackup {
    static let formatName = "maeil-postgres-portable"

    private struct Header: Codable {
        var format: String
        var version: Int
        var tables: [String]
    }

    static func isPortable(_ data: Data) -> Bool {
        data.prefix(64).starts(with: Data(#"{"format":"\#(formatName)""#.utf8))
    }

    static func write(_ db: any Database, to path: String) async throws {
        guard
            FileManager.default.createFile(
                atPath: path, contents: nil,
                attributes: [.posixPermissions: Int(PrivateFiles.fileMode)]),
            let file = FileHandle(forWritingAtPath: path)
        else { throw AppError.invalid("\(path) cannot be written", code: .invalidFile) }
        defer { try? file.close() }
        try await db.transactionUntilClosed { tx in
            let sql = try tx.sql()
            try await sql.raw("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY").run()
            let tables = try await loadOrder(sql)
            // Sorted keys: `format` first, as `isPortable` reads it.
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            let header = try encoder.encode(Header(format: formatName, version: 2, tables: tables))
            file.write(header + Data("\n".utf8))
            var count = 0
            for table in tables {
                let name = try JSONEncoder().encode(table)
                for row in try await sql.raw(
                    "SELECT row_to_json(t)::text AS row FROM \(ident: table) t"
                ).all() {
                    let json = try row.decode(column: "row", as: String.self)
                    file.write(
                        Data(#"{"table":"#.utf8) + name + Data(#","row":"#.utf8) + Data(json.utf8)
                            + Data("}\n".utf8))
                    count += 1
                }
            }
            file.write(Data(#"{"end":{"rows":\#(count)}}"#.utf8) + Data("\n".utf8))
        }
    }

    /// Replaces the rows of every table the backup names with the backup's.
    static func restore(_ data: Data, into db: any Database) async throws {
        var lines = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true)
            .makeIterator()
        guard let first = lines.next(),
            let header = try? JSONDecoder().decode(Header.self, from: Data(first)),
            header.format == formatName, (1...2).contains(header.version)
        else {
            throw AppError.invalid("not a portable Maeil backup", code: .invalidFile)
        }
        struct Line: Decodable {
            var table: String
        }
        // The table name comes first in each line, so `,"row":` first follows it.
        var rows: [String: [Data]] = [:]
        var count = 0
        var ended: Int?
        let marker = Data(#","row":"#.utf8)
        while let line = lines.next() {
            let data = Data(line)
            if ended != nil { throw AppError.invalid("the backup is damaged", code: .invalidFile) }
            if data.starts(with: Data(#"{"end":"#.utf8)) {
                struct End: Decodable { var end: [String: Int] }
                ended = try? JSONDecoder().decode(End.self, from: data).end["rows"]
                if ended == nil {
                    throw AppError.invalid("the backup is damaged", code: .invalidFile)
                }
                continue
            }
            count += 1
            // The row is the text between `,"row":` and the line's last `}`, as written.
            guard let table = try? JSONDecoder().decode(Line.self, from: data).table,
                header.tables.contains(table), let start = data.range(of: marker),
                data.last == UInt8(ascii: "}")
            else { throw AppError.invalid("the backup is damaged", code: .invalidFile) }
            rows[table, default: []].append(
                data[start.upperBound..<data.index(before: data.endIndex)])
        }
        if header.version >= 2, ended != count {
            throw AppError.invalid(
                "the backup is cut short (\(count) rows of \(ended.map(String.init) ?? "an unknown number"))",
                code: .invalidFile)
        }
        let loaded = rows
        try await db.transactionUntilClosed { tx in
            let sql = try tx.sql()
            try await sql.raw(GINPendingList.bulk).run()
            let present = Set(try await loadOrder(sql))
            let tables = header.tables.filter { present.contains($0) }
            try await sql.raw(
                "TRUNCATE \(unsafeRaw: tables.map { "\"\($0)\"" }.joined(separator: ", ")) CASCADE"
            ).run()
            // The rows come with their counts already: the triggers that keep a book's
            // counts must not count its words again (foreign keys stay checked).
            for table in tables {
                try await sql.raw("ALTER TABLE \(ident: table) DISABLE TRIGGER USER").run()
            }
            for table in try await loadOrder(sql) where tables.contains(table) {
                let columns = try await insertableColumns(of: table, sql)
                let list = columns.map { "\"\($0)\"" }.joined(separator: ", ")
                for chunk in (loaded[table] ?? []).chunked(500) {
                    let array =
                        "["
                        + chunk.map { String(decoding: $0, as: UTF8.self) }
                        .joined(separator: ",") + "]"
                    try await sql.raw(
                        """
                        INSERT INTO \(ident: table) (\(unsafeRaw: list))
                        SELECT \(unsafeRaw: list) FROM json_populate_recordset(NULL::\(ident: table), \(bind: array)::json)
                        """
                    ).run()
                }
            }
            // Those triggers also check that each word is in its own user's
            // book and each card on its own user's word (`CheckOwnersOncePerStatement`).
            try await checkOwners(sql)
            // And count the words and answers by day, which a backup from
            // before `CountWordsByDay` or `CountAnswersByDay` lacks.
            try await WordsByDay.recount(on: sql)
            try await AnswersByDay.recount(on: sql)
            for table in tables {
                try await sql.raw("ALTER TABLE \(ident: table) ENABLE TRIGGER USER").run()
            }
        }
        // The words went in with a bulk load's long pending lists (`GINPendingList`).
        try await db.sql().raw(GINPendingList.mergeWords).run()
    }

    /// Refuses rows that name a row of another user, or none, where a trigger
    /// would have refused them (a backup edited by hand, or damaged).
    private static func checkOwners(_ sql: any SQLDatabase) async throws {
        let unowned = try await sql.raw(
            "SELECT child, parent, rows FROM maeil_unowned_rows() WHERE rows > 0 ORDER BY child"
        ).all()
        guard let first = unowned.first else { return }
        let (child, parent, count) = (
            try first.decode(column: "child", as: String.self),
            try first.decode(column: "parent", as: String.self),
            try first.decode(column: "rows", as: Int.self)
        )
        throw AppError.invalid(
            "the backup is damaged: \(count) row(s) of \(child) belong to no \(parent) of their own user",
            code: .invalidFile)
    }

    /// Maeil's tables, each after the tables its foreign keys point to.
    private static func loadOrder(_ sql: any SQLDatabase) async throws -> [String] {
        let tables = try await sql.raw(
            "SELECT tablename FROM pg_tables WHERE schemaname = current_schema() ORDER BY tablename"
        ).all().map { try $0.decode(column: "tablename", as: String.self) }
        var needs: [String: Set<String>] = [:]
        for row in try await sql.raw(
            """
            SELECT c.conrelid::regclass::text AS child, c.confrelid::regclass::text AS parent
            FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace
            WHERE c.contype = 'f' AND n.nspname = current_schema()
            """
        ).all() {
            let child = try row.decode(column: "child", as: String.self)
            let parent = try row.decode(column: "parent", as: String.self)
            if child != parent { needs[unquoted(child), default: []].insert(unquoted(parent)) }
        }
        var ordered: [String] = []
        var placed = Set<String>()
        while ordered.count < tables.count {
            let ready = tables.filter {
                !placed.contains($0) && (needs[$0] ?? []).subtracting(placed).isEmpty
            }
            // A cycle (none in Maeil's schema) would otherwise loop: take the rest as they are.
            let next = ready.isEmpty ? tables.filter { !placed.contains($0) } : ready
            ordered += next
            placed.formUnion(next)
        }
        return ordered
    }

    /// `"schema"."table"` or `table` → table.
    private static func unquoted(_ name: String) -> String {
        String(name.split(separator: ".").last ?? "").trimmingCharacters(
            in: CharacterSet(charactersIn: "\""))
    }

    /// The columns a row can be written to (not generated ones).
    private static func insertableColumns(of table: String, _ sql: any SQLDatabase) async throws
        -> [String]
    {
        try await sql.raw(
            """
            SELECT a.attname AS name FROM pg_attribute a
            WHERE a.attrelid = \(bind: table)::regclass AND a.attnum > 0 AND NOT a.attisdropped
              AND a.attgenerated = ''
            ORDER BY a.attnum
            """
        ).all().map { try $0.decode(column: "name", as: String.self) }
    }
}
