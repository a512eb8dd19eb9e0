import MaeilAPI
import Vapor
import VocabCore

/// Words by date: a month grid of the days words were added, and a day's list
/// with its sorts and "mark all memorized" / "delete all".
struct CalendarWebController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.get("calendar", use: month)
        routes.get("calendar", ":date", use: day)
        routes.post("calendar", ":date", ":action", use: dayAction)
    }

    struct Cell: Encodable, Sendable {
        /// 0 for the blanks before the 1st and after the last day.
        var day: Int
        var date: String
        var count: Int
        var label: String
        var isToday: Bool
    }

    struct MonthData: Encodable, Sendable {
        var title: String
        var month: String
        var previous: String
        var next: String
        var previousLabel: String
        var nextLabel: String
        var weekdays: [String]
        var weeks: [[Cell]]
        var totalText: String
        var thisMonth: String
        var isThisMonth: Bool
        /// The calendar's views: the diary by month and by week, and this one.
        var views: [NavLink]
    }

    @Sendable func month(req: Request) async throws -> Response {
        let days = req.days
        let month = try CalendarQuery.month(req, days)
        let counts = try await req.wordStore().calendar(month)
        let byDate = Dictionary(counts.map { ($0.date, $0.count) }, uniquingKeysWith: +)
        let today = days.day(of: Date())
        let lang = req.uiLanguage

        // Weeks start on Sunday; blanks pad the first and last week.
        var cells = Array(
            repeating: Cell(day: 0, date: "", count: 0, label: "", isToday: false),
            count: month.firstDay.weekday)
        for offset in 0..<month.dayCount {
            let date = month.firstDay.adding(days: offset)
            let count = byDate[date] ?? 0
            cells.append(
                Cell(
                    day: date.day, date: date.description, count: count,
                    label: count > 0 ? req.count("countWords", count) : "",
                    isToday: date == today))
        }
        while cells.count % 7 != 0 {
            cells.append(Cell(day: 0, date: "", count: 0, label: "", isToday: false))
        }
        let weeks = stride(from: 0, to: cells.count, by: 7).map { Array(cells[$0..<($0 + 7)]) }

        let current = days.month(of: Date())
        let data = MonthData(
            title: CalendarLabels.monthTitle(month, lang), month: month.description,
            previous: month.previous.description, next: month.next.description,
            previousLabel: CalendarLabels.monthTitle(month.previous, lang),
            nextLabel: CalendarLabels.monthTitle(month.next, lang),
            weekdays: CalendarLabels.weekdayKeys.map { Localizer.text($0, lang) }, weeks: weeks,
            totalText: req.count("countWordsAdded", counts.reduce(0) { $0 + $1.count }),
            thisMonth: current.description, isThisMonth: current == month,
            views: CalendarNavigation.views(
                shown: month.firstDay, week: current == month ? today : month.firstDay, lang: lang,
                family: .study, selected: .words))
        return try await req.renderPage(
            "notebook/calendar", title: "navCalendar", nav: "calendar", data: data)
    }

    struct DayData: Encodable, Sendable {
        var date: String
        var title: String
        var month: String
        var monthTitle: String
        var sorts: [OptionView]
        var countText: String
        var hasWords: Bool
        var list: WordListView
        var pager: PagerView
        var deleteConfirm: String
    }

    static let daySorts: [WordSort] = [.recent, .oldest, .memorized, .notMemorized, .random]

    @Sendable func day(req: Request) async throws -> Response {
        let date = try CalendarQuery.date(req)
        let (sort, page, perPage) = try WordListQuery.paging(from: req)
        guard Self.daySorts.contains(sort) else { throw AppError.invalid("unknown sort for a day") }
        var filter = WordFilter()
        filter.day = date
        let result = try await req.wordStore().list(
            filter, sort: sort, page: page, perPage: perPage)
        let books = try await req.bookStore().list()
        let lang = req.uiLanguage
        let month = CalendarMonth(date)
        let path = "/calendar/\(date)"
        let data = DayData(
            date: date.description, title: CalendarLabels.dayTitle(date, lang),
            month: month.description,
            monthTitle: CalendarLabels.monthTitle(month, lang),
            sorts: BooksWebController.sortOptions(req, selected: sort, choices: Self.daySorts),
            countText: req.count("countWords", result.total), hasWords: result.total > 0,
            list: WordListView(
                rows: result.items.map { WordRowView($0) }, labels: WordRowLabels(req),
                moveTargets: books.map {
                    OptionView(value: $0.id.uuidString, label: $0.name, selected: false)
                },
                returnPath: req.url.query.map { "\(path)?\($0)" } ?? path, showBook: true,
                emptyText: req.text("calendarDayEmpty")),
            pager: PagerView(
                req: req, path: path, query: [("sort", sort == .recent ? "" : sort.rawValue)],
                page: page,
                total: result.total, perPage: perPage),
            deleteConfirm: Localizer.format(
                "calendarDeleteAllConfirm", lang, ["count": req.count("countWords", result.total)]))
        return try await req.renderPage(
            "notebook/calendar-day", title: data.title, nav: "calendar", data: data)
    }

    @Sendable func dayAction(req: Request) async throws -> Response {
        let date = try CalendarQuery.date(req)
        guard let action = DayAction(rawValue: req.parameters.get("action") ?? "") else {
            throw AppError.notFound("day action")
        }
        let affected = try await req.wordStore().apply(action, toDay: date)
        let count = req.count("countWords", affected)
        switch action {
        case .memorizeAll:
            req.flash(Localizer.format("flashMemorized", req.uiLanguage, ["count": count]))
        case .deleteAll:
            req.flash(Localizer.format("flashDeleted", req.uiLanguage, ["count": count]))
        }
        return req.redirect(to: "/calendar/\(date)")
    }
}
