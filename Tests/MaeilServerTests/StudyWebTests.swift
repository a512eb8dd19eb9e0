import Foundation
import SQLKit
import Testing
import Vapor
import VaporTesting

@testable import MaeilServer

@Suite("Reviews in the browser")
struct StudyWebTests {
    func answer(_ browser: WebBrowser, _ wordID: UUID, book: UUID) async throws {
        let response = try await browser.post(
            "/study/review/answer",
            [
                ("wordID", wordID.uuidString), ("direction", "forward"), ("version", "0"),
                ("rating", "3"), ("book", book.uuidString),
            ])
        #expect(response.status == .seeOther)
    }

    func reps(_ app: Application, _ wordID: UUID) async throws -> Int? {
        try await app.db.sql().raw(
            "SELECT reps FROM cards WHERE word_id = \(bind: wordID) AND direction = 'forward'"
        ).first()?.decode(column: "reps", as: Int.self)
    }

    @Test func aCardOfAWordWithoutAMeaningSaysWhatIsMissing() async throws {
        try await withMaeilApp { app in
            var browser = try await WebBrowser.signUp(app, "blank")
            let book = try await browser.createBook("Bare")
            let word = try await browser.addWord(book, "lonely", "")
            let page = try await browser.get("/study/review?book=\(book.uuidString)").body.string
            #expect(page.contains("id=\"review-prompt\"") && page.contains("lonely"))
            #expect(page.contains("This word has no meaning yet"))
            #expect(page.contains("href=\"/words/\(word.uuidString)\""), "a link to add it")
            browser.language = "ko"
            let korean = try await browser.get("/study/review?book=\(book.uuidString)").body.string
            #expect(korean.contains("이 단어에는 아직 뜻이 없어"))
            // A word with a meaning says nothing of the kind.
            let full = try await browser.createBook("Full")
            _ = try await browser.addWord(full, "apple", "사과")
            let normal = try await browser.get("/study/review?book=\(full.uuidString)").body.string
            #expect(normal.contains("apple") && !normal.contains("review-no-meaning"))
        }
    }

