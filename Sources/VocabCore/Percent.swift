/// A share as the whole percentage a person reads: every score, accuracy
/// and retention the app shows goes through here, so the same answers read
/// the same on the session summary, the dashboard, the diary and a game.
public enum Percent {
    /// `part` out of `whole`, rounded to nearest with halves up (2 of 3 → 67,
    /// 1 of 8 → 13), except that a mixed result never shows 100 or 0: 199 of
    /// 200 → 99, 1 of 300 → 1. Nothing out of nothing → 0.
    public static func rounded(_ part: Int, of whole: Int) -> Int {
        guard whole > 0, part > 0 else { return 0 }
        if part >= whole { return 100 }
        let rounded = (part * 200 + whole) / (whole * 2)
        return min(max(rounded, 1), 99)
    }
}
