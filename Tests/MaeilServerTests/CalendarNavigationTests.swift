import Testing
import VocabCore

@testable import MaeilServer

@Suite struct CalendarNavigationTests {
    private func navigation(_ grid: CalendarGrid, today: String, family: CalendarFamily) throws
        -> CalendarNavigation
    {
        CalendarNavigation(
            grid: grid, today: try #require(CivilDay(today)), lang: .ko, family: family,
            monthPath: { "/m/\($0.monthText)" }, weekPath: { "/w/\($0)" })
    }

    private func views(_ grid: CalendarGrid, today: String, family: CalendarFamily) throws
        -> [NavLink]
    {
        try navigation(grid, today: today, family: family).views
    }

    @Test func theLottoDiarySwitchesBetweenItsOwnMonthAndWeek() throws {
        let week = CalendarGrid.week(containing: try #require(CivilDay("2026-12-02")))
        let lotto = try views(week, today: "2026-12-02", family: .lotto)
        #expect(lotto.map(\.label) == ["월간", "주간"])
        #expect(lotto.map(\.selected) == [false, true])
        let study = try views(week, today: "2026-12-02", family: .study)
        #expect(study.map(\.label) == ["월간 학습", "주간 학습", "추가한 단어"])
    }

    /// 2 December's week starts on 29 November: its month switch opens
    /// December, the month the user is in, not November.
    @Test func aWeekThatHoldsTodaySwitchesToTodaysMonth() throws {
        let week = CalendarGrid.week(containing: try #require(CivilDay("2026-12-02")))
        #expect(week.firstDay.description == "2026-11-29")
        let now = try views(week, today: "2026-12-02", family: .study)
        #expect(now.map(\.href) == ["/m/2026-12", "/w/2026-12-02", "/calendar?month=2026-12"])
        let later = try views(week, today: "2027-01-15", family: .lotto)
        #expect(later.map(\.href) == ["/m/2026-11", "/w/2026-11-29"])
        // The lotto diary's month summary reads the same month.
        #expect(
            try navigation(week, today: "2026-12-02", family: .lotto).month.description == "2026-12"
        )
        #expect(
            try navigation(week, today: "2027-01-15", family: .lotto).month.description == "2026-11"
        )
        let month = try #require(CalendarGrid.month(year: 2026, month: 11))
        #expect(
            try navigation(month, today: "2026-12-02", family: .lotto).month.description
                == "2026-11")
    }
}
