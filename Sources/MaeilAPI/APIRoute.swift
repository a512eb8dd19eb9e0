/// One route of the API: its method and its path below `/api/v1`, where
/// `{name}` stands for a parameter. The server registers exactly `all`, the
/// OpenAPI document describes exactly `all`, and clients build their URLs from
/// the same values, so a path is written once.
public struct APIRoute: Hashable, Sendable, CustomStringConvertible {
    public enum Method: String, Sendable {
        case get = "GET"
        case post = "POST"
        case put = "PUT"
        case patch = "PATCH"
        case delete = "DELETE"
    }

    public static let prefix = "/api/v1"

    public let method: Method
    /// `books/{id}/words`
    public let path: String

    public init(_ method: Method, _ path: String) {
        self.method = method
        self.path = path
    }

    /// The path's segments; a parameter is `{name}`.
    public var segments: [Substring] { path.split(separator: "/") }

    /// The parameter's name when `segment` is one (`{id}` → `id`).
    public static func parameterName(_ segment: Substring) -> Substring? {
        guard segment.hasPrefix("{"), segment.hasSuffix("}") else { return nil }
        return segment.dropFirst().dropLast()
    }

    /// The absolute path with `values` in place of its parameters (`/api/v1/books/42/words`).
    public func path(_ values: [String: String] = [:]) -> String {
        Self.prefix + "/"
            + segments.map { segment in
                Self.parameterName(segment).flatMap { values[String($0)] } ?? String(segment)
            }.joined(separator: "/")
    }

    public var description: String { "\(method.rawValue) \(Self.prefix)/\(path)" }
}

extension APIRoute {
    public static let openAPI = APIRoute(.get, "openapi.json")

    public static let signUp = APIRoute(.post, "auth/signup")
    public static let logIn = APIRoute(.post, "auth/login")
    public static let logOut = APIRoute(.post, "auth/logout")
    public static let me = APIRoute(.get, "auth/me")
    public static let updateMe = APIRoute(.patch, "auth/me")
    public static let deleteMe = APIRoute(.delete, "auth/me")
    public static let changePassword = APIRoute(.post, "auth/password")

    public static let tokens = APIRoute(.get, "tokens")
    public static let createToken = APIRoute(.post, "tokens")
    public static let deleteToken = APIRoute(.delete, "tokens/{id}")

    public static let books = APIRoute(.get, "books")
    public static let createBook = APIRoute(.post, "books")
    public static let addStarterBook = APIRoute(.post, "books/starter")
    public static let book = APIRoute(.get, "books/{id}")
    public static let updateBook = APIRoute(.patch, "books/{id}")
    public static let deleteBook = APIRoute(.delete, "books/{id}")
    public static let bookWords = APIRoute(.get, "books/{id}/words")
    public static let addWord = APIRoute(.post, "books/{id}/words")
    public static let importFile = APIRoute(.post, "books/{id}/import")
    public static let importAnki = APIRoute(.post, "import/anki")
    public static let exportBook = APIRoute(.get, "books/{id}/export")
    public static let exportAnki = APIRoute(.get, "books/{id}/export/anki")
    public static let autofill = APIRoute(.get, "autofill")
    public static let accountArchive = APIRoute(.get, "account/archive")
    public static let importAccountArchive = APIRoute(.post, "account/archive")

    public static let library = APIRoute(.get, "library")
    public static let libraryBook = APIRoute(.get, "library/{id}")
    public static let copyLibraryBook = APIRoute(.post, "library/{id}/copy")
    public static let unpublishLibraryBook = APIRoute(.post, "library/{id}/unpublish")
    public static let copyUpdates = APIRoute(.get, "books/{id}/updates")
    public static let pullCopy = APIRoute(.post, "books/{id}/pull")
    public static let bookReviews = APIRoute(.get, "books/{id}/reviews")
    public static let addReview = APIRoute(.post, "books/{id}/reviews")
    public static let updateReview = APIRoute(.put, "books/{id}/reviews/{review}")
    public static let deleteReview = APIRoute(.delete, "books/{id}/reviews/{review}")
    public static let replyToReview = APIRoute(.post, "books/{id}/reviews/{review}/reply")
    public static let reportReview = APIRoute(.post, "books/{id}/reviews/{review}/report")
    public static let hideReview = APIRoute(.post, "books/{id}/reviews/{review}/hide")
    public static let reviewReports = APIRoute(.get, "reports")
    public static let avatar = APIRoute(.get, "users/{id}/avatar")
    public static let uploadAvatar = APIRoute(.put, "auth/me/avatar")
    public static let deleteAvatar = APIRoute(.delete, "auth/me/avatar")

    public static let bulkWords = APIRoute(.post, "words/bulk")
    public static let word = APIRoute(.get, "words/{id}")
    public static let updateWord = APIRoute(.patch, "words/{id}")
    public static let replaceWord = APIRoute(.put, "words/{id}")
    public static let deleteWord = APIRoute(.delete, "words/{id}")
    public static let wordMediaFile = APIRoute(.get, "words/{id}/media/{name}")
    public static let search = APIRoute(.get, "search")
    public static let calendar = APIRoute(.get, "calendar")
    public static let calendarDay = APIRoute(.get, "calendar/{date}")
    public static let calendarDayAction = APIRoute(.post, "calendar/{date}/{action}")

