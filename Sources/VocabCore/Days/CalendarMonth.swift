/// A year and month, e.g. 2026-11, with endless previous/next.
public struct CalendarMonth: Sendable, Hashable, CustomStringConvertible {
    public let year: Int
    public let month: Int

    public init?(year: Int, month: Int) {
        guard (1...9999).contains(year), (1...12).contains(month) else { return nil }
        self.year = year
        self.month = month
    }

    /// Parses exactly "YYYY-MM".
    public init?(_ text: some StringProtocol) {
        guard let first = CivilDay(text + "-01") else { return nil }
        self.init(first)
    }

    /// The month `day` is in.
    public init(_ day: CivilDay) {
        year = day.year
        month = day.month
    }

    public var description: String { firstDay.monthText }

    public var firstDay: CivilDay { CivilDay(year: year, month: month, day: 1) ?? .first }
    public var lastDay: CivilDay { firstDay.adding(days: dayCount - 1) }
    public var dayCount: Int { CivilDay.dayCount(year: year, month: month) }

    /// The month before; 0001-01 is the first month there is, so it is its own previous.
    public var previous: CalendarMonth {
        year == 1 && month == 1 ? self : CalendarMonth(firstDay.adding(days: -1))
    }
    /// The month after; 9999-12 is the last.
    public var next: CalendarMonth {
        year == 9999 && month == 12 ? self : CalendarMonth(lastDay.adding(days: 1))
    }
}
