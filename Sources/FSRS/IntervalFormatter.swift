import Foundation

/// Compact, language-neutral interval labels for the answer buttons: "45s", "10m", "3h",
/// "4d", "2.3mo", "1.2y". A month is 30 days and a year 365, as in Anki.
public enum IntervalFormatter {
    private static let minute = 60.0
    private static let hour = 3600.0
    private static let day = 86_400.0

    public static func short(_ seconds: TimeInterval) -> String {
        guard seconds.isFinite else { return seconds > 0 ? "∞" : "0s" }
        let seconds = max(0, seconds)
        // Each unit is used while its rounded count stays below the next unit, so
        // 59.8 minutes reads "1h", not "60m".
        let wholeSeconds = seconds.rounded()
        if wholeSeconds < minute { return "\(Int(wholeSeconds))s" }
        let minutes = (seconds / minute).rounded()
        if minutes < 60 { return "\(Int(minutes))m" }
        let hours = (seconds / hour).rounded()
        if hours < 24 { return "\(Int(hours))h" }
        let days = (seconds / day).rounded()
        if days < 30 { return "\(Int(days))d" }
        let months = tenths(seconds / (30 * day))
        if months < 120 { return decimal(months) + "mo" }
        return decimal(tenths(seconds / (365 * day))) + "y"
    }

    /// `value` in tenths, rounded (saturating so huge values can't trap).
    private static func tenths(_ value: Double) -> Int {
        let scaled = (value * 10).rounded()
        return scaled < 9e18 ? Int(scaled) : Int.max / 10 * 10
    }

    /// "2.3", or "2" when there are no tenths; no locale, so no "2,3".
    private static func decimal(_ tenths: Int) -> String {
        tenths % 10 == 0 ? "\(tenths / 10)" : "\(tenths / 10).\(tenths % 10)"
    }
}
