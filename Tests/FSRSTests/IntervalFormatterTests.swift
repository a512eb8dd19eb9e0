import FSRS
import Foundation
import Testing

@Suite("interval labels")
struct IntervalFormatterTests {
    @Test(
        arguments: [
            (0.0, "0s"), (-3, "0s"), (30, "30s"), (59.4, "59s"), (59.6, "1m"),
            (60, "1m"), (330, "6m"), (600, "10m"), (3588, "1h"), (3600, "1h"), (3 * 3600, "3h"),
            (23.6 * 3600, "1d"), (86_400, "1d"), (4 * 86_400, "4d"), (29 * 86_400, "29d"),
            (30 * 86_400, "1mo"), (69 * 86_400, "2.3mo"), (200 * 86_400, "6.7mo"),
            (340 * 86_400, "11.3mo"),
            (359 * 86_400, "1y"),
            (360 * 86_400, "1y"), (438 * 86_400, "1.2y"), (36500 * 86_400, "100y"),
        ] as [(TimeInterval, String)])
    func labels(seconds: TimeInterval, label: String) {
        #expect(IntervalFormatter.short(seconds) == label)
    }

    @Test func nonsenseDoesNotTrap() {
        #expect(IntervalFormatter.short(.infinity) == "∞")
        #expect(IntervalFormatter.short(.nan) == "0s")
        #expect(!IntervalFormatter.short(1e300).isEmpty)
    }
}
