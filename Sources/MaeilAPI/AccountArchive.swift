import Foundation

/// "All my data": `account.json` in the archive a user downloads
/// (`GET /api/v1/account/archive`) and imports on another server
/// (`POST /api/v1/account/archive`). Dates are ISO 8601; ids are the old server's,
/// and every reference between the parts uses them (an import gives everything new
/// ids and keeps the links). Media files are beside it in the zip, under `media/`.
public struct AccountArchiveDTO: Codable, Sendable {
    public static let formatName = "maeil-account"
    public static let currentVersion = 1

    /// Always `maeil-account`.
    public var format: String
    /// 1.
    public var version: Int
    public var exportedAt: Date
    public var username: String
    public var profile: Profile
    public var studySettings: StudySettingsDTO
    public var books: [Book]
    /// Every answer that moved a card, oldest first.
    public var reviewLog: [Answer]
    public var mistakes: [Mistake]
    public var games: [Game]
    public var lotto: Lotto

    public init(
        exportedAt: Date, username: String, profile: Profile, studySettings: StudySettingsDTO,
        books: [Book], reviewLog: [Answer], mistakes: [Mistake], games: [Game], lotto: Lotto
    ) {
        format = Self.formatName
        version = Self.currentVersion
        self.exportedAt = exportedAt
        self.username = username
        self.profile = profile
        self.studySettings = studySettings
        self.books = books
        self.reviewLog = reviewLog
        self.mistakes = mistakes
        self.games = games
        self.lotto = lotto
    }

    public struct Profile: Codable, Sendable, Equatable {
        public var displayName: String?
        public var language: String?
        public var timeZone: String?

        public init(displayName: String?, language: String?, timeZone: String?) {
            self.displayName = displayName
            self.language = language
            self.timeZone = timeZone
        }
    }

    public struct Book: Codable, Sendable, Equatable {
        public var id: UUID
        public var name: String
        public var description: String
        public var termLanguage: String
        public var meaningLanguage: String
        /// `forward`, `reverse` or `both`.
        public var studyDirections: String
        public var createdAt: Date?
        /// The book's own daily limits, when it has them.
        public var newPerDay: Int?
        public var reviewsPerDay: Int?
        public var words: [Word]

        public init(
            id: UUID, name: String, description: String, termLanguage: String,
            meaningLanguage: String, studyDirections: String, createdAt: Date?, newPerDay: Int?,
            reviewsPerDay: Int?, words: [Word]
        ) {
            self.id = id
            self.name = name
            self.description = description
            self.termLanguage = termLanguage
            self.meaningLanguage = meaningLanguage
            self.studyDirections = studyDirections
            self.createdAt = createdAt
            self.newPerDay = newPerDay
            self.reviewsPerDay = reviewsPerDay
            self.words = words
        }
    }

    public struct Word: Codable, Sendable, Equatable {
        public var id: UUID
        public var term: String
        public var meaning: String
        public var reading: String
        public var partOfSpeech: String
        public var note: String
        public var synonyms: [String]
        public var antonyms: [String]
        public var examples: [ExampleDTO]
        public var tags: [String]
        public var memorized: Bool
        public var bookmarked: Bool
        public var createdAt: Date?
        public var cards: [Card]
        public var media: [Media]

        public init(
            id: UUID, term: String, meaning: String, reading: String, partOfSpeech: String,
            note: String, synonyms: [String], antonyms: [String], examples: [ExampleDTO],
            tags: [String], memorized: Bool, bookmarked: Bool, createdAt: Date?, cards: [Card],
            media: [Media]
        ) {
            self.id = id
            self.term = term
            self.meaning = meaning
            self.reading = reading
            self.partOfSpeech = partOfSpeech
            self.note = note
            self.synonyms = synonyms
            self.antonyms = antonyms
            self.examples = examples
            self.tags = tags
            self.memorized = memorized
            self.bookmarked = bookmarked
            self.createdAt = createdAt
            self.cards = cards
            self.media = media
        }
    }

    /// A review card as Maeil keeps it: its queue state (0 new, 1 learning, 2 review,
    /// 3 relearning, 4 set aside, 5 suspended — with the state it waits to go back to)
    /// and FSRS's memory.
    public struct Card: Codable, Sendable, Equatable {
        /// `forward` or `reverse`.
        public var direction: String
        public var state: Int
        public var suspendedState: Int?
        public var step: Int?
        public var stability: Double?
        public var difficulty: Double?
        public var due: Date
        public var lastReview: Date?
        public var reps: Int
        public var lapses: Int

        public init(
            direction: String, state: Int, suspendedState: Int?, step: Int?, stability: Double?,
            difficulty: Double?, due: Date, lastReview: Date?, reps: Int, lapses: Int
        ) {
            self.direction = direction
            self.state = state
            self.suspendedState = suspendedState
            self.step = step
            self.stability = stability
            self.difficulty = difficulty
            self.due = due
            self.lastReview = lastReview
            self.reps = reps
            self.lapses = lapses
        }
    }

