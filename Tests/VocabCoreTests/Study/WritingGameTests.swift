import Foundation
import Testing

@testable import VocabCore

@Suite struct WritingGameTests {
    static let words = StudyFixtures.items([("apple", "사과"), ("library", "도서관"), ("cat", "고양이")])

    @Test func eachWordIsWrittenInTurnAndOnlyRightScores() throws {
        var game = try WritingGame(items: Self.words)
        #expect(
            game.direction == .meaningToTerm && game.currentItem?.prompt(game.direction) == "사과")
        #expect(throws: GameError.emptyAnswer) { try game.write("   ") }
        #expect(game.currentIndex == 0, "a refused answer changes nothing")
        #expect(try game.write("Apple").verdict == .right)
        #expect(try game.write("libary").verdict == .close)
        #expect(try game.write("dog").verdict == .wrong)
        #expect(game.isFinished && game.score == 1)
        #expect(game.wrongItemIDs == [Self.words[1].id, Self.words[2].id])
        #expect(game.lastAnswer?.answer == WrittenAnswer(typed: "dog", verdict: .wrong))
        #expect(throws: GameError.finished) { try game.write("cat") }

        let again = try game.retestWrongOnly()
        #expect(again.items.map(\.term) == ["library", "cat"] && again.answers.isEmpty)
        let saved = try JSONEncoder().encode(StudyGame.write(game))
        #expect(try JSONDecoder().decode(StudyGame.self, from: saved) == .write(game))
    }

    @Test func aKoreanAnswerIsCheckedByJamo() throws {
        var game = try WritingGame(items: Self.words, direction: .termToMeaning)
        #expect(try game.write("사가").verdict == .close, "one jamo off")
        #expect(throws: GameError.noItems) { try WritingGame(items: []) }
    }
}
