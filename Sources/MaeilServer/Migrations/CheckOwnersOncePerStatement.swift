import Fluent
import SQLKit

/// PostgreSQL: a word's book and a card's word are checked to be its own
/// user's once per statement, by triggers, instead of by foreign keys
/// (`TieRowsToTheirOwners`), which check each row with a query of its own.
/// Those queries were 17% of PostgreSQL's time in EDICT's import (534,758
/// cards and 267,379 words, each a lookup and a lock through an executor of
/// its own); the statement's check is one join of its rows. EDICT's import,
/// six runs each, alternated with the keys (release builds): 44.9-55.9 s,
/// mean 51.1, against 51.5-63.3 s, mean 57.8; faster in each pair.
///
/// The triggers do what the keys did:
/// - A statement's new rows, or a row whose key changes, must each name a
///   parent row of the same user. Those parents are locked `FOR KEY SHARE`
///   until the transaction ends, as a key's check locks them, so a parent
///   cannot be deleted or given another key under a row being added.
/// - Deleting parents deletes their children (a book its words, a word its
///   cards), in one statement for all of them.
/// - A parent's id or user cannot change while it has children.
/// - A restore, which loads rows with triggers off, checks them all after
///   (`unownedRows`).
///
/// The checks run as dynamic statements (`EXECUTE`), planned for each
/// statement's own number of rows: a plan kept from a 400-row chunk of an
/// empty table read every word for each later chunk (EDICT: 83-88 s).
/// SQLite keeps its keys, whose checks cost an import little.
struct CheckOwnersOncePerStatement: AsyncMigration {
    /// Each tie: the child table, its column of the parent's id, the parent
    /// table, and the foreign key `TieRowsToTheirOwners` made for it.
    static let ties = [
        Tie(child: "words", key: "book_id", parent: "books", foreignKey: "words_book_owner_fkey"),
        Tie(child: "cards", key: "word_id", parent: "words", foreignKey: "cards_word_owner_fkey"),
    ]

    struct Tie {
        let child: String
        let key: String
        let parent: String
        let foreignKey: String

        /// The tie's triggers: the name, the table it is on, and what follows
        /// `CREATE TRIGGER name`. `prepare` creates them and `revert` drops them.
        var triggers: [(name: String, table: String, definition: String)] {
            let arguments = "'\(parent)', '\(key)'"
            return [
                (
                    "\(child)_owner_check_insert", child,
                    """
                    AFTER INSERT ON \(child) REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT
                    EXECUTE FUNCTION maeil_require_owned_parents(\(arguments))
                    """
                ),
                (
                    "\(child)_owner_check_update", child,
                    """
                    AFTER UPDATE OF \(key), user_id ON \(child) FOR EACH ROW
                    WHEN (OLD.\(key) IS DISTINCT FROM NEW.\(key) OR OLD.user_id IS DISTINCT FROM NEW.user_id)
                    EXECUTE FUNCTION maeil_require_owned_parents(\(arguments))
                    """
                ),
                (
                    "\(parent)_delete_\(child)", parent,
                    """
                    AFTER DELETE ON \(parent) REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT
                    EXECUTE FUNCTION maeil_delete_owned_children('\(child)', '\(key)')
                    """
                ),
                (
                    "\(parent)_keep_\(child)", parent,
                    """
                    AFTER UPDATE OF id, user_id ON \(parent) FOR EACH ROW
                    WHEN (OLD.id IS DISTINCT FROM NEW.id OR OLD.user_id IS DISTINCT FROM NEW.user_id)
                    EXECUTE FUNCTION maeil_keep_owned_children('\(child)', '\(key)')
                    """
                ),
            ]
        }
    }

    func prepare(on database: any Database) async throws {
        guard try database.sql().maeilDialect == .postgres else { return }
        try await database.transactionUntilClosed { try await Self.tie(on: $0.sql()) }
    }

    /// The keys out, the triggers in, in one transaction.
    private static func tie(on sql: any SQLDatabase) async throws {
        try await sql.run(Self.functions + [Self.unownedRows])
        for tie in Self.ties {
            try await sql.run(
                ["ALTER TABLE \(tie.child) DROP CONSTRAINT \(tie.foreignKey)"]
                    + tie.triggers.map { "CREATE TRIGGER \($0.name) \($0.definition)" })
        }
    }

