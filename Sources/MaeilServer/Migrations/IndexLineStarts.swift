import Fluent
import SQLKit

/// SQLite: the FTS5 table holds each key after a newline, so that every line
/// of a key, the first too, starts after one, and the start of a line is one
/// phrase ("\nwater"). Before, a line start was `^"water" OR "\nwater"`, and
/// FTS5 answers `^` by checking the position of every match of the phrase:
/// EDICT's `*ing` looked at all 58,612 "ing" for its head (4.9 ms against
/// 1.0 ms for the newline's phrase). The words' own keys stay as they are;
/// the index is built again (`IndexImportsInBulk.sqliteIndex`, with
/// `SearchIndexBulkLoad.indexed`) and merged into one segment.
struct IndexLineStarts: AsyncMigration {
    func prepare(on database: any Database) async throws {
        let sql = try database.sql()
        guard sql.maeilDialect == .sqlite else { return }
        try await sql.run(IndexImportsInBulk.sqliteIndexInOneSegment)
    }

    /// Nothing to undo: the code before looked for a line start as
    /// `^"water" OR "\nwater"`, which this index answers by its second half.
    func revert(on database: any Database) async throws {}
}
