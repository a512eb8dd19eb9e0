import Foundation
import Testing
import Vapor
import VaporTesting

@testable import MaeilServer

/// The game pages and the mistake notes, driven through their forms as a browser would.
@Suite("Games web pages")
struct GamesWebTests {
    static let fruit = ["apple": "사과", "pear": "배", "grape": "포도", "peach": "복숭아", "melon": "멜론"]

    func fruitBook(_ browser: WebBrowser) async throws -> (UUID, [String: UUID]) {
        let book = try await browser.createBook("Fruit")
        var words: [String: UUID] = [:]
        for (term, meaning) in Self.fruit {
            words[term] = try await browser.addWord(book, term, meaning)
        }
        return (book, words)
    }

    /// Starts a game through the form; returns its id from the redirect.
    func start(_ browser: WebBrowser, _ fields: [(String, String)]) async throws -> UUID {
        let response = try await browser.post("/games", fields)
        #expect(response.status == .seeOther)
        let location = try #require(response.headers.first(name: .location))
        #expect(location.hasPrefix("/games/"), "\(location)")
        return try #require(UUID(uuidString: String(location.dropFirst("/games/".count))))
    }

    /// Posts a move from the page as it stands now, and returns the page after the redirect.
    @discardableResult
    func move(_ browser: WebBrowser, _ game: UUID, _ fields: [(String, String)]) async throws
        -> String
    {
        var page = try await browser.get("/games/\(game)").body.string
        // Past a wrong quiz answer's review to the next question.
        if let next = Self.first(#"href="([^"]*)" id="quiz-next""#, in: page) {
            page = try await browser.get(next).body.string
        }
        let response = try await browser.post(
            "/games/\(game)/moves", fields + [("at", Self.position(page))])
        #expect(response.status == .seeOther, "\(response.body.string.prefix(300))")
        #expect(response.headers.first(name: .location) == "/games/\(game)")
        return try await browser.get("/games/\(game)").body.string
    }

    static func position(_ html: String) -> String {
        first(#"name="at" value="([^"]+)""#, in: html) ?? ""
    }

    static func first(_ pattern: String, in html: String) -> String? {
        guard let regex = try? NSRegularExpression(pattern: pattern),
            let match = regex.firstMatch(in: html, range: NSRange(html.startIndex..., in: html)),
            let range = Range(match.range(at: 1), in: html)
        else { return nil }
        return String(html[range])
    }

    static func all(_ pattern: String, in html: String) -> [String] {
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return [] }
        return regex.matches(in: html, range: NSRange(html.startIndex..., in: html)).compactMap {
            Range($0.range(at: 1), in: html).map { String(html[$0]) }
        }
    }

