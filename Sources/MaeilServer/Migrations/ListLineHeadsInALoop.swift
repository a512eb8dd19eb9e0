import Fluent
import SQLKit

/// PostgreSQL: `maeil_line_heads` (the key of the line-heads indexes,
/// `IndexSearchKeysByUser`) is PL/pgSQL, a loop over the key's lines, instead
/// of SQL. An SQL function whose body is a query is never inlined: every
/// call, once for each heads index of each row a writer adds, started and
/// ended an executor of its own, 7% of PostgreSQL's time in EDICT's import.
/// The loop's expressions run without one. Building the heads index of
/// EDICT's `jamo_text` took 4.6-4.8 s with the SQL function and 3.2-3.6 s
/// with the loop; `choseong_text`'s 1.43 s and 0.53 s.
///
/// The lists are the same as before, element for element
/// (`LineHeadsTests`), so the indexes built with the old function stay
/// valid and are not built again.
struct ListLineHeadsInALoop: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await replace(with: Self.loop, on: database)
    }

    func revert(on database: any Database) async throws {
        try await replace(with: IndexSearchKeysByUser.lineHeadsQuery, on: database)
    }

    private func replace(with body: String, on database: any Database) async throws {
        let sql = try database.sql()
        guard sql.maeilDialect == .postgres else { return }
        try await sql.raw(
            """
            CREATE OR REPLACE FUNCTION maeil_line_heads(key text, length integer) RETURNS text[]
            \(unsafeRaw: body)
            """
        ).run()
    }

    /// The first `length` characters of each line of `key` that is not empty, in order.
    static let loop = """
        LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
        DECLARE
          line text;
          heads text[] := '{}';
        BEGIN
          FOREACH line IN ARRAY string_to_array(key, E'\\n') LOOP
            IF line <> '' THEN
              heads := heads || left(line, length);
            END IF;
          END LOOP;
          RETURN heads;
        END
        $$
        """
}
