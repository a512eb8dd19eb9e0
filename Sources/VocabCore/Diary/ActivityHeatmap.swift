/// A year of activity laid out as GitHub draws it: one column per week
/// (Sunday on top), one cell per day, each with an intensity level 0–4.
public struct ActivityHeatmap: Sendable, Equatable {
    public struct Cell: Sendable, Equatable {
        public var day: CivilDay
        public var count: Int
        /// 0 for no activity; 1–4 by quarters of the busiest day.
        public var level: Int
    }

    /// A month's name goes above the column holding its 1st day.
    public struct MonthStart: Sendable, Equatable {
        public var column: Int
        public var year: Int
        public var month: Int
    }

    public let first: CivilDay
    public let last: CivilDay
    /// Columns of seven rows; nil before `first` and after `last`.
    public let weeks: [[Cell?]]
    public let monthStarts: [MonthStart]
    public let maxCount: Int
    public let total: Int
    public let activeDays: Int

    /// The `days` days ending on `last` (365 by default); counts outside them are ignored.
    public init(counts: [CivilDay: Int], endingOn last: CivilDay, days: Int = 365) {
        let first = last.adding(days: -(max(1, days) - 1))
        self.first = first
        self.last = last
        var inRange: [Int] = []
        for ordinal in first.ordinal...last.ordinal {
            inRange.append(max(0, counts[CivilDay(ordinal: ordinal)] ?? 0))
        }
        let maxCount = inRange.max() ?? 0
        self.maxCount = maxCount
        total = inRange.reduce(0, +)
        activeDays = inRange.filter { $0 > 0 }.count

        let start = first.startOfWeek
        var weeks: [[Cell?]] = []
        var monthStarts: [MonthStart] = []
        var column = 0
        var weekStart = start
        while weekStart <= last {
            var week: [Cell?] = []
            for row in 0..<7 {
                let day = weekStart.adding(days: row)
                guard day >= first, day <= last else {
                    week.append(nil)
                    continue
                }
                let count = inRange[first.days(to: day)]
                week.append(Cell(day: day, count: count, level: Self.level(count, max: maxCount)))
                if day.day == 1 {
                    monthStarts.append(MonthStart(column: column, year: day.year, month: day.month))
                }
            }
            weeks.append(week)
            column += 1
            weekStart = weekStart.adding(days: 7)
        }
        self.weeks = weeks
        self.monthStarts = monthStarts
    }

    /// 0 for nothing, else 1–4: the quarter of `max` the count reaches
    /// (rounded up, so any activity shows and the busiest day is 4).
    public static func level(_ count: Int, max: Int) -> Int {
        guard count > 0, max > 0 else { return 0 }
        return Swift.min(4, Swift.max(1, (4 * count + max - 1) / max))
    }

    public func cell(on day: CivilDay) -> Cell? {
        guard day >= first, day <= last else { return nil }
        let offset = first.startOfWeek.days(to: day)
        return weeks[offset / 7][offset % 7]
    }
}
