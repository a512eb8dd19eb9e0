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
