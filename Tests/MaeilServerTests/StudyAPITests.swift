import Fluent
import Foundation
import MaeilAPI
import Testing
import Vapor
import VaporTesting
import VocabCore

@testable import MaeilServer

@Suite("Spaced repetition API")
struct StudyAPITests {
    func queue(_ api: API, book: UUID? = nil) async throws -> ReviewQueueDTO {
        let response = try await api.send(
            .GET, "/api/v1/study/queue" + (book.map { "?bookID=\($0)" } ?? ""))
        #expect(response.status == .ok, "\(response.body.string)")
        return try api.decode(ReviewQueueDTO.self, response)
    }

    @Test func newCardsAnswerUndoAndReplay() async throws {
        try await withMaeilApp { app in
            let api = try await API.signUp(app)
            let book = try await api.createBook("Fruit")
            let apple = try await api.addWord(book.id, "apple", "사과")
            _ = try await api.addWord(book.id, "pear", "배")

            var q = try await queue(api)
            #expect(q.newCount == 2 && q.reviewCount == 0 && q.learningCount == 0)
            #expect(
                q.cards.map(\.term) == ["apple", "pear"],
                "new cards in the order the words were added")
            let first = try #require(q.cards.first)
            #expect(
                first.wordID == apple.id && first.prompt == "apple" && first.answer == "사과"
                    && first.state == .new)
            #expect(
                first.intervals == ["1": "1m", "2": "6m", "3": "10m", "4": "8d"],
                "FSRS-6 defaults for a new card")

            // Good: the first learning step (10 minutes).
            let sent = Date()
            let good = try await api.answer(first, 3)
            let answered = Date()
            #expect(good.status == .ok, "\(good.body.string)")
            let after = try api.decode(StudyCardDTO.self, good)
            #expect(after.state == .learning && after.version == 1)
            // Ten minutes from the moment the server took the answer, however long that took.
            #expect(
                after.due >= sent.addingTimeInterval(600 - 1)
                    && after.due <= answered.addingTimeInterval(600 + 1),
                "due \(after.due), answer sent \(sent), answered \(answered)")

            // The same answer again is refused and changes nothing.
            let replay = try await api.answer(first, 3)
            #expect(replay.status == .conflict && api.errorCode(replay) == "stale_answer")
            q = try await queue(api)
            #expect(q.newCount == 1)

            // Undo: the card is new again; a second undo has nothing left.
            let undo = try await api.send(.POST, "/api/v1/study/undo")
            #expect(undo.status == .ok, "\(undo.body.string)")
            #expect(try api.decode(StudyCardDTO.self, undo).state == .new)
            q = try await queue(api)
            #expect(q.newCount == 2 && q.cards.first?.version == 0)
            let again = try await api.send(.POST, "/api/v1/study/undo")
            #expect(again.status == .conflict && api.errorCode(again) == "nothing_to_undo")
        }
    }

    @Test func undoInABookTakesBackOnlyThatBooksAnswers() async throws {
        try await withMaeilApp { app in
            let api = try await API.signUp(app)
            let other = try await API.signUp(app)
            let fruit = try await api.createBook("Fruit")
            let animals = try await api.createBook("Animals")
            _ = try await api.addWord(fruit.id, "apple", "사과")
            _ = try await api.addWord(animals.id, "dog", "개")
            let apple = try #require(try await queue(api, book: fruit.id).cards.first)
            let dog = try #require(try await queue(api, book: animals.id).cards.first)
            #expect(try await api.answer(apple, 3).status == .ok)
            #expect(try await api.answer(dog, 3).status == .ok)

            // The fruit book's undo passes over the later answer to the dog.
            let undo = try await api.send(.POST, "/api/v1/study/undo?bookID=\(fruit.id)")
            #expect(undo.status == .ok, "\(undo.body.string)")
            let returned = try api.decode(StudyCardDTO.self, undo)
            #expect(returned.wordID == apple.wordID && returned.state == .new)
            #expect(
                try await queue(api, book: animals.id).learningCount == 1, "the dog stays answered")
            let again = try await api.send(.POST, "/api/v1/study/undo?bookID=\(fruit.id)")
            #expect(again.status == .conflict && api.errorCode(again) == "nothing_to_undo")
            // Another user's book, or no book at all, is 404 and changes nothing.
            let foreign = try await other.send(.POST, "/api/v1/study/undo?bookID=\(animals.id)")
            #expect(foreign.status == .notFound)
            let bad = try await api.send(.POST, "/api/v1/study/undo?bookID=nope")
            #expect(bad.status == .notFound)
            #expect(try await queue(api, book: animals.id).learningCount == 1)
            // Without a book, the last answer of all: the dog's.
            let any = try await api.send(.POST, "/api/v1/study/undo")
            #expect(try api.decode(StudyCardDTO.self, any).wordID == dog.wordID)
        }
    }

    /// Answers the scheduler never offered are refused and change nothing.
    @Test func theSpeakSettingIsKeptAndChangesAlone() async throws {
        try await withMaeilApp { app in
            let api = try await API.signUp(app, "speaker")
            func settings() async throws -> StudySettingsDTO {
                try api.decode(
                    StudySettingsDTO.self, try await api.send(.GET, "/api/v1/study/settings"))
            }
            #expect(try await settings().speakTerms == false)
            let on = try await api.send(
                .PATCH, "/api/v1/study/settings", json: StudySettingsPatch(speakTerms: true))
            #expect(try api.decode(StudySettingsDTO.self, on).speakTerms)
            _ = try await api.send(
                .PATCH, "/api/v1/study/settings", json: StudySettingsPatch(newPerDay: 5))
            let kept = try await settings()
            #expect(kept.speakTerms && kept.newPerDay == 5)
            let bad = try await api.send(
                .PATCH, "/api/v1/study/settings", json: ["speakTerms": "yes"])
            #expect(bad.status == .badRequest || bad.status == .unprocessableEntity)
            #expect(try await settings().speakTerms)
        }
    }

    @Test func answersNeverOfferedAreRefused() async throws {
        try await withMaeilApp { app in
            let api = try await API.signUp(app)
            let book = try await api.createBook("Forward only")
            let word = try await api.addWord(book.id, "dog", "개")
            // The book studies forward cards only (the default): its reverse card is never offered.
            #expect(try await queue(api).cards.allSatisfy { $0.direction == .forward })
            let reverse = try await api.send(
                .POST, "/api/v1/study/answer",
                json: ReviewAnswerInput(
                    wordID: word.id, direction: "reverse", rating: 3, version: 0))
            #expect(reverse.status == .conflict && api.errorCode(reverse) == "not_due")
            let card = try #require(try await queue(api).cards.first)
            let negative = try await api.send(
                .POST, "/api/v1/study/answer",
                json: ReviewAnswerInput(
                    wordID: word.id, direction: "forward", rating: 3, version: 0, elapsedMs: -5))
            #expect(negative.status == .badRequest, "\(negative.body.string)")
            let after = try await queue(api)
            #expect(after.newCount == 1 && after.cards.first?.version == card.version)
        }
    }

    @Test func badAnswersChangeNothing() async throws {
        try await withMaeilApp { app in
            let api = try await API.signUp(app)
            let other = try await API.signUp(app)
            let book = try await api.createBook("Words")
            _ = try await api.addWord(book.id, "dog", "개")
            let card = try #require(try await queue(api).cards.first)

            for rating in [0, 5, -1] {
                let r = try await api.answer(card, rating)
                #expect(
                    r.status == .badRequest && api.errorCode(r) == "invalid_rating",
                    "rating \(rating)")
            }
            let foreign = try await other.answer(card, 3)
            #expect(foreign.status == .notFound)
            let bad = try await api.send(.POST, "/api/v1/study/answer", json: ["wordID": "x"])
            #expect(bad.status == .badRequest)
            #expect(try await queue(api).cards.first?.version == 0)

            // Easy graduates the card for days: answering it again today is refused.
            let easy = try api.decode(StudyCardDTO.self, try await api.answer(card, 4))
            #expect(easy.state == .review)
            let early = try await api.send(
                .POST, "/api/v1/study/answer",
                json: ReviewAnswerInput(
                    wordID: card.wordID, direction: "forward", rating: 3, version: easy.version))
            #expect(early.status == .conflict && api.errorCode(early) == "not_due")
            #expect(try await queue(api).cards.isEmpty)
            // The other user's undo cannot touch it.
            let foreignUndo = try await other.send(.POST, "/api/v1/study/undo")
            #expect(foreignUndo.status == .conflict)
        }
    }

    @Test func dailyLimitsAndDirections() async throws {
        try await withMaeilApp { app in
            let api = try await API.signUp(app)
            let book = try await api.createBook("Many")
            for i in 1...5 { _ = try await api.addWord(book.id, "word\(i)", "뜻\(i)") }

            let limited = try await api.send(
                .PATCH, "/api/v1/study/settings", json: ["newPerDay": 2])
            #expect(limited.status == .ok)
            var q = try await queue(api)
            #expect(q.newCount == 2 && q.cards.count == 2)
            _ = try await api.answer(q.cards[0], 4)
            q = try await queue(api)
            #expect(q.newCount == 1, "one new card left today")

            for bad in [
                ["newPerDay": -1], ["reviewsPerDay": 10_000],
                ["maximumInterval": 1_000_000_000_000],
                ["maximumInterval": 36_501],
            ] {
                let r = try await api.send(.PATCH, "/api/v1/study/settings", json: bad)
                #expect(r.status == .unprocessableEntity, "\(bad)")
            }
            let badRetention = try await api.send(
                .PATCH, "/api/v1/study/settings", json: ["desiredRetention": 1.5])
            #expect(badRetention.status == .unprocessableEntity)
            let settings = try api.decode(
                StudySettingsDTO.self, try await api.send(.GET, "/api/v1/study/settings"))
            #expect(
                settings.newPerDay == 2 && settings.reviewsPerDay == 200
                    && settings.desiredRetention == 0.9)

            // Both directions: every word has a meaning → term card too.
            _ = try await api.send(.PATCH, "/api/v1/study/settings", json: ["newPerDay": 100])
            let both = try await api.send(
                .PATCH, "/api/v1/books/\(book.id)", json: ["studyDirections": "both"])
            #expect(try api.decode(BookDTO.self, both).studyDirections == "both")
            q = try await queue(api, book: book.id)
            #expect(q.newCount == 9)
            let reverse = try #require(q.cards.first { $0.direction == .reverse })
            #expect(reverse.prompt == reverse.meaning && reverse.answer == reverse.term)
            let wrong = try await api.send(
                .PATCH, "/api/v1/books/\(book.id)", json: ["studyDirections": "sideways"])
            #expect(wrong.status == .unprocessableEntity)

            // Undo passes over an answer to a word deleted since: the one before it is taken back.
            let kept = try #require(
                q.cards.first { $0.direction == .forward && $0.wordID != reverse.wordID })
            #expect(try await api.answer(kept, 3).status == .ok)
            #expect(try await api.answer(reverse, 1).status == .ok)

            // Deleting a word removes its cards.
            _ = try await api.send(.DELETE, "/api/v1/words/\(reverse.wordID)")
            q = try await queue(api, book: book.id)
            #expect(!q.cards.contains { $0.wordID == reverse.wordID })
            let undo = try await api.send(.POST, "/api/v1/study/undo")
            #expect(undo.status == .ok, "\(undo.body.string)")
            #expect(try api.decode(StudyCardDTO.self, undo).wordID == kept.wordID)
        }
    }

    /// The Study page counts every book in one grouped query; each book's
    /// counts must be the ones its own queue shows, today and on later days
    /// (reviews due, daily limits spent, learning cards coming back early).
    @Test func groupedCountsMatchEachBooksQueue() async throws {
        try await withMaeilApp { app in
            let username = "counts\(Int.random(in: 1000...999_999))"
            let api = try await API.signUp(app, username)
            let other = try await API.signUp(app)
            let otherBook = try await other.createBook("Theirs")
            for i in 1...3 { _ = try await other.addWord(otherBook.id, "theirs\(i)", "뜻") }

            let fruit = try await api.createBook("Fruit")
            let both = try await api.createBook("Both ways")
            let empty = try await api.createBook("Empty")
            for i in 1...6 { _ = try await api.addWord(fruit.id, "fruit\(i)", "과일\(i)") }
            for i in 1...3 { _ = try await api.addWord(both.id, "both\(i)", "둘\(i)") }
            _ = try await api.send(
                .PATCH, "/api/v1/books/\(both.id)", json: ["studyDirections": "both"])
            _ = try await api.send(.PATCH, "/api/v1/study/settings", json: ["newPerDay": 3])

            // Learning (Good), review (Easy) and relearning cards in both books.
            let reverse = try #require(
                try await queue(api, book: both.id).cards.first { $0.direction == .reverse })
            #expect(try await api.answer(reverse, 1).status == .ok)
            let cards = try await queue(api, book: fruit.id).cards
            #expect(try await api.answer(cards[0], 3).status == .ok)
            #expect(try await api.answer(cards[1], 4).status == .ok)

            let reviews = ReviewService(
                db: app.db, userID: try await app.userID(username),
                days: DayFormatter(timeZone: testTimeZone))
            let laterSeconds: [TimeInterval] = [0, 300, 540, 172_800, 2_592_000]
            for later in laterSeconds {
                let day = try await reviews.today(Date().addingTimeInterval(later))
                let grouped = try await reviews.cards.dueCountsByBook(day: day)
                #expect(grouped[otherBook.id] == nil, "another user's book is not counted")
                // Counted no further than the day leaves: fruit's four new
                // cards are past today's limit (spent on the three answered)
                // and past a later day's three.
                for (book, counts) in grouped {
                    #expect(
                        counts.new <= day.newLeft && counts.reviews <= day.reviewsLeft,
                        "\(book) \(later) s later: \(counts), left \(day.newLeft)/\(day.reviewsLeft)"
                    )
                }
                for book in [fruit, both, empty] {
                    let queue = try await reviews.queue(bookID: book.id, day: day, limit: 50)
                    let counts = (grouped[book.id] ?? DueCounts()).capped(by: day, book: book.id)
                    let shown = (queue.newCount, queue.learningCount, queue.reviewCount)
                    #expect(
                        counts == shown, "\(book.name) \(later) s later: \(counts) vs \(shown)")
                }
            }
        }
    }
}
