import Foundation
import Vapor
import VocabCore

/// Everything `game.leaf` shows for one game, prepared from the engine's state so the
/// template only prints: texts already in the page's language, buttons already
/// enabled or not, and exactly one of the per-kind views set.
struct GamePageView: Encodable, Sendable {
    var id: String
    var kind: String
    var title: String
    /// "Fruit · Term → meaning".
    var subtitle: String
    var progressText: String
    var finished: Bool
    /// Sent with every move (see `GamesWebController.position`).
    var position: String
    var shortcuts: String
    var quiz: QuizView?
    var hangman: HangmanView?
    var test: TestView?
    var flashcards: FlashcardsView?
    var write: WriteView?
    var result: ResultView?
    var playAgain: PlayAgainView
    /// The term of the word on screen, for its speak button, and where the
    /// button goes: after the "prompt", the "answer" (once shown), the "last"
    /// answer checked (writing), or "" (the term is not on screen).
    var speech: SpokenTerm?
    var speakAt = ""

    struct QuizView: Encodable, Sendable {
        var prompt: String?
        var choices: [Choice]
        var feedback: Feedback?
        /// After a wrong answer: that question again, the right choice and the
        /// one picked marked in place, until the user moves on.
        var review: QuizReview?
    }

    struct QuizReview: Encodable, Sendable {
        var prompt: String
        var choices: [ReviewedChoice]
        /// The page without the review: the next question, or the result.
        var nextHref: String
        var nextLabel: String
    }

    struct ReviewedChoice: Encodable, Sendable {
        var key: Int
        var text: String
        /// `right`, `chosen` (the wrong pick) or "".
        var mark: String
    }

    struct Choice: Encodable, Sendable {
        var index: Int
        /// The key that picks it, 1–4.
        var key: Int
        var text: String
    }

    struct Feedback: Encodable, Sendable {
        var isCorrect: Bool
        var text: String
    }

    struct HangmanView: Encodable, Sendable {
        var hint: String
        var script: String
        var cells: [Cell]
        var gallows: Gallows
        var missesLeftText: String
        var wrongGuessesText: String?
        var padGroups: [PadGroup]
        /// The current word is won or lost: the pad is off and "next word" (or the result) shows.
        var wordOver: Bool
        var won: Bool
        var outcomeText: String?
        var canGoNext: Bool
    }

    struct Cell: Encodable, Sendable {
        var text: String
        /// "hidden", "partial" (a syllable drawn from some of its jamo), "shown",
        /// "fixed" (a space, digit or punctuation, shown from the start), or "missed"
        /// (not found before the word was lost).
        var state: String
        var isSpace: Bool
    }

    /// Which parts of the drawing show; one more per miss, the gallows first.
    struct Gallows: Encodable, Sendable {
        var label: String
        var misses: Int
        var gallows, head, body, leftArm, rightArm, leftLeg, rightLeg: Bool
        var lost: Bool

        init(misses: Int, label: String) {
            self.label = label
            self.misses = misses
            gallows = misses >= 1
            head = misses >= 2
            body = misses >= 3
            leftArm = misses >= 4
            rightArm = misses >= 5
            leftLeg = misses >= 6
            rightLeg = misses >= 7
            lost = misses >= HangmanGame.maxMisses
        }
    }

    struct PadGroup: Encodable, Sendable {
        var keys: [PadKey]
    }

    struct PadKey: Encodable, Sendable {
        var key: String
        /// "", "hit" or "miss".
        var state: String
        var disabled: Bool
    }

    struct TestView: Encodable, Sendable {
        var prompt: String?
        var answer: String?
        var revealed: Bool
        var canUndo: Bool
        var marks: [Mark]
    }

    struct Mark: Encodable, Sendable {
        var symbol: String
        var known: Bool
    }

    struct FlashcardsView: Encodable, Sendable {
        var front: String?
        var back: String?
        var flipped: Bool
        var atFirst: Bool
        var atEnd: Bool
        var endText: String?
        /// The word's first example, with the back.
        var exampleSentence: String?
        var exampleTranslation: String?
        /// "알아요 3 · 아직 학습 중 2", once a card is marked.
        var marksText: String?
        var learningCount: Int
    }

