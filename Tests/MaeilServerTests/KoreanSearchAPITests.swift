import Fluent
import Foundation
import MaeilAPI
import SQLKit
import Testing
import Vapor
import VaporTesting
import VocabCore

@testable import MaeilServer

@Suite("Korean-aware search")
struct KoreanSearchAPITests {
    func search(_ api: API, _ q: String, book: UUID? = nil) async throws -> [String] {
        var path =
            "/api/v1/search?q="
            + (q.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? q)
        if let book { path += "&bookID=\(book)" }
        let response = try await served { try await api.send(.GET, path) }
        #expect(response.status == .ok, "\(response.body.string)")
        return try api.decode(SearchResultDTO.self, response).items.map(\.term)
    }

    /// Adds CSV rows (term,meaning) to a book in one import.
    func importRows(_ api: API, _ book: UUID, _ rows: [String]) async throws {
        let imported = try await api.send(
            .POST, "/api/v1/books/\(book)/import?format=csv&header=false",
            raw: Data(rows.joined(separator: "\n").utf8))
        #expect(imported.status == .ok, "\(imported.body.string)")
    }

    /// Pages 1…`pages` of a search with more matches than the count's cap, joined.
    /// A search changes nothing, so one a loaded test run turns away (503) is
    /// asked again (`served`): these tests are about the pages' order.
    func cappedPages(_ api: API, _ q: String, perPage: Int, pages: Int) async throws -> [WordDTO] {
        let query = q.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? q
        var seen: [WordDTO] = []
        for page in 1...pages {
            let result = try api.decode(
                SearchResultDTO.self,
                try await served {
                    try await api.send(
                        .GET, "/api/v1/search?q=\(query)&page=\(page)&perPage=\(perPage)")
                })
            #expect(result.total == 1000 && result.totalCapped, "page \(page)")
            if result.items.isEmpty { break }
            seen += result.items
        }
        return seen
    }

    @Test func choseongLayoutPartialAndTypos() async throws {
        try await withMaeilApp { app in
            let api = try await API.signUp(app)
            let book = try await api.createBook("과일")
            _ = try await api.addWord(book.id, "사과", "apple")
            _ = try await api.addWord(book.id, "사과주스", "apple juice")
            _ = try await api.addWord(book.id, "수건", "towel")
            _ = try await api.addWord(book.id, "apple", "사과, 능금")
            _ = try await api.addWord(book.id, "안녕하세요", "hello")

            // Choseong: ㅅㄱ finds 사과 and 수건 (ㅅㄱ), and 사과주스 (starts with ㅅㄱ).
            #expect(Set(try await search(api, "ㅅㄱ")) == ["사과", "사과주스", "수건", "apple"])
            #expect(try await search(api, "ㅇㄴㅎㅅㅇ") == ["안녕하세요"])
            // Wrong layout: Latin keys for 사과, and Hangul keys for "apple".
            #expect(try await search(api, "tkrhk").prefix(2).sorted() == ["apple", "사과"])
            #expect(try await search(api, "dkssudgktpdy") == ["안녕하세요"])
            #expect(try await search(api, "메ㅔㅣㄷ").first == "apple")
            // A syllable still being typed: 삭 (ㅅㅏㄱ) is the start of 사과.
            #expect(Set(try await search(api, "삭")).isSuperset(of: ["사과", "사과주스"]))
            // One jamo off: 사가 finds 사과 (term) and apple (meaning 사과).
            #expect(Set(try await search(api, "사가")) == ["사과", "apple"])
            #expect(try await search(api, "안녕하세여") == ["안녕하세요"])
            // A typo in an initial consonant changes the choseong, yet is still one jamo off.
            #expect(Set(try await search(api, "자과")) == ["사과", "apple"])
            #expect(try await search(api, "안녕하베요") == ["안녕하세요"])
            #expect(try await search(api, "안녕바세요") == ["안녕하세요"])
            // The last initial, with one typing unit after it: found by the
            // units around it (ㅔ?ㅛ) and the line's start.
            #expect(try await search(api, "안녕하세묘") == ["안녕하세요"])
            // The last initial of a short word, with two typing units each side.
            #expect(Set(try await search(api, "사롸")) == ["사과", "apple"])
            #expect(try await search(api, "두건") == ["수건"])
            #expect(try await search(api, "ㅋㅋㅋ") == [])
        }
    }

