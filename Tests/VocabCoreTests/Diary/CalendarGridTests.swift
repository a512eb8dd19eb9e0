import Testing

@testable import VocabCore

@Suite struct CalendarGridTests {
    @Test func aMonthIsPaddedToWholeSundayFirstWeeks() throws {
        // February 2026 starts on a Sunday and has 28 days: exactly four weeks.
        let february = try #require(CalendarGrid.month(year: 2026, month: 2))
        #expect(
            february.weeks.count == 4 && february.weeks.allSatisfy { $0.allSatisfy { $0 != nil } })
        // December 2026 starts on a Tuesday: two blanks first; 31 days end on a Thursday.
        let december = try #require(CalendarGrid.month(year: 2026, month: 12))
        #expect(december.weeks.count == 5)
        #expect(
            december.weeks[0][0] == nil && december.weeks[0][1] == nil
                && december.weeks[0][2]?.description == "2026-12-01")
        #expect(december.weeks[4][4]?.description == "2026-12-31" && december.weeks[4][5] == nil)
        #expect(
            december.days.count == 31 && december.firstDay.description == "2026-12-01"
                && december.lastDay.description == "2026-12-31")
        #expect(CalendarGrid.month(year: 2026, month: 13) == nil)
    }

    @Test func monthsGoOnForeverBothWaysUntilTheEdgesOfTheCalendar() throws {
        let january = try #require(CalendarGrid.month(year: 2026, month: 1))
        #expect(january.previous == CalendarGrid.month(year: 2025, month: 12))
        #expect(january.previous.next == january)
        #expect(
            try #require(CalendarGrid.month(year: 2026, month: 12)).next
                == CalendarGrid.month(year: 2027, month: 1))
        let first = try #require(CalendarGrid.month(year: 1, month: 1))
        #expect(first.previous == first)
        let last = try #require(CalendarGrid.month(year: 9999, month: 12))
        #expect(last.next == last)
    }

    @Test func aWeekRunsSundayToSaturdayAcrossMonthsAndYears() throws {
        let week = CalendarGrid.week(containing: try #require(CivilDay("2026-12-30")))
        #expect(
            week.days.map(\.description) == [
                "2026-12-27", "2026-12-28", "2026-12-29", "2026-12-30", "2026-12-31", "2027-01-01",
                "2027-01-02",
            ])
        #expect(week.span == .week(startingOn: try #require(CivilDay("2026-12-27"))))
        #expect(week.next.firstDay.description == "2027-01-03")
        #expect(week.previous.firstDay.description == "2026-12-20")
        let saturday = try #require(CivilDay("2027-01-02"))
        #expect(week.contains(saturday) && !week.contains(saturday.adding(days: 1)))
        // A Sunday is the start of its own week.
        #expect(
            CalendarGrid.week(containing: try #require(CivilDay("2026-11-22"))).firstDay.description
                == "2026-11-22")
    }

    @Test func weeksAtTheEdgesOfTheCalendarLeaveBlanks() {
        let first = CalendarGrid.week(containing: .first)
        // 0001-01-01 was a Monday: the Sunday before it does not exist.
        #expect(first.weeks[0][0] == nil && first.firstDay == .first && first.previous == first)
        let last = CalendarGrid.week(containing: .last)
        #expect(last.lastDay == .last && last.weeks[0][6] == nil && last.next == last)
    }
}
