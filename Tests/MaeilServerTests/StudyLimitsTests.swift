import Fluent
import Foundation
import MaeilAPI
import SQLKit
import Testing
import Vapor
import VaporTesting
import VocabCore

@testable import MaeilServer

@Suite("Study limits per book, the session summary and studying more")
struct StudyLimitsTests {
    func queue(_ api: API, book: UUID? = nil) async throws -> ReviewQueueDTO {
        let response = try await api.send(
            .GET, "/api/v1/study/queue" + (book.map { "?bookID=\($0)" } ?? ""))
        #expect(response.status == .ok, "\(response.body.string)")
        return try api.decode(ReviewQueueDTO.self, response)
    }

    func summary(_ api: API, book: UUID? = nil) async throws -> StudySummaryDTO {
        let response = try await api.send(
            .GET, "/api/v1/study/summary" + (book.map { "?bookID=\($0)" } ?? ""))
        #expect(response.status == .ok, "\(response.body.string)")
        return try api.decode(StudySummaryDTO.self, response)
    }

    /// A book of `count` words with meanings (forward cards only, the default).
    func book(_ api: API, _ name: String, _ count: Int) async throws -> BookDTO {
        let book = try await api.createBook(name)
        for n in 1...count { _ = try await api.addWord(book.id, "\(name)\(n)", "뜻\(n)") }
        return book
    }

    @Test func aBooksOwnLimitHoldsItsCardsAndTheSummarySaysSo() async throws {
        try await withMaeilApp { app in
            let api = try await API.signUp(app)
            let small = try await book(api, "small", 5)
            let open = try await book(api, "open", 3)
            let set = try await api.send(
                .PUT, "/api/v1/study/books/\(small.id)/limits",
                json: BookLimitsDTO(newPerDay: 2))
            #expect(set.status == .ok, "\(set.body.string)")
            #expect(
                try api.decode(
                    BookLimitsDTO.self,
                    try await api.send(.GET, "/api/v1/study/books/\(small.id)/limits"))
                    == BookLimitsDTO(newPerDay: 2))

            let first = try await queue(api, book: small.id)
            #expect(first.newCount == 2 && first.cards.count == 2)
            // Over all books, the small book gives its two and the open one its three.
            #expect(try await queue(api).newCount == 5)
            for card in first.cards { #expect(try await api.answer(card, 3).status == .ok) }

            #expect(try await queue(api, book: small.id).cards.filter { $0.state == .new }.isEmpty)
            let all = try await queue(api)
            #expect(all.newCount == 3)
            #expect(all.cards.allSatisfy { $0.bookID == open.id || $0.state != .new })

            let done = try await summary(api, book: small.id)
            #expect(done.answered == 2 && done.correct == 2 && done.rightPercent == 100)
            #expect(done.nextDue != nil)
            #expect(
                done.held == [.init(kind: "new", owner: "book", limit: 2, cards: 3)])

            // Study more: two more new cards of that book today.
            let more = try await api.send(
                .POST, "/api/v1/study/more", json: StudyMoreInput(bookID: small.id, newCards: 2))
            #expect(more.status == .ok, "\(more.body.string)")
            #expect(try api.decode(ReviewQueueDTO.self, more).newCount == 2)
            #expect(try await summary(api, book: small.id).held.first?.cards == 1)

            // Cleared, the book follows the user's limit alone.
            _ = try await api.send(
                .PUT, "/api/v1/study/books/\(small.id)/limits", json: BookLimitsDTO())
            #expect(try await queue(api, book: small.id).newCount == 3)
        }
    }

    @Test func theUsersLimitIsNamedWhenItIsTheOneThatHolds() async throws {
        try await withMaeilApp { app in
            let api = try await API.signUp(app)
            let words = try await book(api, "words", 4)
            _ = try await api.send(
                .PATCH, "/api/v1/study/settings", json: StudySettingsPatch(newPerDay: 1))
            let card = try #require(try await queue(api, book: words.id).cards.first)
            #expect(try await api.answer(card, 1).status == .ok)
            let done = try await summary(api)
            #expect(done.answered == 1 && done.correct == 0 && done.rightPercent == 0)
            #expect(done.held == [.init(kind: "new", owner: "user", limit: 1, cards: 3)])
            #expect(done.finished == false, "the Again card comes back in a minute")
        }
    }

    @Test func badLimitsAndRequestsChangeNothing() async throws {
        try await withMaeilApp { app in
            let api = try await API.signUp(app)
            let mine = try await book(api, "mine", 1)
            let other = try await API.signUp(app)
            let theirs = try await other.createBook("theirs")
            for (path, body) in [
                ("/api/v1/study/books/\(mine.id)/limits", BookLimitsDTO(newPerDay: 10_000)),
                ("/api/v1/study/books/\(mine.id)/limits", BookLimitsDTO(reviewsPerDay: -1)),
            ] {
                #expect(try await api.send(.PUT, path, json: body).status == .unprocessableEntity)
            }
            #expect(
                try await api.send(
                    .PUT, "/api/v1/study/books/\(theirs.id)/limits",
                    json: BookLimitsDTO(newPerDay: 1)
                ).status == .notFound)
            #expect(
                try await api.send(.GET, "/api/v1/study/books/\(theirs.id)/limits").status
                    == .notFound)
            #expect(
                try await api.send(.GET, "/api/v1/study/summary?bookID=\(theirs.id)").status
                    == .notFound)
            for input in [
                StudyMoreInput(), StudyMoreInput(newCards: -1), StudyMoreInput(aheadDays: 31),
                StudyMoreInput(reviews: 10_000),
            ] {
                #expect(
                    try await api.send(.POST, "/api/v1/study/more", json: input).status
                        == .unprocessableEntity, "\(input)")
            }
            #expect(
                try await api.send(
                    .POST, "/api/v1/study/more",
                    json: StudyMoreInput(bookID: theirs.id, newCards: 1)
                ).status == .notFound)
            let sql = try #require(app.db as? any SQLDatabase)
            for table in [StudyDayStore.bookLimitsTable, StudyDayStore.extrasTable] {
                #expect(
                    try await sql.raw("SELECT COUNT(*) AS n FROM \(ident: table)").first()?
                        .decode(column: "n", as: Int.self) == 0)
            }
        }
    }

    @Test func reviewsAheadOfScheduleCanBeAnsweredOnlyOnceAsked() async throws {
        try await withMaeilApp { app in
            let api = try await API.signUp(app)
            let words = try await book(api, "ahead", 1)
            let card = try #require(try await queue(api, book: words.id).cards.first)
            #expect(try await api.answer(card, 3).status == .ok)
            // Made a review due in two days, as if learnt before.
            let due = Date().addingTimeInterval(2 * 86_400)
            let sql = try #require(app.db as? any SQLDatabase)
            try await sql.raw(
                """
                UPDATE cards SET state = 2, due = \(bind: due), stability = 10, difficulty = 5, step = NULL
                WHERE word_id = \(bind: card.wordID) AND direction = 'forward'
                """
            ).run()
            let before = try await summary(api, book: words.id)
            #expect(before.finished && before.held.isEmpty)
            #expect(before.reviewsAheadThisWeek == 1)
            #expect(try await queue(api, book: words.id).cards.isEmpty)

            let more = try await api.send(
                .POST, "/api/v1/study/more", json: StudyMoreInput(bookID: words.id, aheadDays: 3))
            let opened = try api.decode(ReviewQueueDTO.self, more)
            #expect(opened.reviewCount == 1)
            let ahead = try #require(opened.cards.first)
            #expect(try await api.answer(ahead, 3).status == .ok)
        }
    }
}
