import FluentKit
import Foundation
import MaeilAPI
import SQLKit
import Testing
import Vapor

@testable import MaeilServer

/// On PostgreSQL the database itself keeps a word in its own user's book
/// and a card on its own user's word (`TieRowsToTheirOwners`, checked once
/// per statement since `CheckOwnersOncePerStatement`), and deleting a book
/// or a user still takes its words and their cards with it.
@Suite("Rows tied to their owners")
struct RowOwnershipTests {
    /// Two users, each with a book holding one word (and its two cards).
    private func twoOwners(_ app: Application) async throws -> [(
        api: API, user: UUID, book: UUID, word: UUID
    )] {
        var owners: [(api: API, user: UUID, book: UUID, word: UUID)] = []
        for name in [
            "owner\(Int.random(in: 1000...999_999))", "other\(Int.random(in: 1000...999_999))",
        ] {
            let api = try await API.signUp(app, name)
            let book = try await api.createBook("Words").id
            let word = try await api.addWord(book, "water", "물").id
            let user = try await app.userID(name)
            owners.append((api, user, book, word))
        }
        return owners
    }

    private func count(_ table: String, where condition: SQLQueryString, _ app: Application)
        async throws -> Int
    {
        try await app.db.sql().raw(
            "SELECT COUNT(*) AS n FROM \(ident: table) WHERE " + condition
        ).first()!.decode(column: "n", as: Int.self)
    }

    /// Whether the database takes `statements`, run in a transaction that is
    /// then rolled back (so a check can be tried again and leaves nothing).
    private func takes(_ statements: [SQLQueryString], _ app: Application) async -> Bool {
        struct RolledBack: Error {}
        do {
            try await app.db.transaction { tx in
                for statement in statements { try await tx.sql().raw(statement).run() }
                throw RolledBack()
            }
        } catch is RolledBack { return true } catch { return false }
        return false
    }

    /// A copy of `word` put into `book`, under `id` or a new random one.
    private func copy(of word: UUID, into book: UUID, as id: UUID? = nil) -> [SQLQueryString] {
        let newID: SQLQueryString = id.map { "\(bind: $0)" } ?? "gen_random_uuid()"
        return [
            "CREATE TEMP TABLE probe ON COMMIT DROP AS SELECT * FROM words WHERE id = \(bind: word)",
            "UPDATE probe SET id = " + newID + ", book_id = \(bind: book)",
            "INSERT INTO words SELECT * FROM probe",
        ]
    }

    /// A card of `user` on `word`, in place of the word's forward card.
    private func forwardCard(of user: UUID, on word: UUID) -> [SQLQueryString] {
        [
            "DELETE FROM cards WHERE word_id = \(bind: word) AND direction = 'forward'",
            """
            INSERT INTO cards (word_id, direction, user_id, book_id, state, due, reps, lapses)
            SELECT w.id, 'forward', \(bind: user), w.book_id, 0, now(), 0, 0 FROM words w
            WHERE w.id = \(bind: word)
            """,
        ]
    }

