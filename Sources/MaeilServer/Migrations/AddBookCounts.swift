import Fluent
import SQLKit

/// Each book keeps its word counts (all, memorized, bookmarked) so that the
/// books list and a word page never count a big book's words (at 267,000
/// words a count read every row: 0.2–0.4 s per page).
///
/// Triggers keep them, so every write that adds, removes, moves, memorizes or
/// bookmarks words updates them in its own transaction, whichever code path
/// it comes from. SQLite has only row triggers (cheap: an indexed update per
/// row). PostgreSQL uses statement triggers with transition tables: a
/// per-row update of one book row in a 267,000-row import would leave a chain
/// of 267,000 row versions to walk.
///
/// The list indexes gain the columns of each list's whole order: the word
/// page filters on user and book and orders by (created, id); without `id` in
/// the index SQLite sorted all 100,000 words of a book for every page.
struct AddBookCounts: AsyncMigration {
    static let counters = ["word_count", "memorized_count", "bookmarked_count"]

    func prepare(on database: any Database) async throws {
        let sql = try database.sql()
        for counter in Self.counters {
            try await sql.alter(table: Book.schema)
                .column(counter, type: .bigint, .notNull, .default(SQLLiteral.numeric("0")))
                .run()
        }
        try await sql.raw(
            """
            UPDATE books SET
              word_count = (SELECT COUNT(*) FROM words w WHERE w.book_id = books.id),
              memorized_count = (SELECT COUNT(*) FROM words w WHERE w.book_id = books.id AND w.memorized),
              bookmarked_count = (SELECT COUNT(*) FROM words w WHERE w.book_id = books.id AND w.bookmarked)
            """
        ).run()
        try await sql.run(Self.triggers(sql.maeilDialect))
        try await Self.swap(Self.replacedIndexes, for: Self.newIndexes, on: sql)
    }

    typealias Index = (name: String, table: String, columns: [String])

    private static func swap(_ old: [Index], for new: [Index], on sql: any SQLDatabase)
        async throws
    {
        for index in new {
            var create = sql.create(index: index.name).on(index.table)
            for column in index.columns { create = create.column(column) }
            try await create.run()
        }
        for index in old { try await sql.drop(index: index.name).run() }
    }

    /// Each list's order in full, `id` included, so a page is read in index
    /// order instead of sorting every word of the book (or user) first.
    static let newIndexes: [Index] = [
        ("words_user_book_created_id", WordRow.table, ["user_id", "book_id", "created_at", "id"]),
        ("words_user_created_id", WordRow.table, ["user_id", "created_at", "id"]),
        ("cards_user_state_due_direction", "cards", ["user_id", "state", "due", "direction"]),
    ]
    static let replacedIndexes: [Index] = [
        ("words_user_created", WordRow.table, ["user_id", "created_at"]),
        ("cards_user_state_due", "cards", ["user_id", "state", "due"]),
    ]

    func revert(on database: any Database) async throws {
        let sql = try database.sql()
        try await Self.swap(Self.newIndexes, for: Self.replacedIndexes, on: sql)
        switch sql.maeilDialect {
        case .sqlite:
            for name in ["insert", "delete", "update"] {
                try await sql.raw("DROP TRIGGER IF EXISTS words_counts_\(unsafeRaw: name)").run()
            }
        case .postgres:
            try await sql.raw("DROP FUNCTION IF EXISTS words_counts() CASCADE").run()
        }
        // Raw: SQLKit's SQLite dialect leaves DROP COLUMN out (SQLite has had it since 3.35).
        for counter in Self.counters {
            try await sql.raw("ALTER TABLE books DROP COLUMN \(ident: counter)").run()
        }
    }

    /// The counters' change for a set of words: `sign` 1 when they arrive in
    /// their books, -1 when they leave; with `revisions`, each book's
    /// revision moves on too (`AddBookRevisions`).
    private static func sqliteChange(_ row: String, sign: String, revisions: Bool) -> String {
        """
        UPDATE books SET word_count = word_count \(sign) 1,\(revisions ? " revision = revision + 1," : "")
          memorized_count = memorized_count \(sign) (CASE WHEN \(row).memorized THEN 1 ELSE 0 END),
          bookmarked_count = bookmarked_count \(sign) (CASE WHEN \(row).bookmarked THEN 1 ELSE 0 END)
        WHERE id = \(row).book_id;
        """
    }

