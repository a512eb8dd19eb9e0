import Foundation
import MaeilAPI
import SQLKit
import Testing
import Vapor
import VaporTesting
import VocabCore

@testable import MaeilServer

/// A game's random draw among many words draws their places and reads only
/// those words (`WordStore.randomStudyItems`): each word as likely as any
/// other, across books by their sizes, within the filters, the user's own.
@Suite("Random draws")
struct RandomDrawTests {
    @Test func aDrawAmongManyWordsTakesEachAsLikelyAndOnlyThoseAsked() async throws {
        try await withMaeilApp { app in
            let username = "drawer\(Int.random(in: 1000...999_999))"
            let api = try await API.signUp(app, username)
            let big = try await api.createBook("Big")
            let small = try await api.createBook("Small")
            try await api.importCSV(Self.csv("big", 2_400), into: big.id)
            try await api.importCSV(Self.csv("small", 300), into: small.id)
            let neighbour = try await API.signUp(app)
            let theirs = try await neighbour.createBook("Theirs")
            try await neighbour.importCSV(Self.csv("theirs", 2_100), into: theirs.id)

            let firstPage = try api.decode(
                WordPageDTO.self, try await api.send(.GET, "/api/v1/books/\(big.id)/words"))
            let memorized = Set(firstPage.items.map(\.id))
            let marked = Array(firstPage.items.prefix(5).map(\.id))
            for (ids, action) in [(Array(memorized), BulkAction.memorize), (marked, .bookmark)] {
                let r = try await api.send(
                    .POST, "/api/v1/words/bulk", json: BulkRequest(ids: ids, action: action))
                #expect(r.status == .ok, "\(r.body.string)")
            }
            let orders = try #require(app.wordOrderCache)
            let words = WordStore(
                db: app.db, userID: try await app.userID(username),
                days: DayFormatter(timeZone: testTimeZone), hooks: .none, orders: orders)

            // One book, memorized words left out: drawn from the kept order.
            let before = orders.statistics
            let drawn = try await words.randomStudyItems(
                inBook: big.id, limit: 40, memorized: false)
            #expect(Set(drawn.map(\.id)).count == 40)
            #expect(drawn.allSatisfy { $0.bookID == big.id && !memorized.contains($0.id) })
            _ = try await words.randomStudyItems(inBook: big.id, limit: 40, memorized: false)
            #expect(orders.statistics.misses == before.misses + 1, "one read of the order")
            #expect(orders.statistics.hits > before.hits, "then the kept one")

            // A hundred draws of 20 reach words all over the book: drawn
            // evenly, 1,358 different words are expected; the first 20
            // places every time would be 20.
            var seen = Set<UUID>()
            for _ in 1...100 {
                seen.formUnion(
                    try await words.randomStudyItems(inBook: big.id, limit: 20).map(\.id))
            }
            #expect(seen.count > 1_200, "\(seen.count) different words")

            // Every book: each by its size (300 of 2,700 words: 44 of 400 expected).
            let everywhere = try await words.randomStudyItems(inBook: nil, limit: 400)
            let fromSmall = everywhere.filter { $0.bookID == small.id }.count
            #expect(Set(everywhere.map(\.id)).count == 400)
            #expect((15...80).contains(fromSmall), "\(fromSmall) of 400 from the small book")
            #expect(everywhere.allSatisfy { [big.id, small.id].contains($0.bookID) })

            // Bookmarked words only: the five.
            let bookmarked = try await words.randomStudyItems(
                inBook: nil, limit: 40, bookmarked: true)
            #expect(Set(bookmarked.map(\.id)) == Set(marked))

            // Through the API, a quiz of the big book.
            let quiz = try await api.send(
                .POST, "/api/v1/games", json: ["kind": "quiz", "bookID": big.id.uuidString])
            #expect(quiz.status == .created, "\(quiz.body.string)")
        }
    }

    static func csv(_ prefix: String, _ count: Int) -> String {
        "term,meaning\n" + (1...count).map { "\(prefix)\($0),뜻\($0)" }.joined(separator: "\n")
    }
}