    struct WriteView: Encodable, Sendable {
        var prompt: String?
        /// The last answer, checked: shown above the next prompt.
        var last: TypedAnswerView?
        var lastPrompt: String?
        /// The keyboard the answer is typed on: "hangul", "kana" or "plain".
        var keyboard: String
    }

    struct ResultView: Encodable, Sendable {
        var text: String
        var perfectText: String?
        var wrong: [WrongWord]
        var canBookmark: Bool
        var canRetest: Bool
    }

    struct WrongWord: Encodable, Sendable {
        var prompt: String
        var answer: String
    }

    /// The same game again: kind, book, direction and size.
    struct PlayAgainView: Encodable, Sendable {
        var kind: String
        var book: String
        var direction: String
        var count: Int
    }

    init(_ session: GameSession, bookName: String?, req: Request) {
        let lang = req.uiLanguage
        let game = session.game
        id = session.id.uuidString
        kind = game.kind
        title = req.text(Self.kindKey(game.kind))
        finished = game.isFinished
        position = GamesWebController.position(game)
        let direction = Self.direction(of: game)
        subtitle = [bookName ?? req.text("gamesAllBooks"), req.text(Self.directionKey(direction))]
            .joined(separator: " · ")
        playAgain = PlayAgainView(
            kind: game.kind, book: session.bookID?.uuidString ?? "",
            direction: direction.card.rawValue,
            count: game.total)
        func format(_ key: String, _ values: [String: any CustomStringConvertible]) -> String {
            Localizer.format(key, lang, values.mapValues { "\($0)" })
        }

        let termFirst = direction == .termToMeaning
        switch game {
        case .quiz(let quiz):
            progressText = format(
                "gameQuizProgress",
                [
                    "n": min(quiz.currentIndex + 1, quiz.questions.count),
                    "total": quiz.questions.count, "score": quiz.score,
                ])
            shortcuts = req.text("gameQuizKeys")
            let question = quiz.currentQuestion
            let feedback = quiz.answers.last.map { answer -> Feedback in
                let asked = quiz.questions[quiz.answers.count - 1]
                let values: [String: any CustomStringConvertible] = [
                    "prompt": asked.prompt, "answer": asked.correctAnswer,
                    "chosen": asked.choices.indices.contains(answer.chosenIndex)
                        ? asked.choices[answer.chosenIndex] : "",
                ]
                return Feedback(
                    isCorrect: answer.isCorrect,
                    text: format(answer.isCorrect ? "gameQuizRight" : "gameQuizWrong", values))
            }
            // A wrong answer stays on screen until the page is asked for past it.
            let answered = quiz.answers.count
            let review = quiz.answers.last.flatMap { answer -> QuizReview? in
                guard !answer.isCorrect, req.query[Int.self, at: "seen"] != answered else {
                    return nil
                }
                let asked = quiz.questions[answered - 1]
                return QuizReview(
                    prompt: asked.prompt,
                    choices: asked.choices.enumerated().map { index, text in
                        ReviewedChoice(
                            key: index + 1, text: text,
                            mark: index == asked.correctIndex
                                ? "right" : index == answer.chosenIndex ? "chosen" : "")
                    },
                    nextHref: "/games/\(session.id)?seen=\(answered)",
                    nextLabel: req.text(quiz.isFinished ? "gameQuizSeeResult" : "gameQuizNext"))
            }
            if let asked = review == nil ? question : quiz.questions[answered - 1] {
                speech = asked.term
                speakAt = termFirst ? "prompt" : review == nil ? "" : "answer"
            }
            self.quiz = QuizView(
                prompt: review == nil ? question?.prompt : nil,
                choices: review == nil
                    ? (question?.choices ?? []).enumerated().map {
                        Choice(index: $0.offset, key: $0.offset + 1, text: $0.element)
                    } : [],
                feedback: feedback, review: review)
            if quiz.isFinished, review == nil {
                let byID = Dictionary(
                    quiz.questions.map { ($0.itemID, $0) }, uniquingKeysWith: { first, _ in first })
                result = ResultView(
                    text: format(
                        "gameQuizResult",
                        [
                            "score": quiz.score, "total": quiz.questions.count,
                            "percent": Percent.rounded(
                                quiz.score, of: quiz.questions.count),
                        ]),
                    wrong: quiz.wrongItemIDs.compactMap { id in
                        byID[id].map { WrongWord(prompt: $0.prompt, answer: $0.correctAnswer) }
                    },
                    canBookmark: !quiz.wrongItemIDs.isEmpty, canRetest: false)
            }

        case .hangman(let round):
            let current = round.current
            progressText = format(
                "gameHangmanProgress",
                [
                    "n": round.index + 1, "total": round.games.count, "score": round.score,
                ])
            shortcuts = req.text(
                current.script == .hangul
                    ? "gameHangmanKeysHangul"
                    : current.script == .kana ? "gameHangmanKeysKana" : "gameHangmanKeysLatin")
            hangman = Self.hangmanView(current, round: round, req: req)
            speech = current.term
            speakAt = termFirst ? "prompt" : current.isFinished ? "answer" : ""
            if round.isFinished {
                let lost = round.games.filter(\.isLost)
                result = ResultView(
                    text: format(
                        "gameHangmanResult", ["score": round.score, "total": round.games.count]),
                    wrong: lost.map { WrongWord(prompt: $0.hint, answer: $0.answer) },
                    canBookmark: !round.lostItemIDs.isEmpty, canRetest: false)
            }

        case .test(let test):
            progressText = format(
                "gameTestProgress",
                ["n": min(test.currentIndex + 1, test.items.count), "total": test.items.count])
            shortcuts = req.text("gameTestKeys")
            let item = test.currentItem
            speech = item?.spokenTerm
            speakAt = termFirst ? "prompt" : test.isRevealed ? "answer" : ""
            self.test = TestView(
                prompt: item?.prompt(test.direction),
                answer: test.isRevealed ? item?.answer(test.direction) : nil,
                revealed: test.isRevealed,
                canUndo: !test.marks.isEmpty && !test.isFinished,
                marks: test.marks.map {
                    Mark(symbol: $0 == .known ? "O" : "X", known: $0 == .known)
                })
            if test.isFinished {
                let summary = test.result
                let wrong = Set(test.wrongItemIDs)
                result = ResultView(
                    text: format(
                        "gameTestResult",
                        [
                            "percent": summary.scorePercent, "known": summary.known,
                            "total": test.items.count,
                        ]),
                    perfectText: summary.isPerfect ? req.text("gameTestPerfect") : nil,
                    wrong: test.items.filter { wrong.contains($0.id) }.map {
                        WrongWord(
                            prompt: $0.prompt(test.direction), answer: $0.answer(test.direction))
                    },
                    canBookmark: !wrong.isEmpty, canRetest: !wrong.isEmpty)
            }

        case .flashcards(let deck):
            progressText = format(
                "gameCardsProgress",
                ["n": min(deck.index + 1, deck.cards.count), "total": deck.cards.count])
            shortcuts = req.text("gameCardsKeys")
            let card = deck.currentCard
            speech = card?.spokenTerm
            speakAt = termFirst ? "prompt" : deck.isFlipped ? "answer" : ""
            let example = deck.isFlipped ? card?.example : nil
            flashcards = FlashcardsView(
                front: card?.prompt(deck.direction),
                back: deck.isFlipped ? card?.answer(deck.direction) : nil,
                flipped: deck.isFlipped, atFirst: deck.index == 0, atEnd: deck.isFinished,
                endText: deck.isFinished ? format("gameCardsEnd", ["n": deck.cards.count]) : nil,
                exampleSentence: example?.sentence,
                exampleTranslation: example.flatMap {
                    $0.translation.isEmpty ? nil : $0.translation
                },
                marksText: deck.known.isEmpty && deck.learning.isEmpty
                    ? nil
                    : format(
                        "gameCardsMarks",
                        ["known": deck.known.count, "learning": deck.learning.count]),
                learningCount: deck.learning.count)

        case .write(let game):
            progressText = format(
                "gameWriteProgress",
                [
                    "n": min(game.currentIndex + 1, game.items.count), "total": game.items.count,
                    "score": game.score,
                ])
            shortcuts = req.text("gameWriteKeys")
            let last = game.lastAnswer
            speech = (termFirst ? game.currentItem : last?.item)?.spokenTerm
            speakAt = termFirst ? "prompt" : last == nil ? "" : "last"
            let answer = game.currentItem?.answer(game.direction) ?? ""
            write = WriteView(
                prompt: game.currentItem?.prompt(game.direction),
                last: last.map {
                    TypedAnswerView(
                        req, typed: $0.answer.typed,
                        TypedAnswer.check($0.answer.typed, expected: $0.item.answer(game.direction))
                    )
                },
                lastPrompt: last?.item.prompt(game.direction),
                keyboard: TypedAnswer.keyboard(answer: answer, reading: "").rawValue)
            if game.isFinished {
                let wrong = Set(game.wrongItemIDs)
                result = ResultView(
                    text: format(
                        "gameWriteResult", ["score": game.score, "total": game.items.count]),
                    wrong: game.items.filter { wrong.contains($0.id) }.map {
                        WrongWord(
                            prompt: $0.prompt(game.direction), answer: $0.answer(game.direction))
                    },
                    canBookmark: !wrong.isEmpty, canRetest: false)
            }
        }
        if speech == nil { speakAt = "" }
    }

