import MaeilAPI
import VocabCore

// The Japanese course as it crosses the wire.

extension JapaneseCourseDTO {
    init(_ course: JapaneseCourse, catalog: JapaneseCourseCatalog) {
        self.init(
            id: course.rawValue, kind: course.kind.rawValue, title: course.englishTitle,
            items: catalog.itemCount(course), days: catalog.dayCount(course))
    }
}

extension JapaneseCourse {
    /// "JLPT N5", "Grade 1", "Middle school": the API's titles (pages use the UI strings).
    var englishTitle: String {
        switch self {
        case .n5, .n4, .n3, .n2, .n1: "JLPT \(rawValue.uppercased())"
        case .middle: "Middle school"
        default: "Grade \(rawValue.dropFirst("grade".count))"
        }
    }
}

extension JapaneseWordDTO {
    init(_ word: JapaneseWord) {
        self.init(
            term: word.term, alternatives: word.alt, reading: word.reading, level: word.level,
            glosses: word.glosses, korean: word.korean, note: word.note,
            examples: word.examples.map { ExampleDTO(sentence: $0.ja, translation: $0.en) },
            sinoKorean: word.sinoKorean)
    }
}

extension KanjiDTO {
    /// With `words` (the kanji's own route) or without (a Day's list).
    init(_ kanji: JapaneseKanji, catalog: JapaneseCourseCatalog, words: [JapaneseWord]?) {
        let place = catalog.place(of: kanji)
        self.init(
            kanji: kanji.kanji, grade: kanji.grade, course: place?.course.rawValue ?? "",
            day: place?.day ?? 0, strokes: kanji.strokes, on: kanji.on, kun: kanji.kun,
            meanings: kanji.meanings, korean: kanji.korean, koreanNote: kanji.koreanNote,
            oldForm: kanji.oldForm,
            words: words?.map(JapaneseWordDTO.init))
    }
}
