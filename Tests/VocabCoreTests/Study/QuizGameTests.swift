import Foundation
import MaeilTestSupport
import Testing

@testable import VocabCore

@Suite struct QuizGameTests {
    typealias F = StudyFixtures

    static let fruits = F.items([
        ("apple", "사과"), ("pear", "배"), ("grape", "포도"), ("peach", "복숭아"), ("melon", "멜론"),
        ("lemon", "레몬"), ("plum", "자두"), ("cherry", "체리"), ("kiwi", "키위"), ("mango", "망고"),
    ])

    func make(
        _ items: [StudyItem], _ direction: StudyDirection = .termToMeaning, count: Int? = nil,
        seed: UInt64 = 1
    ) throws(QuizError) -> QuizGame {
        var rng = SplitMix64(seed: seed)
        return try QuizGame.make(items: items, direction: direction, count: count, using: &rng)
    }

    @Test func fewerThanFourWordsIsRefusedWithAClearMessage() {
        let three = Array(Self.fruits.prefix(3))
        #expect(throws: QuizError.notEnoughWords(available: 3)) { try make(three) }
        #expect(throws: QuizError.notEnoughWords(available: 0)) { try make([]) }
        #expect(
            QuizError.notEnoughWords(available: 3).description
                == "A quiz needs at least 4 words with a term and a meaning; there are 3 words.")
        #expect(QuizError.notEnoughWords(available: 1).description.hasSuffix("there is 1 word."))
    }

    @Test func wordsWithoutAMeaningOrGivenTwiceDoNotCount() {
        var items = Array(Self.fruits.prefix(3))
        items.append(F.item(90, "orange", "  "))
        items.append(F.item(91, "", "오렌지"))
        items.append(items[0])
        #expect(throws: QuizError.notEnoughWords(available: 3)) { try make(items) }
    }

    @Test func answersThatFoldTogetherAreOneAnswer() {
        let items = F.items([
            ("a", "Apple"), ("b", " apple "), ("c", "APPLE"), ("d", "ａｐｐｌｅ"), ("e", "Äpple"),
        ])
        #expect(throws: QuizError.notEnoughDistinctAnswers(words: 5, direction: .termToMeaning)) {
            try make(items)
        }
        #expect(
            QuizError.notEnoughDistinctAnswers(words: 5, direction: .termToMeaning).description
                == "A quiz needs 4 different meanings to choose from; these 5 words do not have enough different meanings."
        )
    }

    @Test func countBelowOneIsRefused() {
        #expect(throws: QuizError.invalidCount(0)) { try make(Self.fruits, count: 0) }
        #expect(throws: QuizError.invalidCount(-2)) { try make(Self.fruits, count: -2) }
    }

    /// Ten words give each of six questions three wrong choices only by
    /// showing some again, but the first two questions never share one.
    @Test func wrongChoicesRepeatOnlyWhenTheWordsRunOut() throws {
        func wrong(_ question: QuizQuestion) -> Set<String> {
            Set(
                question.choices.indices.filter { $0 != question.correctIndex }.map {
                    question.choices[$0]
                })
        }
        for seed in UInt64(1)...50 {
            let quiz = try make(Self.fruits, count: 6, seed: seed)
            let all = quiz.questions.flatMap { Array(wrong($0)) }
            #expect(
                wrong(quiz.questions[0]).isDisjoint(with: wrong(quiz.questions[1])), "seed \(seed)")
            #expect(all.count == 18 && Set(all).count >= 9, "seed \(seed): \(Set(all).count)")
        }
    }

    @Test func countIsCappedAtTheWordsAvailable() throws {
        #expect(try make(Self.fruits).questions.count == 10)
        #expect(try make(Self.fruits, count: 25).questions.count == 10)
        #expect(try make(Self.fruits, count: 3).questions.count == 3)
        #expect(try make(Array(Self.fruits.prefix(4)), count: 4).questions.count == 4)
    }

    @Test func noWordIsAskedTwiceAndChoicesAreDistinct() throws {
        let game = try make(Self.fruits)
        #expect(Set(game.questions.map(\.itemID)) == Set(Self.fruits.map(\.id)))
        for q in game.questions {
            let item = try #require(Self.fruits.first { $0.id == q.itemID })
            #expect(q.prompt == item.term)
            #expect(q.choices.count == 4)
            #expect(Set(q.choices).count == 4)
            #expect(q.correctAnswer == item.meaning)
            #expect(q.choices.allSatisfy { c in Self.fruits.contains { $0.meaning == c } })
        }
    }

    @Test func wordsSharingAMeaningNeverShowItTwice() throws {
        // 사과 twice (one written differently): it may be right or wrong, never both.
        let items = F.items([
            ("apple", "사과"), ("Apfel", " 사과 "), ("pear", "배"), ("grape", "포도"), ("plum", "자두"),
        ])
        for seed in 0..<200 as Range<UInt64> {
            let game = try make(items, seed: seed)
            #expect(game.questions.count == 5)
            for q in game.questions {
                let folded = q.choices.map(SearchFolding.fold)
                #expect(Set(folded).count == 4, "\(q.choices)")
            }
        }
    }

    @Test func anAnswerRightForThePromptIsNeverAWrongChoice() throws {
        // Both meanings of "bank" are right for "bank", so neither is a wrong choice for it,
        // not even 둑 coming from "dam".
        let items = F.items([
            ("bank", "은행"), ("Bank", "둑"), ("dam", "둑"), ("cat", "고양이"), ("dog", "개"), ("cow", "소"),
        ])
        for seed in 0..<200 as Range<UInt64> {
            let game = try make(items, seed: seed)
            for q in game.questions where q.prompt.lowercased() == "bank" {
                #expect(Set(q.choices).intersection(["은행", "둑"]).count == 1, "\(q.choices)")
            }
        }
    }

    @Test func onlyWordsWithThreeWrongChoicesAreAsked() throws {
        // "bank" has only 고양이 and 개 left as wrong choices; the other two can be asked.
        let items = F.items([("bank", "은행"), ("bank", "둑"), ("cat", "고양이"), ("dog", "개")])
        let game = try make(items)
        #expect(Set(game.questions.map(\.itemID)) == [F.id(3), F.id(4)])
        let onlyBank = F.items([("bank", "은행"), ("bank", "둑"), ("bank", "제방"), ("bank", "뱅크")])
        #expect(throws: QuizError.notEnoughDistinctAnswers(words: 4, direction: .termToMeaning)) {
            try make(onlyBank)
        }
    }

    @Test func meaningToTermAsksTheMeaningAndOffersTerms() throws {
        let game = try make(Self.fruits, .meaningToTerm)
        #expect(game.direction == .meaningToTerm)
        for q in game.questions {
            let item = try #require(Self.fruits.first { $0.id == q.itemID })
            #expect(q.prompt == item.meaning)
            #expect(q.correctAnswer == item.term)
            #expect(q.choices.allSatisfy { c in Self.fruits.contains { $0.term == c } })
        }
    }

    @Test func promptsAndChoicesAreTrimmed() throws {
        let items = F.items([
            (" apple\n", " 사과 "), ("pear", "배\t"), ("grape", "포도"), ("plum", "자두"),
        ])
        let game = try make(items)
        for q in game.questions {
            #expect(q.prompt == q.prompt.trimmingCharacters(in: .whitespacesAndNewlines))
            #expect(
                q.choices.allSatisfy { $0 == $0.trimmingCharacters(in: .whitespacesAndNewlines) })
        }
    }

    @Test func theSameSeedMakesTheSameGame() throws {
        #expect(try make(Self.fruits, seed: 42) == make(Self.fruits, seed: 42))
        #expect(try make(Self.fruits, seed: 42) != make(Self.fruits, seed: 43))
    }

    @Test func answeringScoresAndAdvances() throws {
        var game = try make(Self.fruits, count: 3)
        #expect(game.currentIndex == 0 && !game.isFinished)
        let first = try #require(game.currentQuestion)
        let right = try game.answer(choice: first.correctIndex)
        #expect(
            right
                == QuizOutcome(isCorrect: true, correctIndex: first.correctIndex, isFinished: false)
        )
        let second = try #require(game.currentQuestion)
        let wrongChoice = (second.correctIndex + 1) % 4
        let wrong = try game.answer(choice: wrongChoice)
        #expect(!wrong.isCorrect && wrong.correctIndex == second.correctIndex)
        let third = try #require(game.currentQuestion)
        #expect(try game.answer(choice: third.correctIndex).isFinished)
        #expect(game.isFinished && game.currentQuestion == nil && game.currentIndex == 3)
        #expect(game.score == 2)
        #expect(game.wrongItemIDs == [second.itemID])
        #expect(
            game.answers == [
                QuizAnswer(itemID: first.itemID, chosenIndex: first.correctIndex, isCorrect: true),
                QuizAnswer(itemID: second.itemID, chosenIndex: wrongChoice, isCorrect: false),
                QuizAnswer(itemID: third.itemID, chosenIndex: third.correctIndex, isCorrect: true),
            ])
    }

    @Test func aChoiceOutOfRangeIsRefusedAndChangesNothing() throws {
        var game = try make(Self.fruits, count: 2)
        let before = game
        for choice in [-1, 4, 100, Int.min] {
            #expect(throws: GameError.choiceOutOfRange(choice, count: 4)) {
                try game.answer(choice: choice)
            }
            #expect(game == before)
        }
        #expect(
            GameError.choiceOutOfRange(4, count: 4).description
                == "Choice 4 does not exist; choose 0 to 3.")
    }

    @Test func answeringAfterTheEndIsRefused() throws {
        var game = try make(Self.fruits, count: 1)
        try game.answer(choice: 0)
        let before = game
        #expect(throws: GameError.finished) { try game.answer(choice: 0) }
        #expect(game == before)
    }

    @Test func codableRoundTripKeepsTheGame() throws {
        var game = try make(Self.fruits, count: 4)
        try game.answer(choice: 1)
        let restored = try F.roundTrip(game)
        #expect(restored == game)
        var a = game
        var b = restored
        #expect(try a.answer(choice: 2) == b.answer(choice: 2))
        #expect(a == b)
    }

    @Test func aDamagedSavedGameIsRefused() throws {
        let q =
            #"{"itemID":"00000000-0000-0000-0000-000000000001","prompt":"p","choices":["a","b","c","d"],"correctIndex":1}"#
        let good = #"{"direction":"termToMeaning","questions":[\#(q)],"answers":[]}"#
        #expect(try F.decode(QuizGame.self, good).questions.count == 1)
        let bad = [
            // More answers than questions.
            #"{"direction":"termToMeaning","questions":[],"answers":[{"itemID":"00000000-0000-0000-0000-000000000001","chosenIndex":0,"isCorrect":false}]}"#,
            // An answer marked right that is not.
            #"{"direction":"termToMeaning","questions":[\#(q)],"answers":[{"itemID":"00000000-0000-0000-0000-000000000001","chosenIndex":0,"isCorrect":true}]}"#,
            // A right choice that does not exist.
            good.replacingOccurrences(of: #""correctIndex":1"#, with: #""correctIndex":4"#),
            // Three choices.
            good.replacingOccurrences(of: #""a","b","c","d""#, with: #""a","b","c""#),
        ]
        for json in bad {
            #expect(throws: DecodingError.self) { try F.decode(QuizGame.self, json) }
        }
    }

    /// The words a quiz draws (`wordsToDraw`) ask every question it was
    /// asked for, and leave its wrong choices room to vary: a quiz of ten
    /// never shows a wrong choice twice.
    @Test func theWordsAQuizDrawsAskEveryQuestionWithVariedWrongChoices() throws {
        for questions in [1, 3, 10, 50, 500] {
            let drawn = QuizGame.wordsToDraw(questions: questions)
            let items = (1...drawn).map { F.item($0, "term \($0)", "뜻 \($0)") }
            let quiz = try make(items, count: questions, seed: UInt64(questions))
            #expect(quiz.questions.count == questions, "\(questions) questions")
            if questions == 10 {
                let wrong = quiz.questions.flatMap { q in
                    q.choices.indices.filter { $0 != q.correctIndex }.map { q.choices[$0] }
                }
                #expect(wrong.count == 30 && Set(wrong).count == 30, "\(Set(wrong).count) of 30")
            }
        }
    }
}
