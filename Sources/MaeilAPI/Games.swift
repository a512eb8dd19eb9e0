import Foundation

public enum GameKind: String, Codable, Sendable, CaseIterable {
    case quiz, hangman, test, flashcards
    /// Type each answer (the term, by default).
    case write
}

/// Where a wrong answer was given: a review rated Again, or a game.
public enum ReviewSource: String, Codable, Sendable, CaseIterable {
    case review, quiz, hangman, test, write
}

/// What `POST games/{id}/moves` does.
public enum GameAction: String, Codable, Sendable, CaseIterable {
    /// Quiz: pick `choice` (0–3).
    case choose
    /// Hangman: try the letter, jamo or kana in `guess`.
    case guess
    /// Hangman: go on to the next word.
    case nextWord = "next-word"
    /// O/X test: show the answer.
    case reveal
    /// O/X test: mark the word `known` (O) or `unknown` (X).
    case mark
    /// O/X test: take the last mark back.
    case undo
    /// Flashcards.
    case flip, next, previous, restart, shuffle
    /// Flashcards: mark the card shown "I know it", or "still learning", and move on.
    case know
    case stillLearning = "still-learning"
    /// Flashcards: a round of the cards marked still learning only.
    case relearn
    /// Write: the answer typed, in `guess`.
    case write
}

/// A game as the client sees it: the common fields and the view of its kind.
/// Answers are not revealed before they are given.
public struct GameDTO: Codable, Sendable {
    public var id: UUID
    public var kind: GameKind
    public var bookID: UUID?
    /// As a card's: forward shows the term and asks the meaning, reverse the other way.
    public var direction: CardDirection
    public var finished: Bool
    public var score: Int
    public var total: Int
    public var startedAt: Date
    public var finishedAt: Date?
    public var quiz: QuizView?
    public var hangman: HangmanView?
    public var test: TestView?
    public var flashcards: FlashcardsView?
    public var write: WriteView?

    public struct QuizView: Codable, Sendable {
        public var index: Int
        public var prompt: String?
        public var choices: [String]
        /// The last answer: what was chosen and what was right.
        public var last: QuizLast?
        public var wrong: [WordRef]

        public init(
            index: Int,
            prompt: String? = nil,
            choices: [String],
            last: QuizLast? = nil,
            wrong: [WordRef]
        ) {
            self.index = index
            self.prompt = prompt
            self.choices = choices
            self.last = last
            self.wrong = wrong
        }
    }

    public struct QuizLast: Codable, Sendable {
        public var prompt: String
        public var chosen: Int
        public var correct: Int
        public var correctAnswer: String
        public var isCorrect: Bool

        public init(
            prompt: String, chosen: Int, correct: Int, correctAnswer: String, isCorrect: Bool
        ) {
            self.prompt = prompt
            self.chosen = chosen
            self.correct = correct
            self.correctAnswer = correctAnswer
            self.isCorrect = isCorrect
        }
    }

    public struct HangmanView: Codable, Sendable {
        public var wordIndex: Int
        public var wordCount: Int
        public var hint: String
        /// "latin", "hangul" or "kana": what one guess is.
        public var script: String
        /// One per character: its text when shown (a partly revealed syllable is drawn from its jamo), else null.
        public var cells: [HangmanCellView]
        public var misses: Int
        public var maxMisses: Int
        public var pad: [String]
        public var guessed: [String]
        public var wrongGuesses: [String]
        public var won: Bool
        public var lost: Bool
        /// The word, once this one is over.
        public var answer: String?

        public init(
            wordIndex: Int,
            wordCount: Int,
            hint: String,
            script: String,
            cells: [HangmanCellView],
            misses: Int,
            maxMisses: Int,
            pad: [String],
            guessed: [String],
            wrongGuesses: [String],
            won: Bool,
            lost: Bool,
            answer: String? = nil
        ) {
            self.wordIndex = wordIndex
            self.wordCount = wordCount
            self.hint = hint
            self.script = script
            self.cells = cells
            self.misses = misses
            self.maxMisses = maxMisses
            self.pad = pad
            self.guessed = guessed
            self.wrongGuesses = wrongGuesses
            self.won = won
            self.lost = lost
            self.answer = answer
        }
    }

    public struct HangmanCellView: Codable, Sendable {
        public var text: String?
        public var complete: Bool

        public init(text: String? = nil, complete: Bool) {
            self.text = text
            self.complete = complete
        }
    }

    public struct TestView: Codable, Sendable {
        public var index: Int
        public var prompt: String?
        public var answer: String?
        public var revealed: Bool
        /// "known" or "unknown", one per word marked.
        public var marks: [String]
        public var scorePercent: Int
        public var wrong: [WordRef]

        public init(
            index: Int,
            prompt: String? = nil,
            answer: String? = nil,
            revealed: Bool,
            marks: [String],
            scorePercent: Int,
            wrong: [WordRef]
        ) {
            self.index = index
            self.prompt = prompt
            self.answer = answer
            self.revealed = revealed
            self.marks = marks
            self.scorePercent = scorePercent
            self.wrong = wrong
        }
    }

