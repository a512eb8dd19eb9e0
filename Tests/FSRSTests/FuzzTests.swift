import Foundation
import MaeilTestSupport
import Testing

@testable import FSRS

@Suite("fuzz")
struct FuzzTests {
    /// Every outcome py-fsrs 6.3.2 produced in 200,000 draws per interval (maximum
    /// 36500): note the top is one more than py-fsrs's own max_ivl (see Fuzz.interval).
    static let pythonOutcomes: [Int: ClosedRange<Int>] = [
        3: 2...5, 10: 8...13, 25: 22...29, 100: 93...108,
    ]

    func fuzzedDays(_ days: Int, maximumInterval: Int = 36500, generator: inout SplitMix64) -> Int {
        Fuzz.interval(.days(days), maximumInterval: maximumInterval, using: &generator).days
    }

    @Test func outcomesAreExactlyPythons() {
        var generator = SplitMix64(seed: 42)
        for (days, expected) in Self.pythonOutcomes {
            var seen = Set<Int>()
            for _ in 0..<4000 { seen.insert(fuzzedDays(days, generator: &generator)) }
            #expect(seen == Set(expected), "\(days) days")
        }
    }

    @Test func rangesAreThoseOfPython() {
        // py-fsrs _get_fuzz_range for these intervals.
        #expect(Fuzz.range(intervalDays: 3, maximumInterval: 36500) == (2, 4))
        #expect(Fuzz.range(intervalDays: 10, maximumInterval: 36500) == (8, 12))
        #expect(Fuzz.range(intervalDays: 100, maximumInterval: 36500) == (93, 107))
        #expect(Fuzz.range(intervalDays: 100, maximumInterval: 100) == (93, 100))
        #expect(Fuzz.range(intervalDays: 3, maximumInterval: 3) == (2, 3))
    }

    @Test(arguments: [3, 5, 30, 36500])
    func staysInTheFuzzRangeAndWithinTheMaximum(maximumInterval: Int) {
        var generator = SplitMix64(seed: UInt64(maximumInterval))
        for days in 1...min(maximumInterval, 400) {
            let (low, high) = Fuzz.range(intervalDays: days, maximumInterval: maximumInterval)
            for _ in 0..<50 {
                let fuzzed = fuzzedDays(
                    days, maximumInterval: maximumInterval, generator: &generator)
                if days < 3 {
                    #expect(fuzzed == days, "intervals under 2.5 days are not fuzzed")
                } else {
                    #expect(
                        fuzzed >= low && fuzzed <= min(high + 1, maximumInterval),
                        "\(days) days → \(fuzzed)")
                }
                #expect(fuzzed >= 1 && fuzzed <= maximumInterval)
            }
        }
    }

    @Test func aSeededGeneratorGivesTheSameSchedule() {
        let scheduler = Scheduler(SchedulerParameters(enableFuzzing: true))
        func run(seed: UInt64) -> [Date] {
            var generator = SplitMix64(seed: seed)
            var card = Card(due: t0)
            var dues: [Date] = []
            for index in 0..<200 {
                let rating: Rating = index % 7 == 6 ? .again : .good
                card = scheduler.review(card, rating: rating, at: card.due, using: &generator).after
                dues.append(card.due)
            }
            return dues
        }
        #expect(run(seed: 1) == run(seed: 1))
        #expect(run(seed: 1) != run(seed: 2))
    }

    @Test func theSchedulerFuzzesOnlyReviewIntervals() {
        let fuzzy = Scheduler(SchedulerParameters(maximumInterval: 400, enableFuzzing: true))
        let plain = Scheduler(SchedulerParameters(maximumInterval: 400))
        var generator = SplitMix64(seed: 9)
        var card = Card(due: t0)
        var sawFuzz = false
        for index in 0..<300 {
            let rating: Rating = [.good, .good, .hard, .easy, .again][index % 5]
            let at = card.due
            let expected = plain.review(card, rating: rating, at: at).after
            let actual = fuzzy.review(card, rating: rating, at: at, using: &generator).after
            // Only the due date may differ, and only for review cards.
            var withoutDue = actual
            withoutDue.due = expected.due
            #expect(withoutDue == expected)
            let days = Int((expected.due.timeIntervalSince(at) / 86_400).rounded())
            let fuzzedDays = actual.due.timeIntervalSince(at) / 86_400
            if expected.state != .review || days < 3 {
                #expect(actual.due == expected.due)
            } else {
                let (low, high) = Fuzz.range(intervalDays: days, maximumInterval: 400)
                #expect(fuzzedDays == fuzzedDays.rounded(), "whole days")
                #expect(Int(fuzzedDays) >= low && Int(fuzzedDays) <= min(high + 1, 400))
                sawFuzz = sawFuzz || actual.due != expected.due
            }
            card = actual
        }
        #expect(sawFuzz)
    }

    @Test func theDefaultOverloadUsesTheSystemGenerator() {
        let fuzzy = Scheduler(SchedulerParameters(enableFuzzing: true))
        let card = Card(
            state: .review, stability: 100, difficulty: 5, due: t0, lastReview: t0 - .days(100))
        let days =
            fuzzy.review(card, rating: .good, at: t0).after.due.timeIntervalSince(t0) / 86_400
        #expect(days >= 2 && days <= 36500 && days == days.rounded())
    }
}