    /// An initial typed wrong before the last two typing units (한강 typed
    /// as 한방) finds the line wherever the word's key holds it: first (the
    /// term), between others (a sense) or last (the only sense). PostgreSQL
    /// looks for such a line at its end, before a newline or the key's end.
    @Test func anInitialTypoBeforeTheLastTwoUnitsFindsItsLineAnywhereInTheKey() async throws {
        try await withMaeilApp { app in
            let api = try await API.signUp(app)
            let book = try await api.createBook("강")
            _ = try await api.addWord(book.id, "한강", "Han River")
            _ = try await api.addWord(book.id, "river", "한강, 강물")
            _ = try await api.addWord(book.id, "Hangang", "한강")
            _ = try await api.addWord(book.id, "한강물", "river water")
            #expect(Set(try await search(api, "한방")) == ["한강", "river", "Hangang"])
            #expect(Set(try await search(api, "한방물")) == ["한강물"])
        }
    }

    /// The web's search and the API's list the same matches in one order:
    /// by rank, then alphabetically (unless the API is asked for another sort).
    @Test func theWebAndTheAPIOrderMatchesAlike() async throws {
        try await withMaeilApp { app in
            let browser = try await WebBrowser.signUp(app, "orderly")
            let api = try await API.logIn(app, "orderly")
            let book = try await api.createBook("과일")
            for term in ["cherry", "Apple", "banana", "수박"] {
                _ = try await api.addWord(book.id, term, "과일")
            }
            _ = try await api.addWord(book.id, "과일가게", "fruit shop")
            let expected = ["Apple", "banana", "cherry", "수박", "과일가게"]
            #expect(try await search(api, "과일") == expected, "exact senses A–Z, then the prefix")
            let html = try await browser.get("/search?q=%EA%B3%BC%EC%9D%BC").body.string
            let positions = try expected.map { term in
                try #require(html.range(of: ": \(term)\" data-select-word")?.lowerBound, "\(term)")
            }
            #expect(positions == positions.sorted(), "the web lists them in the same order")
            let recent = try api.decode(
                SearchResultDTO.self,
                try await api.send(.GET, "/api/v1/search?q=%EA%B3%BC%EC%9D%BC&sort=recent"))
            #expect(recent.items.prefix(4).map(\.term) == ["수박", "banana", "Apple", "cherry"])
        }
    }

    @Test func typosInEitherHalfOfTheQueryOnAnyLine() async throws {
        try await withMaeilApp { app in
            let api = try await API.signUp(app)
            let book = try await api.createBook("장소")
            _ = try await api.addWord(book.id, "도서관", "library")
            _ = try await api.addWord(book.id, "library", "책방, 도서관")
            _ = try await api.addWord(book.id, "도시락", "lunch box")
            // Candidates must start a line with the query's left half or hold
            // its right half: a typo on either side, as a changed, added or
            // missing unit, on the term line or a sense line, is still found.
            for typo in ["두서관", "도서곽", "도서과", "도사관", "됴서관"] {
                #expect(Set(try await search(api, typo)) == ["도서관", "library"], "\(typo)")
            }
            #expect(try await search(api, "두사관") == [], "two units off")
        }
    }