    /// The page's one-time message: the notice, or with `error` the problem.
    static func flash(_ html: String, error: Bool = false) -> String? {
        first(
            error
                ? #"<p class="flash error" role="alert">([^<]*)</p>"#
                : #"<p class="flash" role="status">([^<]*)</p>"#, in: html)
    }

    @Test func everyGamePageRendersInBothLanguagesWithoutRawKeys() async throws {
        try await withMaeilApp { app in
            var browser = try await WebBrowser.signUp(app, "gamepages")
            let (book, _) = try await fruitBook(browser)
            var paths = [
                "/games", "/mistakes", "/mistakes?source=quiz", "/mistakes?source=review", "/study",
            ]
            for kind in ["quiz", "hangman", "test", "flashcards"] {
                paths.append(
                    "/games/\(try await start(browser, [("kind", kind), ("book", book.uuidString)]))"
                )
            }
            let keys = Localizer.english.keys.filter {
                $0.hasPrefix("game") || $0.hasPrefix("mistakes")
            }
            for language in ["en", "ko"] {
                browser.language = language
                for path in paths {
                    let page = try await browser.get(path)
                    #expect(page.status == .ok, "\(path): \(page.body.string.prefix(300))")
                    let html = page.body.string
                    for key in keys where html.contains(key) {
                        Issue.record("\(path) shows the raw key \(key)")
                    }
                }
            }
            browser.language = "ko"
            #expect(try await browser.get("/games").body.string.contains("최근 게임"))
            #expect(try await browser.get("/mistakes").body.string.contains("오답 노트"))
        }
    }

    @Test func aQuizPlayedThroughTheFormsFeedsTheMistakeNotes() async throws {
        try await withMaeilApp { app in
            let browser = try await WebBrowser.signUp(app, "quizzer")
            let (book, words) = try await fruitBook(browser)
            let game = try await start(
                browser,
                [("kind", "quiz"), ("book", book.uuidString), ("direction", ""), ("count", "")])
            var page = try await browser.get("/games/\(game)").body.string
            var missed: String?
            while let prompt = Self.first(#"id="quiz-prompt">([^<]*?) ?<"#, in: page) {
                let choices = Self.all(#"<span class="choice-text">([^<]*)</span>"#, in: page)
                #expect(choices.count == 4)
                let right = try #require(choices.firstIndex(of: Self.fruit[prompt] ?? ""))
                let choice = missed == nil ? (right + 1) % 4 : right
                if missed == nil { missed = prompt }
                page = try await move(
                    browser, game, [("action", "choose"), ("choice", String(choice))])
                #expect(page.contains(choice == right ? "Right: \(prompt)" : "Wrong: \(prompt)"))
                if choice != right {
                    // The question stays, the right choice and the pick marked, until moving on.
                    #expect(!page.contains("id=\"quiz-prompt\""))
                    #expect(page.contains(#"id="quiz-right"><kbd>\#(right + 1)</kbd>"#))
                    #expect(page.contains(#"id="quiz-chosen"><kbd>\#(choice + 1)</kbd>"#))
                    let next = try #require(Self.first(#"href="([^"]*)" id="quiz-next""#, in: page))
                    page = try await browser.get(next).body.string
                }
            }
            #expect(page.contains("4 of 5 right (80%)"))
            let missedTerm = try #require(missed)
            #expect(page.contains("<strong>\(missedTerm)</strong>"), "the wrong word is listed")

            // Bookmark all wrong: the word is bookmarked, and the page says so.
            let bookmark = try await browser.post("/games/\(game)/bookmark-wrong", [])
            #expect(bookmark.status == .seeOther)
            #expect(
                Self.flash(try await browser.get("/games/\(game)").body.string)
                    == "Bookmarked 1 word.")
            let word = try #require(words[missedTerm])
            #expect(
                try await browser.get("/words/\(word)").body.string.contains(
                    #"id="w-bookmarked" checked"#))

            // The notes: under All and Quiz, not under Hangman.
            #expect(try await browser.get("/mistakes").body.string.contains(">\(missedTerm)</a>"))
            #expect(
                try await browser.get("/mistakes?source=quiz").body.string.contains(
                    ">\(missedTerm)</a>"))
            #expect(
                try await browser.get("/mistakes?source=hangman").body.string.contains(
                    "id=\"mistakes-empty\""))
            // Recent games show the score.
            #expect(try await browser.get("/games").body.string.contains("4/5"))
        }
    }

