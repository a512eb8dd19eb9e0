/// A calendar day with no time and no time zone ("2026-11-22"), as the diary
/// stores days. Day arithmetic goes through `ordinal` (days since 1970-01-01
/// in the proleptic Gregorian calendar), so it needs no `Calendar`.
public struct CivilDay: Sendable, Hashable, Comparable, CustomStringConvertible, Codable {
    public let year: Int
    public let month: Int
    public let day: Int

    /// Nil for impossible days (2026-02-30) and years outside 1...9999.
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
            (1...Self.dayCount(year: year, month: month)).contains(day)
        else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Parses exactly "YYYY-MM-DD".
    public init?(_ text: some StringProtocol) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            parts.allSatisfy({ $0.allSatisfy { ("0"..."9").contains($0) } }),
            let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2])
        else { return nil }
        self.init(year: y, month: m, day: d)
    }

    /// The day `ordinal` days after 1970-01-01 (negative: before), clamped to 0001-01-01...9999-12-31.
    public init(ordinal: Int) {
        let clamped = min(max(ordinal, Self.first.ordinal), Self.last.ordinal)
        // Howard Hinnant's civil_from_days.
        let z = clamped + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        self.year = yoe + era * 400 + (m <= 2 ? 1 : 0)
        self.month = m
        self.day = d
    }

    private init(unchecked year: Int, _ month: Int, _ day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    public static let first = CivilDay(unchecked: 1, 1, 1)
    public static let last = CivilDay(unchecked: 9999, 12, 31)

    /// Days since 1970-01-01 (Howard Hinnant's days_from_civil).
    public var ordinal: Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    public func adding(days: Int) -> CivilDay { CivilDay(ordinal: ordinal + days) }

    /// Days from `self` to `other` (positive when `other` is later).
    public func days(to other: CivilDay) -> Int { other.ordinal - ordinal }

    /// 0 = Sunday … 6 = Saturday.
    public var weekday: Int {
        // 1970-01-01 was a Thursday (4).
        ((ordinal % 7) + 7 + 4) % 7
    }

    /// The Sunday that starts this day's week.
    public var startOfWeek: CivilDay { adding(days: -weekday) }

    /// The first day of this day's month.
    public var startOfMonth: CivilDay { CivilDay(unchecked: year, month, 1) }

    /// "2026-11".
    public var monthText: String { Self.pad(year, 4) + "-" + Self.pad(month, 2) }

    public var description: String { monthText + "-" + Self.pad(day, 2) }

    public static func < (lhs: CivilDay, rhs: CivilDay) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    public static func isLeapYear(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    public static func dayCount(year: Int, month: Int) -> Int {
        switch month {
        case 2: isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    static func pad(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }

    /// Stored and sent as its text, "2026-11-22".
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let day = CivilDay(text) else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription: "not a day like 2026-11-22: \(text)"))
        }
        self = day
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
