import Fluent
import Foundation
import MaeilAPI
import SQLKit
import VocabCore

/// A game as stored: its engine state and where it was played from.
struct GameSession: Sendable {
    var id: UUID
    var bookID: UUID?
    var game: StudyGame
    var startedAt: Date
    var finishedAt: Date?

    var kind: GameKind {
        switch game {
        case .quiz: .quiz
        case .hangman: .hangman
        case .test: .test
        case .flashcards: .flashcards
        case .write: .write
        }
    }
}

/// What to play on.
struct GameSetup: Sendable {
    var kind: GameKind
    var bookID: UUID?
    var direction: StudyDirection
    var count: Int?
    var words: Words = .drawn
    /// Which words a draw takes: memorized ones are left out unless asked for.
    var pool = WordPool()

    enum Words: Sendable {
        /// A random draw from the book, or from every book.
        case drawn
        /// Exactly these words.
        case these([UUID])
        /// The words in the mistake notes of one source (nil: all of them).
        case mistakes(ReviewSource?)
    }
}

extension GameSetup {
    /// A setup from the names a form or a request body uses: an unknown kind or
    /// direction is a 400. Hangman guesses the term by default; the others ask the meaning.
    init(
        kindName: String, bookID: UUID?, directionName: String?, count: Int?, words: Words = .drawn
    ) throws {
        guard let kind = GameKind(rawValue: kindName) else {
            throw AppError.badRequest("kind must be quiz, hangman, test or flashcards")
        }
        // Hangman and write ask for the term (spelling it is the game); the others the meaning.
        var direction: StudyDirection =
            kind == .hangman || kind == .write ? .meaningToTerm : .termToMeaning
        if let directionName {
            guard let named = StudyDirection(cardName: directionName) else {
                throw AppError.badRequest("direction must be forward or reverse")
            }
            direction = named
        }
        self.init(kind: kind, bookID: bookID, direction: direction, count: count, words: words)
    }
}

/// Which of the user's words a random draw takes.
struct WordPool: Sendable, Equatable {
    /// Memorized words too (by default a game leaves them out, as reviews do).
    var includeMemorized = false
    /// Only bookmarked words.
    var bookmarkedOnly = false
}

/// One move in a game.
enum GameMove: Sendable {
    case choose(Int)
    case guess(String)
    case nextWord
    case reveal
    case mark(SelfTestMark)
    case undo
    case flip, nextCard, previousCard, restart, shuffle
    /// Flashcards: the card shown is known (true) or still being learnt.
    case markCard(known: Bool)
    case relearn
    /// Write: the answer typed.
    case write(String)
}

/// Starts games, applies moves and stores the whole engine state after each,
/// so a game survives restarts and runs on any app process. A wrong answer
/// goes to the mistake notes and counts as Again for the word's card.
struct GameService: Sendable {
    let db: any Database
    let userID: UUID
    let days: DayFormatter
    /// The books' word orders a random draw reads its words' places from.
    var orders: WordOrderCache? = nil

    private var store: GameStore { GameStore(db: db, userID: userID) }
    /// Games read and bookmark words; they never add any, so no hooks run.
    private var words: WordStore {
        WordStore(db: db, userID: userID, days: days, hooks: .none, orders: orders)
    }

    static let defaultCounts: [GameKind: Int] = [
        .quiz: 10, .hangman: 10, .test: 20, .flashcards: 500, .write: 10,
    ]
    static let maxWords = 500

