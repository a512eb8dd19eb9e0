import Foundation
import MaeilAPI
import VocabCore

/// The OpenAPI 3.1 description of `/api/v1`, served at `/api/v1/openapi.json`,
/// built from typed values: the routes are `APIRoute`'s, the enums' values come
/// from `allCases`, and every schema (`components`) names the wire type it
/// describes. Tests compare the operations with the routes the app registers
/// and each schema with its type, so neither can drift from the code.
enum OpenAPIDocument {
    struct Operation: Sendable {
        var route: APIRoute
        var summary: String
        var tag: String
        var authenticated: Bool
        var query: [Parameter]
        var body: BodyKind?
        var status: Int
        /// The component the success answer holds (nil: see `responseMedia`).
        var response: String?
        var responseIsArray: Bool
        var responseMedia: String
        /// Refusals particular to the operation, by status ("409": "reviewed already").
        var refusals: [Int: String]

        init(
            _ route: APIRoute, summary: String, tag: String, authenticated: Bool = true,
            query: [Parameter] = [],
            body: BodyKind? = nil, status: Int = 200, response: String? = nil,
            responseIsArray: Bool = false,
            responseMedia: String = "application/json",
            refusals: [Int: String] = [:]
        ) {
            self.route = route
            self.summary = summary
            self.tag = tag
            self.authenticated = authenticated
            self.query = query
            self.body = body
            self.status = status
            self.response = response
            self.responseIsArray = responseIsArray
            self.responseMedia = responseMedia
            self.refusals = refusals
        }

        var method: String { route.method.rawValue.lowercased() }
        var path: String { route.path() }
    }

    enum BodyKind: Sendable {
        case json(String)
        case file
    }

    struct Parameter: Sendable {
        var name: String
        var schema: Schema
        var description: String
        var required: Bool

        init(_ name: String, _ schema: Schema, _ description: String, required: Bool = false) {
            self.name = name
            self.schema = schema
            self.description = description
            self.required = required
        }
    }

    static let paging: [Parameter] = [
        Parameter("page", .integer, "1-based page number"),
        Parameter("perPage", .integer, "rows per page, 1–500 (default 50)"),
        Parameter("sort", .oneOf(WordSort.self), "order of the words"),
        Parameter("memorized", .boolean, "only memorized (true) or not memorized (false) words"),
        Parameter("bookmarked", .boolean, "only bookmarked (true) or not (false) words"),
    ]

    static let bookmarkedOnly = Parameter(
        "bookmarkedOnly", .boolean, "a session of bookmarked words only (default false)")

    static let mistakeSources = Schema.oneOf(["all"] + ReviewSource.allCases.map(\.rawValue))

