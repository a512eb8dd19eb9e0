import Foundation
import MaeilAPI
import Testing
import Vapor
import VaporTesting
import VocabCore

@testable import MaeilServer

@Suite("Import and export over the API")
struct ImportExportAPITests {
    /// "사과,apple\n똠방각하,nonsense\n" in CP949 (똠 exists only in CP949, not EUC-KR).
    static let cp949CSV: [UInt8] = [
        0xbb, 0xe7, 0xb0, 0xfa, 0x2c, 0x61, 0x70, 0x70, 0x6c, 0x65, 0x0a,
        0x8c, 0x63, 0xb9, 0xe6, 0xb0, 0xa2, 0xc7, 0xcf, 0x2c, 0x6e, 0x6f, 0x6e, 0x73, 0x65, 0x6e,
        0x73, 0x65, 0x0a,
    ]

    func terms(_ api: API, _ book: UUID) async throws -> [String] {
        try api.decode(
            WordPageDTO.self,
            try await api.send(.GET, "/api/v1/books/\(book)/words?perPage=500&sort=oldest")
        )
        .items.map(\.term)
    }

    /// `maeil import` makes a missing book in the languages its words are
    /// written in (EDICT's rows: Japanese terms, English meanings), and
    /// leaves a book it finds as its owner set it.
    @Test func theCLIMakesABookInItsWordsLanguages() async throws {
        let settings = freshSettings()
        try await withMaeilApp(settings: settings) { app in
            let api = try await API.signUp(app, "kenji")
            let existing = try await api.createBook("Fruit")
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
                "languages-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let files = [
                (
                    "EDICT",
                    "term\treading\tmeaning\n学校\tがっこう\tschool\n食べる\tたべる\tto eat\n"
                ),
                ("Hanzi", "学校\t학교\n水\t물\n"),
                ("Fruit", "りんご\tapple\n"),
            ]
            let cli = try await MaeilInstance.open(settings: settings)
            for (book, text) in files {
                let file = folder.appendingPathComponent("\(book).tsv")
                try Data(text.utf8).write(to: file)
                _ = try await cli.importFile(
                    at: file.path, username: "kenji", bookName: book, format: .tsv,
                    progress: { _, _ in })
            }
            try await cli.shutdown()
            let books = try api.decode([BookDTO].self, try await api.send(.GET, "/api/v1/books"))
            func languages(_ name: String) -> [String]? {
                books.first { $0.name == name }.map { [$0.termLanguage, $0.meaningLanguage] }
            }
            #expect(languages("EDICT") == ["ja", "en"])
            #expect(languages("Hanzi") == ["zh", "ko"])
            #expect(books.first { $0.name == "Fruit" }?.id == existing.id)
            #expect(languages("Fruit") == ["en", "ko"])
        }
    }

    @Test func importsCSVWithAndWithoutHeader() async throws {
        try await withMaeilApp { app in
            let api = try await API.signUp(app)
            let book = try await api.createBook("CSV")
            let withHeader = "term,meaning,reading\n\"hello, world\",\"안녕, 세상\",həˈloʊ\napple,사과,\n"
            let r1 = try await api.send(
                .POST, "/api/v1/books/\(book.id)/import?filename=words.csv",
                raw: Data(withHeader.utf8))
            #expect(r1.status == .ok, "\(r1.body.string)")
            #expect(try api.decode(ImportResultDTO.self, r1).imported == 2)
            let r2 = try await api.send(
                .POST, "/api/v1/books/\(book.id)/import?format=csv&header=false",
                raw: Data("dog,개\ncat,고양이\n".utf8))
            #expect(try api.decode(ImportResultDTO.self, r2).imported == 2)
            let words = try api.decode(
                WordPageDTO.self,
                try await api.send(
                    .GET, "/api/v1/books/\(book.id)/words?perPage=10&sort=alphabetical")
            ).items
            #expect(words.map(\.term) == ["apple", "cat", "dog", "hello, world"])
            // Rows keep their file order.
            #expect(try await terms(api, book.id) == ["hello, world", "apple", "dog", "cat"])
            #expect(words.last?.meaning == "안녕, 세상")
            #expect(words.last?.reading == "həˈloʊ")
        }
    }

    /// An import indexes its words for search at its end, in its transaction
    /// (`SearchIndexBulkLoad`); a word added afterwards, or after an import
    /// that failed, is indexed by the trigger again.
    @Test func importedWordsAndLaterWordsAreSearchable() async throws {
        try await withMaeilApp { app in
            let api = try await API.signUp(app)
            let book = try await api.createBook("Indexed")
            func found(_ query: String) async throws -> [String] {
                let encoded = query.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
                return try api.decode(
                    SearchResultDTO.self,
                    try await api.send(.GET, "/api/v1/search?q=\(encoded)")
                ).items.map(\.term)
            }
            let rows = (0..<1_200).map { "word\($0)\tmeaning \($0)" }
            let r = try await api.send(
                .POST, "/api/v1/books/\(book.id)/import?format=tsv&header=false",
                raw: Data(("고양이\tcat\n水曜日\tWednesday\n" + rows.joined(separator: "\n")).utf8))
            #expect(r.status == .ok, "\(r.body.string)")
            #expect(try await found("ㄱㅇㅇ") == ["고양이"])
            #expect(try await found("曜") == ["水曜日"])
            #expect(try await found("word1199") == ["word1199"])
            if try app.db.sql().maeilDialect == .sqlite {
                // An import of most of the index merges it into one segment,
                // and the index keeps its own size of terms gathered in memory
                // (the import gathers fewer while it indexes).
                let segments = try await app.db.sql().raw(
                    "SELECT COUNT(DISTINCT segid) AS n FROM words_fts_idx"
                ).first()?.decode(column: "n", as: Int.self)
                #expect(segments == 1)
                let kept = try await app.db.sql().raw(
                    "SELECT v FROM words_fts_config WHERE k = 'hashsize'"
                ).first()?.decode(column: "v", as: Int.self)
                #expect(kept == SearchIndexBulkLoad.pendingTermsBytes)
            }
            if try app.db.sql().maeilDialect == .postgres {
                // A large import leaves no entries waiting in the trigram indexes.
                let waiting = try await app.db.sql().raw(
                    "SELECT gin_clean_pending_list('words_user_jamo_text_trgm'::regclass) AS n"
                ).first()?.decode(column: "n", as: Int.self)
                #expect(waiting == 0)
            }
            // The bad row comes after a whole statement of good ones.
            let tooLong = String(repeating: "가", count: WordLimits.term + 1)
            let bad = try await api.send(
                .POST, "/api/v1/books/\(book.id)/import?format=tsv&header=false",
                raw: Data(
                    ("사과나무\tapple tree\n" + rows.joined(separator: "\n") + "\n\(tooLong)\tx").utf8))
            #expect(bad.status.code >= 400 && bad.status.code < 500, "\(bad.body.string)")
            #expect(try await found("사과나무").isEmpty)
            _ = try await api.addWord(book.id, "사과나무", "apple tree")
            #expect(try await found("ㅅㄱㄴㅁ") == ["사과나무"])
        }
    }

    @Test func detectsCP949AndUTF16() async throws {
        try await withMaeilApp { app in
            let api = try await API.signUp(app)
            let book = try await api.createBook("Encodings")
            let r = try await api.send(
                .POST, "/api/v1/books/\(book.id)/import?format=csv&header=false",
                raw: Data(Self.cp949CSV))
            #expect(r.status == .ok, "\(r.body.string)")
            #expect(try api.decode(ImportResultDTO.self, r).encoding == "cp949")
            var utf16 = Data([0xFF, 0xFE])
            utf16.append("고양이\tcat\n".data(using: .utf16LittleEndian)!)
            let r2 = try await api.send(
                .POST, "/api/v1/books/\(book.id)/import?format=tsv&header=false", raw: utf16)
            #expect(try api.decode(ImportResultDTO.self, r2).encoding == "utf16LE")
            #expect(try await terms(api, book.id).sorted() == ["고양이", "똠방각하", "사과"])
        }
    }

    @Test func aBadRowImportsNothing() async throws {
        try await withMaeilApp { app in
            let api = try await API.signUp(app)
            let book = try await api.createBook("Strict")
            _ = try await api.addWord(book.id, "before", "전")
            let badRow = "term,meaning\nok,좋아\n,empty term\n"
            let r1 = try await api.send(
                .POST, "/api/v1/books/\(book.id)/import?format=csv", raw: Data(badRow.utf8))
            #expect(r1.status == .unprocessableEntity)
            #expect(r1.body.string.contains("3"), "the message names the line: \(r1.body.string)")
            let unterminated = "term,meaning\n\"open,quote\n"
            #expect(
                try await api.send(
                    .POST, "/api/v1/books/\(book.id)/import?format=csv",
                    raw: Data(unterminated.utf8)
                ).status == .unprocessableEntity)
            let tooLong = "term,meaning\n\(String(repeating: "x", count: 2001)),y\n"
            #expect(
                try await api.send(
                    .POST, "/api/v1/books/\(book.id)/import?format=csv", raw: Data(tooLong.utf8)
                ).status == .unprocessableEntity)
            let undecodable = Data([0x61, 0x2c, 0xff, 0xff, 0xff, 0x0a])
            #expect(
                try await api.send(
                    .POST, "/api/v1/books/\(book.id)/import?format=csv", raw: undecodable
                ).status == .unprocessableEntity)
            let truncatedJSON = Data(
                "{\"format\":\"maeil-book\",\"version\":1,\"name\":\"x\",\"words\":[{\"term\":".utf8
            )
            #expect(
                try await api.send(
                    .POST, "/api/v1/books/\(book.id)/import?format=json", raw: truncatedJSON
                ).status == .unprocessableEntity)
            let wrongTypes = Data(
                "{\"format\":\"maeil-book\",\"version\":1,\"name\":\"x\",\"description\":\"\",\"words\":[{\"term\":5}]}"
                    .utf8)
            let r2 = try await api.send(
                .POST, "/api/v1/books/\(book.id)/import?format=json", raw: wrongTypes)
            #expect(r2.status == .unprocessableEntity)
            #expect(r2.body.string.contains("term"))
            #expect(
                try await api.send(
                    .POST, "/api/v1/books/\(book.id)/import?format=xls", raw: Data("a".utf8)
                ).status == .unprocessableEntity)
            #expect(
                try await api.send(.POST, "/api/v1/books/\(book.id)/import").status == .badRequest)
            // A bad word after the first chunks were written takes them back with it.
            let lateBad =
                "term,meaning\n" + (1...900).map { "good\($0),좋다" }.joined(separator: "\n")
                + "\n\(String(repeating: "y", count: 2001)),너무 길다\n"
            let r3 = try await api.send(
                .POST, "/api/v1/books/\(book.id)/import?format=csv", raw: Data(lateBad.utf8))
            #expect(r3.status == .unprocessableEntity)
            #expect(r3.body.string.contains("902"), "the message names the line: \(r3.body.string)")
            #expect(try await terms(api, book.id) == ["before"])
        }
    }

    /// Over a real connection, where the limit is the server's. The client
    /// waits as long as a whole suite beside it on two cores may take: Vapor's
    /// test client gave up after 30 s while the 20 MB were still going in.
    @Test func uploadsOver20MBAreRefused() async throws {
        try await withMaeilApp { app in
            app.http.client.configuration.timeout = .init(
                connect: .seconds(120), read: .seconds(120))
            let api = try await API.signUp(app)
            let book = try await api.createBook("Big")
            let big = ByteBuffer(repeating: 0x61, count: 20 * 1024 * 1024 + 10)
            let r = try await LiveServer.run(app) { server in
                try await server.send(
                    .POST, "/api/v1/books/\(book.id)/import?format=csv",
                    headers: ["Authorization": "Bearer \(api.token!)", "Content-Type": "text/csv"],
                    bytes: big)
            }
            #expect(r.status == .payloadTooLarge)
            #expect(try await terms(api, book.id) == [])
        }
    }

    @Test func jsonExportRoundTripsEveryField() async throws {
        try await withMaeilApp { app in
            let api = try await API.signUp(app)
            let book = try await api.createBook("Source", description: "round trip")
            let input = WordInput(
                term: "bank", meaning: "은행, 둑", reading: "bæŋk", partOfSpeech: "noun",
                note: "two senses",
                synonyms: ["shore"], antonyms: [],
                examples: [ExampleDTO(sentence: "By the bank.", translation: "둑 옆에서.")],
                tags: ["place", "money"], memorized: true, bookmarked: false)
            let original = try api.decode(
                WordDTO.self,
                try await api.send(.POST, "/api/v1/books/\(book.id)/words", json: input))
            _ = try await api.addWord(book.id, "river", "강")

            let exported = try await api.send(.GET, "/api/v1/books/\(book.id)/export?format=json")
            #expect(exported.status == .ok)
            #expect(
                exported.headers.first(name: .contentDisposition)?.contains("Source.json") == true)
            let archive = try BookArchiveCodec.decode(Data(buffer: exported.body))
            #expect(archive.description == "round trip")
            #expect(archive.words.count == 2)

            let copy = try await api.createBook("Copy")
            let r = try await api.send(
                .POST, "/api/v1/books/\(copy.id)/import?format=json",
                raw: Data(buffer: exported.body))
            #expect(r.status == .ok, "\(r.body.string)")
            let words = try api.decode(
                WordPageDTO.self,
                try await api.send(.GET, "/api/v1/books/\(copy.id)/words?sort=oldest")
            ).items
            let bank = try #require(words.first { $0.term == "bank" })
            #expect(bank.draft == original.draft)

            for format in ["csv", "tsv", "quizlet"] {
                let file = try await api.send(
                    .GET, "/api/v1/books/\(book.id)/export?format=\(format)")
                #expect(file.status == .ok)
                #expect(file.body.string.contains("bank"))
            }
            #expect(
                try await api.send(.GET, "/api/v1/books/\(book.id)/export?format=pdf").status
                    == .unprocessableEntity)
        }
    }

    @Test func quizletTextWithCustomSeparators() async throws {
        try await withMaeilApp { app in
            let api = try await API.signUp(app)
            let book = try await api.createBook("Quizlet")
            let text = "apple - 사과;dog - 개;cat - 고양이"
            let sep = " - ".addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
            let r = try await api.send(
                .POST,
                "/api/v1/books/\(book.id)/import?format=quizlet&termSeparator=\(sep)&rowSeparator=%3B",
                raw: Data(text.utf8))
            #expect(r.status == .ok, "\(r.body.string)")
            #expect(try await terms(api, book.id).sorted() == ["apple", "cat", "dog"])
        }
    }
}

