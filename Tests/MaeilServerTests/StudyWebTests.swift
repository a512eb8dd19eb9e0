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