    static let operations: [Operation] =
        [
            Operation(
                .openAPI, summary: "This document", tag: "meta", authenticated: false, response: nil
            ),
            Operation(
                .signUp, summary: "Create an account and get a token", tag: "auth",
                authenticated: false, body: .json("Signup"), status: 201,
                response: "LoginResult"),
            Operation(
                .logIn, summary: "Exchange username and password for a token (rate-limited)",
                tag: "auth",
                authenticated: false, body: .json("Credentials"), response: "LoginResult"),
            Operation(
                .logOut, summary: "Revoke the token used for this request", tag: "auth", status: 204
            ),
            Operation(.me, summary: "The signed-in user", tag: "auth", response: "User"),
            Operation(
                .updateMe, summary: "Change the display name, language or time zone", tag: "auth",
                body: .json("ProfilePatch"), response: "User"),
            Operation(
                .deleteMe,
                summary: "Delete the account and everything it owns (password and username again)",
                tag: "auth", body: .json("AccountDeletion"), status: 204),
            Operation(
                .changePassword,
                summary: "Change the password; the other sessions and tokens end", tag: "auth",
                body: .json("PasswordChange"), status: 204),
            Operation(
                .tokens, summary: "List personal access tokens", tag: "tokens", response: "Token",
                responseIsArray: true),
            Operation(
                .createToken, summary: "Create a personal access token (the secret is shown once)",
                tag: "tokens",
                body: .json("TokenInput"), status: 201, response: "NewToken"),
            Operation(.deleteToken, summary: "Revoke a token", tag: "tokens", status: 204),
            Operation(
                .books, summary: "List word books with counts", tag: "books", response: "Book",
                responseIsArray: true),
            Operation(
                .createBook, summary: "Create a word book", tag: "books", body: .json("BookInput"),
                status: 201, response: "Book"),
            Operation(
                .addStarterBook,
                summary: "Add the starter book (240 English words with Korean meanings)",
                tag: "books",
                status: 201, response: "Book"),
            Operation(.book, summary: "One word book", tag: "books", response: "Book"),
            Operation(
                .updateBook,
                summary: "Rename or describe a book, or choose the directions its cards study",
                tag: "books", body: .json("BookPatch"), response: "Book"),
            Operation(
                .deleteBook, summary: "Delete a book and all its words", tag: "books",
                response: "BookDeleted"),
            Operation(
                .library,
                summary:
                    "Public books in the chosen order; q matches their names and descriptions as the word search does (choseong, the other keyboard layout, a typo) and their words (term, meaning, reading: choseong, the other layout)",
                tag: "library",
                query: [
                    Parameter("q", .string, "at most 200 characters"),
                    Parameter("sort", .oneOf(LibrarySort.self), "order of the books"),
                    Parameter("page", .integer, "1-based page number"),
                    Parameter("perPage", .integer, "books per page, 1–100 (default 20)"),
                    Parameter(
                        "termLanguage", .string,
                        "only books whose terms are in this language (en, ko, ja…)"),
                    Parameter(
                        "meaningLanguage", .string, "only books whose meanings are in this language"
                    ),
                    Parameter("minWords", .integer, "only books of at least this many words"),
                    Parameter("maxWords", .integer, "only books of at most this many words"),
                ],
                response: "LibraryPage"),
            Operation(
                .libraryBook,
                summary:
                    "A public or unlisted book with its first 20 words; the owner's own book in any state (a preview)",
                tag: "library", response: "LibraryBookDetail"),
            Operation(
                .copyLibraryBook,
                summary:
                    "Add a copy of a public or unlisted book to your books: its words, not the owner's study",
                tag: "library", status: 201, response: "Book"),
            Operation(
                .copyUpdates,
                summary:
                    "What your copy of a library book can take from its original: words added since, and words changed since that you left as they were (404 when the book is not a copy of a shared book)",
                tag: "library", response: "CopyUpdates"),
            Operation(
                .pullCopy,
                summary:
                    "Take the original's new words and its changes to words you did not edit, in one transaction; your edits and deletions stay",
                tag: "library", response: "PullResult"),
            Operation(
                .unpublishLibraryBook,
                summary:
                    "Administrators: take a book out of the library and its link (it becomes private; copies stay)",
                tag: "library", status: 204, refusals: [403: "not an administrator"]),
            Operation(
                .avatar,
                summary:
                    "A user's picture: the uploaded PNG, JPEG or WebP, or a generated SVG (their initial on a colour); yours, or of anyone who shares a book or reviews one. A strong ETag (304 to If-None-Match); cached for good at the ?v= address the API hands out",
                tag: "profiles",
                query: [
                    Parameter("v", .string, "the picture's version, as AvatarPicture URLs carry it")
                ],
                responseMedia: "image/*", refusals: [304: "not modified (If-None-Match)"]),
            Operation(
                .uploadAvatar,
                summary:
                    "Set your picture: a PNG, JPEG or WebP file up to 1 MB and 2048×2048 (the body, or a multipart 'file'), stored without its metadata (EXIF, GPS, XMP, comments)",
                tag: "profiles", body: .file, response: "Avatar",
                refusals: [
                    413: "larger than 1 MB",
                    415: "not a PNG, JPEG or WebP image, or not the type it was sent as",
                    422: "invalid_image: damaged, cut off, or over 2048 pixels a side",
                    429: "too many uploads in an hour (Retry-After)",
                ]),
            Operation(
                .deleteAvatar, summary: "Go back to the generated picture", tag: "profiles",
                response: "Avatar"),
            Operation(
                .bookReviews,
                summary:
                    "Reviews of a public or unlisted book (or your own), newest first, with its average and your own review",
                tag: "reviews", query: paging, response: "ReviewPage"),
            Operation(
                .addReview,
                summary:
                    "Review a public or unlisted book: 1–5 stars and a text (not blank, at most 2,000 characters); one per book",
                tag: "reviews", body: .json("ReviewInput"), status: 201, response: "Review",
                refusals: [
                    403: "own_book: the book is yours",
                    409: "already_reviewed: you reviewed it already (existingID)",
                    429: "too many reviews in an hour (Retry-After)",
                ]),
            Operation(
                .updateReview, summary: "Rewrite your review (stars and text; a reply stays)",
                tag: "reviews", body: .json("ReviewInput"), response: "Review",
                refusals: [429: "too many reviews in an hour (Retry-After)"]),
            Operation(
                .deleteReview, summary: "Delete your review", tag: "reviews", status: 204),
            Operation(
                .replyToReview,
                summary: "The book's owner replies to a review, once (at most 1,000 characters)",
                tag: "reviews", body: .json("ReplyInput"), response: "Review",
                refusals: [
                    403: "only the book's owner replies", 409: "already_replied",
                    429: "too many replies in an hour (Retry-After)",
                ]),
            Operation(
                .reportReview,
                summary:
                    "Report another reader's review to the administrators, once (a reason of at most 500 characters, may be empty)",
                tag: "reviews", body: .json("ReportInput"), status: 204,
                refusals: [
                    409: "already_reported", 429: "too many reports in an hour (Retry-After)",
                ]),
            Operation(
                .hideReview,
                summary:
                    "Administrators: hide a review (no longer shown to others or counted)",
                tag: "reviews", status: 204, refusals: [403: "not an administrator"]),
            Operation(
                .reviewReports,
                summary:
                    "Administrators: reported reviews still shown, the most recently reported first",
                tag: "reviews", response: "ReviewReport", responseIsArray: true,
                refusals: [403: "not an administrator"]),
            Operation(
                .bookWords, summary: "Words of a book, paged", tag: "words",
                query: [
                    Parameter(
                        "q", .string,
                        "case- and diacritic-insensitive filter over term, meaning and reading")
                ] + paging,
                response: "WordPage"),
            Operation(
                .addWord, summary: "Add a word to a book", tag: "words", body: .json("WordInput"),
                status: 201, response: "Word"),
            Operation(
                .importFile,
                summary: "Import CSV, TSV, Quizlet text or JSON into a book (one transaction)",
                tag: "import",
                query: [
                    Parameter(
                        "format", .oneOf(["auto"] + ImportFormat.allCases.map(\.rawValue)),
                        "file format; detected when omitted"),
                    Parameter(
                        "header", .oneOf(["auto", "true", "false"]),
                        "whether the first row is a header"
                    ),
                    Parameter(
                        "columns", .string,
                        "comma-separated column mapping, e.g. term,meaning,ignore,reading"),
                    Parameter(
                        "termSeparator", .string,
                        "Quizlet: between term and definition (default tab; \\t allowed)"),
                    Parameter(
                        "rowSeparator", .string,
                        "Quizlet: between rows (default newline; \\n allowed)"),
                    Parameter("filename", .string, "original file name, helps format detection"),
                    Parameter(
                        "duplicates", .oneOf(DuplicatePolicy.self),
                        "a row whose word (term and reading) the book has: skip it (default), update the word, or keep both"
                    ),
                ],
                body: .file, response: "ImportResult"),
            Operation(
                .importAnki,
                summary:
                    "Import an Anki package (.apkg or .colpkg, any of Anki's four layouts): each deck a book, each note a word (one transaction)",
                tag: "import",
                query: [
                    Parameter(
                        "duplicates", .oneOf(DuplicatePolicy.self),
                        "a note whose word (term and reading) its book has: skip it (default), update the word, or keep both"
                    )
                ],
                body: .file, response: "AnkiImportResult",
                refusals: [
                    413: "the package is over 200 MB, or unpacks past a limit (size, files, ratio)",
                    503: "the package needs zstd and the server has no libzstd",
                ]),
            Operation(
                .exportBook, summary: "Export a book", tag: "import",
                query: [
                    Parameter("format", .oneOf(ImportFormat.self), "file format (default json)")
                ],
                response: nil, responseMedia: "application/octet-stream"),
            Operation(
                .exportAnki,
                summary:
                    "Export a book as an Anki package (.apkg, the legacy layout current Anki reads): notes with Term, Meaning, Reading, Example and Note fields, the cards of the directions the book studies with their FSRS memory, the review history and the media",
                tag: "import", response: nil, responseMedia: "application/vnd.anki"),
            Operation(
                .accountArchive,
                summary:
                    "All the account's data as one zip: account.json (books, words, cards, the review log, mistake notes, games, the lotto diary, settings; see the README's \"All my data\") and the words' media under media/",
                tag: "auth", response: nil, responseMedia: "application/zip"),
            Operation(
                .importAccountArchive,
                summary:
                    "Add an archive from GET account/archive (this server's or another's) to this account, everything under new ids, in one transaction",
                tag: "auth", body: .file, response: "AccountImportResult",
                refusals: [413: "the archive is over 500 MB, or unpacks past 2 GB"]),
            Operation(
                .autofill,
                summary:
                    "Proposals for a term's meaning from the user's own books, the course data, EDICT (Japanese), WordNet (English: part of speech, definition, synonyms, antonyms, example), and DeepL when the server has a key; the reading as IPA (English) or kana. A source that fails is listed in problems; the others still answer",
                tag: "words",
                query: [
                    Parameter("term", .string, "the term (1–200 characters)", required: true),
                    Parameter("from", .string, "the term's language (default en)"),
                    Parameter("to", .string, "the meaning's language (default ko)"),
                    Parameter("bookID", .uuid, "take both languages from this book"),
                ],
                response: "AutofillResult"),
            Operation(
                .bulkWords,
                summary: "Move, delete, memorize or bookmark many words at once (all or nothing)",
                tag: "words",
                body: .json("BulkRequest"), response: "BulkResult"),
            Operation(.word, summary: "One word", tag: "words", response: "Word"),
            Operation(
                .wordMediaFile,
                summary:
                    "A sound or picture kept with a word (an imported Anki note's), by the name the note gave it",
                tag: "words", response: nil, responseMedia: "application/octet-stream"),
            Operation(
                .updateWord, summary: "Change some fields of a word (bookID moves it)",
                tag: "words",
                body: .json("WordPatch"), response: "Word"),
            Operation(
                .replaceWord, summary: "Replace all fields of a word", tag: "words",
                body: .json("WordInput"), response: "Word"),
            Operation(.deleteWord, summary: "Delete a word", tag: "words", status: 204),
            Operation(
                .search, summary: "Search words across books or in one", tag: "words",
                query: [
                    Parameter("q", .string, "the query (required)"),
                    Parameter("bookID", .uuid, "limit to this book id"),
                ]
                    + paging.map {
                        $0.name == "sort"
                            ? Parameter(
                                "sort", .oneOf(WordSort.self),
                                "order within each rank of match (default alphabetical, as on the web)"
                            )
                            : $0
                    },
                response: "SearchResult"),
            Operation(
                .calendar, summary: "Words added per day of a month", tag: "calendar",
                query: [Parameter("month", .string, "YYYY-MM (default: this month)")],
                response: "CalendarMonth"),
            Operation(
                .calendarDay, summary: "Words added on a day (YYYY-MM-DD)", tag: "calendar",
                query: paging, response: "WordPage"),
            Operation(
                .calendarDayAction, summary: "Mark all words of a day memorized, or delete them",
                tag: "calendar",
                response: "BulkResult"),
            Operation(
                .studyQueue,
                summary:
                    "Today's review queue: due cards (learning, then reviews), then new cards, within the daily limits",
                tag: "study",
                query: [
                    Parameter("bookID", .uuid, "limit to this book id"),
                    Parameter("limit", .integer, "cards to return, 1–500 (default 50)"),
                    bookmarkedOnly,
                ],
                response: "ReviewQueue"),
            Operation(
                .answerCard,
                summary:
                    "Answer a card: 1 again, 2 hard, 3 good, 4 easy (FSRS-6); 409 if not due or answered already",
                tag: "study",
                body: .json("ReviewAnswer"), response: "StudyCard"),
            Operation(
                .undoAnswer,
                summary:
                    "Take back the last review answer (to a card of the book, when given); the card returns as it was",
                tag: "study",
                query: [Parameter("bookID", .uuid, "only answers to this book's cards")],
                response: "StudyCard"),
            Operation(
                .studySummary,
                summary:
                    "The end of a session: today's answers in the scope, the next card due, and the cards today's limits hold back",
                tag: "study",
                query: [
                    Parameter("bookID", .uuid, "one book's (default all books)"), bookmarkedOnly,
                ],
                response: "StudySummary"),
            Operation(
                .studyMore,
                summary:
                    "Study more today: new cards or reviews on top of today's limits, or reviews ahead of schedule",
                tag: "study",
                body: .json("StudyMore"), response: "ReviewQueue"),
            Operation(
                .unsuspendCards,
                summary:
                    "Put suspended cards (suspended in Anki before an import) back into the queues, each in the state it had",
                tag: "study",
                query: [Parameter("bookID", .uuid, "only this book's cards (default: all books)")],
                response: "UnsuspendResult"),
            Operation(
                .bookLimits, summary: "A book's own daily limits (under the user's)", tag: "study",
                response: "BookLimits"),
            Operation(
                .setBookLimits,
                summary: "Set a book's own daily limits; a limit left out is none of its own",
                tag: "study",
                body: .json("BookLimits"), response: "BookLimits"),
            Operation(
                .startGame,
                summary:
                    "Start a quiz, hangman round, O/X test or flashcards on a book, all books, given words or the mistake notes",
                tag: "games",
                body: .json("GameStart"), status: 201, response: "Game"),
            Operation(
                .game, summary: "A game's state (answers are not revealed before they are given)",
                tag: "games", response: "Game"),
            Operation(
                .playMove,
                summary: "Play a move; 409 when the game is over or the move does not fit",
                tag: "games",
                body: .json("GameMove"), response: "Game",
                refusals: [
                    409:
                        "the game is over (game_over), the move does not fit its state (invalid_move), or it was played already (stale_move)"
                ]),
            Operation(
                .retestWrong, summary: "A new O/X test of the words marked wrong", tag: "games",
                status: 201, response: "Game",
                refusals: [409: "the game is not finished, or no word was answered wrong"]),
            Operation(
                .bookmarkWrong, summary: "Bookmark every word answered wrong in the game",
                tag: "games",
                response: "BulkResult",
                refusals: [409: "the game is not finished, or no word was answered wrong"]),
            Operation(
                .recentGames,
                summary: "The recent games, newest first (as the games page lists them)",
                tag: "games",
                query: [
                    Parameter(
                        "limit", .integer("games to return", minimum: 1, maximum: 100),
                        "1–100 (default 10)")
                ],
                response: "GameSummary", responseIsArray: true),
            Operation(
                .mistakes, summary: "The mistake notes, most recent first", tag: "games",
                query: [Parameter("source", mistakeSources, "one source (default all)")],
                response: "Mistake", responseIsArray: true),
            Operation(
                .clearMistakes, summary: "Clear the mistake notes of a source, or all",
                tag: "games",
                query: [Parameter("source", mistakeSources, "one source (default all)")],
                response: "BulkResult"),
            Operation(
                .clearWordMistakes, summary: "Clear one word's notes (the id is the word's)",
                tag: "games",
                query: [Parameter("source", mistakeSources, "one source (default all)")],
                response: "BulkResult"),
            Operation(
                .studySettings, summary: "Scheduler parameters and daily limits", tag: "study",
                response: "StudySettings"),
            Operation(
                .updateStudySettings, summary: "Change scheduler parameters or daily limits",
                tag: "study",
                body: .json("StudySettingsPatch"), response: "StudySettings"),
            Operation(
                .dashboard,
                summary:
                    "Home dashboard: due and new cards today, today's reviews, streaks, words, games",
                tag: "stats",
                response: "StatsDashboard"),
            Operation(
                .statsDays,
                summary:
                    "Per-day words added, reviews, accuracy and games over a range of at most 400 days (400 for a bad date or range)",
                tag: "stats",
                query: [
                    Parameter(
                        "from", .string, "first day, YYYY-MM-DD (default: 29 days before `to`)"),
                    Parameter("to", .string, "last day, YYYY-MM-DD (default: today)"),
                ],
                response: "StatsDays"),
            Operation(
                .chart,
                summary:
                    "A chart drawn by the server as SVG: reviews per day, true retention per month, due-card forecast, or the year's heatmap",
                tag: "stats",
                query: [
                    Parameter(
                        "days", .oneOf(StatsService.chartRanges),
                        "range in days (default 30; retention 365; the heatmap is always 365)"),
                    Parameter(
                        "lang", .oneOf(UILanguage.self),
                        "language of the labels (default: Accept-Language)"),
                ],
                response: nil, responseMedia: "image/svg+xml"),
            Operation(
                .japaneseCourses,
                summary:
                    "The Japanese course: JLPT N5–N1 words and kanji by school grade, each in Days of 20",
                tag: "japanese", response: "JapaneseCourses"),
            Operation(
                .japaneseDay,
                summary: "A Day of a course: its words or kanji (404 for an unknown course or Day)",
                tag: "japanese", response: "JapaneseDay"),
            Operation(
                .kanji,
                summary:
                    "A jōyō kanji: readings, Korean 훈음, meanings, strokes and the course words that use it (404 for anything else)",
                tag: "japanese", response: "Kanji"),
            Operation(
                .japaneseProgress,
                summary:
                    "The user's progress in a course: each tested Day's last O/X score, complete Days, the last Day visited",
                tag: "japanese", response: "JapaneseProgress"),
            Operation(
                .japaneseDayTest,
                summary:
                    "Start an O/X test on a Day's words; they are added to the user's book for the course first",
                tag: "japanese", status: 201, response: "Game"),
            Operation(
                .japaneseDayBook,
                summary:
                    "Put a Day's words into the user's book for the course (made on first use; words already there are kept)",
                tag: "japanese", response: "JapaneseDayBook"),
            Operation(
                .dictionary,
                summary:
                    "Look a word up in the offline Japanese–English dictionary (EDICT) by kanji, kana, romaji or English: exact, then prefix, then substring matches, common words first (422 for an empty or too long q)",
                tag: "japanese",
                query: [
                    Parameter(
                        "q", .string(maxLength: DictionaryQuery.maximumLength),
                        "kanji, kana, romaji (read as kana) or English")
                ],
                response: "DictionarySearch"),
            Operation(
                .speech,
                summary:
                    "Speech: the text spoken by the server's engine (espeak-ng; Open JTalk for Japanese when installed) as WAV, cached, with an ETag; 503 with no engine installed, 422 for text the engine cannot read (send Japanese as kana to espeak-ng), over 500 characters, an unknown language, or an engine that fails or hangs",
                tag: "speech",
                query: [
                    Parameter(
                        "text", .string(maxLength: SpeechService.maximumLength), "what to say"),
                    Parameter("lang", .oneOf(SpeechLanguage.self), "its language"),
                ],
                response: nil, responseMedia: "audio/wav"),
            Operation(
                .japaneseBookmark,
                summary:
                    "Bookmark a word of a Day, or take the bookmark off (the word goes into the course's book, bookmarked); answers every bookmark (404 for a word the Day does not have)",
                tag: "japanese", body: .json("JapaneseBookmarkInput"), response: "JapaneseBookmarks"
            ),
            Operation(
                .japaneseBookmarks,
                summary: "The bookmarked words of every course, as words of the course's book",
                tag: "japanese", response: "JapaneseBookmarks"),
        ] + lottoOperations

