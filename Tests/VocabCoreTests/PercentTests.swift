import Testing

import VocabCore

struct PercentTests {
    @Test func roundsHalvesUpButNeverHidesAMistake() {
        #expect(Percent.rounded(2, of: 3) == 67)
        #expect(Percent.rounded(1, of: 3) == 33)
        #expect(Percent.rounded(1, of: 8) == 13)
        #expect(Percent.rounded(1, of: 2) == 50)
        #expect(Percent.rounded(199, of: 200) == 99)
        #expect(Percent.rounded(1, of: 300) == 1)
        #expect(Percent.rounded(20, of: 20) == 100)
        #expect(Percent.rounded(0, of: 20) == 0)
        #expect(Percent.rounded(0, of: 0) == 0)
    }

    @Test func aDaysAccuracyIsTheSamePercent() {
        #expect(DayActivity().accuracyPercent == nil)
        #expect(DayActivity(reviews: 3, correctReviews: 2).accuracyPercent == 67)
        #expect(DayActivity(reviews: 200, correctReviews: 199).accuracyPercent == 99)
    }
}
