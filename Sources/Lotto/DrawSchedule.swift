/// When each round is drawn: Saturdays at 20:35 in Korea (UTC+9, no daylight saving), round
/// N on 2002-12-07 + 7(N − 1) days — true for every round so far.
public enum DrawSchedule {
    /// Korea's offset from UTC, in seconds.
    public static let koreaOffset: Int64 = 9 * 3600
    static let firstDrawDay = daysSinceEpoch(year: 2002, month: 12, day: 7)
    static let drawTimeOfDay: Int64 = (20 * 60 + 35) * 60
    static let week: Int64 = 7 * 86_400

    /// The round's draw day in Korea, "YYYY-MM-DD".
    public static func date(ofRound round: Int) -> String {
        civilDate(daysSinceEpoch: firstDrawDay + Int64(round - 1) * 7)
    }

    /// The moment of the round's draw, in seconds since 1970 (UTC).
    public static func drawTime(ofRound round: Int) -> Int64 {
        (firstDrawDay + Int64(round - 1) * 7) * 86_400 + drawTimeOfDay - koreaOffset
    }

    /// The last round drawn at `time` (seconds since 1970); 0 before the first draw.
    public static func latestDrawnRound(at time: Int64) -> Int {
        let sinceFirst = time - drawTime(ofRound: 1)
        guard sinceFirst >= 0 else { return 0 }
        return Int(sinceFirst / week) + 1
    }

    /// The round a ticket bought at `time` is for: the next draw.
    public static func roundOnSale(at time: Int64) -> Int {
        latestDrawnRound(at: time) + 1
    }

    /// When to look for a round's result, after its draw at 20:35: 21:00 (results are
    /// usually out), 21:30 and 23:00 (when they are late), and Sunday 10:00.
    public static let resultChecks: [Int64] = [25, 55, 145, 805].map { $0 * 60 }

    /// The first result check after `time` (seconds since 1970).
    public static func nextResultCheck(after time: Int64) -> Int64 {
        let latest = max(latestDrawnRound(at: time), 1)
        let candidates = [latest, latest + 1].flatMap { round in
            resultChecks.map { drawTime(ofRound: round) + $0 }
        }
        return candidates.filter { $0 > time }.min() ?? drawTime(ofRound: latest + 1)
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
    public static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int64 {
        let y = Int64(month <= 2 ? year - 1 : year)
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let m = Int64(month)
        let dayOfYear = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + Int64(day) - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// "YYYY-MM-DD" of a day counted from 1970-01-01.
    public static func civilDate(daysSinceEpoch days: Int64) -> String {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return String(year) + "-" + String(month).leftPadded(to: 2) + "-"
            + String(day).leftPadded(to: 2)
    }
}