    /// Path parameters by name.
    static func pathSchema(_ name: String) -> Schema {
        switch name {
        case "id": .uuid
        case "date": .date
        case "action": .oneOf(DayAction.self)
        case "chart": .oneOf(ChartName.allCases.map { $0.rawValue + ".svg" })
        case "course": .oneOf(JapaneseCourse.self)
        case "day": .integer("1-based Day of the course", minimum: 1)
        case "round": .integer("a lotto round", minimum: 1)
        default: .string
        }
    }

    // MARK: - The document's objects

    struct Document: Encodable {
        var openapi = "3.1.0"
        var info: Info
        var servers = [["url": "/"]]
        var paths: [String: [String: OperationObject]]
        var components: ComponentsObject
    }

    struct Info: Encodable {
        var title = "Maeil API"
        var version = "1.0.0"
        var description: String
    }

    struct ComponentsObject: Encodable {
        var schemas: [String: Schema]
        var securitySchemes = ["bearer": ["type": "http", "scheme": "bearer"]]
    }

    struct OperationObject: Encodable {
        var summary: String
        var tags: [String]
        var operationId: String
        var parameters: [ParameterObject]?
        var requestBody: RequestBody?
        var responses: [String: ResponseObject]
        var security: [[String: [String]]]
    }

    struct ParameterObject: Encodable {
        var name: String
        var `in`: String
        var required: Bool
        var description: String?
        var schema: Schema
    }