    public struct FlashcardsView: Codable, Sendable {
        public var index: Int
        public var front: String?
        public var back: String?
        public var flipped: Bool
        /// The word's first example, with the back.
        public var example: ExampleDTO?
        /// Cards marked "I know it" and "still learning".
        public var knownCount: Int
        public var learningCount: Int

        public init(
            index: Int, front: String? = nil, back: String? = nil, flipped: Bool,
            example: ExampleDTO? = nil, knownCount: Int = 0, learningCount: Int = 0
        ) {
            self.index = index
            self.front = front
            self.back = back
            self.flipped = flipped
            self.example = example
            self.knownCount = knownCount
            self.learningCount = learningCount
        }
    }

    public struct WriteView: Codable, Sendable {
        public var index: Int
        public var prompt: String?
        /// The last answer: what was typed against what was right.
        public var last: WriteLast?
        public var wrong: [WordRef]

        public init(index: Int, prompt: String? = nil, last: WriteLast? = nil, wrong: [WordRef]) {
            self.index = index
            self.prompt = prompt
            self.last = last
            self.wrong = wrong
        }
    }

    public struct WriteLast: Codable, Sendable {
        public var prompt: String
        public var typed: String
        /// "right", "close" (a slipped key: still a miss) or "wrong".
        public var verdict: String
        public var correctAnswer: String

        public init(prompt: String, typed: String, verdict: String, correctAnswer: String) {
            self.prompt = prompt
            self.typed = typed
            self.verdict = verdict
            self.correctAnswer = correctAnswer
        }
    }

    /// A word answered wrong, as the game asked it.
    public struct WordRef: Codable, Sendable {
        public var id: UUID
        public var prompt: String
        public var answer: String

        public init(id: UUID, prompt: String, answer: String) {
            self.id = id
            self.prompt = prompt
            self.answer = answer
        }
    }

    public init(
        id: UUID,
        kind: GameKind,
        bookID: UUID? = nil,
        direction: CardDirection,
        finished: Bool,
        score: Int,
        total: Int,
        startedAt: Date,
        finishedAt: Date? = nil,
        quiz: QuizView? = nil,
        hangman: HangmanView? = nil,
        test: TestView? = nil,
        flashcards: FlashcardsView? = nil,
        write: WriteView? = nil
    ) {
        self.id = id
        self.kind = kind
        self.bookID = bookID
        self.direction = direction
        self.finished = finished
        self.score = score
        self.total = total
        self.startedAt = startedAt
        self.finishedAt = finishedAt
        self.quiz = quiz
        self.hangman = hangman
        self.test = test
        self.flashcards = flashcards
        self.write = write
    }
}

public struct GameStartInput: Codable, Sendable {
    /// A `GameKind` value.
    public var kind: String
    public var bookID: UUID?
    /// A `CardDirection` value: "forward" (default; hangman and write: "reverse") or the other.
    public var direction: String?
    public var count: Int?
    public var wordIDs: [UUID]?
    /// Play the words in the mistake notes of this source (a `ReviewSource` value, or "all").
    public var mistakes: String?
    /// A random draw takes memorized words too (default false: they are left out).
    public var includeMemorized: Bool?
    /// A random draw takes only bookmarked words.
    public var bookmarkedOnly: Bool?

    public init(
        kind: String,
        bookID: UUID? = nil,
        direction: String? = nil,
        count: Int? = nil,
        wordIDs: [UUID]? = nil,
        mistakes: String? = nil,
        includeMemorized: Bool? = nil,
        bookmarkedOnly: Bool? = nil
    ) {
        self.kind = kind
        self.bookID = bookID
        self.direction = direction
        self.count = count
        self.wordIDs = wordIDs
        self.mistakes = mistakes
        self.includeMemorized = includeMemorized
        self.bookmarkedOnly = bookmarkedOnly
    }
}

public struct GameMoveInput: Codable, Sendable {
    /// A `GameAction` value.
    public var action: String
    public var choice: Int?
    public var guess: String?
    /// "known" (O) or "unknown" (X).
    public var mark: String?

    public init(action: String, choice: Int? = nil, guess: String? = nil, mark: String? = nil) {
        self.action = action
        self.choice = choice
        self.guess = guess
        self.mark = mark
    }
}

/// One of the recent games: what was played, on which book, and how it went.
public struct GameSummaryDTO: Codable, Sendable {
    public var id: UUID
    public var kind: GameKind
    /// Absent for "all books", and for a book deleted since.
    public var bookName: String?
    public var score: Int
    public var total: Int
    public var finished: Bool
    public var startedAt: Date

    public init(
        id: UUID, kind: GameKind, bookName: String?, score: Int, total: Int, finished: Bool,
        startedAt: Date
    ) {
        self.id = id
        self.kind = kind
        self.bookName = bookName
        self.score = score
        self.total = total
        self.finished = finished
        self.startedAt = startedAt
    }
}

public struct MistakeDTO: Codable, Sendable {
    public var word: WordDTO
    public var source: ReviewSource
    public var count: Int
    public var lastAt: Date

    public init(word: WordDTO, source: ReviewSource, count: Int, lastAt: Date) {
        self.word = word
        self.source = source
        self.count = count
        self.lastAt = lastAt
    }
}
