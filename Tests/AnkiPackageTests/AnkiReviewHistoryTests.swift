import FSRS
import Foundation
import Testing

@testable import AnkiPackage

@Suite struct AnkiReviewHistoryTests {
    func collection(version: Int, _ rows: [(ease: Int, kind: Int, factor: Int)]) -> AnkiCollection {
        AnkiCollection(
            schedulerVersion: version, creation: Date(timeIntervalSince1970: 0), noteTypes: [:],
            decks: [:], notes: [], cards: [],
            reviews: rows.enumerated().map { index, row in
                AnkiReview(
                    time: Date(timeIntervalSince1970: 1_700_000_000 + Double(index) * 86_400),
                    cardID: 7, ease: row.ease, kind: row.kind, factor: row.factor, duration: 5_000)
            })
    }

    @Test func manualAndCramRowsAreLeftOutAndV1LearningAnswersShifted() {
        let rows = [
            (ease: 2, kind: 0, factor: 0),  // v1 learning "Good" → Good
            (ease: 3, kind: 2, factor: 2500),  // v1 relearning "Easy" → Easy
            (ease: 2, kind: 1, factor: 2500),  // review Hard stays Hard
            (ease: 0, kind: 4, factor: 0),  // manual reschedule
            (ease: 0, kind: 5, factor: 0),  // set due date
            (ease: 3, kind: 3, factor: 0),  // cram, not rescheduled
            (ease: 1, kind: 3, factor: 2500),  // filtered deck, rescheduled: kept
        ]
        let v1 = AnkiReviewHistory.answers(collection(version: 1, rows))[7]?.map(\.rating)
        #expect(v1 == [.good, .easy, .hard, .again])
        let v2 = AnkiReviewHistory.answers(collection(version: 2, rows))[7]?.map(\.rating)
        #expect(v2 == [.hard, .good, .hard, .again], "v2 numbers every answer alike")
    }

    @Test func theReplayStartsFromANewCardAndGoesOnInOrder() {
        let answers =
            AnkiReviewHistory.answers(
                collection(version: 2, [(3, 0, 0), (3, 1, 2500), (1, 1, 2500)]))[7] ?? []
        let logs = AnkiReviewHistory.replay(answers, with: Scheduler())
        #expect(logs.count == 3)
        #expect(logs[0].before.stability == nil && logs[0].after.stability != nil)
        #expect(zip(logs, logs.dropFirst()).allSatisfy { $0.after == $1.before })
        #expect(logs.map(\.reviewedAt) == answers.map(\.time))
        #expect(logs[2].after.state == .relearning, "forgotten in review")
        #expect(AnkiReviewHistory.replay([], with: Scheduler()).isEmpty)
    }
}
