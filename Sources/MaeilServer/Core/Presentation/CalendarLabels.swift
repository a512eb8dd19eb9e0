import Foundation
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
}