    struct RequestBody: Encodable {
        var required = true
        var content: [String: MediaType]
    }

    struct MediaType: Encodable {
        var schema: Schema
    }

    struct ResponseObject: Encodable {
        var description: String
        var content: [String: MediaType]?
    }

    static func errorResponse(_ description: String) -> ResponseObject {
        ResponseObject(
            description: description,
            content: ["application/json": MediaType(schema: .ref("Error"))])
    }

    static func operationObject(_ op: Operation) -> OperationObject {
        var parameters = op.route.segments.compactMap(APIRoute.parameterName).map { name in
            ParameterObject(
                name: String(name), in: "path", required: true, schema: pathSchema(String(name)))
        }
        parameters += op.query.map { q in
            ParameterObject(
                name: q.name, in: "query",
                required: q.required || (q.name == "q" && op.route == .search),
                description: q.description,
                schema: q.schema)
        }
        var success = ResponseObject(description: op.status == 204 ? "done, no content" : "success")
        if op.route == .openAPI {
            success.content = ["application/json": MediaType(schema: Schema(type: "object"))]
        } else if let response = op.response {
            success.content = [
                op.responseMedia: MediaType(
                    schema: op.responseIsArray ? .array(.ref(response)) : .ref(response))
            ]
        } else if op.status != 204 {
            success.content = [op.responseMedia: MediaType(schema: .string(format: "binary"))]
        }
        if op.route == .exportBook {
            // The file in the format asked for.
            success.content = Dictionary(
                uniqueKeysWithValues: ["text/csv", "text/tab-separated-values", "text/plain"].map {
                    ($0, MediaType(schema: .string(format: "binary")))
                })
            success.content?["application/json"] = MediaType(schema: Schema(type: "object"))
        }
        var responses = ["\(op.status)": success]
        let takesParameters = op.route.path.contains("{")
        if op.body != nil || !op.query.isEmpty || takesParameters {
            responses["400"] = errorResponse("malformed request (a body, parameter or id)")
            responses["422"] = errorResponse("invalid input")
        }
        if op.body != nil {
            responses["415"] = errorResponse("a body without the Content-Type the operation takes")
        }
        if op.authenticated { responses["401"] = errorResponse("missing or invalid token") }
        if takesParameters || (op.authenticated && (op.body != nil || !op.query.isEmpty)) {
            responses["404"] = errorResponse(
                "not found, or not yours (the resource, or a book or word the request names)")
        }
        if case .file = op.body { responses["413"] = errorResponse("upload larger than 20 MB") }
        if op.route != .openAPI {
            responses["503"] = errorResponse(
                "the database is busy or cannot be reached; nothing was changed (Retry-After)")
        }
        if op.route.method != .get {
            responses["507"] = errorResponse("the server's disk is full; nothing was saved")
        }
        if op.route == .lottoDecodePhoto {
            responses["413"] = errorResponse("photo larger than 10 MB or 4096×4096")
            responses["415"] = errorResponse("not a PNG, JPEG or WebP image")
            responses["503"] = errorResponse("the server cannot read photos (ZBar missing)")
        }
        if op.route == .logIn || op.route == .signUp {
            responses["429"] = errorResponse("too many attempts")
        }
        if op.route == .logIn { responses["401"] = errorResponse("wrong username or password") }
        if op.route == .undoAnswer { responses["409"] = errorResponse("nothing to undo") }
        if op.route == .signUp {
            responses["409"] = errorResponse("username taken")
            responses["403"] = errorResponse("sign-up closed, or the invitation is not valid")
        }
        if op.route == .changePassword || op.route == .deleteMe {
            responses["403"] = errorResponse("the current password is wrong")
        }
        if op.route == .addLottoEntry { responses["409"] = errorResponse("ticket already added") }
        if op.route == .addWord {
            responses["409"] = errorResponse("the book has this word already (existingID)")
        }
        if op.route == .addStarterBook {
            responses["409"] = errorResponse("the starter book is added already (existingID)")
        }
        if op.route == .typeLottoDraw { responses["409"] = errorResponse("round already known") }
        if op.route == .copyLibraryBook {
            responses["409"] = errorResponse(
                "the book is yours, or you added it already (existingID: yours, or your copy)")
        }
        for (status, description) in op.refusals {
            responses[String(status)] = errorResponse(description)
        }
        let requestBody: RequestBody? =
            switch op.body {
            case .json(let schema):
                RequestBody(content: ["application/json": MediaType(schema: .ref(schema))])
            case .file:
                RequestBody(content: [
                    "application/octet-stream": MediaType(schema: .string(format: "binary")),
                    "multipart/form-data": MediaType(
                        schema: .object(["file": .string(format: "binary")])),
                ])
            case nil: nil
            }
        return OperationObject(
            summary: op.summary, tags: [op.tag],
            operationId: op.method
                + op.route.path.split(whereSeparator: { "/{}.-".contains($0) })
                .map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(),
            parameters: parameters.isEmpty ? nil : parameters, requestBody: requestBody,
            responses: responses,
            security: op.authenticated ? [["bearer": []]] : [])
    }

