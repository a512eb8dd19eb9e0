import Foundation

/// py-fsrs's interval fuzz: review intervals of 3 days or more move by a few percent
/// so cards learnt together drift apart. The range is py-fsrs's; the random numbers
/// come from the caller's generator, so a seeded generator gives a repeatable schedule.
enum Fuzz {
    /// py-fsrs `FUZZ_RANGES`: each band of the interval adds `factor` days per day.
    private static let bands: [(start: Double, end: Double, factor: Double)] = [
        (2.5, 7.0, 0.15),
        (7.0, 20.0, 0.1),
        (20.0, .infinity, 0.05),
    ]

    /// py-fsrs `_get_fuzz_range`: the days a fuzzed `intervalDays` is drawn around.
    static func range(intervalDays: Int, maximumInterval: Int) -> (min: Int, max: Int) {
        var delta = 1.0
        for band in bands {
            delta += band.factor * max(min(Double(intervalDays), band.end) - band.start, 0.0)
        }
        var minimum = Int(saturating: (Double(intervalDays) - delta).rounded(.toNearestOrEven))
        var maximum = Int(saturating: (Double(intervalDays) + delta).rounded(.toNearestOrEven))
        minimum = max(2, minimum)
        maximum = min(maximum, maximumInterval)
        minimum = min(minimum, maximum)
        return (minimum, maximum)
    }

    /// py-fsrs `_get_fuzzed_interval`. Like py-fsrs, `u * (max - min + 1) + min` is
    /// rounded half to even, so the result can be `max + 1` (capped only by the maximum
    /// interval) and the two ends are half as likely as the days between.
    static func interval<G: RandomNumberGenerator>(
        _ interval: TimeDelta, maximumInterval: Int, using generator: inout G
    ) -> TimeDelta {
        let days = interval.days
        guard Double(days) >= 2.5 else { return interval }
        let (minimum, maximum) = range(intervalDays: days, maximumInterval: maximumInterval)
        let u = Double.random(in: 0..<1, using: &generator)
        let fuzzed = (u * Double(maximum - minimum + 1) + Double(minimum)).rounded(.toNearestOrEven)
        return .days(min(Int(saturating: fuzzed), maximumInterval))
    }
}

extension Int {
    /// `Int(value)` for a whole `value`, saturating rather than trapping near `Int.max`
    /// (only reachable with an absurd maximum interval).
    init(saturating value: Double) {
        if value >= 9.2e18 {
            self = .max
        } else if value <= -9.2e18 {
            self = .min
        } else {
            self = Int(value)
        }
    }
}