    @Test func theSpeakSettingMakesACardSpeakItsTermInTheBooksLanguage() async throws {
        try await withMaeilApp { app in
            let browser = try await WebBrowser.signUp(app, "talker")
            let book = try await browser.createBook("Fruit")
            _ = try await browser.addWord(book, "apple", "사과")
            let review = "/study/review?book=\(book.uuidString)"
            #expect(
                !(try await browser.get(review).body.string.contains("data-auto-speak")),
                "off by default")

            func save(speak: Bool) async throws {
                let response = try await browser.post(
                    "/study/settings",
                    [("newPerDay", "20"), ("reviewsPerDay", "200"), ("retentionPercent", "90")]
                        + (speak ? [("speakTerms", "on")] : []))
                #expect(response.status == .seeOther)
            }
            try await save(speak: true)
            #expect(
                try await browser.get("/study").body.string.contains(#"id="speak-terms" checked"#))
            let page = try await browser.get(review).body.string
            #expect(
                page.contains(#"data-speak="apple" data-speak-lang="en" data-auto-speak="shown""#))
            try await save(speak: false)
            #expect(!(try await browser.get(review).body.string.contains("data-auto-speak")))
        }
    }

    @Test func undoOnABooksScreenTakesBackOnlyThatBooksAnswerAndShowsItsCard() async throws {
        try await withMaeilApp { app in
            let browser = try await WebBrowser.signUp(app, "reviewer")
            let fruit = try await browser.createBook("과일")
            let animals = try await browser.createBook("동물")
            let apple = try await browser.addWord(fruit, "apple", "사과")
            let dog = try await browser.addWord(animals, "dog", "개")
            try await answer(browser, apple, book: fruit)
            try await answer(browser, dog, book: animals)

            // The fruit screen's undo skips the later answer to 동물's dog.
            let undo = try await browser.post("/study/review/undo", [("book", fruit.uuidString)])
            #expect(undo.status == .seeOther)
            let location = try #require(undo.headers.first(name: .location))
            #expect(
                location.contains("card=\(apple.uuidString)")
                    && location.contains("direction=forward"))
            #expect(try await reps(app, apple) == 0, "apple's answer taken back")
            #expect(try await reps(app, dog) == 1, "dog's answer stays")
            let page = try await browser.get(location)
            #expect(page.status == .ok && page.body.string.contains("apple"))

            // Nothing of the fruit book is left to undo: the dog stays answered.
            let again = try await browser.post("/study/review/undo", [("book", fruit.uuidString)])
            #expect(
                again.headers.first(name: .location) == "/study/review?book=\(fruit.uuidString)")
            #expect(try await reps(app, dog) == 1)
            let flash = try await browser.get("/study/review?book=\(fruit.uuidString)")
            #expect(flash.body.string.contains("There is no answer to undo."))

            // Another user's book is not a scope to undo in.
            let other = try await WebBrowser.signUp(app, "neighbour")
            let foreign = try await other.post("/study/review/undo", [("book", animals.uuidString)])
            #expect(foreign.status == .notFound)
            #expect(try await reps(app, dog) == 1)
            // A link naming another book's card shows this book's queue instead.
            let mixed = try await browser.get(
                "/study/review?book=\(fruit.uuidString)&card=\(dog.uuidString)&direction=forward")
            #expect(mixed.status == .ok && mixed.body.string.contains("apple"))
            #expect(!mixed.body.string.contains("dog"))
        }
    }

    @Test func theEndOfASessionSumsItUpAndOffersMore() async throws {
        try await withMaeilApp { app in
            var browser = try await WebBrowser.signUp(app, "finisher")
            browser.language = "ko"
            let book = try await browser.createBook("과일")
            var words: [UUID] = []
            for (term, meaning) in [("apple", "사과"), ("pear", "배"), ("plum", "자두")] {
                words.append(try await browser.addWord(book, term, meaning))
            }
            // The book's own limit: one new card a day.
            let limited = try await browser.post(
                "/study/books/\(book.uuidString)/limits",
                [("newPerDay", "1"), ("reviewsPerDay", "")])
            #expect(limited.status == .seeOther)
            let overview = try await browser.get("/study").body.string
            #expect(overview.contains("하루 한도: 새 카드 1 · 복습 전체 한도"))
            let bad = try await browser.post(
                "/study/books/\(book.uuidString)/limits",
                [("newPerDay", "-3"), ("reviewsPerDay", "")])
            #expect(bad.status == .seeOther)
            #expect(try await browser.get("/study").body.string.contains("단어장 한도는 0~9999로"))

            let first = try await browser.get("/study/review?book=\(book.uuidString)").body.string
            let shown = try #require(words.first { first.contains($0.uuidString) })
            // Easy: the card leaves today's queue (Good would bring it back in ten minutes).
            _ = try await browser.post(
                "/study/review/answer",
                [
                    ("wordID", shown.uuidString), ("direction", "forward"), ("version", "0"),
                    ("rating", "4"), ("book", book.uuidString),
                ])
            let done = try await browser.get("/study/review?book=\(book.uuidString)").body.string
            #expect(done.contains("오늘 한도만큼 공부했습니다"))
            #expect(done.contains("<dd id=\"summary-answered\">1장</dd>"))
            #expect(done.contains("<dd id=\"summary-right\">100%</dd>"))
            #expect(done.contains("새 카드 2장이 이 단어장의 하루 새 카드 한도(1장)에 걸려 남아 있습니다."))
            #expect(done.contains("id=\"more-new\""))

            let more = try await browser.post(
                "/study/review/more", [("book", book.uuidString), ("newCards", "1")])
            #expect(more.status == .seeOther)
            let next = try await browser.get("/study/review?book=\(book.uuidString)").body.string
            #expect(next.contains("오늘 공부할 카드를 늘렸습니다."))
            #expect(next.contains("id=\"review-card\""))
            let refused = try await browser.post(
                "/study/review/more", [("book", book.uuidString), ("newCards", "0")])
            #expect(refused.status == .seeOther)
            #expect(
                try await browser.get("/study/review?book=\(book.uuidString)").body.string
                    .contains("카드 수는 1~9999장"))
        }
    }
}

@Suite("Korean particles in messages")
struct KoreanParticleTests {
    /// Messages name books and words at run time; their particles fit the
    /// word (을/를, 과/와, 으로/로), never the undecided 을(를).
    @Test func messagesPickTheParticleThatFitsTheName() async throws {
        try await withMaeilApp { app in
            var browser = try await WebBrowser.signUp(app, "josa")
            browser.language = "ko"
            for (name, expected) in [("책", "단어장 “책”을 만들었습니다."), ("사과", "단어장 “사과”를 만들었습니다.")] {
                let created = try await browser.post(
                    "/books", [("name", name), ("description", "")])
                let page = try await browser.get(
                    try #require(created.headers.first(name: .location)))
                #expect(page.body.string.contains(expected), "\(name)")
                #expect(!page.body.string.contains("(를)"))
            }
            let book = try await browser.createBook("동물")
            let page = try await browser.get("/books/\(book)")
            let html = page.body.string
            #expect(!html.contains("을(를)") && !html.contains("이(가)") && !html.contains("과(와)"))
        }
    }
}
