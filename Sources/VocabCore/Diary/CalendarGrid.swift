/// The days a month or week page shows, Sunday first, with endless previous
/// and next pages (clamped at 0001-01 and 9999-12).
public struct CalendarGrid: Sendable, Equatable {
    public enum Span: Sendable, Equatable {
        /// The month holding this day.
        case month(year: Int, month: Int)
        /// The Sunday-to-Saturday week holding this day (its first real day).
        case week(startingOn: CivilDay)
    }

    public let span: Span
    /// Rows of seven; nil pads a month's first and last week.
    public let weeks: [[CivilDay?]]

    public static func month(year: Int, month: Int) -> CalendarGrid? {
        guard let first = CivilDay(year: year, month: month, day: 1) else { return nil }
        return CalendarGrid(span: .month(year: year, month: month), first: first)
    }

    public static func week(containing day: CivilDay) -> CalendarGrid {
        let sunday = day.ordinal - day.weekday
        return CalendarGrid(span: .week(startingOn: CivilDay(ordinal: sunday)), sunday: sunday)
    }

    /// A week: days outside 0001-01-01...9999-12-31 stay blank.
    private init(span: Span, sunday: Int) {
        self.span = span
        let range = CivilDay.first.ordinal...CivilDay.last.ordinal
        weeks = [(0..<7).map { range.contains(sunday + $0) ? CivilDay(ordinal: sunday + $0) : nil }]
    }

    /// A month: blanks before the 1st and after the last day.
    private init(span: Span, first: CivilDay) {
        self.span = span
        let count = CivilDay.dayCount(year: first.year, month: first.month)
        var cells: [CivilDay?] = Array(repeating: nil, count: first.weekday)
        cells += (0..<count).map { Optional(first.adding(days: $0)) }
        while cells.count % 7 != 0 { cells.append(nil) }
        weeks = stride(from: 0, to: cells.count, by: 7).map { Array(cells[$0..<($0 + 7)]) }
    }

    /// Every real day shown, in order.
    public var days: [CivilDay] { weeks.flatMap { $0.compactMap { $0 } } }
    public var firstDay: CivilDay { days.first ?? .first }
    public var lastDay: CivilDay { days.last ?? .first }

    public var previous: CalendarGrid {
        switch span {
        case .month(let year, let month):
            if year == 1 && month == 1 { return self }
            return month == 1
                ? Self.month(year: year - 1, month: 12) ?? self
                : Self.month(year: year, month: month - 1) ?? self
        case .week:
            return firstDay == .first ? self : Self.week(containing: firstDay.adding(days: -1))
        }
    }

    public var next: CalendarGrid {
        switch span {
        case .month(let year, let month):
            if year == 9999 && month == 12 { return self }
            return month == 12
                ? Self.month(year: year + 1, month: 1) ?? self
                : Self.month(year: year, month: month + 1) ?? self
        case .week:
            return lastDay == .last ? self : Self.week(containing: lastDay.adding(days: 1))
        }
    }

    public func contains(_ day: CivilDay) -> Bool { day >= firstDay && day <= lastDay }
}