    public static let studyQueue = APIRoute(.get, "study/queue")
    public static let answerCard = APIRoute(.post, "study/answer")
    public static let undoAnswer = APIRoute(.post, "study/undo")
    public static let studySettings = APIRoute(.get, "study/settings")
    public static let updateStudySettings = APIRoute(.patch, "study/settings")
    public static let studySummary = APIRoute(.get, "study/summary")
    public static let studyMore = APIRoute(.post, "study/more")
    public static let unsuspendCards = APIRoute(.post, "study/unsuspend")
    public static let bookLimits = APIRoute(.get, "study/books/{id}/limits")
    public static let setBookLimits = APIRoute(.put, "study/books/{id}/limits")

    public static let dashboard = APIRoute(.get, "stats/dashboard")
    public static let statsDays = APIRoute(.get, "stats/days")
    public static let chart = APIRoute(.get, "stats/charts/{chart}")

    public static let startGame = APIRoute(.post, "games")
    public static let recentGames = APIRoute(.get, "games")
    public static let game = APIRoute(.get, "games/{id}")
    public static let playMove = APIRoute(.post, "games/{id}/moves")
    public static let retestWrong = APIRoute(.post, "games/{id}/retest")
    public static let bookmarkWrong = APIRoute(.post, "games/{id}/bookmark-wrong")
    public static let mistakes = APIRoute(.get, "mistakes")
    public static let clearMistakes = APIRoute(.delete, "mistakes")
    public static let clearWordMistakes = APIRoute(.delete, "mistakes/{id}")

    public static let japaneseCourses = APIRoute(.get, "japanese/courses")
    public static let japaneseDay = APIRoute(.get, "japanese/courses/{course}/days/{day}")
    public static let kanji = APIRoute(.get, "japanese/kanji/{kanji}")
    public static let japaneseProgress = APIRoute(.get, "japanese/courses/{course}/progress")
    public static let japaneseDayTest = APIRoute(.post, "japanese/courses/{course}/days/{day}/test")
    public static let japaneseDayBook = APIRoute(.post, "japanese/courses/{course}/days/{day}/book")
    public static let dictionary = APIRoute(.get, "japanese/dictionary")
    public static let speech = APIRoute(.get, "tts")
    public static let japaneseBookmark = APIRoute(
        .post, "japanese/courses/{course}/days/{day}/bookmarks")
    public static let japaneseBookmarks = APIRoute(.get, "japanese/bookmarks")

    public static let lottoDecode = APIRoute(.post, "lotto/decode")
    public static let lottoDecodePhoto = APIRoute(.post, "lotto/decode-photo")
    public static let lottoDraw = APIRoute(.get, "lotto/draws/{round}")
    public static let typeLottoDraw = APIRoute(.put, "lotto/draws/{round}")
    public static let lottoEntries = APIRoute(.get, "lotto/entries")
    public static let addLottoEntry = APIRoute(.post, "lotto/entries")
    public static let lottoEntry = APIRoute(.get, "lotto/entries/{id}")
    public static let deleteLottoEntry = APIRoute(.delete, "lotto/entries/{id}")
    public static let lottoSettings = APIRoute(.get, "lotto/settings")
    public static let updateLottoSettings = APIRoute(.patch, "lotto/settings")
    public static let lottoPick = APIRoute(.post, "lotto/generator")
    public static let lottoYear = APIRoute(.get, "lotto/summary")
    public static let lottoChart = APIRoute(.get, "lotto/chart")
    public static let newLottoFeed = APIRoute(.post, "lotto/calendar-feed")
    public static let deleteLottoFeed = APIRoute(.delete, "lotto/calendar-feed")

    /// Every route, in the order the document lists them.
    public static let all: [APIRoute] = [
        openAPI, signUp, logIn, logOut, me, updateMe, deleteMe, changePassword, tokens, createToken,
        deleteToken,
        books, createBook, addStarterBook, book, updateBook, deleteBook, bookWords, addWord,
        importFile, importAnki, exportBook, exportAnki, autofill, accountArchive,
        importAccountArchive,
        library, libraryBook, copyLibraryBook, unpublishLibraryBook, copyUpdates, pullCopy,
        bookReviews, addReview, updateReview, deleteReview, replyToReview, reportReview, hideReview,
        reviewReports, avatar, uploadAvatar, deleteAvatar,
        bulkWords, word, updateWord, replaceWord, deleteWord, wordMediaFile, search, calendar,
        calendarDay,
        calendarDayAction,
        studyQueue, answerCard, undoAnswer, studySettings, updateStudySettings, studySummary,
        studyMore, unsuspendCards, bookLimits, setBookLimits,
        dashboard, statsDays, chart,
        startGame, recentGames, game, playMove, retestWrong, bookmarkWrong, mistakes, clearMistakes,
        clearWordMistakes,
        japaneseCourses, japaneseDay, kanji, japaneseProgress, japaneseDayTest, japaneseDayBook,
        dictionary, speech, japaneseBookmark, japaneseBookmarks,
        lottoDecode, lottoDecodePhoto, lottoDraw, typeLottoDraw, lottoEntries, addLottoEntry,
        lottoEntry,
        deleteLottoEntry,
        lottoSettings, updateLottoSettings, lottoPick, lottoYear, lottoChart, newLottoFeed,
        deleteLottoFeed,
    ]
}