    private static func postgresChange(_ rows: String, sign: String, revisions: Bool) -> String {
        """
        UPDATE books b SET word_count = b.word_count \(sign) d.n,\(revisions ? " revision = b.revision + 1," : "")
          memorized_count = b.memorized_count \(sign) d.m,
          bookmarked_count = b.bookmarked_count \(sign) d.k
        FROM (SELECT book_id, COUNT(*) AS n,
                SUM(CASE WHEN memorized THEN 1 ELSE 0 END) AS m,
                SUM(CASE WHEN bookmarked THEN 1 ELSE 0 END) AS k
              FROM \(rows) GROUP BY book_id) d
        WHERE b.id = d.book_id;
        """
    }

    /// PostgreSQL: `function` run once after each statement that inserts
    /// rows of `table` (its rows as `new_rows`), and once after each that
    /// deletes them (`old_rows`), by the triggers `<triggers>_insert` and
    /// `<triggers>_delete`.
    static func postgresArrivalsAndDepartures(
        triggers: String, on table: String = "words", run function: String
    ) -> [String] {
        [
            """
            CREATE TRIGGER \(triggers)_insert AFTER INSERT ON \(table)
            REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION \(function)
            """,
            """
            CREATE TRIGGER \(triggers)_delete AFTER DELETE ON \(table)
            REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION \(function)
            """,
        ]
    }

    /// The triggers that keep the counts (and with `revisions`, the books'
    /// revisions: `AddBookRevisions` puts them in place of the first ones;
    /// with `days`, SQLite's also keep the words by day: `CountWordsByDay`).
    static func triggers(_ dialect: DatabaseDialect, revisions: Bool = false, days: Bool = false)
        -> [String]
    {
        // A word's day changes only with its account's time zone, never in
        // an update these triggers watch.
        func sqliteChange(_ row: String, sign: String, days: Bool = false) -> String {
            Self.sqliteChange(row, sign: sign, revisions: revisions)
                + (days ? "\n" + CountWordsByDay.sqliteChange(row, sign: sign) : "")
        }
        func postgresChange(_ rows: String, sign: String) -> String {
            Self.postgresChange(rows, sign: sign, revisions: revisions)
        }
        switch dialect {
        case .sqlite:
            return [
                """
                CREATE TRIGGER words_counts_insert AFTER INSERT ON words BEGIN
                \(sqliteChange("NEW", sign: "+", days: days))
                END
                """,
                """
                CREATE TRIGGER words_counts_delete AFTER DELETE ON words BEGIN
                \(sqliteChange("OLD", sign: "-", days: days))
                END
                """,
                """
                CREATE TRIGGER words_counts_update AFTER UPDATE OF book_id, memorized, bookmarked ON words BEGIN
                \(sqliteChange("OLD", sign: "-"))
                \(sqliteChange("NEW", sign: "+"))
                END
                """,
            ]
        case .postgres:
            return [
                """
                CREATE OR REPLACE FUNCTION words_counts() RETURNS trigger LANGUAGE plpgsql AS $$
                BEGIN
                  IF TG_OP IN ('UPDATE', 'DELETE') THEN
                    \(postgresChange("old_rows", sign: "-"))
                  END IF;
                  IF TG_OP IN ('UPDATE', 'INSERT') THEN
                    \(postgresChange("new_rows", sign: "+"))
                  END IF;
                  RETURN NULL;
                END $$
                """
            ] + postgresArrivalsAndDepartures(triggers: "words_counts", run: "words_counts()") + [
                """
                CREATE TRIGGER words_counts_update AFTER UPDATE ON words
                REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
                FOR EACH STATEMENT EXECUTE FUNCTION words_counts()
                """
            ]
        }
    }
}
