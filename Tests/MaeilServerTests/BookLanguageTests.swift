import Foundation
import MaeilAPI
import Testing
import Vapor
import VaporTesting

@testable import MaeilServer

/// Each book's term and meaning languages (issue 15, part 1) and the library's
/// filters by language and size (issue 14, part 2).
@Suite("Book languages and library filters")
struct BookLanguageTests {
    @Test func booksHaveLanguagesTheOwnerChooses() async throws {
        try await withMaeilApp { app in
            let minji = try await API.signUp(app, "minji")
            let plain = try await minji.createBook("Travel")
            #expect(plain.termLanguage == "en" && plain.meaningLanguage == "ko", "the default")
            let made = try await minji.send(
                .POST, "/api/v1/books",
                json: BookInput(name: "日本語", termLanguage: "JA", meaningLanguage: "ko"))
            #expect(made.status == .created, "\(made.body.string)")
            let japanese = try minji.decode(BookDTO.self, made)
            #expect(japanese.termLanguage == "ja", "codes are lower case")

            for bad in ["Korean", "k", "zh-Hant", "日本", ""] {
                let response = try await minji.send(
                    .PATCH, "/api/v1/books/\(plain.id)", json: ["termLanguage": bad])
                #expect(response.status == .unprocessableEntity, "\(bad)")
                let refused = try await minji.send(
                    .POST, "/api/v1/books", json: BookInput(name: "x", meaningLanguage: bad))
                #expect(refused.status == .unprocessableEntity, "\(bad)")
            }
            let patched = try minji.decode(
                BookDTO.self,
                try await minji.send(
                    .PATCH, "/api/v1/books/\(plain.id)",
                    json: ["termLanguage": "fr", "meaningLanguage": "en"]))
            #expect(patched.termLanguage == "fr" && patched.meaningLanguage == "en")
            #expect(patched.name == "Travel", "nothing else changed")
            #expect(
                try await minji.send(.GET, "/api/v1/books").body.string.contains("\"fr\""))

            // A copy keeps its original's languages.
            _ = try await minji.send(
                .PATCH, "/api/v1/books/\(japanese.id)", json: ["visibility": "public"])
            let jisoo = try await API.signUp(app, "jisoo")
            let copy = try jisoo.decode(
                BookDTO.self, try await jisoo.send(.POST, "/api/v1/library/\(japanese.id)/copy"))
            #expect(copy.termLanguage == "ja" && copy.meaningLanguage == "ko")
        }
    }

    @Test func existingBooksAreEnglishToKoreanAndTheCourseBooksJapanese() async throws {
        try await withMaeilApp { app in
            let api = try await API.signUp(app, "minji")
            let plain = try await api.createBook("Travel")
            let day = try api.decode(
                JapaneseDayBookDTO.self,
                try await api.send(.POST, "/api/v1/japanese/courses/n5/days/1/book"))
            // As the migration finds them: no languages yet.
            // One connection, as `BookCountsTests` explains.
            try await app.db.withConnection { db in
                try await AddBookLanguages().revert(on: db)
                try await AddBookLanguages().prepare(on: db)
            }
            let course = try api.decode(
                BookDTO.self, try await api.send(.GET, "/api/v1/books/\(day.bookID)"))
            #expect(course.termLanguage == "ja" && course.meaningLanguage == "ko")
            let travel = try api.decode(
                BookDTO.self, try await api.send(.GET, "/api/v1/books/\(plain.id)"))
            #expect(travel.termLanguage == "en" && travel.meaningLanguage == "ko")
        }
    }

    @Test func theLibraryFiltersByLanguageAndSize() async throws {
        try await withMaeilApp { app in
            let minji = try await API.signUp(app, "minji")
            for (name, term, words) in [
                ("English", "en", 3), ("日本語", "ja", 1), ("Français", "fr", 0),
            ] {
                let book = try minji.decode(
                    BookDTO.self,
                    try await minji.send(
                        .POST, "/api/v1/books", json: BookInput(name: name, termLanguage: term)))
                for index in 0..<words { _ = try await minji.addWord(book.id, "word\(index)") }
                _ = try await minji.send(
                    .PATCH, "/api/v1/books/\(book.id)", json: ["visibility": "public"])
            }
            let reader = try await API.signUp(app, "jisoo")
            func names(_ query: String) async throws -> [String] {
                let response = try await reader.send(.GET, "/api/v1/library?\(query)")
                #expect(response.status == .ok, "\(query): \(response.body.string)")
                return try reader.decode(LibraryPageDTO.self, response).items.map(\.name).sorted()
            }
            #expect(try await names("termLanguage=ja") == ["日本語"])
            #expect(try await names("meaningLanguage=ko").count == 3)
            #expect(try await names("meaningLanguage=en").isEmpty)
            #expect(try await names("minWords=1") == ["English", "日本語"])
            #expect(try await names("maxWords=1") == ["Français", "日本語"])
            #expect(try await names("minWords=2&maxWords=5&termLanguage=en") == ["English"])
            #expect(try await names("q=word&termLanguage=en") == ["English"], "with a search")
            let entry = try reader.decode(
                LibraryPageDTO.self, try await reader.send(.GET, "/api/v1/library?termLanguage=ja"))
            #expect(entry.items.first?.termLanguage == "ja")
            for bad in ["termLanguage=Japanese", "minWords=-1", "maxWords=x"] {
                let response = try await reader.send(.GET, "/api/v1/library?\(bad)")
                #expect(response.status.code == 400 || response.status.code == 422, "\(bad)")
            }

            var web = try await WebBrowser.signUp(app, "hana")
            web.language = "ko"
            let page = try await web.get("/library?termLanguage=fr&size=small").body.string
            #expect(page.contains(">Français</a>") && !page.contains(">English</a>"))
            #expect(page.contains("<option value=\"fr\" selected>프랑스어</option>"))
            #expect(page.contains("프랑스어 → 한국어"))
            #expect(try await web.get("/library?size=huge").status == .unprocessableEntity)
        }
    }

    @Test func theLanguagesChooseTheKeyboards() async throws {
        try await withMaeilApp { app in
            var minji = try await WebBrowser.signUp(app, "minji")
            minji.language = "ko"
            func book(_ term: String, _ meaning: String) async throws -> UUID {
                let id = try await minji.createBook("\(term)-\(meaning)")
                _ = try await minji.post(
                    "/books/\(id)",
                    [
                        ("name", "\(term)-\(meaning)"), ("termLanguage", term),
                        ("meaningLanguage", meaning),
                    ])
                return id
            }
            let japanese = try await minji.get("/books/\(try await book("ja", "ko"))").body.string
            #expect(japanese.contains(#"id="fast-term" name="term" lang="ja""#))
            #expect(japanese.contains("data-kana-toggle") && japanese.contains("/js/kana.js"))
            #expect(japanese.contains(#"id="fast-meaning" name="meaning" lang="ko""#))
            let english = try await minji.get("/books/\(try await book("en", "en"))").body.string
            #expect(english.contains(#"id="fast-meaning" name="meaning" lang="en""#))
            #expect(!english.contains("data-hangul-keyboard") && !english.contains("/js/kana.js"))
            let korean = try await book("ko", "en")
            let koreanPage = try await minji.get("/books/\(korean)").body.string
            #expect(koreanPage.contains(#"lang="ko" autocomplete="off""#))
            #expect(koreanPage.contains("data-fast-term data-hangul-keyboard"), "Korean terms")

            let word = try await minji.addWord(korean, "사과", "apple")
            let form = try await minji.get("/words/\(word)").body.string
            #expect(form.contains(#"id="w-term" name="term" value="사과" lang="ko""#))
            #expect(form.contains(#"id="w-meaning" name="meaning" value="apple" lang="en""#))
            // Speak buttons in the book's term language: the word page and the book's rows.
            #expect(
                form.contains(#"data-speak="사과" data-speak-lang="ko""#)
                    && form.contains("id=\"w-speak\""))
            let rows = try await minji.get("/books/\(korean)").body.string
            #expect(rows.contains(#"data-word-rows data-speak-lang="ko""#))
            #expect(rows.contains(#"data-speak="사과""#) && rows.contains("class=\"link speak\""))
            let search = try await minji.get("/search?q=%EC%82%AC%EA%B3%BC").body.string
            #expect(
                search.contains("사과") && !search.contains("data-speak-lang"), "rows of many books")
            // A review card speaks its word in its book's language.
            let card = try await minji.get("/study/review").body.string
            #expect(card.contains(#"data-speak="사과" data-speak-lang="ko""#))
            #expect(card.contains("id=\"review-speak\"") && card.contains("/js/speech.js"))
        }
    }

    @Test func theBookPageEditsTheLanguages() async throws {
        try await withMaeilApp { app in
            var minji = try await WebBrowser.signUp(app, "minji")
            minji.language = "ko"
            let book = try await minji.createBook("Vocabulaire")
            #expect(try await minji.get("/books/\(book)").body.string.contains("영어 → 한국어"))
            _ = try await minji.post(
                "/books/\(book)",
                [
                    ("name", "Vocabulaire"), ("description", ""), ("termLanguage", "fr"),
                    ("meaningLanguage", "ko"),
                ])
            let page = try await minji.get("/books/\(book)").body.string
            #expect(page.contains("프랑스어 → 한국어"))
            let bad = try await minji.post(
                "/books/\(book)", [("name", "Vocabulaire"), ("termLanguage", "French")])
            #expect(bad.status == .seeOther)
            let refused = try await minji.get("/books/\(book)").body.string
            #expect(refused.contains("언어 코드여야 합니다") && refused.contains("프랑스어 → 한국어"))
        }
    }
}
