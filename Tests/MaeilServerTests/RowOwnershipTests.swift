import FluentKit
import Foundation
import MaeilAPI
import SQLKit
import Testing
import Vapor

@testable import MaeilServer

/// On PostgreSQL the database itself keeps a word in its own user's book
/// and a card on its own user's word (`TieRowsToTheirOwners`), and deleting
/// a book or a user still takes its words and their cards with it.
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

    /// A copy of `word` (a new id) put into `book`.
    private func copy(of word: UUID, into book: UUID) -> [SQLQueryString] {
        [
            "CREATE TEMP TABLE probe ON COMMIT DROP AS SELECT * FROM words WHERE id = \(bind: word)",
            "UPDATE probe SET id = gen_random_uuid(), book_id = \(bind: book)",
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