    private static func hangmanView(_ game: HangmanGame, round: HangmanRound, req: Request)
        -> HangmanView
    {
        let guessed = game.guessed
        let wrong = Set(game.wrongGuesses)
        let keys = game.pad.map { key in
            PadKey(
                key: key,
                state: guessed.contains(key) ? (wrong.contains(key) ? "miss" : "hit") : "",
                disabled: guessed.contains(key) || game.isFinished)
        }
        // Hangul: consonants, then vowels, as two blocks; other scripts: one block.
        let groups: [PadGroup]
        if game.script == .hangul {
            let isVowel: (PadKey) -> Bool = { key in
                key.key.unicodeScalars.first.map { (0x314F...0x3163).contains($0.value) } ?? false
            }
            groups = [
                PadGroup(keys: keys.filter { !isVowel($0) }), PadGroup(keys: keys.filter(isVowel)),
            ]
        } else {
            groups = [PadGroup(keys: keys)]
        }
        let lang = req.uiLanguage
        let outcome: String? =
            game.isWon
            ? Localizer.format("gameHangmanWon", lang, ["answer": game.answer])
            : game.isLost ? Localizer.format("gameHangmanLost", lang, ["answer": game.answer]) : nil
        return HangmanView(
            hint: game.hint, script: game.script.rawValue,
            cells: zip(Array(game.answer), game.cells).map { character, cell in
                // A lost word shows in full, the letters not found marked as missed.
                if game.isLost && !cell.isComplete {
                    return Cell(text: String(character), state: "missed", isSpace: false)
                }
                let text = cell.text ?? ""
                let state =
                    !cell.isPlayed
                    ? "fixed" : cell.text == nil ? "hidden" : cell.isComplete ? "shown" : "partial"
                return Cell(
                    text: text, state: state,
                    isSpace: !cell.isPlayed && text.allSatisfy(\.isWhitespace))
            },
            gallows: Gallows(
                misses: game.misses,
                label: Localizer.format(
                    "gameHangmanDrawing", lang,
                    [
                        "misses": String(game.misses), "max": String(HangmanGame.maxMisses),
                    ])),
            missesLeftText: req.count("gameHangmanMissesLeft", game.missesLeft),
            wrongGuessesText: game.wrongGuesses.isEmpty
                ? nil
                : Localizer.format(
                    "gameHangmanWrongGuesses", lang,
                    ["keys": game.wrongGuesses.joined(separator: " ")]),
            padGroups: groups.filter { !$0.keys.isEmpty },
            wordOver: game.isFinished, won: game.isWon, outcomeText: outcome,
            canGoNext: game.isFinished && !round.isFinished)
    }

    static func direction(of game: StudyGame) -> StudyDirection {
        switch game {
        case .quiz(let quiz): quiz.direction
        case .hangman(let round): round.direction
        case .test(let test): test.direction
        case .flashcards(let deck): deck.direction
        case .write(let game): game.direction
        }
    }

    static func kindKey(_ kind: String) -> String {
        switch kind {
        case "quiz": "gameKindQuiz"
        case "hangman": "gameKindHangman"
        case "test": "gameKindTest"
        case "write": "gameKindWrite"
        default: "gameKindFlashcards"
        }
    }

    static func directionKey(_ direction: StudyDirection) -> String {
        direction == .termToMeaning ? "directionForward" : "directionReverse"
    }
}
