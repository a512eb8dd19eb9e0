import MaeilAPI
import Vapor
import VocabCore

/// The Japanese course, read-only: its courses, a Day's words or kanji, a kanji card.
struct JapaneseAPIController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.on(.japaneseCourses, use: courses)
        routes.on(.japaneseDay, use: day)
        routes.on(.kanji, use: kanji)
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
                KanjiDTO($0, catalog: catalog, withWords: false)
            })
    }

    @Sendable func kanji(req: Request) async throws -> KanjiDTO {
        KanjiDTO(try req.kanjiParameter(), catalog: try req.japaneseCourse(), withWords: true)
    }
}
