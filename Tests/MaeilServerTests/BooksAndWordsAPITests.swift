import Foundation
import MaeilAPI
import Testing
import Vapor
import VaporTesting
import VocabCore

@testable import MaeilServer

@Suite("Books and words over the API")
struct BooksAndWordsAPITests {
    @Test func booksHaveCountsAndDeletingTakesTheirWords() async throws {
        try await withMaeilApp { app in
            let api = try await API.signUp(app)
            let book = try await api.createBook("TOEIC", description: "exam words")
            let other = try await api.createBook("Daily")
            _ = try await api.addWord(book.id, "apple", "사과")
            let banana = try await api.addWord(book.id, "banana", "바나나")
            _ = try await api.addWord(other.id, "cat", "고양이")
            _ = try await api.send(.PATCH, "/api/v1/words/\(banana.id)", json: ["memorized": true])

            let books = try api.decode([BookDTO].self, try await api.send(.GET, "/api/v1/books"))
            let toeic = try #require(books.first { $0.id == book.id })
            #expect(toeic.wordCount == 2)
            #expect(toeic.memorizedCount == 1)
            #expect(toeic.description == "exam words")

            let renamed = try api.decode(
                BookDTO.self,
                try await api.send(.PATCH, "/api/v1/books/\(book.id)", json: ["name": "TOEIC 900"]))
            #expect(renamed.name == "TOEIC 900")
            #expect(renamed.description == "exam words")

            let deleted = try api.decode(
                BookDeletedDTO.self, try await api.send(.DELETE, "/api/v1/books/\(book.id)"))
            #expect(deleted.deletedWords == 2)
            #expect(try await api.send(.GET, "/api/v1/books/\(book.id)").status == .notFound)
            #expect(try await api.send(.GET, "/api/v1/words/\(banana.id)").status == .notFound)
            let remaining = try api.decode(
                WordPageDTO.self, try await api.send(.GET, "/api/v1/books/\(other.id)/words"))
            #expect(remaining.total == 1)
        }
    }

    @Test func aWordKeepsEveryField() async throws {
        try await withMaeilApp { app in
            let api = try await API.signUp(app)
            let book = try await api.createBook("Words")
            let input = WordInput(
                term: "  run ", meaning: "달리다", reading: "rʌn", partOfSpeech: "verb",
                note: "irregular: ran, run",
                synonyms: ["sprint", "dash", "sprint"], antonyms: ["walk"],
                examples: [
                    ExampleDTO(sentence: "I run every day.", translation: "나는 매일 달린다."),
                    ExampleDTO(sentence: "Run!"),
                ],
                tags: ["sport", ""], memorized: true, bookmarked: true)
            let created = try await api.send(.POST, "/api/v1/books/\(book.id)/words", json: input)
            #expect(created.status == .created)
            let word = try api.decode(WordDTO.self, created)
            #expect(word.term == "run")
            #expect(word.synonyms == ["sprint", "dash"])
            #expect(word.tags == ["sport"])
            #expect(word.examples.count == 2)
            #expect(word.examples[0].translation == "나는 매일 달린다.")
            #expect(word.memorized && word.bookmarked)
            #expect(word.bookName == "Words")

            let fetched = try api.decode(
                WordDTO.self, try await api.send(.GET, "/api/v1/words/\(word.id)"))
            #expect(fetched.note == "irregular: ran, run")
            #expect(fetched.antonyms == ["walk"])

            let patched = try api.decode(
                WordDTO.self,
                try await api.send(.PATCH, "/api/v1/words/\(word.id)", json: ["meaning": "뛰다, 달리다"])
            )
            #expect(patched.meaning == "뛰다, 달리다")
            #expect(patched.reading == "rʌn")
            #expect(patched.createdAt == word.createdAt)
        }
    }