    @Test func aWordInAnotherUsersBookOrACardOnAnotherUsersWordIsRefused() async throws {
        try await withMaeilApp { app in
            guard try app.db.sql().maeilDialect == .postgres else { return }
            let owners = try await twoOwners(app)
            let (mine, theirs) = (owners[0], owners[1])
            let myOtherBook = try await mine.api.createBook("More words").id
            // Each refused change next to the same change kept within its owner, which is taken.
            #expect(await takes(copy(of: mine.word, into: mine.book), app))
            #expect(!(await takes(copy(of: mine.word, into: theirs.book), app)))
            let move: (UUID) -> [SQLQueryString] = {
                ["UPDATE words SET book_id = \(bind: $0) WHERE id = \(bind: mine.word)"]
            }
            #expect(await takes(move(myOtherBook), app))
            #expect(!(await takes(move(theirs.book), app)))
            #expect(await takes(forwardCard(of: theirs.user, on: theirs.word), app))
            #expect(!(await takes(forwardCard(of: mine.user, on: theirs.word), app)))
            let handOver: (UUID) -> [SQLQueryString] = {
                ["UPDATE cards SET user_id = \(bind: $0) WHERE word_id = \(bind: theirs.word)"]
            }
            #expect(await takes(handOver(theirs.user), app))
            #expect(!(await takes(handOver(mine.user), app)))
            // Nothing of it stayed: each word is in its own book, with its two cards.
            for owner in owners {
                #expect(
                    try await count(
                        "words",
                        where: "user_id = \(bind: owner.user) AND book_id = \(bind: owner.book)",
                        app)
                        == 1)
                #expect(
                    try await count(
                        "cards",
                        where: "user_id = \(bind: owner.user) AND word_id = \(bind: owner.word)",
                        app)
                        == 2)
            }
        }
    }

    @Test func aStatementWithOneRowOutOfPlaceOrAParentsNewKeyIsRefusedWhole() async throws {
        try await withMaeilApp { app in
            guard try app.db.sql().maeilDialect == .postgres else { return }
            let owners = try await twoOwners(app)
            let (mine, theirs) = (owners[0], owners[1])
            // Three copies in one statement, one of them into the other user's book.
            let copies: (UUID) -> [SQLQueryString] = { stray in
                [
                    "CREATE TEMP TABLE probe ON COMMIT DROP AS SELECT * FROM words WHERE id = \(bind: mine.word)",
                    "INSERT INTO probe SELECT * FROM probe",
                    "INSERT INTO probe SELECT * FROM probe LIMIT 1",
                    "UPDATE probe SET id = gen_random_uuid()",
                    "UPDATE probe SET book_id = \(bind: stray) WHERE id IN (SELECT id FROM probe LIMIT 1)",
                    "INSERT INTO words SELECT * FROM probe",
                ]
            }
            #expect(await takes(copies(mine.book), app))
            #expect(!(await takes(copies(theirs.book), app)))
            // A book or a word keeps its id and owner while something names it.
            let emptyBook = try await mine.api.createBook("Empty").id
            let handOver: (UUID) -> [SQLQueryString] = {
                ["UPDATE books SET user_id = \(bind: theirs.user) WHERE id = \(bind: $0)"]
            }
            #expect(await takes(handOver(emptyBook), app))
            #expect(!(await takes(handOver(mine.book), app)))
            #expect(
                !(await takes(
                    ["UPDATE words SET id = gen_random_uuid() WHERE id = \(bind: mine.word)"], app))
            )
            #expect(try await count("words", where: "user_id = \(bind: mine.user)", app) == 1)
        }
    }

    /// A card being added holds its word until its transaction ends, as a
    /// foreign key's check does: the word's deletion waits, then takes it.
    @Test func aWordCannotBeDeletedUnderACardBeingAdded() async throws {
        try await withMaeilApp { app in
            guard try app.db.sql().maeilDialect == .postgres else { return }
            let mine = try await twoOwners(app)[0]
            // A word without cards yet (the notebook adds both at once).
            let word = UUID()
            try await app.db.transaction { tx in
                for statement in copy(of: mine.word, into: mine.book, as: word) {
                    try await tx.sql().raw(statement).run()
                }
            }
            let deletion: [SQLQueryString] = [
                "SET LOCAL lock_timeout = '200ms'", "DELETE FROM words WHERE id = \(bind: word)",
            ]
            try await app.db.transaction { tx in
                try await tx.sql().raw(
                    """
                    INSERT INTO cards (word_id, direction, user_id, book_id, state, due, reps, lapses)
                    SELECT w.id, 'forward', w.user_id, w.book_id, 0, now(), 0, 0 FROM words w
                    WHERE w.id = \(bind: word)
                    """
                ).run()
                #expect(
                    !(await takes(deletion, app)), "the word is held while its card is uncommitted")
            }
            #expect(try await count("cards", where: "word_id = \(bind: word)", app) == 1)
            #expect(await takes(Array(deletion.dropFirst()), app))
            try await app.db.sql().raw("DELETE FROM words WHERE id = \(bind: word)").run()
            #expect(try await count("cards", where: "word_id = \(bind: word)", app) == 0)
        }
    }

    /// Reverted, the ties are foreign keys again; migrated again, triggers.
    @Test func theTiesRevertToForeignKeysAndBack() async throws {
        try await withMaeilApp { app in
            guard try app.db.sql().maeilDialect == .postgres else { return }
            let sql = try app.db.sql()
            func ties() async throws -> (keys: Int, triggers: Int) {
                let row = try await sql.raw(
                    """
                    SELECT (SELECT count(*) FROM pg_constraint WHERE conname IN
                        ('words_book_owner_fkey', 'cards_word_owner_fkey')
                        AND connamespace = current_schema()::regnamespace) AS keys,
                      (SELECT count(*) FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
                        WHERE c.relnamespace = current_schema()::regnamespace
                        AND t.tgname ~ '_(owner_check_|delete_|keep_)') AS triggers
                    """
                ).first()
                return (
                    try row?.decode(column: "keys", as: Int.self) ?? -1,
                    try row?.decode(column: "triggers", as: Int.self) ?? -1
                )
            }
            #expect(try await ties() == (0, 8))
            try await CheckOwnersOncePerStatement().revert(on: app.db)
            #expect(try await ties() == (2, 0))
            try await CheckOwnersOncePerStatement().prepare(on: app.db)
            #expect(try await ties() == (0, 8))
            let owners = try await twoOwners(app)
            #expect(!(await takes(copy(of: owners[0].word, into: owners[1].book), app)))
        }
    }

    @Test func deletingABookOrAUserStillTakesItsWordsAndCards() async throws {
        try await withMaeilApp { app in
            let owners = try await twoOwners(app)
            let (mine, theirs) = (owners[0], owners[1])
            let deleted = try await mine.api.send(.DELETE, "/api/v1/books/\(mine.book)")
            #expect(deleted.status == .ok, "\(deleted.body.string)")
            #expect(try await count("words", where: "user_id = \(bind: mine.user)", app) == 0)
            #expect(try await count("cards", where: "user_id = \(bind: mine.user)", app) == 0)
            try await app.db.sql().raw("DELETE FROM users WHERE id = \(bind: theirs.user)").run()
            #expect(try await count("books", where: "user_id = \(bind: theirs.user)", app) == 0)
            #expect(try await count("words", where: "user_id = \(bind: theirs.user)", app) == 0)
            #expect(try await count("cards", where: "user_id = \(bind: theirs.user)", app) == 0)
        }
    }
}