    @Test func englishTyposOfOneOrTwoLettersFindTheWordAfterDirectMatches() async throws {
        try await withMaeilApp { app in
            let api = try await API.signUp(app)
            let book = try await api.createBook("English")
            for (term, meaning) in [
                ("resilient", "회복력 있는"), ("탄력 있는", "resilient, elastic"), ("resign", "사임하다"),
                ("abandon", "버리다"), ("abandoned", "버려진"), ("accommodate", "수용하다"),
                ("lightning", "번개"), ("lighten", "가볍게 하다"), ("silent", "조용한"),
            ] {
                _ = try await api.addWord(book.id, term, meaning)
            }
            #expect(Set(try await search(api, "resilent")) == ["resilient", "탄력 있는"])
            #expect(try await search(api, "abandn") == ["abandon"], "abandoned is three off")
            #expect(try await search(api, "acomodate") == ["accommodate"], "two off in nine")
            #expect(try await search(api, "Resillient").contains("resilient"))
            // Direct matches first (lightning starts with the query), then typos.
            #expect(try await search(api, "lightn") == ["lightning", "lighten"])
            #expect(try await search(api, "silant") == ["silent"])
            #expect(try await search(api, "slent") == [], "five letters get no typo pass")
            #expect(try await search(api, "rezolent") == [], "two off in eight is too many")
        }
    }

