import Foundation

/// Calendar days ("2026-11-22") in the server's configured time zone.
struct DayFormatter: Sendable {
    let timeZone: TimeZone

    private var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar
    }

    func day(of date: Date) -> String {
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    }

    /// Midnight at the start of the day after `date`'s day.
    func startOfNextDay(after date: Date) -> Date {
        let start = calendar.startOfDay(for: date)
        return calendar.date(byAdding: .day, value: 1, to: start) ?? start.addingTimeInterval(86_400)
    }

    /// Parses "YYYY-MM-DD", rejecting impossible dates such as 2026-02-30.
    func parseDay(_ text: String) -> (year: Int, month: Int, day: Int)? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2]),
            let month = CalendarMonth(year: y, month: m), (1...month.dayCount(in: calendar)).contains(d)
        else { return nil }
        return (y, m, d)
    }

    func month(of date: Date) -> CalendarMonth {
        let parts = calendar.dateComponents([.year, .month], from: date)
        return CalendarMonth(clampingYear: parts.year ?? 2000, month: parts.month ?? 1)
    }

    /// Weekday (0 = Sunday) of the first day of the month.
    func firstWeekday(of month: CalendarMonth) -> Int {
        let date = calendar.date(from: DateComponents(year: month.year, month: month.month, day: 1)) ?? Date()
        return calendar.component(.weekday, from: date) - 1
    }

    func dayCount(of month: CalendarMonth) -> Int { month.dayCount(in: calendar) }
}
