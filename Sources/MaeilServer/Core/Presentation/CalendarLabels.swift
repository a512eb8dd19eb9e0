import Foundation

/// How the calendars (words by date, the study diary) name days, weeks and months.
enum CalendarLabels {
    static let weekdayKeys = ["weekdaySun", "weekdayMon", "weekdayTue", "weekdayWed", "weekdayThu", "weekdayFri", "weekdaySat"]

    static func monthTitle(_ month: CalendarMonth, _ lang: UILanguage) -> String {
        Localizer.format("calendarMonthTitle", lang, [
            "year": String(month.year), "month": String(month.month),
            "monthName": Localizer.text("month\(month.month)", lang),
        ])
    }

    static func dayTitle(_ date: String, _ lang: UILanguage) -> String {
        let parts = date.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3 else { return date }
        return Localizer.format("calendarDayTitle", lang, [
            "year": String(parts[0]), "month": String(parts[1]), "day": String(parts[2]),
            "monthName": Localizer.text("month\(parts[1])", lang),
        ])
    }
}
