import Foundation
import Vapor
import VocabCore

/// How the calendars (words by date, the study diary) name days, weeks and months.
enum CalendarLabels {
    static let weekdayKeys = [
        "weekdaySun", "weekdayMon", "weekdayTue", "weekdayWed", "weekdayThu", "weekdayFri",
        "weekdaySat",
    ]

    static func monthTitle(_ month: CalendarMonth, _ lang: UILanguage) -> String {
        Localizer.format(
            "calendarMonthTitle", lang,
            [
                "year": String(month.year), "month": String(month.month),
                "monthName": Localizer.text("month\(month.month)", lang),
            ])
    }

    static func dayTitle(_ day: CivilDay, _ lang: UILanguage) -> String {
        Localizer.format(
            "calendarDayTitle", lang,
            [
                "year": String(day.year), "month": String(day.month), "day": String(day.day),
                "monthName": Localizer.text("month\(day.month)", lang),
            ])
    }

    /// "Nov 29" / "11월 29일".
    static func shortDay(_ day: CivilDay, _ lang: UILanguage) -> String {
        Localizer.format(
            "diaryDayShort", lang,
            [
                "month": String(day.month), "day": String(day.day),
                "monthShort": Localizer.text("monthShort\(day.month)", lang),
            ])
    }
}

/// Which calendar a page belongs to: the study calendar (the diary by month
/// or week, and the words added by date) or the lotto diary's (its months and
/// weeks alone), so neither names or links to the other's views.
enum CalendarFamily: Sendable {
    case study, lotto

    var monthViewKey: String { self == .study ? "diaryMonth" : "calendarByMonth" }
    var weekViewKey: String { self == .study ? "diaryWeek" : "calendarByWeek" }
}

/// A link of a page's navigation (a view switch, previous and next).
struct NavLink: Encodable, Sendable {
    var href: String
    var label: String
    var selected: Bool
}

/// How a month-or-week calendar page moves: the month/week switch, previous and next with
/// their titles, and a way back to today when it is not shown. Each page says how its
/// addresses look.
struct CalendarNavigation: Sendable {
    var isWeek: Bool
    var title: String
    /// The month the page belongs to, which its month switch opens: the one
    /// shown, or for a week the month of today when the week holds it, else
    /// of its first day.
    var month: CalendarMonth
    var views: [NavLink]
    var previous: NavLink
    var next: NavLink
    var current: NavLink?

    init(
        grid: CalendarGrid, today: CivilDay, lang: UILanguage, family: CalendarFamily,
        monthPath: (CivilDay) -> String, weekPath: (CivilDay) -> String
    ) {
        func path(_ grid: CalendarGrid) -> String {
            switch grid.span {
            case .month: monthPath(grid.firstDay)
            case .week: weekPath(grid.firstDay)
            }
        }
        func link(_ grid: CalendarGrid) -> NavLink {
            NavLink(href: path(grid), label: Self.title(grid, lang), selected: false)
        }
        if case .week = grid.span { isWeek = true } else { isWeek = false }
        title = Self.title(grid, lang)
        // A week that holds today switches to today's month (2 December's
        // week starts on 29 November); any other, to its first day's.
        let anchor = grid.contains(today) ? today : grid.firstDay
        month = CalendarMonth(isWeek ? anchor : grid.firstDay)
        views = Self.views(
            shown: month.firstDay, week: anchor, lang: lang,
            family: family, selected: isWeek ? .week : .month, monthPath: monthPath,
            weekPath: weekPath)
        previous = link(grid.previous)
        next = link(grid.next)
        current =
            grid.contains(today)
            ? nil
            : NavLink(
                href: isWeek ? weekPath(today) : monthPath(today),
                label: Localizer.text(isWeek ? "diaryThisWeek" : "calendarToday", lang),
                selected: false)
    }

    /// A calendar's views: by month, by week, and (the study calendar's
    /// alone) the words added by date.
    enum View { case month, week, words }

    /// `shown` is the first day shown, `week` the day whose week the week view opens on.
    static func views(
        shown: CivilDay, week: CivilDay, lang: UILanguage, family: CalendarFamily,
        selected: View,
        monthPath: (CivilDay) -> String = { "/diary?month=\($0.monthText)" },
        weekPath: (CivilDay) -> String = { "/diary?week=\($0)" }
    ) -> [NavLink] {
        let periods = [
            NavLink(
                href: monthPath(shown), label: Localizer.text(family.monthViewKey, lang),
                selected: selected == .month),
            NavLink(
                href: weekPath(week), label: Localizer.text(family.weekViewKey, lang),
                selected: selected == .week),
        ]
        guard family == .study else { return periods }
        return periods + [
            NavLink(
                href: "/calendar?month=\(shown.monthText)",
                label: Localizer.text("calendarWordsView", lang), selected: selected == .words)
        ]
    }

    /// "2026년 11월" for a month, "2026년 11월 22일 주" for a week.
    static func title(_ grid: CalendarGrid, _ lang: UILanguage) -> String {
        switch grid.span {
        case .month(let year, let month):
            CalendarLabels.monthTitle(
                CalendarMonth(year: year, month: month) ?? CalendarMonth(grid.firstDay), lang)
        case .week:
            Localizer.format(
                "diaryWeekTitle", lang, ["start": CalendarLabels.dayTitle(grid.firstDay, lang)])
        }
    }
}

extension Request {
    /// The month (`?month=YYYY-MM`) or week (`?week=YYYY-MM-DD`) a calendar page shows:
    /// `?week=` wins over `?month=`; neither means this month.
    func calendarGrid(today: CivilDay) throws -> CalendarGrid {
        if let raw = try? query.get(String.self, at: "week"), !raw.isEmpty {
            guard let day = CivilDay(raw) else {
                throw AppError.badRequest("week must be a real day like 2026-11-22", code: .badDate)
            }
            return .week(containing: day)
        }
        if let raw = try? query.get(String.self, at: "month"), !raw.isEmpty {
            guard let month = CalendarMonth(raw),
                let grid = CalendarGrid.month(year: month.year, month: month.month)
            else {
                throw AppError.badRequest("month must look like 2026-11", code: .badDate)
            }
            return grid
        }
        return CalendarGrid.month(year: today.year, month: today.month) ?? .week(containing: today)
    }
}