    func revert(on database: any Database) async throws {
        let sql = try database.sql()
        guard sql.maeilDialect == .postgres else { return }
        for tie in Self.ties {
            try await sql.run(
                tie.triggers.map { "DROP TRIGGER \($0.name) ON \($0.table)" } + [
                    """
                    ALTER TABLE \(tie.child) ADD CONSTRAINT \(tie.foreignKey)
                      FOREIGN KEY (\(tie.key), user_id) REFERENCES \(tie.parent) (id, user_id) ON DELETE CASCADE
                    """
                ])
        }
        try await sql.run([
            "DROP FUNCTION maeil_require_owned_parents()",
            "DROP FUNCTION maeil_delete_owned_children()",
            "DROP FUNCTION maeil_keep_owned_children()",
            "DROP FUNCTION maeil_unowned_rows()",
        ])
    }

    /// `maeil_unowned_rows()`: for each tie, how many children name no parent
    /// of their own user. A restore loads rows with the triggers off
    /// (`PortablePostgresBackup`) and asks this after, as the keys checked
    /// each row before.
    static let unownedRows =
        """
        CREATE FUNCTION maeil_unowned_rows() RETURNS TABLE (child text, parent text, rows bigint)
        LANGUAGE sql STABLE AS $$
        """
        + ties.map { tie in
            """
              SELECT '\(tie.child)', '\(tie.parent)', count(*) FROM \(tie.child) c WHERE NOT EXISTS (
                SELECT 1 FROM \(tie.parent) p WHERE p.id = c.\(tie.key) AND p.user_id = c.user_id)
            """
        }.joined(separator: "\n  UNION ALL\n") + "\n$$"

    /// Each takes the table and the child's column of the parent's id
    /// (`TG_ARGV`); the parent's own columns are `id` and `user_id`.
    static let functions = [
        // A statement's new rows (`new_rows`), or the row whose key changed
        // (`NEW`): every parent they name, locked, or an error.
        """
        CREATE FUNCTION maeil_require_owned_parents() RETURNS trigger LANGUAGE plpgsql AS $$
        DECLARE
          parent text := TG_ARGV[0];
          key_column text := TG_ARGV[1];
          named text := 'new_rows';
          missing bigint;
        BEGIN
          IF TG_LEVEL = 'ROW' THEN
            named := format('(SELECT ($1).%I, ($1).user_id)', key_column);
          END IF;
          EXECUTE format(
            'WITH named AS (SELECT DISTINCT %2$I AS id, user_id FROM %3$s AS n)
             SELECT (SELECT count(*) FROM named) - (SELECT count(*) FROM (
               SELECT 1 FROM %1$I p JOIN named n ON p.id = n.id AND p.user_id = n.user_id
               FOR KEY SHARE OF p) AS locked)',
            parent, key_column, named) INTO missing USING NEW;
          IF missing > 0 THEN
            RAISE EXCEPTION 'a row of % names a row of % that is not its own user''s', TG_TABLE_NAME, parent
              USING ERRCODE = 'foreign_key_violation', TABLE = TG_TABLE_NAME, CONSTRAINT = TG_NAME;
          END IF;
          RETURN NULL;
        END $$
        """,
        // The children of the deleted parents (`old_rows`).
        """
        CREATE FUNCTION maeil_delete_owned_children() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          EXECUTE format(
            'DELETE FROM %I c USING old_rows o WHERE c.%I = o.id AND c.user_id = o.user_id',
            TG_ARGV[0], TG_ARGV[1]);
          RETURN NULL;
        END $$
        """,
        // A parent whose id or user changed (`OLD`) must have had no children.
        """
        CREATE FUNCTION maeil_keep_owned_children() RETURNS trigger LANGUAGE plpgsql AS $$
        DECLARE
          kept boolean;
        BEGIN
          EXECUTE format('SELECT EXISTS (SELECT 1 FROM %I c WHERE c.%I = $1 AND c.user_id = $2)',
            TG_ARGV[0], TG_ARGV[1]) INTO kept USING OLD.id, OLD.user_id;
          IF kept THEN
            RAISE EXCEPTION 'a row of % still names this row of %', TG_ARGV[0], TG_TABLE_NAME
              USING ERRCODE = 'foreign_key_violation', TABLE = TG_TABLE_NAME, CONSTRAINT = TG_NAME;
          END IF;
          RETURN NULL;
        END $$
        """,
    ]
}
