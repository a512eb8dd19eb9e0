import Foundation

/// A span of time in whole microseconds with Python `timedelta`'s arithmetic (rounding
/// half to even), so due dates land on exactly the same instant as py-fsrs's.
struct TimeDelta: Sendable, Hashable, Comparable {
    static let microsecondsPerSecond: Int64 = 1_000_000
    static let microsecondsPerDay: Int64 = 86_400 * microsecondsPerSecond

    var microseconds: Int64

    init(microseconds: Int64) {
        self.microseconds = microseconds
    }

    /// `timedelta(seconds=seconds)`.
    init(seconds: TimeInterval) {
        microseconds = Self.clampedInt64(seconds * 1e6)
    }

    /// `timedelta(days=days)`.
    static func days(_ days: Int) -> TimeDelta {
        let (product, overflow) = Int64(days).multipliedReportingOverflow(by: microsecondsPerDay)
        return TimeDelta(microseconds: overflow ? (days < 0 ? .min : .max) : product)
    }

    /// `later - earlier` as Python would have it; `Date` is a `Double`, so the difference
    /// is rounded to the microsecond Python datetimes carry.
    static func between(_ earlier: Date, and later: Date) -> TimeDelta {
        TimeDelta(microseconds: clampedInt64(later.timeIntervalSince(earlier) * 1e6))
    }

    /// `timedelta.days`: whole days, rounded down (so -1 µs is day -1).
    var days: Int {
        let (quotient, remainder) = microseconds.quotientAndRemainder(
            dividingBy: Self.microsecondsPerDay)
        return Int(remainder < 0 ? quotient - 1 : quotient)
    }

    var seconds: TimeInterval {
        Double(microseconds) / 1e6
    }

    /// `self * numerator / denominator` rounded half to even, which is what
    /// `timedelta * 1.5` and `timedelta / 2.0` do (exact ratios of the float).
    /// `denominator` must be positive.
    func scaled(by numerator: Int64, over denominator: Int64) -> TimeDelta {
        let product = microseconds.multipliedReportingOverflow(by: numerator).partialValue
        var (quotient, remainder) = product.quotientAndRemainder(dividingBy: denominator)
        if remainder < 0 {  // make it a floor division, remainder in 0..<denominator
            quotient -= 1
            remainder += denominator
        }
        if 2 * remainder > denominator || (2 * remainder == denominator && quotient % 2 != 0) {
            quotient += 1
        }
        return TimeDelta(microseconds: quotient)
    }

    static func + (lhs: TimeDelta, rhs: TimeDelta) -> TimeDelta {
        TimeDelta(microseconds: lhs.microseconds &+ rhs.microseconds)
    }

    static func < (lhs: TimeDelta, rhs: TimeDelta) -> Bool {
        lhs.microseconds < rhs.microseconds
    }

    /// Rounds half to even like `timedelta`, saturating instead of trapping on absurd dates.
    private static func clampedInt64(_ value: Double) -> Int64 {
        guard !value.isNaN else { return 0 }
        let rounded = value.rounded(.toNearestOrEven)
        if rounded >= 9.2e18 { return Int64.max }
        if rounded <= -9.2e18 { return Int64.min }
        return Int64(rounded)
    }
}

extension Date {
    /// `self + delta`; whole seconds stay whole (a multiple of 10⁶ µs / 1e6 is exact).
    func adding(_ delta: TimeDelta) -> Date {
        addingTimeInterval(delta.seconds)
    }
}
