import Foundation
import MaeilTestSupport
import Testing

@testable import VocabCore

/// Plays 10,000 seeded quizzes on small word sets full of shared and look-alike
/// answers and prompts, checking every rule after every step.
@Suite struct QuizGamePropertyTests {
    // Small pools so that answers and prompts often collide, in several spellings.
    static let terms = [
        "apple", "Apple ", "bank", "BANK", "cat", "dog", "ｃａｔ", "pear", "café", "cafe", "dam", "",
        "  ",
    ]
    static let meanings = [
        "사과", " 사과", "은행", "둑", "고양이", "개", "배", "배 ", "카페", "커피", "ねこ", "", "Ｘ", "x",
    ]

    struct Reference {
        var usable: [StudyItem] = []
        var prompt: [UUID: String] = [:]
        var answer: [UUID: String] = [:]
        var askable: Set<UUID> = []
        /// Trimmed prompt and answer texts, as the questions show them.
        var shownPrompt: [UUID: String] = [:]
        var shownAnswer: [UUID: String] = [:]

        /// The rules restated the slow way: every pair of words compared.
        init(items: [StudyItem], direction: StudyDirection) {
            var seen = Set<UUID>()
            for item in items where seen.insert(item.id).inserted {
                let p = SearchFolding.fold(item.prompt(direction))
                let a = SearchFolding.fold(item.answer(direction))
                if p.isEmpty || a.isEmpty { continue }
                usable.append(item)
                prompt[item.id] = p
                answer[item.id] = a
                shownPrompt[item.id] = item.prompt(direction).trimmingCharacters(
                    in: .whitespacesAndNewlines)
                shownAnswer[item.id] = item.answer(direction).trimmingCharacters(
                    in: .whitespacesAndNewlines)
            }
            for item in usable where wrongAnswers(for: item.id).count >= 3 {
                askable.insert(item.id)
            }
        }

        /// The folded answers that may be wrong choices for a word: those of words with
        /// another prompt, less every answer a word with this word's prompt has.
        func wrongAnswers(for id: UUID) -> Set<String> {
            let p = prompt[id]
            let right = Set(usable.filter { prompt[$0.id] == p }.compactMap { answer[$0.id] })
            return Set(usable.filter { prompt[$0.id] != p }.compactMap { answer[$0.id] })
                .subtracting(right)
        }
    }

    @Test func tenThousandQuizzesKeepEveryRule() throws {
        var rng = SplitMix64(seed: 0x5EED_0001)
        var made = 0
        var correctAt = [0, 0, 0, 0]
        for game in 0..<10_000 {
            let size = Int.random(in: 0...12, using: &rng)
            var items: [StudyItem] = (0..<size).map { n in
                StudyFixtures.item(
                    n, Self.terms.randomElement(using: &rng)!,
                    Self.meanings.randomElement(using: &rng)!)
            }
            // The same word twice.
            if size > 0 && Bool.random(using: &rng) { items.append(items[0]) }
            let direction: StudyDirection =
                Bool.random(using: &rng) ? .termToMeaning : .meaningToTerm
            let count: Int? = Bool.random(using: &rng) ? nil : Int.random(in: -1...14, using: &rng)
            let reference = Reference(items: items, direction: direction)

            let quiz: QuizGame
            do throws(QuizError) {
                quiz = try QuizGame.make(
                    items: items, direction: direction, count: count, using: &rng)
            } catch {
                if let count, count < 1 {
                    #expect(error == .invalidCount(count))
                } else if reference.usable.count < 4 {
                    #expect(error == .notEnoughWords(available: reference.usable.count))
                } else {
                    #expect(reference.askable.isEmpty, "game \(game)")
                    #expect(
                        error
                            == .notEnoughDistinctAnswers(
                                words: reference.usable.count, direction: direction))
                }
                continue
            }
            made += 1
            #expect(count.map { $0 >= 1 } ?? true)
            #expect(reference.usable.count >= 4 && !reference.askable.isEmpty)
            #expect(
                quiz.questions.count
                    == min(count ?? reference.askable.count, reference.askable.count))
            #expect(
                Set(quiz.questions.map(\.itemID)).count == quiz.questions.count,
                "a word asked twice")
            for q in quiz.questions {
                check(q, reference: reference)
                correctAt[q.correctIndex] += 1
            }
            try play(quiz, using: &rng, roundTrip: game % 10 == 0)
        }
        #expect(made > 3_000, "too few games were playable: \(made)")
        // Choices are shuffled: the right one is anywhere, about equally often.
        let total = correctAt.reduce(0, +)
        for n in correctAt { #expect(abs(Double(n) / Double(total) - 0.25) < 0.02, "\(correctAt)") }
    }

    /// One question against the rules (plain comparisons and one `#expect`: it runs
    /// some 40,000 times).
    func check(_ q: QuizQuestion, reference: Reference) {
        guard reference.askable.contains(q.itemID) else {
            Issue.record("question on a word that cannot be asked")
            return
        }
        var problems: [String] = []
        let wrongAnswers = reference.wrongAnswers(for: q.itemID)
        if q.prompt != reference.shownPrompt[q.itemID] { problems.append("prompt") }
        if q.choices.count != 4 || !(0..<4).contains(q.correctIndex) { problems.append("shape") }
        if q.correctAnswer != reference.shownAnswer[q.itemID] { problems.append("right answer") }
        if Set(q.choices.map(SearchFolding.fold)).count != 4 {
            problems.append("choices not distinct")
        }
        for (i, choice) in q.choices.enumerated() where i != q.correctIndex {
            // A wrong choice is the answer of another word, never right for this prompt.
            let isAnAnswer = reference.usable.contains { reference.shownAnswer[$0.id] == choice }
            if !isAnAnswer || !wrongAnswers.contains(SearchFolding.fold(choice)) {
                problems.append("wrong choice \(choice) may not be offered")
            }
        }
        #expect(problems.isEmpty, "\(q): \(problems)")
    }

    func play(_ start: QuizGame, using rng: inout SplitMix64, roundTrip: Bool) throws {
        var game = start
        var expectedScore = 0
        var expectedWrong: [UUID] = []
        var steps = 0
        while steps < 40 {
            steps += 1
            let before = game
            let choice = Int.random(in: -2...5, using: &rng)
            do throws(GameError) {
                let outcome = try game.answer(choice: choice)
                let q = before.questions[before.currentIndex]
                let isCorrect = choice == q.correctIndex
                if isCorrect { expectedScore += 1 } else { expectedWrong.append(q.itemID) }
                #expect(
                    (0..<4).contains(choice) && !before.isFinished
                        && outcome
                            == QuizOutcome(
                                isCorrect: isCorrect, correctIndex: q.correctIndex,
                                isFinished: game.isFinished)
                        && game.currentIndex == before.currentIndex + 1)
            } catch {
                #expect(game == before, "a refused answer changed the game")
                #expect(
                    error == (before.isFinished ? .finished : .choiceOutOfRange(choice, count: 4)))
            }
            #expect(
                game.score == expectedScore && game.wrongItemIDs == expectedWrong
                    && game.isFinished == (game.answers.count == game.questions.count))
            if roundTrip && steps % 3 == 0 { #expect(try StudyFixtures.roundTrip(game) == game) }
            if game.isFinished && Int.random(in: 0..<4, using: &rng) == 0 { break }
        }
        if roundTrip { #expect(try StudyFixtures.roundTrip(game) == game) }
    }
}
