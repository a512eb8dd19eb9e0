import Foundation
import MaeilAPI
import Testing
import Vapor
import VaporTesting

@testable import MaeilServer

@Suite("Japanese course API")
struct JapaneseAPITests {
    @Test("the courses: JLPT N5–N1 and kanji by grade, with their Days and the acknowledgement")
    func courses() async throws {
        try await withMaeilApp { app in
            let api = try await API.signUp(app)
            let response = try await api.send(.GET, "/api/v1/japanese/courses")
            #expect(response.status == .ok)
            let body = try api.decode(JapaneseCoursesDTO.self, response)
            #expect(
                body.courses.map(\.id) == [
                    "n5", "n4", "n3", "n2", "n1", "grade1", "grade2", "grade3", "grade4",
                    "grade5", "grade6", "middle",
                ])
            let n5 = try #require(body.courses.first)
            #expect(n5.kind == "words" && n5.title == "JLPT N5" && n5.items == 662 && n5.days == 34)
            let middle = try #require(body.courses.last)
            #expect(middle.kind == "kanji" && middle.items == 1110 && middle.days == 56)
            #expect(
                body.attribution.contains("Electronic Dictionary Research and Development Group"))
            // Without a token: 401.
            let anonymous = try await api.send(.GET, "/api/v1/japanese/courses", token: "")
            #expect(anonymous.status == .unauthorized)
        }
    }

    @Test("a Day of words, the last short Day, and a Day of kanji")
    func days() async throws {
        try await withMaeilApp { app in
            let api = try await API.signUp(app)
            let first = try api.decode(
                JapaneseDayDTO.self, try await api.send(.GET, "/api/v1/japanese/courses/n5/days/1"))
            #expect(first.day == 1 && first.words.count == 20 && first.kanji.isEmpty)
            #expect(first.course.id == "n5")
            let last = try api.decode(
                JapaneseDayDTO.self, try await api.send(.GET, "/api/v1/japanese/courses/n5/days/34")
            )
            #expect(last.words.count == 2)
            let kanji = try api.decode(
                JapaneseDayDTO.self,
                try await api.send(.GET, "/api/v1/japanese/courses/grade1/days/1"))
            #expect(kanji.kanji.count == 20 && kanji.words.isEmpty)
            #expect(
                kanji.kanji.allSatisfy { $0.grade == 1 && $0.course == "grade1" && $0.day == 1 })
            // A Day's kanji come without their word lists (the kanji's own route has them).
            #expect(kanji.kanji.allSatisfy { $0.words == nil })
        }
    }

    @Test(
        "an unknown course, a Day out of range or not a number: 404",
        arguments: [
            "/api/v1/japanese/courses/n6/days/1", "/api/v1/japanese/courses/n5/days/0",
            "/api/v1/japanese/courses/n5/days/35", "/api/v1/japanese/courses/n5/days/one",
            "/api/v1/japanese/courses/grade7/days/1", "/api/v1/japanese/courses/N5/days/1",
        ])
    func unknownDays(_ path: String) async throws {
        try await withMaeilApp { app in
            let api = try await API.signUp(app)
            let response = try await api.send(.GET, path)
            #expect(response.status == .notFound)
            #expect(api.errorCode(response) == "not_found")
        }
    }

    @Test("a kanji card: readings, 훈음, meanings, strokes, its Day and the course words using it")
    func kanjiCard() async throws {
        try await withMaeilApp { app in
            let api = try await API.signUp(app)
            let escaped = "学".addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? ""
            let response = try await api.send(.GET, "/api/v1/japanese/kanji/\(escaped)")
            #expect(response.status == .ok, "\(response.body.string)")
            let card = try api.decode(KanjiDTO.self, response)
            #expect(card.kanji == "学" && card.korean == "배울 학" && card.strokes == 8)
            #expect(card.on.contains("ガク") && card.course == "grade1")
            let words = try #require(card.words)
            #expect(words.contains { $0.term == "学生" && $0.reading == "がくせい" && $0.korean == "학생" })
            // A kanji made in Japan: no Korean reading, and a note that says so.
            let komu = try api.decode(
                KanjiDTO.self,
                try await api.send(
                    .GET,
                    "/api/v1/japanese/kanji/\("込".addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? "")"
                ))
            #expect(komu.korean.isEmpty && komu.koreanNote.contains("국자"))
        }
    }

    @Test(
        "not one jōyō kanji: 404",
        arguments: ["a", "%E5%AD%A6%E7%94%9F", "%F0%A0%80%80", "%E3%81%82"])
    func unknownKanji(_ escaped: String) async throws {
        try await withMaeilApp { app in
            let api = try await API.signUp(app)
            let response = try await api.send(.GET, "/api/v1/japanese/kanji/\(escaped)")
            #expect(response.status == .notFound)
        }
    }

    func mark(_ api: API, _ game: UUID, _ mark: String) async throws -> GameDTO {
        try api.decode(
            GameDTO.self,
            try await api.send(
                .POST, "/api/v1/games/\(game)/moves",
                json: GameMoveInput(action: "mark", mark: mark)))
    }

    @Test(
        "a Day's words go into the course's book once; an O/X test on them gives the Day's progress"
    )
    func studyADay() async throws {
        try await withMaeilApp { app in
            let api = try await API.signUp(app)
            let added = try await api.send(.POST, "/api/v1/japanese/courses/n5/days/2/book")
            #expect(added.status == .ok, "\(added.body.string)")
            let first = try api.decode(JapaneseDayBookDTO.self, added)
            #expect(first.added == 20 && first.words == 20)
            let again = try api.decode(
                JapaneseDayBookDTO.self,
                try await api.send(.POST, "/api/v1/japanese/courses/n5/days/2/book"))
            #expect(again.added == 0 && again.words == 20 && again.bookID == first.bookID)
            let book = try api.decode(
                BookDTO.self, try await api.send(.GET, "/api/v1/books/\(first.bookID)"))
            #expect(book.name == "JLPT N5" && book.wordCount == 20)
            #expect(book.termLanguage == "ja" && book.meaningLanguage == "ko", "the course's book")

            // A test with one X: scored, not complete.
            let started = try await api.send(.POST, "/api/v1/japanese/courses/n5/days/2/test")
            #expect(started.status == .created, "\(started.body.string)")
            var game = try api.decode(GameDTO.self, started)
            #expect(game.kind == .test && game.total == 20 && game.bookID == first.bookID)
            for index in 0..<20 {
                game = try await mark(api, game.id, index == 0 ? "unknown" : "known")
            }
            #expect(game.finished)
            var progress = try api.decode(
                JapaneseProgressDTO.self,
                try await api.send(.GET, "/api/v1/japanese/courses/n5/progress"))
            #expect(
                progress.days == [
                    JapaneseDayProgressDTO(day: 2, known: 19, total: 20, complete: false)
                ])
            // The same words again, no new ones; then a test with no X completes the Day.
            game = try api.decode(
                GameDTO.self, try await api.send(.POST, "/api/v1/japanese/courses/n5/days/2/test"))
            for _ in 0..<20 { game = try await mark(api, game.id, "known") }
            progress = try api.decode(
                JapaneseProgressDTO.self,
                try await api.send(.GET, "/api/v1/japanese/courses/n5/progress"))
            #expect(
                progress.days == [
                    JapaneseDayProgressDTO(day: 2, known: 20, total: 20, complete: true)
                ])
            let words = try api.decode(
                BookDTO.self, try await api.send(.GET, "/api/v1/books/\(first.bookID)"))
            #expect(words.wordCount == 20)

            // Another user sees none of it.
            let other = try await API.signUp(app)
            let theirs = try other.decode(
                JapaneseProgressDTO.self,
                try await other.send(.GET, "/api/v1/japanese/courses/n5/progress"))
            #expect(theirs.days.isEmpty && theirs.lastDay == nil)
            let game404 = try await other.send(.GET, "/api/v1/games/\(game.id)")
            #expect(game404.status == .notFound)
            // A Day out of range changes nothing.
            let outOfRange = try await api.send(.POST, "/api/v1/japanese/courses/n5/days/99/test")
            #expect(outOfRange.status == .notFound)
        }
    }

    @Test("a kanji Day goes into a book of kanji with their 훈음 and readings")
    func kanjiDayInABook() async throws {
        try await withMaeilApp { app in
            let api = try await API.signUp(app)
            let added = try api.decode(
                JapaneseDayBookDTO.self,
                try await api.send(.POST, "/api/v1/japanese/courses/grade1/days/1/book"))
            #expect(added.added == 20)
            let page = try api.decode(
                WordPageDTO.self,
                try await api.send(.GET, "/api/v1/books/\(added.bookID)/words?perPage=50"))
            let one = try #require(page.items.first { $0.term == "一" })
            #expect(one.meaning.hasPrefix("한 일 · one"))
            #expect(one.note.contains("KANJIDIC (EDRDG)"), "the source goes with the word")
            #expect(one.reading.contains("イチ") && one.reading.contains("ひと(つ)"))
        }
    }

    @Test("a bookmark puts the word into the course's book, bookmarked; off, it stays unbookmarked")
    func bookmarks() async throws {
        try await withMaeilApp { app in
            let api = try await API.signUp(app)
            let day = try api.decode(
                JapaneseDayDTO.self, try await api.send(.GET, "/api/v1/japanese/courses/n5/days/10")
            )
            let word = try #require(day.words.first { !$0.reading.isEmpty })
            let on = try await api.send(
                .POST, "/api/v1/japanese/courses/n5/days/10/bookmarks",
                json: JapaneseBookmarkInput(
                    term: word.term, reading: word.reading, bookmarked: true))
            #expect(on.status == .ok, "\(on.body.string)")
            var all = try api.decode(JapaneseBookmarksDTO.self, on)
            #expect(all.courses.map(\.course) == ["n5"])
            let stored = try #require(all.courses.first?.words.first)
            #expect(stored.term == word.term && stored.bookmarked && stored.meaning == word.korean)
            let book = try api.decode(
                BookDTO.self, try await api.send(.GET, "/api/v1/books/\(stored.bookID)"))
            #expect(book.name == "JLPT N5" && book.wordCount == 1)
            // Off: the word stays in the book, without the bookmark.
            all = try api.decode(
                JapaneseBookmarksDTO.self,
                try await api.send(
                    .POST, "/api/v1/japanese/courses/n5/days/10/bookmarks",
                    json: JapaneseBookmarkInput(
                        term: word.term, reading: word.reading, bookmarked: false)))
            #expect(all.courses.isEmpty)
            // A word the Day does not have: 404, nothing made.
            let missing = try await api.send(
                .POST, "/api/v1/japanese/courses/n5/days/10/bookmarks",
                json: JapaneseBookmarkInput(term: "存在しない", bookmarked: true))
            #expect(missing.status == .notFound)
            // Another user sees none of it.
            let other = try await API.signUp(app)
            let theirs = try other.decode(
                JapaneseBookmarksDTO.self, try await other.send(.GET, "/api/v1/japanese/bookmarks"))
            #expect(theirs.courses.isEmpty)
        }
    }
}