    /// A sound or picture kept with a word: the file is `file` in the zip.
    public struct Media: Codable, Sendable, Equatable {
        public var name: String
        public var contentType: String
        public var file: String

        public init(name: String, contentType: String, file: String) {
            self.name = name
            self.contentType = contentType
            self.file = file
        }
    }

    /// One answer: the card before and after it as Maeil stores them (JSON text).
    public struct Answer: Codable, Sendable, Equatable {
        public var wordID: UUID
        public var direction: String
        /// `review`, `quiz`, `hangman`, `test` or `write`.
        public var source: String
        public var rating: Int
        public var reviewedAt: Date
        public var elapsedMilliseconds: Int
        public var cardBefore: String
        public var cardAfter: String

        public init(
            wordID: UUID, direction: String, source: String, rating: Int, reviewedAt: Date,
            elapsedMilliseconds: Int, cardBefore: String, cardAfter: String
        ) {
            self.wordID = wordID
            self.direction = direction
            self.source = source
            self.rating = rating
            self.reviewedAt = reviewedAt
            self.elapsedMilliseconds = elapsedMilliseconds
            self.cardBefore = cardBefore
            self.cardAfter = cardAfter
        }
    }

    public struct Mistake: Codable, Sendable, Equatable {
        public var wordID: UUID
        public var source: String
        public var count: Int
        public var lastAt: Date

        public init(wordID: UUID, source: String, count: Int, lastAt: Date) {
            self.wordID = wordID
            self.source = source
            self.count = count
            self.lastAt = lastAt
        }
    }

    /// A game as saved: its state is the game's own JSON, naming words by id.
    public struct Game: Codable, Sendable, Equatable {
        public var id: UUID
        public var kind: String
        public var bookID: UUID?
        public var state: String
        public var score: Int
        public var total: Int
        public var finished: Bool
        public var startedAt: Date
        public var finishedAt: Date?
        public var playedOn: String

        public init(
            id: UUID, kind: String, bookID: UUID?, state: String, score: Int, total: Int,
            finished: Bool, startedAt: Date, finishedAt: Date?, playedOn: String
        ) {
            self.id = id
            self.kind = kind
            self.bookID = bookID
            self.state = state
            self.score = score
            self.total = total
            self.finished = finished
            self.startedAt = startedAt
            self.finishedAt = finishedAt
            self.playedOn = playedOn
        }
    }

    public struct Lotto: Codable, Sendable, Equatable {
        public var nickname: String?
        public var monthlyGoal: Int?
        public var reminderMinutes: Int?
        public var entries: [LottoEntry]
        /// Winning numbers the user typed for rounds the server did not know, by round.
        public var manualDraws: [ManualDraw]

        public init(
            nickname: String?, monthlyGoal: Int?, reminderMinutes: Int?, entries: [LottoEntry],
            manualDraws: [ManualDraw]
        ) {
            self.nickname = nickname
            self.monthlyGoal = monthlyGoal
            self.reminderMinutes = reminderMinutes
            self.entries = entries
            self.manualDraws = manualDraws
        }
    }

    /// A diary entry as stored: `games` is its JSON text.
    public struct LottoEntry: Codable, Sendable, Equatable {
        public var kind: String
        public var boughtOn: String
        public var round: Int?
        public var games: String
        public var source: String?
        public var resultURL: String?
        public var serialDigest: String?
        public var speettoType: Int?
        public var spent: Int
        public var speettoWon: Int?
        public var note: String
        public var createdAt: Date

        public init(
            kind: String, boughtOn: String, round: Int?, games: String, source: String?,
            resultURL: String?, serialDigest: String?, speettoType: Int?, spent: Int,
            speettoWon: Int?, note: String, createdAt: Date
        ) {
            self.kind = kind
            self.boughtOn = boughtOn
            self.round = round
            self.games = games
            self.source = source
            self.resultURL = resultURL
            self.serialDigest = serialDigest
            self.speettoType = speettoType
            self.spent = spent
            self.speettoWon = speettoWon
            self.note = note
            self.createdAt = createdAt
        }
    }

    public struct ManualDraw: Codable, Sendable, Equatable {
        public var round: Int
        public var draw: String

        public init(round: Int, draw: String) {
            self.round = round
            self.draw = draw
        }
    }
}

/// What an archive import made.
public struct AccountImportResultDTO: Codable, Sendable, Equatable {
    public var books: Int
    public var words: Int
    public var answers: Int
    public var media: Int
    public var games: Int
    public var lottoEntries: Int

    public init(books: Int, words: Int, answers: Int, media: Int, games: Int, lottoEntries: Int) {
        self.books = books
        self.words = words
        self.answers = answers
        self.media = media
        self.games = games
        self.lottoEntries = lottoEntries
    }
}