    static var document: Document {
        var paths: [String: [String: OperationObject]] = [:]
        for op in operations { paths[op.path, default: [:]][op.method] = operationObject(op) }
        return Document(
            info: Info(
                description: """
                    The vocabulary notebook of Maeil. Authenticate with a personal access token: \
                    `Authorization: Bearer <token>`. Errors are `{"error": {"code", "message"}}`.
                    """),
            paths: paths,
            components: ComponentsObject(schemas: closingRequestObjects(components)))
    }

    /// The schemas by name, the objects a request body holds marked closed (the
    /// server refuses fields they do not name: `DeclaredInput`).
    static func closingRequestObjects(_ components: [Component]) -> [String: Schema] {
        var schemas = Dictionary(uniqueKeysWithValues: components.map { ($0.name, $0.schema) })
        var pending: [Schema] = operations.compactMap {
            if case .json(let name) = $0.body { .ref(name) } else { nil }
        }
        var closed: Set<String> = []
        while let schema = pending.popLast() {
            if let name = schema.refName, !closed.contains(name), var named = schemas[name] {
                closed.insert(name)
                if named.properties != nil { named.closed = true }
                schemas[name] = named
                pending.append(named)
            }
            pending +=
                (schema.properties.map { Array($0.values) } ?? [])
                + [schema.items, schema.additionalProperties].compactMap { $0 }
        }
        return schemas
    }

    static let json: Data = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return (try? encoder.encode(document)) ?? Data("{}".utf8)
    }()
}