    @Test func rankingPutsExactThenPrefixThenSubstring() async throws {
        try await withMaeilApp { app in
            let api = try await API.signUp(app)
            let book = try await api.createBook("Rank")
            // Added so that "newest first" would give the opposite order.
            _ = try await api.addWord(book.id, "사과", "apple")
            _ = try await api.addWord(book.id, "사과나무", "apple tree")
            _ = try await api.addWord(book.id, "풋사과", "green apple")
            _ = try await api.addWord(book.id, "능금", "사과, crab apple")
            let ranked = try await search(api, "사과")
            #expect(ranked.count == 4)
            #expect(
                Set(ranked.prefix(2)) == ["사과", "능금"], "exact term and exact sense first: \(ranked)"
            )
            #expect(ranked[2] == "사과나무")
            #expect(ranked[3] == "풋사과")
        }
    }

    @Test func starsAtTheEndsOfAQueryAreAnythingAsInAnki() async throws {
        try await withMaeilApp { app in
            let api = try await API.signUp(app)
            let book = try await api.createBook("Stars")
            _ = try await api.addWord(book.id, "running", "달리기")
            _ = try await api.addWord(book.id, "rerun", "재방송")
            _ = try await api.addWord(book.id, "sing", "노래하다")
            _ = try await api.addWord(book.id, "a*b", "별표")
            #expect(try await search(api, "run*") == ["running", "rerun"], "prefix first")
            #expect(Set(try await search(api, "*ing")) == ["sing", "running"])
            #expect(try await search(api, "*달리*") == ["running"])
            #expect(try await search(api, "a*b") == ["a*b"], "a star inside is itself")
            #expect(try await search(api, "*").count == 4, "only stars: every word")
        }
    }

    @Test func theIndexFollowsEditsAndShortQueriesStillWork() async throws {
        try await withMaeilApp { app in
            let api = try await API.signUp(app)
            let book = try await api.createBook("Edits")
            let word = try await api.addWord(book.id, "바나나", "banana")
            #expect(try await search(api, "ㅂㄴㄴ") == ["바나나"])
            _ = try await api.send(.PATCH, "/api/v1/words/\(word.id)", json: ["term": "딸기"])
            #expect(try await search(api, "ㅂㄴㄴ") == [])
            #expect(try await search(api, "ㄸㄱ") == ["딸기"])
            #expect(try await search(api, "딸") == ["딸기"])
            #expect(try await search(api, "b") == ["딸기"])
            _ = try await api.send(.DELETE, "/api/v1/words/\(word.id)")
            #expect(try await search(api, "딸기") == [])
        }
    }

    @Test func aBroadSearchCountsUpToTheCap() async throws {
        try await withMaeilApp { app in
            let api = try await API.signUp(app)
            let book = try await api.createBook("Many")
            try await importRows(api, book.id, (1...1_005).map { "word\($0),뜻\($0)" })
            let broad = try api.decode(
                SearchResultDTO.self, try await api.send(.GET, "/api/v1/search?q=w"))
            #expect(broad.total == WordStore.searchCountCap)
            #expect(broad.totalCapped)
            #expect(broad.items.count == 50)
            let narrow = try api.decode(
                SearchResultDTO.self, try await api.send(.GET, "/api/v1/search?q=word100"))
            #expect(narrow.items.first?.term == "word100", "the exact match first")
            #expect(narrow.total == 7, "word100…word1005")
            #expect(!narrow.totalCapped)
        }
    }

    /// A broad query's first pages come from the head of the ranking (words
    /// where a line starts with the query); a page that reaches past it is
    /// read from every match. Either way, every page size walks the same
    /// order: each match once, best kind first.
    @Test func pagesOfABroadSearchKeepTheRankingOrder() async throws {
        try await withMaeilApp { app in
            let api = try await API.signUp(app)
            let book = try await api.createBook("Eat")
            var rows = (1...4).map { "eat,먹다 \($0)" } + ["먹다,\"to eat, eat\""]
            rows += (1...40).map { "eating\($0),먹기" } + ["Eat up,다 먹다"]
            rows +=
                (1...1_045).map { "beat\($0),치다" } + (1...10).map { "great\($0),큰, to eat well" }
            try await importRows(api, book.id, rows)
            func walk(perPage: Int, pages: Int) async throws -> [WordDTO] {
                try await cappedPages(api, "eat", perPage: perPage, pages: pages)
            }
            // 46 words start a line with "eat": pages 1–6 of 7 come from the
            // head, page 7 reaches past it.
            let all = try await walk(perPage: 500, pages: 4)
            #expect(all.count == 1_101 && Set(all.map(\.id)).count == all.count, "each match once")
            let query = WordSearchQuery("eat")
            let kinds = all.map {
                WordSearchMatcher.match(
                    query, term: $0.term, meaning: $0.meaning, reading: $0.reading)
            }
            #expect(kinds.allSatisfy { $0 != nil })
            #expect(kinds.map { $0!.rawValue } == kinds.map { $0!.rawValue }.sorted())
            #expect(all.prefix(5).allSatisfy { $0.term == "eat" || $0.term == "먹다" })
            for perPage in [7, 50] {
                let first = try await walk(perPage: perPage, pages: 8)
                #expect(first.map(\.id) == all.prefix(first.count).map(\.id), "perPage \(perPage)")
            }
        }
    }

    /// EDICT's senses lead with notes ("(n) school"): a sense is ranked by
    /// what follows them, so "school" finds 学校 as a whole sense, among the
    /// first, and the lines that start with it after the notes next, on
    /// every page size alike. A note's commas do not make senses.
    @Test func aSenseIsRankedPastItsLeadingNotes() async throws {
        try await withMaeilApp { app in
            let api = try await API.signUp(app)
            let book = try await api.createBook("EDICT")
            var rows = (1...1_000).map { "塾\($0),\"(n) cram school \($0)\"" }
            rows += (1...60).map { "校舎\($0),\"(n) school building \($0); (P)\"" }
            rows += [
                "学校,\"(n) school; (P)\"",
                "一家,\"(n) (1) a family; (n) (2) (one's own) style; school\"",
                "休業,\"(n,vs) temporary closure (of a store, school, etc.); holiday\"",
            ]
            try await importRows(api, book.id, rows)
            let all = try await cappedPages(api, "school", perPage: 500, pages: 3)
            #expect(all.count == 1_063 && Set(all.map(\.id)).count == all.count, "each match once")
            #expect(Set(all.prefix(2).map(\.term)) == ["学校", "一家"], "\(all.prefix(3).map(\.term))")
            #expect(all[2..<62].allSatisfy { $0.term.hasPrefix("校舎") })
            #expect(all.dropFirst(62).contains { $0.term == "休業" }, "a note's comma")
            let query = WordSearchQuery("school")
            let kinds = all.map {
                WordSearchMatcher.match(
                    query, term: $0.term, meaning: $0.meaning, reading: $0.reading)
            }
            #expect(kinds.prefix(2).allSatisfy { $0 == .exact })
            #expect(kinds.map { $0!.rawValue } == kinds.map { $0!.rawValue }.sorted())
            for perPage in [7, 50] {
                let first = try await cappedPages(api, "school", perPage: perPage, pages: 10)
                #expect(first.map(\.id) == all.prefix(first.count).map(\.id), "perPage \(perPage)")
            }
        }
    }

    /// One kanji in a thousand words: the words with a line that starts
    /// with it come first (on PostgreSQL found by the lines of the `cjk`
    /// key that start with it), then the rest, on every page size alike.
    @Test func pagesOfABroadKanjiSearchPutTheLinesThatStartWithItFirst() async throws {
        try await withMaeilApp { app in
            let api = try await API.signUp(app)
            let book = try await api.createBook("水")
            var rows = ["水,물"] + (1...60).map { "水\($0),물 \($0)" }
            rows += (1...1_000).map { "お水\($0),inside" }
            try await importRows(api, book.id, rows)
            let all = try await cappedPages(api, "水", perPage: 500, pages: 3)
            #expect(all.count == 1_061 && Set(all.map(\.id)).count == all.count, "each match once")
            #expect(all.first?.term == "水", "the whole line first")
            #expect(
                all[1..<61].allSatisfy { $0.term.hasPrefix("水") }, "then lines that start with it")
            #expect(all.dropFirst(61).allSatisfy { $0.meaning == "inside" }, "then the rest")
            for perPage in [7, 50] {
                let first = try await cappedPages(api, "水", perPage: perPage, pages: 12)
                #expect(first.map(\.id) == all.prefix(first.count).map(\.id), "perPage \(perPage)")
            }
        }
    }

    /// A Latin query is also its Korean twin ("tkr" → 삭), often far
    /// broader: its pages come from the matches as typed first (they rank
    /// above every match of the twin alone) while they fill a page.
    @Test func pagesOfABroadLayoutSearchPutTheTypedMatchesFirst() async throws {
        try await withMaeilApp { app in
            let api = try await API.signUp(app)
            let book = try await api.createBook("tkr")
            var rows = (1...1_000).map { "store\($0),사과" } + (1...5).map { "tkr\($0),head" }
            rows += (1...60).map { "atkr\($0),typed" }
            try await importRows(api, book.id, rows)
            func walk(perPage: Int, pages: Int) async throws -> [WordDTO] {
                try await cappedPages(api, "tkr", perPage: perPage, pages: pages)
            }
            let all = try await walk(perPage: 500, pages: 3)
            #expect(all.count == 1_065 && Set(all.map(\.id)).count == all.count, "each match once")
            #expect(all.prefix(5).allSatisfy { $0.meaning == "head" }, "lines that start with it")
            #expect(all[5..<65].allSatisfy { $0.meaning == "typed" }, "then the rest as typed")
            #expect(all.dropFirst(65).allSatisfy { $0.meaning == "사과" }, "then the twin")
            for perPage in [7, 50] {
                let first = try await walk(perPage: perPage, pages: 12)
                #expect(first.map(\.id) == all.prefix(first.count).map(\.id), "perPage \(perPage)")
            }
        }
    }

    @Test func choseongRanksExactInitialsFirstOnEveryPage() async throws {
        try await withMaeilApp { app in
            let api = try await API.signUp(app)
            let book = try await api.createBook("ㅅㄱ")
            // 1,000 words or more hold ㅅㄱ, so pages come from the head of
            // exact lines first (60 of them), as the whole ranking would order them.
            var rows = (1...1_000).map { "store\($0),우산가게" } + (1...30).map { "tree\($0),사과나무" }
            rows += (1...30).map { "apple\($0),사과" } + (1...30).map { "towel\($0),수건" }
            rows += ["ㅅㄱ,initials", "lol,ㅋㅋ"]
            try await importRows(api, book.id, rows)
            func walk(perPage: Int, pages: Int) async throws -> [WordDTO] {
                try await cappedPages(api, "ㅅㄱ", perPage: perPage, pages: pages)
            }
            let all = try await walk(perPage: 500, pages: 3)
            #expect(all.count == 1_091 && Set(all.map(\.id)).count == all.count, "each match once")
            #expect(Set(all.prefix(61).map(\.meaning)) == ["사과", "수건", "initials"], "exact first")
            #expect(Set(all[61..<91].map(\.meaning)) == ["사과나무"], "then lines that start so")
            #expect(Set(all.dropFirst(91).map(\.meaning)) == ["우산가게"])
            for perPage in [7, 50] {
                let first = try await walk(perPage: perPage, pages: 10)
                #expect(first.map(\.id) == all.prefix(first.count).map(\.id), "perPage \(perPage)")
            }
            #expect(try await search(api, "ㅋㅋ") == ["lol"], "initials typed as the word itself")
        }
    }

    /// One or two kanji or kana go through the tripled key: the same words as
    /// a scan would find, exact matches first, and edits follow.
    @Test func shortKanjiAndKanaQueries() async throws {
        try await withMaeilApp { app in
            let api = try await API.signUp(app)
            let book = try await api.createBook("日本語")
            _ = try await api.addWord(book.id, "水道", "수도", reading: "すいどう")
            _ = try await api.addWord(book.id, "水", "물", reading: "みず")
            _ = try await api.addWord(book.id, "学校", "학교", reading: "がっこう")
            let cat = try await api.addWord(book.id, "猫", "고양이", reading: "ねこ")
            _ = try await api.addWord(book.id, "water", "물, 水")

            let water = try await search(api, "水")
            #expect(Set(water.prefix(2)) == ["水", "water"], "the term, or a whole sense, first")
            #expect(water.dropFirst(2) == ["水道"])
            #expect(try await search(api, "学校") == ["学校"])
            #expect(try await search(api, "校") == ["学校"])
            #expect(try await search(api, "ねこ") == ["猫"])
            #expect(try await search(api, "こう") == ["学校"])
            #expect(try await search(api, "校学").isEmpty)
            _ = try await api.send(.PATCH, "/api/v1/words/\(cat.id)", json: ["reading": "びょう"])
            #expect(try await search(api, "ねこ").isEmpty)
            #expect(try await search(api, "びょ") == ["猫"])
        }
    }

    /// A database from before the kanji key gets it for its words, and their
    /// other keys are computed again (an old choseong key with English in it shrinks).
    /// SQLite's index keeps no copy of the keys: a word leaves it by the keys
    /// it was indexed with. Asked directly (search itself checks every match
    /// again, so a stale entry would not show there), the index holds each
    /// word under its current keys only, after edits and deletes of words
    /// added one by one and by an import.
    @Test func theIndexFollowsEditsAndDeletes() async throws {
        try await withMaeilApp { app in
            let api = try await API.signUp(app)
            let book = try await api.createBook("Edits")
            let sql = try app.db.sql()
            func indexed(_ needle: String) async throws -> Int {
                guard sql.maeilDialect == .sqlite else { return -1 }
                return try await sql.raw(
                    "SELECT COUNT(*) AS n FROM words_fts WHERE words_fts MATCH \(bind: "jamo_text:\"\(needle)\"")"
                ).first()?.decode(column: "n", as: Int.self) ?? 0
            }
            let single = try await api.addWord(book.id, "appletree", "사과나무")
            let r = try await api.send(
                .POST, "/api/v1/books/\(book.id)/import?format=tsv&header=false",
                raw: Data("peartree\t배나무\nplumtree\t자두나무\n".utf8))
            #expect(r.status == .ok, "\(r.body.string)")
            let imported = try api.decode(
                WordPageDTO.self,
                try await api.send(.GET, "/api/v1/books/\(book.id)/words?sort=oldest")
            ).items.filter { $0.term != "appletree" }
            #expect(imported.map(\.term) == ["peartree", "plumtree"])
            for word in [single] + imported {
                _ = try await api.send(
                    .PATCH, "/api/v1/words/\(word.id)", json: ["term": "x" + word.term])
            }
            _ = try await api.send(.DELETE, "/api/v1/words/\(imported[1].id)")
            if sql.maeilDialect == .sqlite {
                #expect(try await indexed("appletree") == 1)  // now "xappletree"
                #expect(try await indexed("xappletree") == 1)
                #expect(try await indexed("xpeartree") == 1)
                // Each key after a newline (`IndexLineStarts`): a line's start is one phrase.
                #expect(try await indexed("\nxpeartree") == 1)
                #expect(try await indexed("\npeartree") == 0)
                #expect(try await indexed("plumtree") == 0)
                #expect(try await indexed("ㅅㅏㄱㅗㅏ") == 1)
                #expect(try await indexed("ㅈㅏㄷㅜ") == 0)
            }
            #expect(try await search(api, "xpear") == ["xpeartree"])
            #expect(try await search(api, "plum").isEmpty)
            #expect(try await search(api, "ㅅㄱㄴㅁ") == ["xappletree"])
        }
    }

    /// An index built before `IndexLineStarts` (each key as it is) is built
    /// again with a newline before each key, and a search that looks for
    /// line starts (a typo's candidates) finds the words of the first lines.
    @Test func theUpgradePutsANewlineBeforeEachKey() async throws {
        try await withMaeilApp { app in
            let sql = try app.db.sql()
            guard sql.maeilDialect == .sqlite else { return }
            let api = try await API.signUp(app)
            let book = try await api.createBook("Old")
            _ = try await api.addWord(book.id, "엄마", "mother")
            func indexed(_ needle: String) async throws -> Int {
                try await sql.raw(
                    "SELECT COUNT(*) AS n FROM words_fts WHERE words_fts MATCH \(bind: "jamo_text:\"\(needle)\"")"
                ).first()?.decode(column: "n", as: Int.self) ?? 0
            }
            try await sql.run(
                IndexImportsInBulk.sqliteIndex.map {
                    $0.replacingOccurrences(of: "char(10) || ", with: "")
                })
            #expect(try await indexed("\nㅇㅓㅁㅁㅏ") == 0)
            try await app.db.withConnection { try await IndexLineStarts().prepare(on: $0) }
            #expect(try await indexed("\nㅇㅓㅁㅁㅏ") == 1)
            #expect(try await indexed("\nmother") == 1)
            // One initial swapped (ㅇ for ㅁ): a typo found from the line's start.
            #expect(try await search(api, "엄아") == ["엄마"])
            _ = try await api.addWord(book.id, "엄지", "thumb")
            #expect(try await indexed("\nㅇㅓㅁㅈㅣ") == 1)
        }
    }

    @Test func theUpgradeIndexesExistingWords() async throws {
        try await withMaeilApp { app in
            let api = try await API.signUp(app)
            let book = try await api.createBook("Old")
            let water = try await api.addWord(book.id, "水", "물", reading: "みず")
            let apple = try await api.addWord(book.id, "사과", "apple")
            try await app.db.withConnection { db in
                try await AddCJKSearchKey().revert(on: db)
                try await db.sql().raw(
                    "UPDATE words SET choseong_text = \(bind: "ㅅㅅㄱㄱ\naappppllee") WHERE id = \(bind: apple.id)"
                ).run()
                try await AddCJKSearchKey().prepare(on: db)
            }
            #expect(try await search(api, "水") == ["水"])
            #expect(try await search(api, "みず") == ["水"])
            #expect(try await search(api, "ㅅㄱ") == ["사과"])
            #expect(try await search(api, "apple") == ["사과"])
            let keys = try await app.db.sql().raw(
                "SELECT choseong_text, cjk_text FROM words WHERE id IN (\(binds: [water.id, apple.id]))"
            ).all().map {
                [
                    try $0.decode(column: "choseong_text", as: String.self),
                    try $0.decode(column: "cjk_text", as: String.self),
                ]
            }
            #expect(Set(keys) == [["ㅁㅁ\n", "水水水\nみみみずずず"], ["ㅅㅅㄱㄱ\n", ""]])

            // Choseong lines from before they ended with a newline end with one
            // after `EndChoseongLines`, and the typo pass finds words by them.
            try await app.db.withConnection { db in
                try await db.sql().raw(
                    "UPDATE words SET choseong_text = \(bind: "ㅅㅅㄱㄱ") WHERE id = \(bind: apple.id)"
                ).run()
                try await EndChoseongLines().prepare(on: db)
                // An upgrade goes on to build the index as it is now (its older
                // form has no newline before the first line).
                if try db.sql().maeilDialect == .sqlite {
                    try await IndexLineStarts().prepare(on: db)
                }
            }
            let ended = try await app.db.sql().raw(
                "SELECT choseong_text FROM words WHERE id = \(bind: apple.id)"
            ).first()?.decode(column: "choseong_text", as: String.self)
            #expect(ended == "ㅅㅅㄱㄱ\n")
            #expect(try await search(api, "사가") == ["사과"])
            #expect(try await search(api, "水") == ["水"], "the index was built again")
        }
    }

    /// Words saved before senses were lines past their notes get the new
    /// keys from `RankSensesPastTheirNotes`, and are ranked by them.
    @Test func theUpgradeRanksSavedSensesPastTheirNotes() async throws {
        try await withMaeilApp { app in
            let api = try await API.signUp(app)
            let book = try await api.createBook("Old")
            _ = try await api.addWord(book.id, "一家", "(n) (1) a family; (n) (2) style; school")
            let school = try await api.addWord(book.id, "学校", "(n) school; (P)", reading: "がっこう")
            // Newer, so first among substrings where 学校's sense was one.
            _ = try await api.addWord(book.id, "予備校", "(n) preschool")
            let old = "学校\n(n) school\n(p)\n(n) school; (p)\nがっこう"
            let sql = try app.db.sql()
            try await sql.raw(
                "UPDATE words SET search_text = \(bind: old), jamo_text = \(bind: old) WHERE id = \(bind: school.id)"
            ).run()
            // PostgreSQL's indexes of the keys are dropped for the refresh and
            // built again as they were (new ones: new oids); the rest stay.
            func indexes() async throws -> [String: (definition: String, oid: Int)] {
                guard sql.maeilDialect == .postgres else { return [:] }
                let rows = try await sql.raw(
                    """
                    SELECT i.indexname, i.indexdef, c.oid::int8 AS oid
                    FROM pg_indexes i JOIN pg_class c ON c.relname = i.indexname
                    JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = i.schemaname
                    WHERE i.schemaname = current_schema() AND i.tablename = 'words'
                    """
                ).all()
                return try Dictionary(
                    uniqueKeysWithValues: rows.map {
                        (
                            try $0.decode(column: "indexname", as: String.self),
                            (
                                try $0.decode(column: "indexdef", as: String.self),
                                try $0.decode(column: "oid", as: Int.self)
                            )
                        )
                    })
            }
            let before = try await indexes()
            try await app.db.withConnection { try await RankSensesPastTheirNotes().prepare(on: $0) }
            let after = try await indexes()
            #expect(after.mapValues(\.definition) == before.mapValues(\.definition))
            let rebuilt = before.filter { $0.value.definition.contains("_text") }.keys
            #expect(sql.maeilDialect == .sqlite || rebuilt.count >= 5, "\(rebuilt)")
            for (name, index) in before {
                #expect((after[name]?.oid != index.oid) == rebuilt.contains(name), "\(name)")
            }
            let keys = WordSearchKeys(term: "学校", meaning: "(n) school; (P)", reading: "がっこう")
            let stored = try await sql.raw(
                "SELECT search_text, jamo_text FROM words WHERE id = \(bind: school.id)"
            ).first()
            #expect(try stored?.decode(column: "search_text", as: String.self) == keys.text)
            #expect(try stored?.decode(column: "jamo_text", as: String.self) == keys.jamo)
            #expect(keys.text.hasPrefix("学校\nschool\n"))
            let ranked = try await search(api, "school")
            #expect(Set(ranked.prefix(2)) == ["学校", "一家"] && ranked.last == "予備校", "\(ranked)")
            #expect(try await search(api, "学校") == ["学校"], "the index was built again")
        }
    }
}
