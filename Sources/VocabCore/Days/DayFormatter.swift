import Foundation

/// Which `CivilDay` an instant falls on in a time zone (the server's, for
/// "words added today" and the daily review limits), and where days begin.
public struct DayFormatter: Sendable {
    public let timeZone: TimeZone

    public init(timeZone: TimeZone) {
        self.timeZone = timeZone
    }

    private var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar
    }

    public func day(of date: Date) -> CivilDay {
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return CivilDay(year: parts.year ?? 1, month: parts.month ?? 1, day: parts.day ?? 1)
            ?? .first
    }

    public func month(of date: Date) -> CalendarMonth { CalendarMonth(day(of: date)) }

    /// Midnight at the start of the day after `date`'s day.
    public func startOfNextDay(after date: Date) -> Date {
        let start = calendar.startOfDay(for: date)
        return calendar.date(byAdding: .day, value: 1, to: start)
            ?? start.addingTimeInterval(86_400)
    }

    /// The start of `date`'s day and of each of the `count` days after it
    /// (`count + 1` instants; days are 23 or 25 hours long across DST changes).
    public func dayStarts(from date: Date, count: Int) -> [Date] {
        var starts = [calendar.startOfDay(for: date)]
        for _ in 0..<count {
            starts.append(startOfNextDay(after: starts[starts.count - 1]))
        }
        return starts
    }
}
