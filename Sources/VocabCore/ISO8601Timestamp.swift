import Foundation

/// ISO 8601 timestamps in UTC (`2024-05-01T09:30:00.125Z`) that round-trip a `Date`
/// exactly: the fraction gets 3, 6, 9, 12 or 15 digits — the fewest that give back the
/// same `Date`. Parsing accepts any number of fraction digits, `Z` or a `±HH:MM` offset
/// (none means UTC), `T` or a space between date and time, and a bare date (midnight UTC).
public enum ISO8601Timestamp {
    private static let unixToReference: Int64 = 978_307_200
    private static let powersOfTen: [Double] = (0...18).map { pow(10, Double($0)) }

    public static func format(_ date: Date) -> String {
        // Clamped to the years 0000–9999 (so the integer arithmetic below cannot overflow).
        let raw = date.timeIntervalSinceReferenceDate
        guard raw.isFinite else { return "1970-01-01T00:00:00Z" }
        let t = min(max(raw, -63_145_526_400), 252_423_993_599)
        let whole = t.rounded(.down)
        let fraction = t - whole
        var out = dateAndTime(Int64(whole))
        if fraction > 0 {
            var digits: String?
            for n in [3, 6, 9, 12, 15] {
                let scale = powersOfTen[n]
                let scaled = (fraction * scale).rounded()
                if scaled >= scale { continue }
                if whole + scaled / scale == t {
                    digits = pad(Int64(scaled), n)
                    break
                }
            }
            out += "." + (digits ?? pad(Int64((fraction * 1e9).rounded(.down)), 9))
        }
        return out + "Z"
    }

    public static func parse(_ text: String) -> Date? {
        let b = Array(text.utf8)
        var i = 0
        func number(_ length: Int) -> Int64? {
            guard i + length <= b.count else { return nil }
            var value: Int64 = 0
            for k in i..<(i + length) {
                let c = b[k]
                guard c >= 0x30 && c <= 0x39 else { return nil }
                value = value * 10 + Int64(c - 0x30)
            }
            i += length
            return value
        }
        func expect(_ c: UInt8) -> Bool {
            if i < b.count && b[i] == c {
                i += 1
                return true
            }
            return false
        }
        guard let year = number(4), expect(0x2D), let month = number(2), expect(0x2D),
            let day = number(2)
        else { return nil }
        guard (1...12).contains(month), day >= 1, day <= daysInMonth(year, month) else {
            return nil
        }
        var hour: Int64 = 0
        var minute: Int64 = 0
        var second: Int64 = 0
        var fraction = 0.0
        var offsetSeconds: Int64 = 0
        if i < b.count {
            guard b[i] == 0x54 || b[i] == 0x74 || b[i] == 0x20 else { return nil }  // T t space
            i += 1
            guard let h = number(2), expect(0x3A), let m = number(2) else { return nil }
            hour = h
            minute = m
            if expect(0x3A) {
                guard let s = number(2) else { return nil }
                second = s
                if i < b.count && (b[i] == 0x2E || b[i] == 0x2C) {  // . or ,
                    i += 1
                    var digits: Int64 = 0
                    var count = 0
                    let start = i
                    while i < b.count && b[i] >= 0x30 && b[i] <= 0x39 {
                        if count < 15 {
                            digits = digits * 10 + Int64(b[i] - 0x30)
                            count += 1
                        }
                        i += 1
                    }
                    guard i > start else { return nil }
                    fraction = Double(digits) / powersOfTen[count]
                }
            }
            guard hour <= 23, minute <= 59, second <= 60 else { return nil }
            if i < b.count {
                if b[i] == 0x5A || b[i] == 0x7A {  // Z z
                    i += 1
                } else if b[i] == 0x2B || b[i] == 0x2D {  // + -
                    let sign: Int64 = b[i] == 0x2D ? -1 : 1
                    i += 1
                    guard let oh = number(2) else { return nil }
                    var om: Int64 = 0
                    if i < b.count {
                        _ = expect(0x3A)
                        guard let m = number(2) else { return nil }
                        om = m
                    }
                    guard oh <= 23, om <= 59 else { return nil }
                    offsetSeconds = sign * (oh * 3600 + om * 60)
                } else {
                    return nil
                }
            }
            guard i == b.count else { return nil }
        }
        let days = daysFromCivil(year, month, day)
        let unix = days * 86_400 + hour * 3600 + minute * 60 + second - offsetSeconds
        let whole = Double(unix - unixToReference)
        return Date(timeIntervalSinceReferenceDate: whole + fraction)
    }

    private static func pad(_ value: Int64, _ width: Int) -> String {
        let negative = value < 0
        var s = String(negative ? -value : value)
        if s.count < width { s = String(repeating: "0", count: width - s.count) + s }
        return negative ? "-" + s : s
    }

    private static func floorDivide(_ a: Int64, _ b: Int64) -> Int64 {
        let q = a / b
        return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q
    }

    private static func isLeap(_ y: Int64) -> Bool { (y % 4 == 0 && y % 100 != 0) || y % 400 == 0 }

    /// The time to the second, truncated (`2024-05-01T09:30:00Z`): what the
    /// API writes, as Foundation's `.iso8601` date strategy does.
    public static func formatWholeSeconds(_ date: Date) -> String {
        let raw = date.timeIntervalSinceReferenceDate
        guard raw.isFinite else { return "1970-01-01T00:00:00Z" }
        return dateAndTime(Int64(min(max(raw, -63_145_526_400), 252_423_993_599).rounded(.down)))
            + "Z"
    }

    /// The UTC fields `formatWholeSeconds` writes, for a writer that puts the
    /// digits in place itself (the API's JSON).
    public static func wholeSecondFields(_ date: Date) -> (
        year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int
    ) {
        let raw = date.timeIntervalSinceReferenceDate
        let t =
            raw.isFinite ? min(max(raw, -63_145_526_400), 252_423_993_599) : -unixToReferenceSeconds
        let unix = Int64(t.rounded(.down)) + unixToReference
        let days = floorDivide(unix, 86_400)
        let secondOfDay = Int(unix - days * 86_400)
        let (year, month, day) = civil(fromDays: days)
        return (
            Int(year), Int(month), Int(day), secondOfDay / 3600, secondOfDay / 60 % 60,
            secondOfDay % 60
        )
    }

    private static let unixToReferenceSeconds = Double(unixToReference)

    /// `YYYY-MM-DDTHH:MM:SS` of whole seconds since the reference date.
    private static func dateAndTime(_ wholeSeconds: Int64) -> String {
        let unix = wholeSeconds + unixToReference
        let days = floorDivide(unix, 86_400)
        let secondOfDay = unix - days * 86_400
        let (year, month, day) = civil(fromDays: days)
        return pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2) + "T"
            + pad(secondOfDay / 3600, 2) + ":" + pad(secondOfDay / 60 % 60, 2) + ":"
            + pad(secondOfDay % 60, 2)
    }

    private static func daysInMonth(_ y: Int64, _ m: Int64) -> Int64 {
        switch m {
        case 2: return isLeap(y) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days since 1970-01-01 (Howard Hinnant's algorithm).
    private static func daysFromCivil(_ year: Int64, _ month: Int64, _ day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    private static func civil(fromDays days: Int64) -> (Int64, Int64, Int64) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (m <= 2 ? yoe + era * 400 + 1 : yoe + era * 400, m, d)
    }
}
