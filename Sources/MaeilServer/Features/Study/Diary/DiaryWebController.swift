import Foundation
import Vapor
import VocabCore

/// The study diary: a month (`?month=YYYY-MM`) or week (`?week=YYYY-MM-DD`)
/// calendar of what was done each day, with endless previous/next; the streaks;
/// the year's heatmap; and the charts over 30, 90 or 365 days (`&days=`), all
/// drawn on the server as inline SVG, so the page needs no script.
struct DiaryWebController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.get("diary", use: diary)
    }

    struct Cell: Encodable, Sendable {
        /// 0 for the blanks before the 1st and after the last day of a month.
        var day: Int
        var date: String
        var title: String
        /// "Nov 22", for the rows of a week.
        var shortTitle: String
        var weekday: String
        var isToday: Bool
        var isActive: Bool
        /// Everything the cell says, as one sentence (its accessible name).
        var label: String
        var wordsAdded: Int
        var reviews: Int
        var games: Int
        /// The counts as a week's table writes them: "267,379".
        var wordsGrouped = ""
        var reviewsGrouped = ""
        var gamesGrouped = ""
        /// The counts as a month's cell on a phone writes them: "26만", "267K".
        var wordsShort = ""
        var reviewsShort = ""
        var gamesShort = ""
        var wordsText: String
        var reviewsText: String
        var accuracyText: String
        /// "83%", beside the reviews where room is short.
        var accuracyShort: String
        var gamesText: String
        /// The week view of this day (from a month), or the words added (from a week).
        var href: String

        static let blank = Cell(
            day: 0, date: "", title: "", shortTitle: "", weekday: "", isToday: false,
            isActive: false, label: "", wordsAdded: 0, reviews: 0, games: 0,
            wordsText: "", reviewsText: "", accuracyText: "", accuracyShort: "", gamesText: "",
            href: "")
    }

    typealias Link = NavLink

    struct Chart: Encodable, Sendable {
        var id: String
        var svg: String
    }

    struct PageData: Encodable, Sendable {
        var isWeek: Bool
        var title: String
        var views: [Link]
        var previous: Link
        var next: Link
        var current: Link?
        var weekdays: [String]
        var weeks: [[Cell]]
        var days: [Cell]
        var totalsText: String
        var streakCurrent: String
        var streakLongest: String
        var studyDays: String
        var heatmap: String
        var ranges: [Link]
        var charts: [Chart]
    }

    @Sendable func diary(req: Request) async throws -> Response {
        let stats = try req.stats()
        let now = Date()
        let today = stats.today(now)
        let grid = try req.calendarGrid(today: today)
        let range = try StatsQuery.chartDays(req, default: 30)
        let charts = DiaryCharts(lang: req.uiLanguage)

        let shown = try await stats.range(from: grid.firstDay, to: grid.lastDay)
        let activity = Dictionary(uniqueKeysWithValues: shown.map { ($0.day, $0.activity) })
        let year = try await stats.year(now: now)
        let yearActivity = Dictionary(uniqueKeysWithValues: year.days.map { ($0.day, $0.activity) })
        let streak = try await stats.streak(today: today)
        let target = try await req.studySettings().get().parameters.desiredRetention

        let navigation = CalendarNavigation(
            grid: grid, today: today, lang: req.uiLanguage, family: .study,
            monthPath: { Self.path(month: $0, range: range) },
            weekPath: { Self.path(week: $0, range: range) })
        let isWeek = navigation.isWeek
        let cells = grid.weeks.map { week in
            week.map { day in
                day.map {
                    cell(
                        $0, activity[$0] ?? .none, today: today, isWeek: isWeek, range: range,
                        req: req)
                } ?? .blank
            }
        }
        let data = PageData(
            isWeek: isWeek, title: navigation.title, views: navigation.views,
            previous: navigation.previous, next: navigation.next, current: navigation.current,
            weekdays: CalendarLabels.weekdayKeys.map { req.text($0) },
            weeks: cells, days: cells.flatMap { $0 }.filter { $0.day != 0 },
            totalsText: totalsText(shown.map(\.activity), req),
            streakCurrent: req.count("countDays", streak.current),
            streakLongest: req.count("countDays", streak.longest),
            studyDays: req.count("countDays", year.heatmap.activeDays),
            heatmap: charts.heatmap(year.heatmap, activity: yearActivity, today: today),
            ranges: StatsService.chartRanges.map { days in
                Link(
                    href: Self.path(grid, range: days) + "#charts",
                    label: req.count("countDays", days), selected: days == range)
            },
            charts: [
                Chart(id: "reviews", svg: charts.reviews(Array(year.days.suffix(range)))),
                Chart(
                    id: "retention",
                    svg: charts.retention(
                        try await stats.retention(lastDays: range, now: now), days: range,
                        target: target)),
                Chart(
                    id: "forecast",
                    svg: charts.forecast(try await stats.forecast(nextDays: range, now: now))),
            ])
        return try await req.renderPage(
            "study/diary", title: "diaryTitle", nav: "calendar", data: data)
    }

    static func path(month day: CivilDay, range: Int) -> String {
        "/diary?month=\(day.monthText)" + rangeQuery(range)
    }
    static func path(week day: CivilDay, range: Int) -> String {
        "/diary?week=\(day)" + rangeQuery(range)
    }
    static func path(_ grid: CalendarGrid, range: Int) -> String {
        switch grid.span {
        case .month: path(month: grid.firstDay, range: range)
        case .week: path(week: grid.firstDay, range: range)
        }
    }
    /// The default range stays out of links, so plain URLs stay plain.
    static func rangeQuery(_ range: Int) -> String { range == 30 ? "" : "&days=\(range)" }

    private func cell(
        _ day: CivilDay, _ activity: DayActivity, today: CivilDay, isWeek: Bool, range: Int,
        req: Request
    ) -> Cell {
        let lang = req.uiLanguage
        let words = req.count("countNewWords", activity.wordsAdded)
        let reviews = req.count("countReviews", activity.reviews)
        let accuracy =
            activity.accuracyPercent.map {
                Localizer.format("diaryAccuracy", lang, ["percent": String($0)])
            } ?? ""
        let games = req.count("countGames", activity.games)
        let parts =
            activity.isStudyDay || activity.wordsAdded > 0
            ? [words, accuracy.isEmpty ? reviews : "\(reviews) (\(accuracy))", games]
            : [req.text("diaryNothing")]
        let title = CalendarLabels.dayTitle(day, lang)
        let counts = [activity.wordsAdded, activity.reviews, activity.games]
        let grouped = counts.map(Localizer.grouped)
        let short = counts.map { Localizer.compact($0, lang) }
        return Cell(
            day: day.day, date: day.description, title: title,
            shortTitle: CalendarLabels.shortDay(day, lang),
            weekday: req.text(CalendarLabels.weekdayKeys[day.weekday]), isToday: day == today,
            isActive: activity.isStudyDay || activity.wordsAdded > 0,
            label: title + ": " + parts.joined(separator: ", "),
            wordsAdded: activity.wordsAdded, reviews: activity.reviews, games: activity.games,
            wordsGrouped: grouped[0], reviewsGrouped: grouped[1], gamesGrouped: grouped[2],
            wordsShort: short[0], reviewsShort: short[1], gamesShort: short[2], wordsText: words,
            reviewsText: reviews, accuracyText: accuracy,
            accuracyShort: activity.accuracyPercent.map { "\($0)%" } ?? "", gamesText: games,
            href: isWeek ? "/calendar/\(day)" : Self.path(week: day, range: range))
    }

    private func totalsText(_ days: [DayActivity], _ req: Request) -> String {
        let totals = DayActivity.sum(days)
        var reviews = req.count("countReviews", totals.reviews)
        if let percent = totals.accuracyPercent {
            reviews +=
                " ("
                + Localizer.format("diaryAccuracy", req.uiLanguage, ["percent": String(percent)])
                + ")"
        }
        return Localizer.format(
            "diaryTotals", req.uiLanguage,
            [
                "words": req.count("countNewWords", totals.wordsAdded), "reviews": reviews,
                "games": req.count("countGames", totals.games),
            ])
    }
}