@Test func importRowTimesAreDistinctWholeMicroseconds() {
    let start = Date(timeIntervalSince1970: 1_795_000_000.999_999_7)
    var seen = Set<Int64>()
    for index in 0..<10_000 {
        let time = WordStore.rowTime(start, index).timeIntervalSince1970 * 1e6
        // Truncated or rounded to whole microseconds, the same value, new for each row.
        #expect(time.rounded(.down) == time.rounded())
        #expect(seen.insert(Int64(time.rounded(.down))).inserted)
    }
}

@Test func searchIDIsTheFirstEightBytesSigned() throws {
    let low = try #require(UUID(uuidString: "01234567-89AB-CDEF-0000-000000000000"))
    let high = try #require(UUID(uuidString: "FFFFFFFF-FFFF-FFFF-1234-567890ABCDEF"))
    #expect(SearchIndex.searchID(low) == 0x0123_4567_89AB_CDEF)
    #expect(SearchIndex.searchID(high) == -1)
}

@Test func importIDsAreDistinctAndAscendByTheirSearchID() {
    let ids = WordStore.ascendingIDs(5_000)
    #expect(Set(ids).count == 5_000)
    let keys = ids.map(SearchIndex.searchID)
    #expect(zip(keys, keys.dropFirst()).allSatisfy { $0 < $1 })
    // Version 4, RFC 4122 variant: Foundation reads them back the same.
    for id in ids.prefix(100) {
        let text = id.uuidString
        #expect(Array(text)[14] == "4")
        #expect("89AB".contains(Array(text)[19]))
        #expect(UUID(uuidString: text) == id)
    }
}
