import Foundation

/// A year and month, e.g. 2026-11, with endless previous/next.
struct CalendarMonth: Sendable, Hashable, CustomStringConvertible {
    let year: Int
    let month: Int

    init?(year: Int, month: Int) {
        guard (1...9999).contains(year), (1...12).contains(month) else { return nil }
        self.year = year
        self.month = month
    }

    /// Parses "YYYY-MM".
    init?(_ text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count == 4, parts[1].count == 2,
            let y = Int(parts[0]), let m = Int(parts[1])
        else { return nil }
        self.init(year: y, month: m)
    }

    /// Always valid: the year is kept within 1...9999 and the month within 1...12.
    init(clampingYear year: Int, month: Int) {
        self.year = min(max(year, 1), 9999)
        self.month = min(max(month, 1), 12)
    }

    var description: String { String(format: "%04d-%02d", year, month) }
    /// The month before; 0001-01 is the first month there is, so it is its own previous.
    var previous: CalendarMonth {
        if year == 1 && month == 1 { return self }
        return month == 1 ? CalendarMonth(clampingYear: year - 1, month: 12) : CalendarMonth(clampingYear: year, month: month - 1)
    }
    /// The month after; 9999-12 is the last.
    var next: CalendarMonth {
        if year == 9999 && month == 12 { return self }
        return month == 12 ? CalendarMonth(clampingYear: year + 1, month: 1) : CalendarMonth(clampingYear: year, month: month + 1)
    }
    var firstDay: String { "\(description)-01" }
    var lastDayPrefix: String { "\(description)-31" }

    func dayCount(in calendar: Calendar) -> Int {
        let date = calendar.date(from: DateComponents(year: year, month: month, day: 1)) ?? Date()
        return calendar.range(of: .day, in: .month, for: date)?.count ?? 30
    }
}
