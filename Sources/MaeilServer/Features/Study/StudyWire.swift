import FSRS
import Foundation
import MaeilAPI
import VocabCore

// Reviews, games and the diary as they cross the wire, and their request bodies
// as domain values.

extension StudyCardDTO {
    init(_ reviewed: ReviewedCard, now: Date = Date()) {
        self.init(reviewed.card, scheduler: reviewed.scheduler, now: now)
    }

    init(_ card: StudyCard, scheduler: Scheduler, now: Date) {
        let word = card.word
        let (prompt, answer) =
            card.direction == .forward ? (word.term, word.meaning) : (word.meaning, word.term)
        self.init(
            wordID: word.id, direction: card.direction, bookID: word.bookID,
            bookName: word.bookName,
            prompt: prompt, answer: answer, term: word.term, meaning: word.meaning,
            reading: word.reading,
            partOfSpeech: word.partOfSpeech, examples: word.examples.map(ExampleDTO.init),
            state: StudyCardState(card.stored.state), version: card.stored.reps,
            due: card.stored.memory.due,
            intervals: Dictionary(
                uniqueKeysWithValues: scheduler.preview(card.stored.memory, at: now).map {
                    rating, after in
                    (
                        String(rating.rawValue),
                        IntervalFormatter.short(after.due.timeIntervalSince(now))
                    )
                }))
    }
}

extension StudyCardState {
    init(_ state: QueueState) {
        self =
            switch state {
            // A suspended card is in no queue; shown by name, it cannot be answered.
            case .new, .setAside, .suspended: .new
            case .learning: .learning
            case .review: .review
            case .relearning: .relearning
            }
    }
}

extension ReviewQueueDTO {
    init(_ queue: ReviewQueue) {
        let scheduler = queue.day.scheduler
        self.init(
            newCount: queue.newCount, learningCount: queue.learningCount,
            reviewCount: queue.reviewCount,
            nextLearningDue: queue.nextLearningDue,
            cards: queue.cards.map { StudyCardDTO($0, scheduler: scheduler, now: queue.day.now) })
    }
}

extension ReviewAnswerInput {
    func validated() throws -> ReviewAnswer {
        guard let rating = Rating(rawValue: rating) else {
            throw AppError.badRequest(
                "rating must be 1 (again), 2 (hard), 3 (good) or 4 (easy)", code: .invalidRating)
        }
        guard let direction = CardDirection(rawValue: direction) else {
            throw AppError.badRequest("direction must be forward or reverse")
        }
        if let elapsedMs, elapsedMs < 0 {
            throw AppError.badRequest("elapsedMs must not be negative")
        }
        return ReviewAnswer(
            wordID: wordID, direction: direction, rating: rating, version: version,
            elapsedMilliseconds: elapsedMs ?? 0)
    }
}

extension StudySettingsDTO {
    init(_ settings: StudySettings) {
        self.init(
            desiredRetention: settings.parameters.desiredRetention,
            newPerDay: settings.limits.newPerDay,
            reviewsPerDay: settings.limits.reviewsPerDay,
            maximumInterval: settings.parameters.maximumInterval,
            fuzz: settings.parameters.enableFuzzing, weights: settings.parameters.weights,
            memorizedInNew: settings.memorizedInNew, speakTerms: settings.speakTerms)
    }
}

extension StudySettingsPatch {
    func applied(to settings: StudySettings) -> StudySettings {
        var s = settings
        if let desiredRetention { s.parameters.desiredRetention = desiredRetention }
        if let newPerDay { s.limits.newPerDay = newPerDay }
        if let reviewsPerDay { s.limits.reviewsPerDay = reviewsPerDay }
        if let maximumInterval { s.parameters.maximumInterval = maximumInterval }
        if let fuzz { s.parameters.enableFuzzing = fuzz }
        if let weights { s.parameters.weights = weights }
        if let memorizedInNew { s.memorizedInNew = memorizedInNew }
        if let speakTerms { s.speakTerms = speakTerms }
        return s
    }
}

