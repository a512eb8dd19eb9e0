import Testing

@testable import VocabCore

@Suite struct ActivityHeatmapTests {
    @Test func aYearIsFiftyThreeWeekColumnsSundayFirst() throws {
        let sunday = try #require(CivilDay("2026-11-22"))
        for last in [sunday, sunday.adding(days: 3), sunday.adding(days: 6)] {
            let map = ActivityHeatmap(counts: [:], endingOn: last)
            #expect(map.weeks.count == 53, "\(last)")
            #expect(map.weeks.allSatisfy { $0.count == 7 })
            #expect(map.weeks.flatMap { $0 }.compactMap { $0 }.count == 365)
            #expect(map.first == last.adding(days: -364))
            // Blanks only before the first day and after the last.
            let firstColumn = map.weeks[0]
            #expect(firstColumn.prefix(map.first.weekday).allSatisfy { $0 == nil })
            #expect(firstColumn[map.first.weekday]?.day == map.first)
            #expect(map.weeks.last?[last.weekday]?.day == last)
            #expect(map.weeks.last?.suffix(6 - last.weekday).allSatisfy { $0 == nil } == true)
        }
    }

    @Test func levelsAreQuartersOfTheBusiestDay() {
        #expect(ActivityHeatmap.level(0, max: 0) == 0)
        #expect(ActivityHeatmap.level(0, max: 10) == 0)
        #expect(ActivityHeatmap.level(1, max: 100) == 1, "any activity shows")
        #expect(ActivityHeatmap.level(25, max: 100) == 1)
        #expect(ActivityHeatmap.level(26, max: 100) == 2)
        #expect(ActivityHeatmap.level(50, max: 100) == 2)
        #expect(ActivityHeatmap.level(75, max: 100) == 3)
        #expect(ActivityHeatmap.level(76, max: 100) == 4)
        #expect(ActivityHeatmap.level(100, max: 100) == 4)
        #expect(ActivityHeatmap.level(7, max: 7) == 4)
    }

    @Test func countsLandOnTheirDaysAndOutsideOnesAreIgnored() throws {
        let today = try #require(CivilDay("2026-11-25"))
        let counts: [CivilDay: Int] = [
            today: 8, today.adding(days: -1): 2, today.adding(days: -364): 1,
            today.adding(days: -365): 50, today.adding(days: 1): 99,
        ]
        let map = ActivityHeatmap(counts: counts, endingOn: today)
        #expect(map.maxCount == 8 && map.total == 11 && map.activeDays == 3)
        #expect(map.cell(on: today) == ActivityHeatmap.Cell(day: today, count: 8, level: 4))
        #expect(map.cell(on: today.adding(days: -1))?.level == 1)
        #expect(map.cell(on: today.adding(days: -2))?.level == 0)
        #expect(map.cell(on: today.adding(days: -364))?.count == 1)
        #expect(map.cell(on: today.adding(days: -365)) == nil)
        #expect(map.cell(on: today.adding(days: 1)) == nil)
    }

    @Test func emptyAndOneDayMaps() throws {
        let today = try #require(CivilDay("2026-01-15"))
        let empty = ActivityHeatmap(counts: [:], endingOn: today)
        #expect(empty.maxCount == 0 && empty.total == 0 && empty.activeDays == 0)
        #expect(empty.weeks.flatMap { $0 }.allSatisfy { ($0?.level ?? 0) == 0 })
        let one = ActivityHeatmap(counts: [today: 3], endingOn: today, days: 1)
        #expect(one.weeks.count == 1 && one.cell(on: today)?.level == 4)
    }

    @Test func monthsAreLabelledAtTheColumnOfTheirFirstDay() throws {
        let map = ActivityHeatmap(counts: [:], endingOn: try #require(CivilDay("2026-11-22")))
        // 2025-11-23 … 2026-11-22: December 2025 to November 2026 start inside.
        #expect(map.monthStarts.map(\.month) == [12, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11])
        for start in map.monthStarts {
            let days = map.weeks[start.column].compactMap { $0?.day }
            #expect(days.contains { $0.day == 1 && $0.month == start.month }, "\(start)")
        }
        #expect(map.monthStarts.first?.year == 2025 && map.monthStarts.last?.year == 2026)
    }
}
