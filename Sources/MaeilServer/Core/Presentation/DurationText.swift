import Foundation

/// A length of time as people say it: "5분 12초", "3시간", "2일" / "5 min 12 s",
/// "3 h", "2 days". Seconds show only under ten minutes; above a day, whole days.
enum DurationText {
    static func text(_ seconds: TimeInterval, _ lang: UILanguage) -> String {
        let total = max(0, Int(seconds.rounded()))
        let (days, hours, minutes, secs) =
            (total / 86_400, total % 86_400 / 3_600, total % 3_600 / 60, total % 60)
        let ko = lang == .ko
        var parts: [String] = []
        if days > 0 {
            parts.append(ko ? "\(days)일" : days == 1 ? "1 day" : "\(days) days")
        } else if hours > 0 {
            parts.append(ko ? "\(hours)시간" : "\(hours) h")
            if minutes > 0 { parts.append(ko ? "\(minutes)분" : "\(minutes) min") }
        } else {
            if minutes > 0 { parts.append(ko ? "\(minutes)분" : "\(minutes) min") }
            if minutes < 10, secs > 0 || minutes == 0 {
                parts.append(ko ? "\(secs)초" : "\(secs) s")
            }
        }
        return parts.joined(separator: " ")
    }

    /// An answer button's interval ("10m", "4d", "2.3mo": `IntervalFormatter`)
    /// in the page's language: "10분", "4일", "2.3개월" in Korean, as Anki says it.
    static func interval(_ short: String, _ lang: UILanguage) -> String {
        guard lang == .ko else { return short }
        for (suffix, korean) in [
            ("mo", "개월"), ("s", "초"), ("m", "분"), ("h", "시간"), ("d", "일"), ("y", "년"),
        ]
        where short.hasSuffix(suffix) {
            return short.dropLast(suffix.count) + korean
        }
        return short
    }
}