    @Test func badWordsAreRefusedAndChangeNothing() async throws {
        try await withMaeilApp { app in
            let api = try await API.signUp(app)
            let book = try await api.createBook("Words")
            let word = try await api.addWord(book.id, "keep", "유지")
            let empty = try await api.send(
                .POST, "/api/v1/books/\(book.id)/words", json: ["term": "   ", "meaning": "x"])
            #expect(empty.status == .unprocessableEntity)
            #expect(empty.body.string.contains("term"))
            let long = try await api.send(
                .POST, "/api/v1/books/\(book.id)/words",
                json: ["term": String(repeating: "a", count: 2001)])
            #expect(long.status == .unprocessableEntity)
            let wrongType = try await api.send(
                .POST, "/api/v1/books/\(book.id)/words", json: ["term": 5] as [String: AnyEncodable]
            )
            #expect(wrongType.status == .badRequest)
            let truncated = try await api.send(
                .POST, "/api/v1/books/\(book.id)/words", raw: Data("{\"term\": \"ab".utf8),
                contentType: .json)
            #expect(truncated.status == .badRequest)
            let badPatch = try await api.send(
                .PATCH, "/api/v1/words/\(word.id)", json: ["term": ""])
            #expect(badPatch.status == .unprocessableEntity)
            let emptyBook = try await api.send(.POST, "/api/v1/books", json: ["name": ""])
            #expect(emptyBook.status == .unprocessableEntity)

            let page = try api.decode(
                WordPageDTO.self, try await api.send(.GET, "/api/v1/books/\(book.id)/words"))
            #expect(page.total == 1)
            #expect(page.items.first?.term == "keep")
            #expect(try await api.send(.GET, "/api/v1/books/not-a-uuid").status == .notFound)
            #expect(
                try await api.send(.GET, "/api/v1/books/\(book.id)/words?page=0").status
                    == .unprocessableEntity)
            #expect(
                try await api.send(.GET, "/api/v1/books/\(book.id)/words?sort=sideways").status
                    == .unprocessableEntity)
        }
    }

    @Test func anotherUsersDataIsNeverVisible() async throws {
        try await withMaeilApp { app in
            let owner = try await API.signUp(app)
            let intruder = try await API.signUp(app)
            let book = try await owner.createBook("Private")
            let word = try await owner.addWord(book.id, "secret", "비밀")
            let mine = try await intruder.createBook("Mine")

            let attempts: [(HTTPMethod, String, (any Encodable)?)] = [
                (.GET, "/api/v1/books/\(book.id)", nil),
                (.PATCH, "/api/v1/books/\(book.id)", ["name": "pwned"]),
                (.DELETE, "/api/v1/books/\(book.id)", nil),
                (.GET, "/api/v1/books/\(book.id)/words", nil),
                (.POST, "/api/v1/books/\(book.id)/words", ["term": "x"]),
                (.GET, "/api/v1/books/\(book.id)/export?format=json", nil),
                (.GET, "/api/v1/words/\(word.id)", nil),
                (.PATCH, "/api/v1/words/\(word.id)", ["term": "pwned"]),
                (.PATCH, "/api/v1/words/\(word.id)", ["bookID": mine.id.uuidString]),
                (.DELETE, "/api/v1/words/\(word.id)", nil),
                (.POST, "/api/v1/words/bulk", BulkRequest(ids: [word.id], action: .delete)),
                (.GET, "/api/v1/search?q=secret&bookID=\(book.id)", nil),
            ]
            for (method, path, body) in attempts {
                let response = try await intruder.send(method, path, json: body)
                #expect(
                    response.status == .notFound, "\(method) \(path) answered \(response.status)")
            }
            let imported = try await intruder.send(
                .POST, "/api/v1/books/\(book.id)/import?format=csv", raw: Data("a,b\n".utf8))
            #expect(imported.status == .notFound)
            // Moving my own word into their book is refused too.
            let own = try await intruder.addWord(mine.id, "mine", "내 것")
            let move = try await intruder.send(
                .POST, "/api/v1/words/bulk",
                json: BulkRequest(ids: [own.id], action: .move, bookID: book.id))
            #expect(move.status == .notFound)

            let search = try intruder.decode(
                SearchResultDTO.self, try await intruder.send(.GET, "/api/v1/search?q=secret"))
            #expect(search.total == 0)
            let untouched = try owner.decode(
                WordDTO.self, try await owner.send(.GET, "/api/v1/words/\(word.id)"))
            #expect(untouched.term == "secret" && untouched.bookID == book.id)
            let books = try owner.decode(
                [BookDTO].self, try await owner.send(.GET, "/api/v1/books"))
            #expect(books.map(\.name) == ["Private"])
        }
    }

    @Test func bulkActionsAreAllOrNothing() async throws {
        try await withMaeilApp { app in
            let api = try await API.signUp(app)
            let from = try await api.createBook("From")
            let to = try await api.createBook("To")
            var ids: [UUID] = []
            for term in ["one", "two", "three", "four"] {
                ids.append(try await api.addWord(from.id, term, term).id)
            }

            let moved = try await api.send(
                .POST, "/api/v1/words/bulk",
                json: BulkRequest(ids: [ids[0], ids[1]], action: .move, bookID: to.id))
            #expect(try api.decode(BulkResultDTO.self, moved).affected == 2)
            let memo = try await api.send(
                .POST, "/api/v1/words/bulk", json: BulkRequest(ids: [ids[2]], action: .memorize))
            #expect(memo.status == .ok)

            // One unknown id: 404 and nothing deleted.
            let bad = try await api.send(
                .POST, "/api/v1/words/bulk",
                json: BulkRequest(ids: [ids[3], UUID()], action: .delete))
            #expect(bad.status == .notFound)
            let noTarget = try await api.send(
                .POST, "/api/v1/words/bulk", json: BulkRequest(ids: [ids[3]], action: .move))
            #expect(noTarget.status == .unprocessableEntity)
            let none = try await api.send(
                .POST, "/api/v1/words/bulk", json: BulkRequest(ids: [], action: .delete))
            #expect(none.status == .unprocessableEntity)

            let fromPage = try api.decode(
                WordPageDTO.self,
                try await api.send(.GET, "/api/v1/books/\(from.id)/words?sort=alphabetical"))
            #expect(fromPage.items.map(\.term) == ["four", "three"])
            #expect(fromPage.items.first { $0.term == "three" }?.memorized == true)
            let toPage = try api.decode(
                WordPageDTO.self, try await api.send(.GET, "/api/v1/books/\(to.id)/words"))
            #expect(Set(toPage.items.map(\.term)) == ["one", "two"])

            _ = try await api.send(
                .POST, "/api/v1/words/bulk",
                json: BulkRequest(ids: [ids[2], ids[3]], action: .delete))
            let after = try api.decode(
                WordPageDTO.self, try await api.send(.GET, "/api/v1/books/\(from.id)/words"))
            #expect(after.total == 0)
        }
    }

    /// Each page of a search under the count's cap is its slice of the one
    /// ranking, with the whole count; a page past the last match is empty
    /// and still counts them (PostgreSQL counts and ranks in one statement).
    @Test func pagesOfASearchSliceOneRankingAndKeepTheCount() async throws {
        try await withMaeilApp { app in
            let api = try await API.signUp(app)
            let book = try await api.createBook("Lamps")
            for (term, meaning) in [
                ("clamp", "죔쇠"), ("lamplight", "등불"), ("lamp", "램프"), ("table lamp", "탁상 램프"),
                ("chair", "의자"), ("lamppost", "가로등"),
            ] {
                _ = try await api.addWord(book.id, term, meaning)
            }
            func page(_ number: Int, of perPage: Int) async throws -> WordPageDTO {
                let response = try await api.send(
                    .GET, "/api/v1/books/\(book.id)/words?q=lamp&page=\(number)&perPage=\(perPage)")
                #expect(response.status == .ok, "\(response.body.string)")
                return try api.decode(WordPageDTO.self, response)
            }
            let whole = try await page(1, of: 50)
            #expect(whole.total == 5 && !whole.totalCapped)
            #expect(whole.items.first?.term == "lamp", "the exact match first")
            #expect(
                Set(whole.items.map(\.term)) == [
                    "clamp", "lamplight", "lamp", "table lamp", "lamppost",
                ])
            var sliced: [String] = []
            for number in 1...3 {
                let part = try await page(number, of: 2)
                #expect(part.total == 5 && part.page == number)
                sliced += part.items.map(\.term)
            }
            #expect(sliced == whole.items.map(\.term))
            let past = try await page(4, of: 2)
            #expect(past.items.isEmpty && past.total == 5 && !past.totalCapped)
        }
    }

    @Test func searchIsCaseAndDiacriticInsensitive() async throws {
        try await withMaeilApp { app in
            let api = try await API.signUp(app)
            let french = try await api.createBook("Français")
            let korean = try await api.createBook("Korean")
            _ = try await api.addWord(french.id, "Café", "카페", reading: "ka-FAY")
            _ = try await api.addWord(french.id, "naïve", "순진한")
            _ = try await api.addWord(korean.id, "apple", "사과")
            _ = try await api.addWord(korean.id, "100%_sure", "확실한")

            func search(_ q: String, book: UUID? = nil) async throws -> [String] {
                var path =
                    "/api/v1/search?q="
                    + (q.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? q)
                if let book { path += "&bookID=\(book)" }
                let response = try await api.send(.GET, path)
                #expect(response.status == .ok, "\(response.body.string)")
                return try api.decode(SearchResultDTO.self, response).items.map(\.term).sorted()
            }
            #expect(try await search("cafe") == ["Café"])
            #expect(try await search("CAFÉ") == ["Café"])
            #expect(try await search("NAIVE") == ["naïve"])
            #expect(try await search("fay") == ["Café"])
            #expect(try await search("사과") == ["apple"])
            #expect(try await search("카페", book: korean.id) == [])
            #expect(try await search("%") == ["100%_sure"])
            #expect(try await search("_") == ["100%_sure"])
            #expect(try await api.send(.GET, "/api/v1/search?q=").status == .unprocessableEntity)
            let inBook = try api.decode(
                WordPageDTO.self, try await api.send(.GET, "/api/v1/books/\(french.id)/words?q=NAI")
            )
            #expect(inBook.items.map(\.term) == ["naïve"])

            // The search index follows edits, moves and deletes.
            let pear = try await api.addWord(korean.id, "pear", "배")
            #expect(try await search("pear") == ["pear"])
            _ = try await api.send(
                .PATCH, "/api/v1/words/\(pear.id)", json: ["term": "quince", "meaning": "모과"])
            #expect(try await search("pear") == [])
            #expect(try await search("quince") == ["quince"])
            #expect(try await search("uinc", book: korean.id) == ["quince"])
            _ = try await api.send(.DELETE, "/api/v1/words/\(pear.id)")
            #expect(try await search("quince") == [])
            _ = try await api.send(.DELETE, "/api/v1/books/\(french.id)")
            #expect(try await search("cafe") == [])
            #expect(try await search("apple") == ["apple"])
        }
    }

    @Test func pagingCountsEverything() async throws {
        try await withMaeilApp { app in
            let api = try await API.signUp(app)
            let book = try await api.createBook("Many")
            let drafts = (0..<120).map { WordDraft(term: "word\($0)", meaning: "뜻\($0)") }
            let archive = BookArchive(name: "Many", description: "", words: drafts)
            let imported = try await api.send(
                .POST, "/api/v1/books/\(book.id)/import?format=json",
                raw: try BookArchiveCodec.encode(archive))
            #expect(imported.status == .ok, "\(imported.body.string)")
            let page3 = try api.decode(
                WordPageDTO.self,
                try await api.send(
                    .GET, "/api/v1/books/\(book.id)/words?page=3&perPage=50&sort=alphabetical"))
            #expect(page3.total == 120)
            #expect(page3.items.count == 20)
        }
    }

    /// Each order read page by page (through the index runs of
    /// `WordStore.plainPage`) is the whole order, without gaps or repeats.
    @Test func everyOrderPagesThroughTheBookWithoutGapsOrRepeats() async throws {
        try await withMaeilApp { app in
            let api = try await API.signUp(app)
            let book = try await api.createBook("Order")
            var added: [WordDTO] = []
            for term in ["delta", "Alpha", "charlie", "bravo", "echo", "Foxtrot", "golf"] {
                added.append(try await api.addWord(book.id, term, "뜻"))
            }
            let memorized = Set([added[1].id, added[4].id, added[5].id])
            let marked = try await api.send(
                .POST, "/api/v1/words/bulk",
                json: BulkRequest(ids: Array(memorized), action: .memorize))
            #expect(marked.status == .ok, "\(marked.body.string)")
            func list(_ query: String) async throws -> WordPageDTO {
                try api.decode(
                    WordPageDTO.self,
                    try await api.send(.GET, "/api/v1/books/\(book.id)/words?\(query)"))
            }
            func paged(_ sort: String) async throws -> [UUID] {
                var ids: [UUID] = []
                for page in 1...4 {
                    let listed = try await list("sort=\(sort)&perPage=2&page=\(page)")
                    #expect(listed.total == 7)
                    ids += listed.items.map(\.id)
                }
                return ids
            }
            let newest = try await list("sort=recent&perPage=500").items.map(\.id)
            #expect(Set(newest) == Set(added.map(\.id)))
            #expect(try await paged("recent") == newest)
            #expect(try await paged("oldest") == newest.reversed())
            #expect(
                try await paged("memorized")
                    == newest.filter(memorized.contains) + newest.filter { !memorized.contains($0) }
            )
            #expect(
                try await paged("not-memorized")
                    == newest.filter { !memorized.contains($0) } + newest.filter(memorized.contains)
            )
            #expect(
                try await paged("alphabetical")
                    == added.sorted { $0.term.lowercased() < $1.term.lowercased() }.map(\.id))
            // Past the end, every order is empty; a random order draws each page anew.
            for sort in ["recent", "memorized", "not-memorized", "alphabetical", "random"] {
                #expect(try await list("sort=\(sort)&perPage=2&page=5").items.isEmpty, "\(sort)")
            }
            let drawn = try await list("sort=random&perPage=3&page=2").items.map(\.id)
            #expect(drawn.count == 3 && Set(drawn).isSubset(of: Set(newest)))
            // A filter keeps the one-run order.
            #expect(
                try await list("sort=memorized&bookmarked=false&perPage=500").items.map(\.id)
                    == newest.filter(memorized.contains) + newest.filter { !memorized.contains($0) }
            )
        }
    }
}