extension GameDTO {
    init(_ session: GameSession) {
        var quiz: QuizView?
        var hangman: HangmanView?
        var test: TestView?
        var flashcards: FlashcardsView?
        var write: WriteView?
        let direction: StudyDirection
        switch session.game {
        case .quiz(let game):
            direction = game.direction
            let question = game.currentQuestion
            let last = game.answers.last.map { answer -> QuizLast in
                let asked = game.questions[game.answers.count - 1]
                return QuizLast(
                    prompt: asked.prompt, chosen: answer.chosenIndex, correct: asked.correctIndex,
                    correctAnswer: asked.correctAnswer, isCorrect: answer.isCorrect)
            }
            let byID = Dictionary(
                game.questions.map { ($0.itemID, $0) }, uniquingKeysWith: { a, _ in a })
            quiz = QuizView(
                index: game.currentIndex, prompt: question?.prompt,
                choices: question?.choices ?? [], last: last,
                wrong: game.wrongItemIDs.compactMap { id in
                    byID[id].map { WordRef(id: id, prompt: $0.prompt, answer: $0.correctAnswer) }
                })
        case .hangman(let round):
            direction = round.direction
            let game = round.current
            hangman = HangmanView(
                wordIndex: round.index, wordCount: round.games.count, hint: game.hint,
                script: game.script.rawValue,
                cells: game.cells.map { HangmanCellView(text: $0.text, complete: $0.isComplete) },
                misses: game.misses, maxMisses: HangmanGame.maxMisses, pad: game.pad,
                guessed: game.guesses,
                wrongGuesses: game.wrongGuesses, won: game.isWon, lost: game.isLost,
                answer: game.isFinished ? game.answer : nil)
        case .test(let selfTest):
            direction = selfTest.direction
            let item = selfTest.currentItem
            let wrong = Set(selfTest.wrongItemIDs)
            test = TestView(
                index: selfTest.currentIndex, prompt: item?.prompt(selfTest.direction),
                answer: selfTest.isRevealed ? item?.answer(selfTest.direction) : nil,
                revealed: selfTest.isRevealed,
                marks: selfTest.marks.map(\.rawValue), scorePercent: selfTest.result.scorePercent,
                wrong: selfTest.items.filter { wrong.contains($0.id) }.map {
                    WordRef(
                        id: $0.id, prompt: $0.prompt(selfTest.direction),
                        answer: $0.answer(selfTest.direction))
                })
        case .flashcards(let deck):
            direction = deck.direction
            let card = deck.currentCard
            flashcards = FlashcardsView(
                index: deck.index, front: card?.prompt(deck.direction),
                back: deck.isFlipped ? card?.answer(deck.direction) : nil, flipped: deck.isFlipped,
                example: deck.isFlipped ? card?.example.map(ExampleDTO.init) : nil,
                knownCount: deck.known.count, learningCount: deck.learning.count)
        case .write(let game):
            direction = game.direction
            let wrong = Set(game.wrongItemIDs)
            write = WriteView(
                index: game.currentIndex, prompt: game.currentItem?.prompt(game.direction),
                last: game.lastAnswer.map {
                    WriteLast(
                        prompt: $0.item.prompt(game.direction), typed: $0.answer.typed,
                        verdict: $0.answer.verdict.rawValue,
                        correctAnswer: $0.item.answer(game.direction))
                },
                wrong: game.items.filter { wrong.contains($0.id) }.map {
                    WordRef(
                        id: $0.id, prompt: $0.prompt(game.direction),
                        answer: $0.answer(game.direction))
                })
        }
        self.init(
            id: session.id, kind: session.kind, bookID: session.bookID,
            direction: direction.card,
            finished: session.game.isFinished, score: session.game.score, total: session.game.total,
            startedAt: session.startedAt, finishedAt: session.finishedAt, quiz: quiz,
            hangman: hangman, test: test,
            flashcards: flashcards, write: write)
    }
}

extension StudyDirection {
    /// A game's direction by a card's name, as the API and the forms give it.
    init?(cardName: String) {
        guard let card = CardDirection(rawValue: cardName) else { return nil }
        self = card == .forward ? .termToMeaning : .meaningToTerm
    }

    /// Forward shows the term and asks the meaning, as a forward card does.
    var card: CardDirection { self == .termToMeaning ? .forward : .reverse }
}

