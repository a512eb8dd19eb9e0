import Foundation
import Vapor
import VocabCore

/// The Japanese course in the web app: the courses, a course's Days, a Day's words or
/// kanji, a kanji card, and the kana chart.
struct JapaneseWebController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        let japanese = routes.grouped("japanese")
        japanese.get(use: index)
        japanese.get("kana", use: kanaChart)
        japanese.get("dictionary", use: dictionary)
        japanese.get("about", use: about)
        japanese.get("kanji", ":kanji", use: kanji)
        japanese.get(":course", use: course)
        japanese.get(":course", "days", ":day", use: day)
        japanese.post(":course", "days", ":day", "test", use: startTest)
        japanese.post(":course", "days", ":day", "book", use: addToBook)
        japanese.post(":course", "days", ":day", "bookmarks", use: bookmark)
        japanese.get("bookmarks", use: bookmarks)
    }

    struct ContinueLink: Encodable, Sendable {
        var href: String
        var label: String
    }

    struct IndexData: Encodable, Sendable {
        var wordCourses: [JapaneseCourseCardView]
        var kanjiCourses: [JapaneseCourseCardView]
        /// The last Day visited, to pick up where the user left off.
        var resume: ContinueLink?
        var wordOfTheDay: JapaneseWordView?
    }

    @Sendable func index(req: Request) async throws -> Response {
        let catalog = try req.japaneseCourse()
        let cards = JapaneseCourse.allCases.map {
            ($0.kind, JapaneseCourseCardView($0, catalog: catalog, req: req))
        }
        let resume = try await req.japaneseStudy().lastVisit().map { course, day in
            ContinueLink(
                href: course.dayPath(day),
                label: req.text(course.titleKey) + " · "
                    + req.japaneseDayTitle(day))
        }
        return try await req.renderPage(
            "japanese/courses", title: "japaneseTitle", nav: "japanese",
            data: IndexData(
                wordCourses: cards.filter { $0.0 == .words }.map(\.1),
                kanjiCourses: cards.filter { $0.0 == .kanji }.map(\.1), resume: resume,
                wordOfTheDay: catalog.wordOfTheDay(
                    req.days.day(of: Date())
                ).map(JapaneseWordView.init)))
    }

    struct CourseData: Encodable, Sendable {
        var course: JapaneseCourseCardView
        var days: [JapaneseDayLinkView]
    }

    @Sendable func course(req: Request) async throws -> Response {
        let catalog = try req.japaneseCourse()
        let course = try req.japaneseCourseParameter()
        let study = try req.japaneseStudy()
        let progress = try await study.progress(course)
        let lastDay = try await study.lastDays()[course]
        let days = (1...max(1, catalog.dayCount(course))).map { number in
            let items =
                catalog.words(course, day: number)?.map(\.term)
                ?? catalog.kanji(course, day: number)?.map(\.kanji) ?? []
            let separator = course.kind == .words ? "・" : ""
            return JapaneseDayLinkView(
                number: number, href: course.dayPath(number),
                preview: items.prefix(course.kind == .words ? 3 : 6).joined(separator: separator),
                progressText: progress[number]?.text(req.uiLanguage) ?? "",
                complete: progress[number]?.complete ?? false, isLast: number == lastDay)
        }
        let card = JapaneseCourseCardView(course, catalog: catalog, req: req)
        return try await req.renderPage(
            "japanese/course", title: card.title, nav: "japanese",
            data: CourseData(course: card, days: days))
    }

    struct DayData: Encodable, Sendable {
        var course: JapaneseCourseCardView
        var day: Int
        var dayTitle: String
        var previous: String?
        var next: String?
        var isKanji: Bool
        /// Korean meanings (N5, N4); otherwise the page says the meanings are English.
        var hasKorean: Bool
        var progressText: String
        var complete: Bool
        var testAction: String
        var bookAction: String
        var bookmarkAction: String
        /// The course's book, once the Day's words (or another Day's) went into it.
        var bookHref: String?
        var words: [JapaneseWordView]
        var kanji: [JapaneseKanjiView]
    }

    @Sendable func day(req: Request) async throws -> Response {
        let catalog = try req.japaneseCourse()
        let course = try req.japaneseCourseParameter()
        let day = try req.japaneseDayParameter(of: course)
        let study = try req.japaneseStudy()
        try await study.visit(course, day: day)
        let progress = try await study.progress(course)[day]
        let card = JapaneseCourseCardView(course, catalog: catalog, req: req)
        let path = course.dayPath(day)
        let dayTitle = req.japaneseDayTitle(day)
        let data = DayData(
            course: card, day: day, dayTitle: dayTitle,
            previous: day > 1 ? course.dayPath(day - 1) : nil,
            next: catalog.hasDay(course, day + 1) ? course.dayPath(day + 1) : nil,
            isKanji: course.kind == .kanji,
            hasKorean: catalog.words(course, day: day)?.contains { !$0.korean.isEmpty } ?? false,
            progressText: progress?.text(req.uiLanguage) ?? "",
            complete: progress?.complete ?? false,
            testAction: path + "/test", bookAction: path + "/book",
            bookmarkAction: path + "/bookmarks",
            bookHref: try await study.existingBook(course).map { "/books/\($0)" },
            words: try await bookmarkedViews(
                catalog.words(course, day: day) ?? [], marked: study.bookmarkedKeys(course)),
            kanji: (catalog.kanji(course, day: day) ?? []).map {
                JapaneseKanjiView($0, words: catalog.exampleWords(for: $0.kanji), req: req)
            })
        return try await req.renderPage(
            "japanese/day", title: "\(card.title) · \(dayTitle)", nav: "japanese", data: data)
    }

    struct KanjiData: Encodable, Sendable {
        /// The one card (a list, so the card partial reads `card` as on a Day's page).
        var cards: [JapaneseKanjiView]
        var courseTitle: String
        var dayTitle: String
        var dayHref: String
    }

    @Sendable func kanji(req: Request) async throws -> Response {
        let catalog = try req.japaneseCourse()
        let kanji = try req.kanjiParameter()
        let place = catalog.place(of: kanji)
        let data = KanjiData(
            cards: [
                JapaneseKanjiView(
                    kanji,
                    words: try await req.japaneseDictionary().exampleWords(
                        for: kanji, catalog: catalog), req: req)
            ],
            courseTitle: place.map { req.text($0.course.titleKey) } ?? "",
            dayTitle: place.map { req.japaneseDayTitle($0.day) } ?? "",
            dayHref: place.map { $0.course.dayPath($0.day) } ?? "/japanese")
        return try await req.renderPage(
            "japanese/kanji", title: kanji.kanji, nav: "japanese", data: data)
    }

    struct ChartData: Encodable, Sendable {
        var hiragana: KanaChartView
        var katakana: KanaChartView
    }

    @Sendable func kanaChart(req: Request) async throws -> Response {
        try await req.renderPage(
            "japanese/kana", title: "japaneseChartTitle", nav: "japanese",
            data: ChartData(
                hiragana: KanaChartView(script: \.hiragana, req: req),
                katakana: KanaChartView(script: \.katakana, req: req)))
    }

    /// The O/X test on the Day: the game page.
    @Sendable func startTest(req: Request) async throws -> Response {
        let course = try req.japaneseCourseParameter()
        let day = try req.japaneseDayParameter(of: course)
        let session = try await req.japaneseStudy().startTest(
            course, day: day, bookName: req.japaneseBookName(course))
        return req.redirect(to: "/games/\(session.id)")
    }

    /// The Day's words into the user's book for the course, then back to the Day.
    @Sendable func addToBook(req: Request) async throws -> Response {
        let course = try req.japaneseCourseParameter()
        let day = try req.japaneseDayParameter(of: course)
        let name = req.japaneseBookName(course)
        let (bookID, _, added) = try await req.japaneseStudy().addToBook(
            course, day: day, bookName: name)
        let bookName = try await req.bookStore().find(bookID).name
        req.flash(
            added > 0
                ? Localizer.format(
                    "flashJapaneseAdded", req.uiLanguage,
                    ["book": bookName, "n": Localizer.grouped(added)])
                : Localizer.format("flashJapaneseAlready", req.uiLanguage, ["book": bookName]))
        return req.redirect(to: course.dayPath(day))
    }

    struct DictionaryEntryView: Encodable, Sendable {
        var term: String
        var reading: String
        var glosses: [String]
        var common: Bool
    }

    struct DictionaryData: Encodable, Sendable {
        var query: String
        var searched: Bool
        var available: Bool
        /// "가나로 읽으면: がくせい" when the query was romaji.
        var kanaText: String
        var entries: [DictionaryEntryView]
        var noEntries: Bool
    }

    /// The dictionary page: the search form, and with `?q=` the entries found.
    @Sendable func dictionary(req: Request) async throws -> Response {
        let raw = req.queryValue("q") ?? ""
        var data = DictionaryData(
            query: raw, searched: false, available: true, kanaText: "", entries: [],
            noEntries: false)
        if !raw.trimmingCharacters(in: .whitespaces).isEmpty {
            let query = try req.dictionaryQuery()
            let result = try await req.japaneseDictionary().search(query)
            data = DictionaryData(
                query: query.text, searched: true, available: result.available,
                kanaText: query.kana.map {
                    Localizer.format("japaneseDictionaryKana", req.uiLanguage, ["kana": $0])
                } ?? "",
                entries: result.hits.map {
                    DictionaryEntryView(
                        term: $0.record.entry.term, reading: $0.record.entry.reading,
                        glosses: $0.record.entry.glosses, common: $0.record.entry.common)
                }, noEntries: result.hits.isEmpty)
        }
        return try await req.renderPage(
            "japanese/dictionary", title: "japaneseDictionaryTitle", nav: "japanese", data: data)
    }

    struct AboutData: Encodable, Sendable {
        /// The shipped data's licence file, as written by scripts/data/build-japanese.py.
        var licences: String
    }

    /// Where every piece of the course's data comes from, and under which licence.
    @Sendable func about(req: Request) async throws -> Response {
        try await req.renderPage(
            "japanese/about", title: "japaneseAboutTitle", nav: "japanese",
            data: AboutData(
                licences: String(
                    decoding: try MaeilResources.data("Japanese/LICENSES.md"), as: UTF8.self)))
    }

    /// The Day's word rows, each knowing whether it is bookmarked.
    private func bookmarkedViews(_ words: [JapaneseWord], marked: Set<WordKey>)
        -> [JapaneseWordView]
    {
        words.map { word in
            var view = JapaneseWordView(word)
            view.bookmarked = marked.contains(WordKey(term: word.term, reading: word.reading))
            return view
        }
    }

    struct BookmarkForm: Content {
        var term: String
        var reading: String?
        var bookmarked: String?
    }

    /// The star on a word of a Day, then back to the word.
    @Sendable func bookmark(req: Request) async throws -> Response {
        let course = try req.japaneseCourseParameter()
        let day = try req.japaneseDayParameter(of: course)
        let form = try req.content.decode(BookmarkForm.self)
        let found = try await req.japaneseStudy().bookmark(
            course, day: day, key: WordKey(term: form.term, reading: form.reading ?? ""),
            on: form.bookmarked == "1", bookName: req.japaneseBookName(course))
        guard found else { throw AppError.notFound("word") }
        return req.redirect(to: course.dayPath(day))
    }

    struct BookmarkGroupView: Encodable, Sendable {
        var title: String
        var bookHref: String
        var words: [BookmarkWordView]
    }

    struct BookmarkWordView: Encodable, Sendable {
        var term: String
        var reading: String
        var meaning: String
    }

    struct BookmarksData: Encodable, Sendable {
        var groups: [BookmarkGroupView]
        var isEmpty: Bool
    }

    /// Every bookmarked course word, by course.
    @Sendable func bookmarks(req: Request) async throws -> Response {
        let groups = try await req.japaneseStudy().bookmarks().map { course, words in
            BookmarkGroupView(
                title: req.text(course.titleKey),
                bookHref: words.first.map { "/books/\($0.bookID)" } ?? "/japanese",
                words: words.map {
                    BookmarkWordView(term: $0.term, reading: $0.reading, meaning: $0.meaning)
                })
        }
        return try await req.renderPage(
            "japanese/bookmarks", title: "japaneseBookmarksTitle", nav: "japanese",
            data: BookmarksData(groups: groups, isEmpty: groups.isEmpty))
    }

    /// The word of the day on the home page, linked to the course.
    @Sendable static func wordOfTheDayCard(_ req: Request) async throws -> HomeCard? {
        let today = req.days.day(of: Date())
        guard let word = try req.japaneseCourse().wordOfTheDay(today) else { return nil }
        return HomeCard(
            id: "word-of-the-day", title: req.text("japaneseWordOfTheDay"),
            headline: word.reading.isEmpty ? word.term : "\(word.term) (\(word.reading))",
            headlineLanguage: "ja", caption: word.korean, href: "/japanese",
            linkText: req.text("japaneseTitle"))
    }
}
