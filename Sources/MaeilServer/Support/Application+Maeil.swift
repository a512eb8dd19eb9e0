import Vapor

extension Application {
    private struct SettingsKey: StorageKey { typealias Value = ServerSettings }

    /// The settings the app was configured with.
    var maeilSettings: ServerSettings {
        get { storage[SettingsKey.self] ?? ServerSettings() }
        set { storage[SettingsKey.self] = newValue }
    }
}

extension Request {
    var maeilSettings: ServerSettings { application.maeilSettings }

    /// The signed-in user, or 401.
    func requireUser() throws -> User {
        guard let user = auth.get(User.self) else { throw AppError.unauthorized }
        return user
    }
    func requireUserID() throws -> UUID {
        guard let id = try requireUser().id else { throw AppError.unauthorized }
        return id
    }
}

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
