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

    /// Parses exactly "YYYY-MM-DD", ASCII digits only. Reads the bytes: the
    /// streaks parse every day studied on each Study page, and split into
    /// substrings and compared as characters, 400 days took 2.2 ms of the
    /// server's time (0.2 ms as bytes).
    public init?(_ text: String) {
        var fields = (year: 0, month: 0, day: 0)
        var place = 0
        for byte in text.utf8 {
            switch place {
            case 4, 7:
                guard byte == UInt8(ascii: "-") else { return nil }
            case 0..<10:
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                let digit = Int(byte - UInt8(ascii: "0"))
                switch place {
                case ..<4: fields.year = fields.year * 10 + digit
                case ..<7: fields.month = fields.month * 10 + digit
                default: fields.day = fields.day * 10 + digit
                }
            default:
                return nil
            }
            place += 1
        }
        guard place == 10 else { return nil }
        self.init(year: fields.year, month: fields.month, day: fields.day)
    }

    /// Parses exactly "YYYY-MM-DD" from a substring (a line, a path component).
    public init?(_ text: some StringProtocol) {
        self.init(String(text))
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