    func start(_ setup: GameSetup, now: Date = Date()) async throws -> GameSession {
        if let count = setup.count, !(1...Self.maxWords).contains(count) {
            throw GameRefusal.countOutOfRange(max: Self.maxWords)
        }
        var setup = setup
        if case .mistakes(let source) = setup.words {
            let ids = try await MistakeStore(db: db, userID: userID).wordIDs(source)
            guard !ids.isEmpty else { throw GameRefusal.emptyMistakeNotes }
            setup.words = .these(ids)
        }
        // Words named (or a mistake note's) are played all; a draw takes the kind's usual number.
        var count = setup.count ?? Self.defaultCounts[setup.kind] ?? 10
        if setup.count == nil, case .these(let ids) = setup.words {
            count = min(Set(ids).count, Self.maxWords)
        }
        // The book is stored with the game and shown in its lists, whichever words are played.
        if let bookID = setup.bookID {
            _ = try await BookStore(db: db, userID: userID).find(bookID)
        }
        // A quiz draws its wrong choices from the words drawn with it, so it draws more than it asks.
        let drawn = if case .drawn = setup.words { true } else { false }
        let items = try await self.items(
            setup,
            limit: setup.kind == .quiz && drawn
                ? min(Self.maxWords, QuizGame.wordsToDraw(questions: count)) : count)
        var rng = SystemRandomNumberGenerator()
        let game: StudyGame
        do {
            switch setup.kind {
            case .quiz:
                do {
                    game = .quiz(
                        try QuizGame.make(
                            items: items, direction: setup.direction, count: count, using: &rng))
                } catch let error as QuizError {
                    throw GameRefusal.quiz(error)
                }
            case .hangman:
                game = .hangman(
                    try HangmanRound(items: Array(items.prefix(count)), direction: setup.direction))
            case .test:
                game = .test(
                    try SelfTest(items: Array(items.prefix(count)), direction: setup.direction))
            case .flashcards:
                game = .flashcards(
                    try FlashcardDeck(items: Array(items.prefix(count)), direction: setup.direction)
                )
            case .write:
                game = .write(
                    try WritingGame(items: Array(items.prefix(count)), direction: setup.direction))
            }
        } catch let error as GameError {
            throw error == .noItems ? GameRefusal.noWords : GameRefusal.unplayable(error)
        }
        let session = GameSession(
            id: UUID(), bookID: setup.bookID, game: game, startedAt: now, finishedAt: nil)
        try await store.insert(session, playedOn: days.day(of: now))
        return session
    }

    /// Words to play: the given ids (all of them the user's, else 404), or a
    /// random draw from a book or from every book.
    private func items(_ setup: GameSetup, limit: Int) async throws -> [StudyItem] {
        var items: [StudyItem]
        if case .these(let ids) = setup.words {
            let unique = Array(Set(ids))
            guard !unique.isEmpty, unique.count <= Self.maxWords else {
                throw GameRefusal.tooManyWords(max: Self.maxWords)
            }
            items = Self.oncePerTerm(try await words.studyItems(unique))
        } else {
            // Drawn with room to spare: a book may hold a term twice.
            items = Array(
                Self.oncePerTerm(
                    try await words.randomStudyItems(
                        inBook: setup.bookID, limit: limit * 2,
                        memorized: setup.pool.includeMemorized ? nil : false,
                        bookmarked: setup.pool.bookmarkedOnly ? true : nil)
                ).prefix(limit))
        }
        items.shuffle()
        return items
    }

    /// The first word of each term (ignoring case and surrounding spaces): a
    /// game never asks the same term twice.
    static func oncePerTerm(_ items: [StudyItem]) -> [StudyItem] {
        var seen = Set<String>()
        return items.filter {
            seen.insert($0.term.trimmingCharacters(in: .whitespaces).lowercased()).inserted
        }
    }

    func find(_ id: UUID) async throws -> GameSession {
        try await store.find(id)
    }

    func recent(limit: Int = 10) async throws -> [GameSummary] {
        try await store.recent(limit: limit)
    }

