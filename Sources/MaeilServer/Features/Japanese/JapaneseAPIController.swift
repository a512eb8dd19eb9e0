import MaeilAPI
import Vapor
import VocabCore

/// The Japanese course, read-only: its courses, a Day's words or kanji, a kanji card.
struct JapaneseAPIController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.on(.japaneseCourses, use: courses)
        routes.on(.japaneseDay, use: day)
        routes.on(.kanji, use: kanji)
        routes.on(.japaneseProgress, use: progress)
        routes.on(.japaneseDayTest, use: startTest)
        routes.on(.japaneseDayBook, use: addToBook)
        routes.on(.dictionary, use: dictionary)
        routes.on(.japaneseBookmark, use: bookmark)
        routes.on(.japaneseBookmarks, use: bookmarks)
    }

    @Sendable func courses(req: Request) async throws -> JapaneseCoursesDTO {
        let catalog = try req.japaneseCourse()
        return JapaneseCoursesDTO(
            courses: JapaneseCourse.allCases.map { JapaneseCourseDTO($0, catalog: catalog) },
            attribution: JapaneseCourseData.attribution)
    }

    @Sendable func day(req: Request) async throws -> JapaneseDayDTO {
        let catalog = try req.japaneseCourse()
        let course = try req.japaneseCourseParameter()
        let day = try req.japaneseDayParameter(of: course)
        return JapaneseDayDTO(
            course: JapaneseCourseDTO(course, catalog: catalog), day: day,
            words: (catalog.words(course, day: day) ?? []).map(JapaneseWordDTO.init),
            kanji: (catalog.kanji(course, day: day) ?? []).map {
                KanjiDTO($0, catalog: catalog, words: nil)
            })
    }

    @Sendable func kanji(req: Request) async throws -> KanjiDTO {
        let catalog = try req.japaneseCourse()
        let kanji = try req.kanjiParameter()
        return KanjiDTO(
            kanji, catalog: catalog,
            words: try await req.japaneseDictionary().exampleWords(for: kanji, catalog: catalog))
    }

    @Sendable func progress(req: Request) async throws -> JapaneseProgressDTO {
        let course = try req.japaneseCourseParameter()
        let study = try req.japaneseStudy()
        return JapaneseProgressDTO(
            course: course.rawValue,
            days: try await study.progress(course).values.sorted { $0.day < $1.day }.map {
                JapaneseDayProgressDTO(
                    day: $0.day, known: $0.known, total: $0.total, complete: $0.complete)
            },
            lastDay: try await study.lastDays()[course])
    }

    /// An O/X test on the Day's words (put into the course's book first): the game.
    @Sendable func startTest(req: Request) async throws -> Response {
        let course = try req.japaneseCourseParameter()
        let day = try req.japaneseDayParameter(of: course)
        let session = try await req.japaneseStudy().startTest(
            course, day: day, bookName: req.japaneseBookName(course))
        return try await GameDTO(session).encodeResponse(status: .created, for: req)
    }

    @Sendable func addToBook(req: Request) async throws -> JapaneseDayBookDTO {
        let course = try req.japaneseCourseParameter()
        let day = try req.japaneseDayParameter(of: course)
        let (bookID, ids, added) = try await req.japaneseStudy().addToBook(
            course, day: day, bookName: req.japaneseBookName(course))
        return JapaneseDayBookDTO(bookID: bookID, added: added, words: ids.count)
    }

    @Sendable func dictionary(req: Request) async throws -> DictionarySearchDTO {
        let query = try req.dictionaryQuery()
        let result = try await req.japaneseDictionary().search(query)
        return DictionarySearchDTO(
            query: query.text, kana: query.kana, available: result.available,
            entries: result.hits.map { hit in
                DictionaryEntryDTO(
                    term: hit.record.entry.term, reading: hit.record.entry.reading,
                    glosses: hit.record.entry.glosses, common: hit.record.entry.common,
                    match: String(describing: hit.match))
            },
            attribution: JapaneseCourseData.attribution)
    }

    /// Puts a bookmark on a word of the Day, or takes it off; answers every bookmark.
    @Sendable func bookmark(req: Request) async throws -> JapaneseBookmarksDTO {
        let course = try req.japaneseCourseParameter()
        let day = try req.japaneseDayParameter(of: course)
        let input = try req.content.decode(JapaneseBookmarkInput.self)
        let found = try await req.japaneseStudy().bookmark(
            course, day: day, key: WordKey(term: input.term, reading: input.reading),
            on: input.bookmarked, bookName: req.japaneseBookName(course))
        guard found else { throw AppError.notFound("word \"\(input.term)\" on this day") }
        return try await bookmarks(req: req)
    }

    @Sendable func bookmarks(req: Request) async throws -> JapaneseBookmarksDTO {
        JapaneseBookmarksDTO(
            courses: try await req.japaneseStudy().bookmarks().map {
                JapaneseCourseBookmarksDTO(
                    course: $0.course.rawValue, words: $0.words.map(WordDTO.init))
            })
    }
}