    @Test func refusedMovesAndStartsFlashAMessageInsteadOfAnError() async throws {
        try await withMaeilApp { app in
            let browser = try await WebBrowser.signUp(app, "refused")
            let (book, _) = try await fruitBook(browser)
            let small = try await browser.createBook("Small")
            for term in ["one", "two", "three"] {
                _ = try await browser.addWord(small, term, term + " 뜻")
            }

            func flashAfter(_ path: String, _ fields: [(String, String)], backTo expected: String)
                async throws -> String?
            {
                let response = try await browser.post(path, fields)
                #expect(response.status == .seeOther, "\(path) \(fields): \(response.status)")
                let location = try #require(response.headers.first(name: .location))
                #expect(location.hasPrefix(expected), "\(location)")
                return Self.flash(try await browser.get(location).body.string, error: true)
            }

            // Starting: too few words for a quiz, a bad count, an unknown kind; the choices come back.
            let quizFlash = try await flashAfter(
                "/games", [("kind", "quiz"), ("book", small.uuidString)],
                backTo: "/games?kind=quiz&book=")
            #expect(quizFlash?.hasPrefix("A quiz needs at least 4") == true)
            #expect(
                try await flashAfter(
                    "/games", [("kind", "test"), ("count", "abc")], backTo: "/games")
                    == "The number of words must be between 1 and 500.")
            #expect(
                try await flashAfter(
                    "/games", [("kind", "test"), ("count", "0")], backTo: "/games")
                    == "The number of words must be between 1 and 500.")
            #expect(
                try await flashAfter("/games", [("kind", "chess")], backTo: "/games")
                    == "Choose a game, a book and a direction from the lists.")
            let empty = try await browser.createBook("Empty")
            #expect(
                try await flashAfter(
                    "/games", [("kind", "hangman"), ("book", empty.uuidString)], backTo: "/games")
                    == "There are no words to play with here. Add words to the book first.")

            // Playing: a move from an old page, a move of another game, a guess that is no key.
            let quiz = try await start(
                browser, [("kind", "quiz"), ("book", book.uuidString), ("count", "2")])
            let before = try await browser.get("/games/\(quiz)").body.string
            try await move(browser, quiz, [("action", "choose"), ("choice", "0")])
            let stale = [("action", "choose"), ("choice", "0"), ("at", Self.position(before))]
            #expect(
                try await flashAfter("/games/\(quiz)/moves", stale, backTo: "/games/\(quiz)")
                    == "The game had already moved on; nothing was changed.")
            #expect(
                try await browser.get("/games/\(quiz)").body.string.contains("Question 2 of 2"),
                "the stale move changed nothing")
            #expect(
                try await flashAfter(
                    "/games/\(quiz)/moves", [("action", "reveal")], backTo: "/games/\(quiz)")
                    == "That move does not fit the game right now.")
            #expect(
                try await flashAfter(
                    "/games/\(quiz)/moves", [("action", "chess")], backTo: "/games/\(quiz)")
                    == "That move does not fit the game right now.")
            #expect(
                try await flashAfter("/games/\(quiz)/retest", [], backTo: "/games/\(quiz)")
                    == "That move does not fit the game right now.")
            try await move(browser, quiz, [("action", "choose"), ("choice", "0")])
            #expect(
                try await flashAfter(
                    "/games/\(quiz)/moves", [("action", "choose"), ("choice", "1")],
                    backTo: "/games/\(quiz)")
                    == "This game is already over.")

            let hangman = try await start(
                browser, [("kind", "hangman"), ("book", book.uuidString), ("count", "1")])
            #expect(
                try await flashAfter(
                    "/games/\(hangman)/moves", [("action", "guess"), ("guess", "1")],
                    backTo: "/games/\(hangman)")
                    == "That move does not fit the game right now.")
            #expect(
                try await flashAfter(
                    "/games/\(hangman)/moves", [("action", "next-word")],
                    backTo: "/games/\(hangman)")
                    == "Finish this word first.")

            let test = try await start(
                browser, [("kind", "test"), ("book", book.uuidString), ("count", "1")])
            #expect(
                try await flashAfter(
                    "/games/\(test)/moves", [("action", "undo")], backTo: "/games/\(test)")
                    == "There is no mark to undo.")
            try await move(browser, test, [("action", "mark"), ("mark", "known")])
            #expect(
                try await flashAfter("/games/\(test)/bookmark-wrong", [], backTo: "/games/\(test)")
                    == "No word was answered wrong.")
            #expect(
                try await flashAfter("/games/\(test)/retest", [], backTo: "/games/\(test)")
                    == "No word was answered wrong.")

            let cards = try await start(
                browser, [("kind", "flashcards"), ("book", book.uuidString)])
            #expect(
                try await flashAfter(
                    "/games/\(cards)/moves", [("action", "previous")], backTo: "/games/\(cards)")
                    == "This is the first card.")
        }
    }

    @Test func hangmanOffersThePadOfTheWordsScript() async throws {
        try await withMaeilApp { app in
            let browser = try await WebBrowser.signUp(app, "kana")
            let book = try await browser.createBook("日本語")
            _ = try await browser.addWord(book, "ねこ", "cat")
            let game = try await start(browser, [("kind", "hangman"), ("book", book.uuidString)])
            var page = try await browser.get("/games/\(game)").body.string
            #expect(page.contains(#"data-script="kana""#) && page.contains(#"data-guess="ね""#))
            #expect(!page.contains(#"data-guess="ㄱ""#) && !page.contains(#"data-guess="a""#))
            // Katakana guesses the same key as hiragana.
            page = try await move(browser, game, [("action", "guess"), ("guess", "ネ")])
            #expect(page.contains(#"<span class="cell cell-shown">ね</span>"#))
            #expect(page.contains(#"class="pad-key hit" data-guess="ね" disabled"#))
        }
    }

    @Test func hangmanPlaysAJapaneseBooksKanjiByTheirReadingAndSpeaksTheTerm() async throws {
        try await withMaeilApp { app in
            let browser = try await WebBrowser.signUp(app, "kanji")
            let book = try await browser.createBook("JLPT")
            _ = try await browser.post(
                "/books/\(book)",
                [
                    ("name", "JLPT"), ("description", ""), ("termLanguage", "ja"),
                    ("meaningLanguage", "ko"),
                ])
            let word = try await browser.addWord(book, "水", "물")
            _ = try await browser.post(
                "/words/\(word)",
                [("term", "水"), ("meaning", "물"), ("reading", "みず"), ("bookID", book.uuidString)])
            let game = try await start(browser, [("kind", "hangman"), ("book", book.uuidString)])
            var page = try await browser.get("/games/\(game)").body.string
            #expect(page.contains(#"data-script="kana""#), "the reading is played in kana")
            #expect(page.contains(#"id="hangman-hint">물 · 水</strong>"#), "the kanji with the clue")
            #expect(page.contains(#"data-speak="水" data-speak-lang="ja""#))
            #expect(
                !page.contains(#"id="game-speak""#), "the answer is not spoken before it is found")
            _ = try await move(browser, game, [("action", "guess"), ("guess", "み")])
            page = try await move(browser, game, [("action", "guess"), ("guess", "ず")])
            #expect(page.contains(#"id="hangman-outcome""#) && page.contains(#"id="game-speak""#))
            #expect(page.contains("/js/speech.js"))
        }
    }

    @Test func aKoreanBooksTermIsPlayedInHangulAndTheTermShownIsSpoken() async throws {
        try await withMaeilApp { app in
            let browser = try await WebBrowser.signUp(app, "pcbang")
            let book = try await browser.createBook("한국어")
            _ = try await browser.post(
                "/books/\(book)",
                [
                    ("name", "한국어"), ("description", ""), ("termLanguage", "ko"),
                    ("meaningLanguage", "en"),
                ])
            _ = try await browser.addWord(book, "PC방", "internet cafe")
            let game = try await start(browser, [("kind", "hangman"), ("book", book.uuidString)])
            let page = try await browser.get("/games/\(game)").body.string
            #expect(
                page.contains(#"data-script="hangul""#), "Korean, though most letters are Latin")
            #expect(page.contains(#"<span class="cell cell-fixed">P</span>"#))

            // Flashcards from term to meaning: the term on the front has its speak button.
            let cards = try await start(
                browser,
                [("kind", "flashcards"), ("book", book.uuidString), ("direction", "forward")])
            let front = try await browser.get("/games/\(cards)").body.string
            #expect(front.contains(#"data-speak="PC방" data-speak-lang="ko""#))
            #expect(
                front.contains(
                    #"id="card-front">PC방 <button type="button" class="link speak" id="game-speak""#
                ))
        }
    }

    @Test func anotherUsersGameIsNotFound() async throws {
        try await withMaeilApp { app in
            let alice = try await WebBrowser.signUp(app, "alicegames")
            let bob = try await WebBrowser.signUp(app, "bobgames")
            let (book, _) = try await fruitBook(alice)
            let game = try await start(alice, [("kind", "test"), ("book", book.uuidString)])
            #expect(try await bob.get("/games/\(game)").status == .notFound)
            #expect(try await bob.get("/games/not-a-uuid").status == .notFound)
            #expect(
                try await bob.post("/games/\(game)/moves", [("action", "reveal")]).status
                    == .notFound)
            #expect(try await bob.post("/games/\(game)/retest", []).status == .notFound)
            #expect(try await bob.post("/games/\(game)/bookmark-wrong", []).status == .notFound)
            #expect(
                try await bob.post("/games", [("kind", "test"), ("book", book.uuidString)]).status
                    == .notFound)
            #expect(!(try await bob.get("/games").body.string.contains(game.uuidString)))
            #expect(
                try await alice.get("/games/\(game)").body.string.contains("id=\"test-prompt\""),
                "nothing changed")
        }
    }

    @Test func mistakeNotesPerSourceStudyAndClear() async throws {
        try await withMaeilApp { app in
            let browser = try await WebBrowser.signUp(app, "notes")
            let book = try await browser.createBook("한국어")
            let word = try await browser.addWord(book, "사과", "apple")
            // Lose a hangman game on 사과 and mark it X in an O/X test: two sources, one word.
            let hangman = try await start(
                browser, [("kind", "hangman"), ("book", book.uuidString)])
            for key in ["ㅂ", "ㅈ", "ㄷ", "ㅋ", "ㅌ", "ㅊ", "ㅍ"] {
                try await move(browser, hangman, [("action", "guess"), ("guess", key)])
            }
            let lost = try await browser.get("/games/\(hangman)").body.string
            #expect(lost.contains("Out of misses. The word was 사과."))
            #expect(lost.contains("data-misses=\"7\""))
            let test = try await start(browser, [("kind", "test"), ("book", book.uuidString)])
            try await move(browser, test, [("action", "mark"), ("mark", "unknown")])

            let all = try await browser.get("/mistakes").body.string
            #expect(
                Self.all(#"<li class="mistake-row" data-word="([^"]+)""#, in: all) == [
                    word.uuidString
                ], "one row per word")
            #expect(all.contains("Hangman · O/X test"))
            #expect(all.contains("missed twice") || all.contains("missed 2 times"))
            for source in ["hangman", "test"] {
                let tab = try await browser.get("/mistakes?source=\(source)").body.string
                #expect(tab.contains("missed once"), "\(source)")
                #expect(!tab.contains("mistake-sources"), "only All names the sources")
            }
            #expect(try await browser.get("/mistakes?source=chess").status == .badRequest)

            // Study these: a quiz needs 4 words, flashcards take the one.
            let quiz = try await browser.post(
                "/mistakes/study", [("kind", "quiz"), ("source", "hangman")])
            #expect(quiz.headers.first(name: .location) == "/mistakes?source=hangman")
            #expect(
                Self.flash(
                    try await browser.get("/mistakes?source=hangman").body.string, error: true)?
                    .hasPrefix("A quiz needs") == true)
            let cards = try await browser.post(
                "/mistakes/study", [("kind", "flashcards"), ("source", "all")])
            let location = try #require(cards.headers.first(name: .location))
            #expect(
                try await browser.get(location).body.string.contains(
                    "id=\"card-front\">사과 <button"), "the term, with its speak button")

            // Clear one source's note, then all.
            #expect(
                try await browser.post(
                    "/mistakes/clear", [("source", "hangman"), ("word", word.uuidString)]
                ).status == .seeOther)
            #expect(
                try await browser.get("/mistakes?source=hangman").body.string.contains(
                    "id=\"mistakes-empty\""))
            #expect(try await browser.get("/mistakes?source=test").body.string.contains(">사과</a>"))
            #expect(
                try await browser.post("/mistakes/clear", [("source", "all")]).status == .seeOther)
            let cleared = try await browser.get("/mistakes").body.string
            #expect(
                cleared.contains("id=\"mistakes-empty\"")
                    && Self.flash(cleared) == "The notes are cleared.")
        }
    }
}
