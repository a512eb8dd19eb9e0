import Foundation
import Testing

@testable import VocabCore

@Suite struct SelfTestTests {
    static let words = StudyFixtures.items([("犬", "개"), ("猫", "고양이"), ("鳥", "새"), ("魚", "물고기")])

    @Test func marksEachWordInOrderThenFinishes() throws {
        var test = try SelfTest(items: Self.words)
        #expect(
            test.currentItem == Self.words[0] && !test.isRevealed
                && test.direction == .termToMeaning)
        try test.reveal()
        #expect(test.isRevealed)
        try test.mark(.known)
        #expect(test.currentIndex == 1 && test.currentItem == Self.words[1] && !test.isRevealed)
        try test.mark(.unknown)  // marking without revealing is allowed
        try test.mark(.known)
        #expect(!test.isFinished)
        try test.mark(.unknown)
        #expect(test.isFinished && test.currentItem == nil)
        #expect(test.marks == [.known, .unknown, .known, .unknown])
        #expect(test.wrongItemIDs == [Self.words[1].id, Self.words[3].id])
        #expect(
            test.result
                == SelfTestResult(
                    marked: 4, known: 2, wrongItemIDs: [Self.words[1].id, Self.words[3].id],
                    scorePercent: 50,
                    isPerfect: false))
    }

    @Test func markingOrRevealingAfterTheEndIsRefused() throws {
        var test = try SelfTest(items: Array(Self.words.prefix(1)))
        try test.mark(.known)
        let before = test
        #expect(throws: GameError.finished) { try test.mark(.known) }
        #expect(throws: GameError.finished) { try test.reveal() }
        #expect(test == before)
        #expect(test.result.isPerfect && test.result.scorePercent == 100)
    }

    @Test func revealingTwiceChangesNothing() throws {
        var test = try SelfTest(items: Self.words)
        try test.reveal()
        let once = test
        try test.reveal()
        #expect(test == once)
    }

    @Test func undoTakesBackMarksOneAtATime() throws {
        var test = try SelfTest(items: Self.words)
        #expect(throws: GameError.nothingToUndo) { try test.undo() }
        try test.mark(.known)
        try test.mark(.unknown)
        try test.undo()
        #expect(test.marks == [.known] && test.currentIndex == 1 && test.isRevealed)
        try test.undo()
        #expect(test.marks.isEmpty && test.currentIndex == 0)
        let before = test
        #expect(throws: GameError.nothingToUndo) { try test.undo() }
        #expect(test == before)
        #expect(GameError.nothingToUndo.description == "There is no mark to undo.")
    }

    @Test func undoAfterTheEndReopensTheLastWord() throws {
        var test = try SelfTest(items: Self.words)
        for _ in Self.words { try test.mark(.known) }
        try test.undo()
        #expect(!test.isFinished && test.currentItem == Self.words[3])
        try test.mark(.unknown)
        #expect(test.isFinished && test.wrongItemIDs == [Self.words[3].id])
    }

    @Test func retestWrongOnlyKeepsTheWrongWordsInOrder() throws {
        var test = try SelfTest(items: Self.words, direction: .meaningToTerm)
        #expect(throws: GameError.notFinished) { try test.retestWrongOnly() }
        for mark in [SelfTestMark.unknown, .known, .unknown, .known] { try test.mark(mark) }
        let retest = try test.retestWrongOnly()
        #expect(retest.items == [Self.words[0], Self.words[2]])
        #expect(retest.direction == .meaningToTerm && retest.marks.isEmpty)
        var perfect = try SelfTest(items: Self.words)
        for _ in Self.words { try perfect.mark(.known) }
        #expect(throws: GameError.nothingWrong) { try perfect.retestWrongOnly() }
        #expect(perfect.result.isPerfect)
    }

    @Test func noWordsIsRefusedAndDuplicatesAreKeptOnce() throws {
        #expect(throws: GameError.noItems) { try SelfTest(items: []) }
        let test = try SelfTest(items: Self.words + [Self.words[0]])
        #expect(test.items == Self.words)
    }

    @Test func theResultCoversTheWordsMarkedSoFar() throws {
        var test = try SelfTest(items: Self.words)
        try test.mark(.known)
        try test.mark(.unknown)
        try test.mark(.known)
        #expect(test.result.marked == 3 && test.result.known == 2 && test.result.scorePercent == 67)
        #expect(!test.result.isPerfect)
    }

    @Test func codableRoundTripAndDamagedStates() throws {
        var test = try SelfTest(items: Self.words)
        try test.mark(.unknown)
        try test.reveal()
        #expect(try StudyFixtures.roundTrip(test) == test)
        let data = try JSONEncoder().encode(test)
        var json = try #require(JSONSerialization.jsonObject(with: data) as? [String: Any])
        json["marks"] = ["known", "known", "known", "known", "known"]
        let tooManyMarks = try JSONSerialization.data(withJSONObject: json)
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(SelfTest.self, from: tooManyMarks)
        }
        json["marks"] = []
        json["items"] = []
        let noItems = try JSONSerialization.data(withJSONObject: json)
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(SelfTest.self, from: noItems)
        }
    }
}
