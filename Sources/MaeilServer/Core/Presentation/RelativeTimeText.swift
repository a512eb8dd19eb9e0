import Foundation

/// When something was written, as a review board says it: relatively within a
/// day ("방금 전", "5분 전", "3시간 전" / "just now", "5 minutes ago"), a date
/// after — without the year in the reader's current calendar year ("11월 3일" /
/// "Nov 3"), with it before ("2025년 11월 3일" / "Nov 3, 2025"), both in the
/// reader's time zone. `relative-time.js` renews the relative ones on the page
/// with the same words, which it reads from the page's strings.
enum RelativeTimeText {
    static let day: TimeInterval = 24 * 60 * 60

    /// The relative phrase under a day, else the date.
    static func text(_ date: Date, now: Date, _ lang: UILanguage, timeZone: TimeZone) -> String {
        relative(date, now: now, lang) ?? self.date(date, now: now, lang, timeZone: timeZone)
    }

    /// "5분 전" under a day (a moment in the future, a clock a little ahead, is
    /// "just now"), nil from a day on.
    static func relative(_ date: Date, now: Date, _ lang: UILanguage) -> String? {
        let seconds = now.timeIntervalSince(date)
        guard seconds < day else { return nil }
        if seconds < 60 { return Localizer.text("timeJustNow", lang) }
        if seconds < 60 * 60 { return Localizer.count("timeMinutesAgo", Int(seconds / 60), lang) }
        return Localizer.count("timeHoursAgo", Int(seconds / 3600), lang)
    }

    /// The calendar day, its year shown when it is not the reader's current year.
    static func date(_ date: Date, now: Date, _ lang: UILanguage, timeZone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let sameYear =
            calendar.component(.year, from: date) == calendar.component(.year, from: now)
        let formatter = DateFormatter()
        formatter.timeZone = timeZone
        formatter.locale = Locale(identifier: "en_US_POSIX")
        switch lang {
        case .ko: formatter.dateFormat = sameYear ? "M월 d일" : "yyyy년 M월 d일"
        case .en: formatter.dateFormat = sameYear ? "MMM d" : "MMM d, yyyy"
        }
        return formatter.string(from: date)
    }
}
