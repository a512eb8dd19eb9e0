import Testing

@testable import VocabCore

@Suite struct StudyStreakTests {
    func days(_ texts: [String]) -> [CivilDay] { texts.compactMap { CivilDay($0) } }
    let today = CivilDay("2026-03-02")!

    @Test func noDaysNoStreak() {
        #expect(StudyStreak(activeDays: [], today: today) == StudyStreak(current: 0, longest: 0))
    }

    @Test func oneDay() {
        #expect(
            StudyStreak(activeDays: days(["2026-03-02"]), today: today)
                == StudyStreak(current: 1, longest: 1))
        #expect(
            StudyStreak(activeDays: days(["2026-02-10"]), today: today)
                == StudyStreak(current: 0, longest: 1))
    }

    @Test func anEmptyTodayKeepsYesterdaysStreak() {
        let streak = StudyStreak(
            activeDays: days(["2026-02-27", "2026-02-28", "2026-03-01"]), today: today)
        #expect(streak == StudyStreak(current: 3, longest: 3))
        // Two days without: gone.
        let lost = StudyStreak(activeDays: days(["2026-02-27", "2026-02-28"]), today: today)
        #expect(lost == StudyStreak(current: 0, longest: 2))
    }

    @Test func streaksCrossMonthAndYearBoundaries() {
        // 2026 is not a leap year: February 28 is followed by March 1.
        let march = StudyStreak(
            activeDays: days(["2026-02-27", "2026-02-28", "2026-03-01", "2026-03-02"]), today: today
        )
        #expect(march == StudyStreak(current: 4, longest: 4))
        let newYear = StudyStreak(
            activeDays: days(["2025-12-30", "2025-12-31", "2026-01-01"]),
            today: CivilDay("2026-01-01")!)
        #expect(newYear == StudyStreak(current: 3, longest: 3))
        let leap = StudyStreak(
            activeDays: days(["2024-02-28", "2024-02-29", "2024-03-01"]),
            today: CivilDay("2024-03-01")!)
        #expect(leap.current == 3)
    }

    @Test func theLongestRunIsFoundAnywhereAndDuplicatesCountOnce() {
        let streak = StudyStreak(
            activeDays: days([
                "2025-06-01", "2025-06-02", "2025-06-03", "2025-06-04", "2025-06-04", "2025-07-01",
                "2026-03-01", "2026-03-02",
            ]),
            today: today)
        #expect(streak == StudyStreak(current: 2, longest: 4))
    }

    @Test func daysAfterTodayAreIgnored() {
        let streak = StudyStreak(
            activeDays: days(["2026-03-02", "2026-03-03", "2026-03-04"]), today: today)
        #expect(streak == StudyStreak(current: 1, longest: 1))
    }
}
