import Foundation
import MaeilAPI
import SQLKit
import Testing
import VocabCore

@testable import MaeilServer

/// A search counts its matches up to a cap; on PostgreSQL a needle in a
/// large share of a big book's words is counted by reading the words in
/// order until the cap (`CappedMatchCount`), and anything else through the
/// trigram index. Either way the count and the pages are the same.
@Suite("Capped match counts")
struct CappedMatchCountTests {
    /// 5,000 words: the first `matching` hold "mmo" (common1, common2, …),
    /// the rest do not.
    static func bigBook(_ api: API, matching: Int) async throws -> UUID {
        let book = try await api.createBook("Big")
        let rows =
            (1...matching).map { "common\($0),흔한 \($0)" }
            + (1...(5_000 - matching)).map { "other\($0),다른 \($0)" }
        try await api.importCSV("term,meaning\n" + rows.joined(separator: "\n"), into: book.id)
        return book.id
    }

    func search(_ api: API, _ q: String) async throws -> SearchResultDTO {
        try api.decode(SearchResultDTO.self, try await api.send(.GET, "/api/v1/search?q=\(q)"))
    }

    /// Common terms ranked as every search ranks them: by term, alphabetically.
    static func firstTerms(_ count: Int, of matching: Int) -> [String] {
        Array((1...matching).map { "common\($0)" }.sorted().prefix(count))
    }

    @Test func aNeedleInMostWordsIsCountedToTheCap() async throws {
        try await withMaeilApp { app in
            let api = try await API.signUp(app)
            _ = try await Self.bigBook(api, matching: 3_000)
            let result = try await search(api, "mmo")
            #expect(result.total == WordStore.searchCountCap && result.totalCapped)
            #expect(result.items.map(\.term) == Self.firstTerms(50, of: 3_000))
            let rare = try await search(api, "common2999")
            #expect(rare.total == 1 && !rare.totalCapped)
            #expect(rare.items.map(\.term) == ["common2999"])
        }
    }

    /// The first words all match, the rest never: the ordered read gives up
    /// and the index counts, under the cap, every match ranked.
    @Test func aFirstStretchUnlikeTheRestStillCountsEveryMatch() async throws {
        try await withMaeilApp { app in
            let api = try await API.signUp(app)
            _ = try await Self.bigBook(api, matching: 400)
            let result = try await search(api, "mmo")
            #expect(result.total == 400 && !result.totalCapped)
            #expect(result.items.map(\.term) == Self.firstTerms(50, of: 400))
        }
    }

    /// PostgreSQL: which way each count went: the probe's matches and the
    /// ordered read's (nil where a step was not taken).
    @Test func theOrderedReadIsTakenOnlyWhereItIsCheaper() async throws {
        guard TestDatabase.postgresURL != nil else { return }
        try await withMaeilApp { app in
            let sql = try app.db.sql()
            func steps(_ username: String, _ q: String) async throws -> CappedMatchCount.Steps {
                let owner = try await app.userID(username)
                let search = SearchIndex(
                    query: WordSearchQuery(q), dialect: .postgres, owner: owner)
                let words = try await BookStore(db: app.db, userID: owner).totals().words
                return try await CappedMatchCount(
                    filter: "w.user_id = \(bind: owner)", condition: search.condition,
                    cap: WordStore.searchCountCap, words: words
                ).steps(on: sql)
            }
            let big = try await API.signUp(app, "big")
            _ = try await Self.bigBook(big, matching: 3_000)
            #expect(try await steps("big", "mmo") == .init(probe: 100, inOrder: 1_000), "in order")
            #expect(try await steps("big", "common2999") == .init(probe: 0), "the index")
            let misleading = try await API.signUp(app, "misleading")
            _ = try await Self.bigBook(misleading, matching: 400)
            #expect(
                try await steps("misleading", "mmo") == .init(probe: 100, inOrder: 400),
                "read in order to the budget, then the index")
            let small = try await API.signUp(app, "small")
            let book = try await small.createBook("Small")
            try await small.importCSV(
                "term,meaning\n" + (1...1_000).map { "common\($0),흔한" }.joined(separator: "\n"),
                into: book.id)
            #expect(try await steps("small", "mmo") == .init(), "no probe")
        }
    }

    /// The cost model: EDICT's "ing" (about a fifth of 267,379 words) is read
    /// in order; "eat" (3%) is listed by the index, as is a share the
    /// budget would not reach the cap within, or any share of a small book.
    @Test func theOrderedReadIsChosenByTheShareAndTheWordsSearched() {
        let cap = WordStore.searchCountCap
        #expect(CappedMatchCount.readsInOrder(hits: 22, words: 267_379, cap: cap))
        #expect(!CappedMatchCount.readsInOrder(hits: 3, words: 267_379, cap: cap))
        #expect(!CappedMatchCount.readsInOrder(hits: 13, words: 10_000_000, cap: cap))
        #expect(CappedMatchCount.readsInOrder(hits: 14, words: 10_000_000, cap: cap))
        #expect(!CappedMatchCount.readsInOrder(hits: 100, words: 3_000, cap: cap))
        #expect(CappedMatchCount.readsInOrder(hits: 100, words: 5_000, cap: cap))
    }

    /// Which queries are probed at all: one or two trigrams as typed, not kanji or kana.
    @Test func onlyShortNeedlesAreProbed() {
        func probed(_ q: String) -> Bool {
            SearchIndex(query: WordSearchQuery(q), dialect: .postgres, owner: UUID())
                .mayBeInALargeShare
        }
        #expect(probed("*ing") && probed("love") && probed("eat"))
        #expect(!probed("water") && !probed("computer") && !probed("ab"))
        #expect(!probed("水") && !probed("食べる") && !probed("がっこう"))
        #expect(probed("ㅎㄷ") && !probed("ㅂㅌㅆ"), "initials as typed, doubled")
    }
}
