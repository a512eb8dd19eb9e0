import Kana
import Vapor
import VocabCore

// What the Japanese course's pages show, prepared so the templates stay dumb.

/// A course on the course list: "N5 · 662 words · 34 days".
struct JapaneseCourseCardView: Encodable, Sendable {
    var id: String
    var title: String
    var countText: String
    var daysText: String

    init(_ course: JapaneseCourse, catalog: JapaneseCourseCatalog, req: Request) {
        id = course.rawValue
        title = req.text(course.titleKey)
        countText = req.count(
            course.kind == .words ? "japaneseCountWords" : "japaneseCountKanji",
            catalog.itemCount(course))
        daysText = req.count("japaneseCountDays", catalog.dayCount(course))
    }
}

extension JapaneseCourse {
    /// The UI string of the course's name ("JLPT N5", "1학년", "중학교").
    var titleKey: String { "japaneseCourse_\(rawValue)" }

    /// The web page of one of its Days.
    func dayPath(_ day: Int) -> String { "/japanese/\(rawValue)/days/\(day)" }
}

extension Request {
    /// "Day 3".
    func japaneseDayTitle(_ day: Int) -> String {
        Localizer.format("japaneseDay", uiLanguage, ["n": String(day)])
    }
}

/// A link to one Day of a course, with what it holds ("あさって … いつ") and how it went.
struct JapaneseDayLinkView: Encodable, Sendable {
    var number: Int
    var href: String
    var preview: String
    /// "지난 테스트 12/20", empty before the first test.
    var progressText: String
    var complete: Bool
    var isLast: Bool
}

extension JapaneseDayProgress {
    /// "지난 테스트 12/20" / "Last test 12/20".
    func text(_ lang: UILanguage) -> String {
        Localizer.format(
            "japaneseLastTest", lang, ["known": String(known), "total": String(total)])
    }
}

/// A word row of a Day: the term shows; the reading and the meaning show when tapped.
struct JapaneseWordView: Encodable, Sendable {
    var term: String
    var alternatives: String
    var reading: String
    var hasReading: Bool
    /// What to speak: the reading, else the term (kana).
    var speech: String
    var glosses: String
    /// The Korean meaning, shown first; the English glosses follow it.
    var korean: String
    var note: String
    var sinoKorean: String
    var examples: [JapaneseExample]
    /// The reading as the bookmark form sends it (the data's, empty for kana words).
    var key: String
    var bookmarked: Bool = false

    init(_ word: JapaneseWord) {
        term = word.term
        alternatives = word.alt.joined(separator: "・")
        reading = word.reading.replacingOccurrences(of: "/", with: "・")
        hasReading = !word.reading.isEmpty
        speech = word.kana.components(separatedBy: "/").first ?? word.kana
        glosses = word.glosses.joined(separator: "; ")
        korean = word.korean
        note = word.note
        sinoKorean = word.sinoKorean
        examples = word.examples
        key = word.reading
    }
}

/// A kanji card: the character, its 훈음, readings, meanings and strokes.
struct JapaneseKanjiView: Encodable, Sendable {
    var kanji: String
    var href: String
    var korean: String
    /// Said only when there is no Korean reading (a kanji made in Japan).
    var koreanNote: String
    var oldForm: String
    var on: String
    var kun: String
    var meanings: String
    var strokesText: String
    /// What to speak: the first on reading in hiragana, else the first kun reading.
    var speech: String
    var words: [JapaneseWordView]
    var hasWords: Bool

    init(_ kanji: JapaneseKanji, words: [JapaneseWord], req: Request) {
        self.kanji = kanji.kanji
        href =
            "/japanese/kanji/"
            + (kanji.kanji.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed)
                ?? kanji.kanji)
        korean = kanji.korean
        koreanNote = kanji.korean.isEmpty ? kanji.koreanNote : ""
        oldForm = kanji.oldForm
        on = kanji.on.map(JapaneseKanji.display).joined(separator: "・")
        kun = kanji.kun.map(JapaneseKanji.display).joined(separator: "・")
        meanings = kanji.meanings.joined(separator: ", ")
        strokesText = req.count("japaneseStrokes", kanji.strokes)
        let firstReading =
            kanji.on.first.map(Kana.toHiragana)
            ?? kanji.kun.first.map { String($0.prefix { $0 != "." && $0 != "-" }) } ?? ""
        speech = firstReading.replacingOccurrences(of: "-", with: "")
        self.words = words.map(JapaneseWordView.init)
        hasWords = !words.isEmpty
    }
}

/// The kana chart: each section's rows of cells, empty places kept.
struct KanaChartView: Encodable, Sendable {
    struct Cell: Encodable, Sendable {
        var kana: String
        var romaji: String
        var empty: Bool
    }

    struct Section: Encodable, Sendable {
        var id: String
        var title: String
        var columns: Int
        var rows: [[Cell]]
    }

    var sections: [Section]

    init(script: KeyPath<KanaChart.Cell, String>, req: Request) {
        sections = KanaChart.sections.map { section in
            Section(
                id: section.id, title: req.text("japaneseChart_\(section.id)"),
                columns: section.rows.first?.count ?? 5,
                rows: section.rows.map { row in
                    row.map { cell in
                        Cell(
                            kana: cell?[keyPath: script] ?? "", romaji: cell?.romaji ?? "",
                            empty: cell == nil)
                    }
                })
        }
    }
}
