import Testing

@testable import VocabCore

@Suite struct CivilDayTests {
    @Test func parsesOnlyRealDaysInTheExactFormat() {
        #expect(CivilDay("2026-11-22")?.description == "2026-11-22")
        #expect(CivilDay("2024-02-29") != nil, "a leap day")
        for bad in [
            "2026-02-29", "2100-02-29", "2026-02-30", "2026-13-01", "2026-00-10", "2026-1-01",
            "26-01-01",
            "2026-01-01T00:00", "", "0000-01-01", "2026-01-0x", "+026-01-01", "２０２６-01-01",
            "2026/01/01", "2026-01-1\u{301}", "2026-01-011", "2026--01-01", "-2026-01-01",
        ] {
            #expect(CivilDay(bad) == nil, "\(bad)")
            #expect(CivilDay(bad[...]) == nil, "\(bad) as a substring")
        }
        #expect(CivilDay("x2026-11-22x".dropFirst().dropLast())?.description == "2026-11-22")
        #expect(CivilDay("2000-02-29") != nil, "2000 is a leap year (divisible by 400)")
    }

    @Test func ordinalsMatchKnownDaysAndRoundTrip() throws {
        let known: [(String, Int, Int)] = [
            ("1970-01-01", 0, 4), ("2000-03-01", 11017, 3), ("2026-11-22", 20779, 0),
            ("2024-02-29", 19782, 4),
            ("0001-01-01", -719_162, 1), ("9999-12-31", 2_932_896, 5),
        ]
        for (text, ordinal, weekday) in known {
            let day = try #require(CivilDay(text))
            #expect(day.ordinal == ordinal, "\(text)")
            #expect(day.weekday == weekday, "\(text)")
            #expect(CivilDay(ordinal: ordinal) == day)
        }
        for ordinal in stride(from: -719_162, through: 2_932_896, by: 997) {
            #expect(CivilDay(ordinal: ordinal).ordinal == ordinal)
        }
    }

    @Test func arithmeticCrossesMonthsYearsAndClamps() throws {
        let last = try #require(CivilDay("2026-12-31"))
        #expect(last.adding(days: 1).description == "2027-01-01")
        #expect(try #require(CivilDay("2024-03-01")).adding(days: -1).description == "2024-02-29")
        #expect(try #require(CivilDay("2026-11-25")).startOfWeek.description == "2026-11-22")
        #expect(try #require(CivilDay("2026-11-25")).startOfMonth.description == "2026-11-01")
        #expect(try #require(CivilDay("2026-01-01")).days(to: last) == 364)
        #expect(CivilDay.last.adding(days: 10) == .last)
        #expect(CivilDay.first.adding(days: -10) == .first)
        #expect(try #require(CivilDay("2026-11-09")) < last)
    }
}
