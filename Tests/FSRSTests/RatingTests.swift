import FSRS
import Testing

@Test func ratingsAreTheFourButtonsInOrder() {
    #expect(Rating.allCases.map(\.rawValue) == [1, 2, 3, 4])
    #expect(Rating(rawValue: 0) == nil)
    #expect(Rating(rawValue: 5) == nil)
}