    /// Applies a move. A move the game refuses changes nothing: 409 when the
    /// game is over or the move does not fit its state, 400 for bad input.
    func play(_ id: UUID, _ move: GameMove, now: Date = Date()) async throws -> GameSession {
        var session = try await find(id)
        let before = session.game
        var missed: [UUID] = []
        do {
            switch (session.game, move) {
            case (.quiz(var quiz), .choose(let choice)):
                let itemID = quiz.currentQuestion?.itemID
                if try !quiz.answer(choice: choice).isCorrect, let itemID { missed.append(itemID) }
                session.game = .quiz(quiz)
            case (.hangman(var round), .guess(let key)):
                try round.guess(key)
                if round.current.isLost, let itemID = round.current.itemID { missed.append(itemID) }
                session.game = .hangman(round)
            case (.hangman(var round), .nextWord):
                try round.next()
                session.game = .hangman(round)
            case (.test(var test), .reveal):
                try test.reveal()
                session.game = .test(test)
            case (.test(var test), .mark(let mark)):
                try test.mark(mark)
                // Misses are counted when the test ends, so undo can take marks back freely.
                if test.isFinished { missed = test.wrongItemIDs }
                session.game = .test(test)
            case (.test(var test), .undo):
                guard !test.isFinished else { throw GameError.finished }
                try test.undo()
                session.game = .test(test)
            case (.flashcards(var deck), .flip):
                try deck.flip()
                session.game = .flashcards(deck)
            case (.flashcards(var deck), .nextCard):
                try deck.next()
                session.game = .flashcards(deck)
            case (.flashcards(var deck), .previousCard):
                try deck.previous()
                session.game = .flashcards(deck)
            case (.flashcards(var deck), .restart):
                deck.restart()
                session.game = .flashcards(deck)
            case (.flashcards(var deck), .markCard(let known)):
                try deck.mark(known: known)
                session.game = .flashcards(deck)
            case (.flashcards(var deck), .relearn):
                try deck.relearn()
                session.game = .flashcards(deck)
            case (.write(var game), .write(let typed)):
                let itemID = game.currentItem?.id
                if try game.write(typed).verdict != .right, let itemID { missed.append(itemID) }
                session.game = .write(game)
            case (.flashcards(var deck), .shuffle):
                var rng = SystemRandomNumberGenerator()
                deck.shuffle(using: &rng)
                session.game = .flashcards(deck)
            default:
                throw GameRefusal.wrongGame(session.kind)
            }
        }
        let finishedNow = session.game.isFinished && !before.isFinished
        if finishedNow { session.finishedAt = now }
        try await save(session, replacing: before, missed: missed, now: now)
        return session
    }

    /// Writes the new state only if the stored one is still `before` (two
    /// moves at once: the second is refused), with the misses, in one transaction.
    private func save(
        _ session: GameSession, replacing before: StudyGame, missed: [UUID], now: Date
    ) async throws {
        let userID = userID
        let source: ReviewSource =
            switch session.game {
            case .quiz: .quiz
            case .hangman: .hangman
            case .write: .write
            default: .test
            }
        let directions = try await cardDirections(for: missed, game: session.game)
        try await db.writeTransaction { tx in
            guard try await GameStore(db: tx, userID: userID).replace(before, with: session) else {
                throw GameRefusal.stale
            }
            for wordID in missed {
                guard let direction = directions[wordID] else { continue }
                try await ReviewService(db: tx, userID: userID, days: days).recordMiss(
                    wordID: wordID, direction: direction, source: source, now: now)
            }
        }
    }

    /// The card a miss counts against: the game's direction when the word's
    /// book studies it, else the direction the book studies.
    private func cardDirections(for wordIDs: [UUID], game: StudyGame) async throws -> [UUID:
        CardDirection]
    {
        guard !wordIDs.isEmpty else { return [:] }
        let played: CardDirection =
            switch game {
            case .quiz(let quiz): quiz.direction.card
            case .test(let test): test.direction.card
            case .hangman(let round): round.direction.card
            case .write(let game): game.direction.card
            case .flashcards: .forward
            }
        return try await words.studyDirections(of: wordIDs).mapValues { studies in
            switch studies {
            case .both: played
            case .forward: .forward
            case .reverse: .reverse
            }
        }
    }

    /// A new O/X test of the words marked wrong in a finished one.
    func retestWrong(_ id: UUID, now: Date = Date()) async throws -> GameSession {
        let session = try await find(id)
        guard case .test(let test) = session.game else {
            throw GameRefusal.notATest
        }
        let retest: SelfTest
        retest = try test.retestWrongOnly()
        return try await start(
            GameSetup(
                kind: .test, bookID: session.bookID, direction: test.direction,
                words: .these(retest.items.map(\.id))),
            now: now)
    }

    /// Bookmarks every word answered wrong in the game; returns how many.
    func bookmarkWrong(_ id: UUID) async throws -> Int {
        let session = try await find(id)
        let wrong: [UUID] =
            switch session.game {
            case .quiz(let quiz): quiz.wrongItemIDs
            case .hangman(let round): round.lostItemIDs
            case .test(let test): test.wrongItemIDs
            case .write(let game): game.wrongItemIDs
            case .flashcards: []
            }
        guard !wrong.isEmpty else {
            throw GameRefusal.nothingWrong
        }
        // Words deleted since the game are skipped.
        let existing = try await words.existing(Array(Set(wrong)))
        guard !existing.isEmpty else { return 0 }
        return try await words.bulk(WordBulkEdit(ids: existing, action: .bookmark))
    }
}
