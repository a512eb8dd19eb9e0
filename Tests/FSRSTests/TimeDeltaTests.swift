import Foundation
import Testing

@testable import FSRS

/// Python `timedelta` arithmetic, which due dates depend on.
@Suite("timedelta arithmetic")
struct TimeDeltaTests {
    @Test func daysRoundDown() {
        #expect(TimeDelta(microseconds: 86_400_000_000 - 1).days == 0)
        #expect(TimeDelta.days(3).days == 3)
        #expect(TimeDelta(microseconds: -1).days == -1)
        #expect(TimeDelta(seconds: -86_400).days == -1)
        #expect(TimeDelta(seconds: -86_401).days == -2)
    }

    @Test func scalingRoundsHalfToEven() {
        // Printed by Python: timedelta(microseconds=n) * 1.5 and (a + b) / 2.0.
        #expect(TimeDelta(microseconds: 1).scaled(by: 3, over: 2).microseconds == 2)
        #expect(TimeDelta(microseconds: 3).scaled(by: 3, over: 2).microseconds == 4)
        #expect(TimeDelta(microseconds: 3).scaled(by: 1, over: 2).microseconds == 2)
        #expect(TimeDelta(microseconds: 5).scaled(by: 1, over: 2).microseconds == 2)
        #expect(TimeDelta(microseconds: -5).scaled(by: 1, over: 2).microseconds == -2)
        #expect(TimeDelta(microseconds: -3).scaled(by: 1, over: 2).microseconds == -2)
        #expect(TimeDelta(seconds: 661).scaled(by: 1, over: 2).seconds == 330.5)
    }

    @Test func differencesOfDatesAreWholeMicroseconds() {
        let later = t0.addingTimeInterval(86_400 * 2 + 0.000_001)
        #expect(TimeDelta.between(t0, and: later).microseconds == 172_800_000_001)
        #expect(TimeDelta.between(later, and: t0).days == -3)
        #expect(t0.adding(.days(1)) == t0 + 86_400)
    }
}