extension GameStartInput {
    /// The game asked for: its words are the mistake notes' when `mistakes` is
    /// given, else `wordIDs`, else a draw.
    func setup() throws -> GameSetup {
        var words = GameSetup.Words.drawn
        if let mistakes {
            words = .mistakes(try ReviewSource.filter(mistakes))
        } else if let wordIDs {
            words = .these(wordIDs)
        }
        var setup = try GameSetup(
            kindName: kind, bookID: bookID, directionName: direction, count: count, words: words)
        setup.pool = WordPool(
            includeMemorized: includeMemorized ?? false, bookmarkedOnly: bookmarkedOnly ?? false)
        return setup
    }
}

extension GameMoveInput {
    func move() throws -> GameMove {
        guard let action = GameAction(rawValue: action) else {
            throw AppError.badRequest("unknown action \"\(action)\"", code: .invalidMove)
        }
        switch action {
        case .choose:
            guard let choice else { throw AppError.badRequest("choose needs choice (0–3)") }
            return .choose(choice)
        case .guess:
            guard let guess, !guess.isEmpty else {
                throw AppError.badRequest("guess needs a letter")
            }
            return .guess(guess)
        case .nextWord: return .nextWord
        case .reveal: return .reveal
        case .mark:
            guard let mark, let value = SelfTestMark(rawValue: mark) else {
                throw AppError.badRequest("mark must be known or unknown")
            }
            return .mark(value)
        case .undo: return .undo
        case .flip: return .flip
        case .next: return .nextCard
        case .previous: return .previousCard
        case .restart: return .restart
        case .shuffle: return .shuffle
        case .know: return .markCard(known: true)
        case .stillLearning: return .markCard(known: false)
        case .relearn: return .relearn
        case .write:
            guard let guess, !guess.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw AppError.badRequest("write needs the answer in guess")
            }
            return .write(guess)
        }
    }
}

extension StatsDashboardDTO {
    init(_ dashboard: Dashboard) {
        self.init(
            date: dashboard.today.description, dueToday: dashboard.dueToday,
            newToday: dashboard.newToday,
            reviewsToday: dashboard.activityToday.reviews,
            accuracyToday: dashboard.activityToday.accuracy,
            wordsAddedToday: dashboard.activityToday.wordsAdded,
            currentStreak: dashboard.streak.current,
            longestStreak: dashboard.streak.longest, totalWords: dashboard.totalWords,
            memorizedWords: dashboard.memorizedWords, gamesPlayed: dashboard.gamesPlayed,
            gamesToday: dashboard.gamesToday)
    }
}

extension StatsDayDTO {
    init(date: String, activity: DayActivity) {
        self.init(
            date: date, wordsAdded: activity.wordsAdded, reviews: activity.reviews,
            correctReviews: activity.correctReviews, accuracy: activity.accuracy,
            answers: activity.answers,
            games: activity.games)
    }
}

extension StatsTotalsDTO {
    init(_ days: [DayActivity]) {
        let sum = DayActivity.sum(days)
        self.init(
            wordsAdded: sum.wordsAdded, reviews: sum.reviews, correctReviews: sum.correctReviews,
            accuracy: sum.accuracy, answers: sum.answers, games: sum.games,
            studyDays: days.filter(\.isStudyDay).count)
    }
}

extension ReviewSource {
    /// A source named in a request, or nil for "all" (or nothing).
    static func filter(_ raw: String) throws -> ReviewSource? {
        if raw == "all" || raw.isEmpty { return nil }
        guard let source = ReviewSource(rawValue: raw) else {
            throw AppError.badRequest("source must be review, quiz, hangman, test or all")
        }
        return source
    }
}

extension GameSummaryDTO {
    init(_ game: GameSummary) {
        self.init(
            id: game.id, kind: game.kind, bookName: game.bookName, score: game.score,
            total: game.total, finished: game.finished, startedAt: game.startedAt)
    }
}

extension MistakeDTO {
    init(_ note: MistakeStore.Entry) {
        self.init(
            word: WordDTO(note.word), source: note.source, count: note.count, lastAt: note.lastAt)
    }
}
