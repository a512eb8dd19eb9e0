import Fluent
import Foundation
import MaeilAPI
import SQLKit
import Testing
import Vapor
import VaporTesting
import VocabCore

@testable import MaeilServer

/// Each user's answers counted by day (`CountAnswersByDay`), which the
/// streaks, the dashboard and the diary read instead of the answers, must
/// equal a count of the answers after every kind of write, on both databases.
@Suite("Answers by day")
struct AnswerDaysTests {
    @Test func countsFollowEveryKindOfWrite() async throws {
        try await withMaeilApp { app in
            let api = try await API.signUp(app, "counter")
            let me = try await Self.userID(api)
            let bystander = try await API.signUp(app, "bystander")
            let theirs = try await bystander.createBook("Theirs")
            _ = try await bystander.addWord(theirs.id, "theirs", "남의 것")
            try await Self.answer(bystander, count: 1, ratings: [3])
            try await Self.expectCountsMatchAnswers(app, after: "a bystander's answer")

            let book = try await api.createBook("Mine")
            for i in 1...6 { _ = try await api.addWord(book.id, "word\(i)", "낱말 \(i)") }
            try await Self.answer(api, count: 5, ratings: [1, 3, 4, 2, 3])
            try await Self.expectCountsMatchAnswers(app, after: "answers")
            let today = StatsAPITests.today(app)
            #expect(
                try await Self.kept(app, me, today) == [5, 5, 4, 0, 0],
                "answers, reviews, correct; new cards, no recalls")

            #expect(try await api.send(.POST, "/api/v1/study/undo").status == .ok)
            try await Self.expectCountsMatchAnswers(app, after: "an undo")
            #expect(
                try await Self.kept(app, me, today) == [4, 4, 3, 0, 0],
                "the undone answer was correct")

            // Earlier days, one statement for several answers (an import), a
            // game's miss among them: it counts as study, not as a review.
            let earlier = today.adding(days: -3)
            try await StatsAPITests.sql(app).raw(
                """
                INSERT INTO review_logs (id, user_id, word_id, direction, source, rating, reviewed_at, reviewed_on,
                  elapsed_ms, state_before, state_after, card_before, card_after)
                VALUES
                  (\(bind: UUID()), \(bind: me), \(bind: UUID()), 'forward', 'review', 3, \(bind: Date()), \(bind: earlier.description), 900, 2, 2, '{}', '{}'),
                  (\(bind: UUID()), \(bind: me), \(bind: UUID()), 'forward', 'review', 1, \(bind: Date()), \(bind: earlier.description), 900, 2, 3, '{}', '{}'),
                  (\(bind: UUID()), \(bind: me), \(bind: UUID()), 'reverse', 'game', 1, \(bind: Date()), \(bind: earlier.description), 900, 0, 1, '{}', '{}'),
                  (\(bind: UUID()), \(bind: me), \(bind: UUID()), 'forward', 'review', 4, \(bind: Date()), \(bind: today.adding(days: -1).description), 900, 2, 2, '{}', '{}')
                """
            ).run()
            try await Self.expectCountsMatchAnswers(app, after: "an import of several days")
            #expect(
                try await Self.kept(app, me, earlier) == [3, 2, 1, 2, 1],
                "two recalls, one remembered")
            let dashboard = try api.decode(
                StatsDashboardDTO.self, try await api.send(.GET, "/api/v1/stats/dashboard"))
            #expect(dashboard.currentStreak == 2 && dashboard.longestStreak == 2)
            #expect(dashboard.reviewsToday == 4 && dashboard.accuracyToday == 0.75)

            // The account's days follow its time zone: its answers are filed again.
            for zone in ["Pacific/Kiritimati", "Pacific/Pago_Pago"] {
                let moved = try await api.send(
                    .PATCH, "/api/v1/auth/me", json: ProfilePatch(timeZone: zone))
                #expect(moved.status == .ok, "\(moved.body.string)")
                try await Self.expectCountsMatchAnswers(app, after: "a move to \(zone)")
            }

            // An account deleted takes its days along.
            let gone = try await bystander.send(
                .DELETE, "/api/v1/auth/me",
                json: AccountDeletionInput(password: "correct horse", confirm: "bystander"))
            #expect(gone.status == .noContent)
            try await Self.expectCountsMatchAnswers(app, after: "an account deleted")
        }
    }

    /// A database from before the answers by day counts the answers it has.
    @Test func theUpgradeCountsEachDaysAnswers() async throws {
        try await withMaeilApp { app in
            let api = try await API.signUp(app)
            let book = try await api.createBook("Old")
            for i in 1...3 { _ = try await api.addWord(book.id, "old\(i)", "옛") }
            try await Self.answer(api, count: 1, ratings: [3])
            try await app.db.withConnection { try await CountAnswersByDay().revert(on: $0) }
            try await Self.answer(api, count: 1, ratings: [1])
            try await app.db.withConnection { try await CountAnswersByDay().prepare(on: $0) }
            let today = StatsAPITests.today(app)
            #expect(try await Self.kept(app, try await Self.userID(api), today) == [2, 2, 1, 0, 0])
            try await Self.answer(api, count: 1, ratings: [4])
            try await Self.expectCountsMatchAnswers(app, after: "the upgrade")
        }
    }

    private static func userID(_ api: API) async throws -> UUID {
        try api.decode(UserDTO.self, try await api.send(.GET, "/api/v1/auth/me")).id
    }

    /// Answers the first `count` cards of the queue, with `ratings` in turn.
    private static func answer(_ api: API, count: Int, ratings: [Int]) async throws {
        for step in 0..<count {
            let queue = try api.decode(
                ReviewQueueDTO.self, try await api.send(.GET, "/api/v1/study/queue?limit=50"))
            let card = try #require(queue.cards.first { $0.state == .new })
            let answered = try await api.answer(card, ratings[step % ratings.count])
            #expect(answered.status == .ok, "\(answered.body.string)")
        }
    }

    /// The kept answers, reviews, correct reviews, recalls and recalled of the user's day.
    private static func kept(_ app: Application, _ user: UUID, _ day: CivilDay) async throws
        -> [Int]
    {
        guard
            let row = try await StatsAPITests.sql(app).raw(
                """
                SELECT answers, reviews, correct, recalls, recalled FROM answer_days
                WHERE user_id = \(bind: user) AND day = \(bind: day.description)
                """
            ).first()
        else { return [] }
        return try ["answers", "reviews", "correct", "recalls", "recalled"].map {
            try row.decode(column: $0, as: Int.self)
        }
    }

    private static func expectCountsMatchAnswers(_ app: Application, after: String) async throws {
        let sql = try StatsAPITests.sql(app)
        func days(_ statement: SQLQueryString) async throws -> [String: [Int]] {
            Dictionary(
                uniqueKeysWithValues: try await sql.raw(statement).all().map { row in
                    (
                        "\(try row.decode(column: "user_id", as: UUID.self)) "
                            + (try row.decode(column: "day", as: String.self)),
                        try ["answers", "reviews", "correct", "recalls", "recalled"].map {
                            try row.decode(column: $0, as: Int.self)
                        }
                    )
                })
        }
        let kept = try await days(
            "SELECT user_id, day, answers, reviews, correct, recalls, recalled FROM answer_days")
        let recounted = try await days(SQLQueryString(AnswersByDay.counted(from: "review_logs")))
        #expect(kept == recounted, "after \(after)")
        #expect(!kept.isEmpty, "after \(after): answers to count")
    }
}
