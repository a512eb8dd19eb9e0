import FSRS
import Foundation
import MaeilAPI
import VocabCore

/// A schema of the document with the wire type it describes and a complete
/// example (every property present). A test decodes each example into its
/// type and compares the type's own keys, nil ones included, with the
/// schema's properties: renaming a field without the document fails.
struct Component: Sendable {
    var name: String
    var schema: Schema
    /// Decodes the example as the type; nil for schemas that are parts of another's.
    var decodeExample: @Sendable (Data) throws -> any Encodable

    init<T: Codable>(_ name: String, _ type: T.Type, _ schema: Schema) {
        self.name = name
        self.schema = schema
        decodeExample = { data in try JSONDecoder.maeilAPI().decode(T.self, from: data) }
    }
}

extension OpenAPIDocument {
    static let id1 = "6F9619FF-8B86-D011-B42D-00CF4FC964FF"
    static let id2 = "1B4E28BA-2FA1-11D2-883F-0016D3CCA427"
    static let time: JSONValue = "2026-11-22T09:30:00Z"

    static let wordExample: JSONValue = [
        "id": .string(id1), "bookID": .string(id2), "bookName": "Travel", "term": "apple",
        "meaning": "사과",
        "reading": "ˈæp.əl", "partOfSpeech": "noun", "note": "also the company",
        "synonyms": ["pome"],
        "antonyms": [], "examples": [["sentence": "An apple a day.", "translation": "하루 사과 한 개."]],
        "tags": ["fruit"], "memorized": false, "bookmarked": true, "createdAt": time,
        "updatedAt": time,
    ]
    static let ownerExample: JSONValue = [
        "id": .string(id1), "name": "민지",
        "avatarURL": .string("/api/v1/users/\(id1)/avatar?v=i3c0e2a91"),
    ]
    static let reviewExample: JSONValue = [
        "id": .string(id1), "bookID": .string(id2),
        "writer": [
            "id": .string(id1), "name": "지수",
            "avatarURL": .string("/api/v1/users/\(id1)/avatar?v=i3c0e2a91"),
        ], "stars": 5,
        "text": "예문이 많아서 좋아요", "createdAt": time, "updatedAt": time,
        "reply": "고맙습니다!", "repliedAt": time, "isMine": false, "isHidden": false,
    ]
    static let cardExample: JSONValue = [
        "wordID": .string(id1), "direction": "forward", "bookID": .string(id2),
        "bookName": "Travel",
        "prompt": "apple", "answer": "사과", "term": "apple", "meaning": "사과", "reading": "ˈæp.əl",
        "partOfSpeech": "noun",
        "examples": [["sentence": "An apple a day.", "translation": "하루 사과 한 개."]],
        "state": "review", "version": 3, "due": time,
        "intervals": ["1": "10m", "2": "2d", "3": "4d", "4": "9d"],
    ]
    static let dayExample: JSONValue = [
        "date": "2026-11-22", "wordsAdded": 5, "reviews": 40, "correctReviews": 36, "accuracy": 0.9,
        "answers": 42,
        "games": 1,
    ]
    static let totalsExample: JSONValue = [
        "wordsAdded": 5, "reviews": 40, "correctReviews": 36, "accuracy": 0.9, "answers": 42,
        "games": 1,
        "studyDays": 1,
    ]
    static let wordFields: KeyValuePairs<String, Schema> = [
        "meaning": .string(maxLength: WordLimits.meaning),
        "reading": .string(maxLength: WordLimits.reading),
        "partOfSpeech": .string(maxLength: WordLimits.partOfSpeech),
        "note": .string(maxLength: WordLimits.note),
        "synonyms": .strings, "antonyms": .strings, "examples": .array(.ref("WordExample")),
        "tags": .strings,
        "memorized": .boolean, "bookmarked": .boolean,
        "bookID": .uuid.described("on update: the book to move the word to"),
        "allowDuplicate": .boolean.described(
            "on create: add it even when the book has the same term and reading (else 409 duplicate_word)"
        ),
    ]
    static let wordInputExample: JSONValue = [
        "term": "apple", "meaning": "사과", "reading": "ˈæp.əl", "partOfSpeech": "noun", "note": "",
        "synonyms": ["pome"], "antonyms": [],
        "examples": [["sentence": "An apple a day.", "translation": ""]],
        "tags": ["fruit"], "memorized": false, "bookmarked": false, "bookID": .string(id2),
    ]
    static let settingsFields: KeyValuePairs<String, Schema> = [
        "desiredRetention": .fraction(exclusive: true),
        "newPerDay": .integer(minimum: 0, maximum: 9999),
        "reviewsPerDay": .integer(minimum: 0, maximum: 9999),
        "maximumInterval": .integer(
            "days", minimum: 1, maximum: SchedulerParameters.longestInterval),
        "fuzz": .boolean,
        "weights": .array(.number, minItems: 21, maxItems: 21),
        "memorizedInNew": .boolean.described(
            "study the new cards of memorized words too (default: they are set aside)"),
        "speakTerms": .boolean.described(
            "a review card speaks its term, in its book's language, when the term shows"),
    ]
    static let settingsExample: JSONValue = [
        "desiredRetention": 0.9, "newPerDay": 20, "reviewsPerDay": 200, "maximumInterval": 36500,
        "fuzz": true,
        "weights": .array(Array(repeating: 0.5, count: 21).map(JSONValue.number)),
        "memorizedInNew": false, "speakTerms": false,
    ]
    static let wordRef: Schema = .object(["id": .uuid, "prompt": .string, "answer": .string])
    static let wordRefExample: JSONValue = ["id": .string(id1), "prompt": "apple", "answer": "사과"]

    static let components: [Component] =
        [
            Component(
                "Error", ErrorBody.self,
                .object(
                    [
                        "error": .object(
                            [
                                "code": .oneOf(ErrorCode.self),
                                "message": .string("a clear English sentence"),
                            ],
                            optional: [
                                "existingID": .string(
                                    "what the request clashed with: the word already in the book",
                                    format: "uuid")
                            ])
                    ],
                    example: [
                        "error": [
                            "code": "duplicate_word",
                            "message": "\"apple\" is in this book already",
                            "existingID": .string(id1),
                        ]
                    ])),
            Component(
                "Credentials", CredentialsInput.self,
                .object(
                    ["username": .string, "password": .string],
                    example: ["username": "mina", "password": "correct horse"])),
            Component(
                "Signup", SignupInput.self,
                .object(
                    ["username": .string, "password": .string],
                    optional: [
                        "displayName": .string("any script, at most 40 characters"),
                        "invite": .string("the invitation code, when sign-up is by invitation"),
                    ],
                    example: [
                        "username": "mina", "password": "correct horse", "displayName": "김민아",
                        "invite": "3f9a0c1d2e4b5a6978c0d1e2",
                    ])),
            Component(
                "User", UserDTO.self,
                .object(
                    ["id": .uuid, "username": .string],
                    optional: [
                        "displayName": .string, "language": .oneOf(["ko", "en"]),
                        "timeZone": .string("an IANA time zone"), "createdAt": .dateTime,
                    ],
                    example: [
                        "id": .string(id1), "username": "mina", "displayName": "김민아",
                        "language": "ko",
                        "timeZone": "Asia/Seoul", "createdAt": time,
                    ])),
            Component(
                "ProfilePatch", ProfilePatch.self,
                .object(
                    [:],
                    optional: [
                        "displayName": .string("empty: show the username"),
                        "language": .oneOf(["ko", "en", ""]),
                        "timeZone": .string("an IANA time zone; empty: the server's"),
                        "deeplKey": .string(
                            "the account's own DeepL key for auto-fill (letters, digits, - and :); empty: remove it. Never returned"
                        ),
                    ],
                    example: [
                        "displayName": "김민아", "language": "ko", "timeZone": "Asia/Seoul",
                        "deeplKey": "0a1b2c3d-4e5f-6789-abcd-ef0123456789:fx",
                    ])),
            Component(
                "PasswordChange", PasswordChangeInput.self,
                .object(
                    ["currentPassword": .string, "newPassword": .string],
                    example: ["currentPassword": "correct horse", "newPassword": "battery staple"])),
            Component(
                "AccountDeletion", AccountDeletionInput.self,
                .object(
                    ["password": .string, "confirm": .string("the username, typed again")],
                    example: ["password": "correct horse", "confirm": "mina"])),
            Component(
                "LoginResult", LoginResultDTO.self,
                .object(
                    ["user": .ref("User"), "token": .string],
                    example: [
                        "user": [
                            "id": .string(id1), "username": "mina", "displayName": "김민아",
                            "language": "ko", "timeZone": "Asia/Seoul", "createdAt": time,
                        ],
                        "token": "maeil_0123",
                    ])),
            Component(
                "Token", TokenDTO.self,
                .object(
                    ["id": .uuid, "name": .string],
                    optional: ["createdAt": .dateTime, "lastUsedAt": .dateTime],
                    example: [
                        "id": .string(id1), "name": "laptop", "createdAt": time, "lastUsedAt": time,
                    ])),
            Component(
                "NewToken", NewTokenDTO.self,
                .object(
                    ["id": .uuid, "name": .string, "token": .string("shown this once only")],
                    optional: ["createdAt": .dateTime],
                    example: [
                        "id": .string(id1), "name": "laptop", "token": "maeil_0123",
                        "createdAt": time,
                    ])),
            Component(
                "TokenInput", TokenInput.self,
                .object(["name": .string(maxLength: 100)], example: ["name": "laptop"])),
            Component(
                "Book", BookDTO.self,
                .object(
                    [
                        "id": .uuid, "name": .string, "description": .string, "wordCount": .integer,
                        "memorizedCount": .integer,
                        "studyDirections": .oneOf(StudyDirections.self, "the cards reviews show"),
                        "visibility": .oneOf(
                            BookVisibility.self,
                            "private: its owner only; unlisted: anyone signed in with its link; public: listed in the library"
                        ),
                        "termLanguage": .string("the terms' language code (ISO 639: en, ko, ja…)"),
                        "meaningLanguage": .string("the meanings' language code"),
                    ],
                    optional: [
                        "copiedFrom": .uuid.described("the library book this one is a copy of"),
                        "createdAt": .dateTime, "updatedAt": .dateTime,
                    ],
                    example: [
                        "id": .string(id2), "name": "Travel", "description": "words for the road",
                        "wordCount": 5,
                        "memorizedCount": 1, "studyDirections": "forward", "visibility": "private",
                        "termLanguage": "en", "meaningLanguage": "ko",
                        "copiedFrom": .string(id1), "createdAt": time, "updatedAt": time,
                    ])),
            Component(
                "BookInput", BookInput.self,
                .object(
                    ["name": .string(maxLength: WordLimits.bookName)],
                    optional: [
                        "description": .string(maxLength: WordLimits.bookDescription),
                        "termLanguage": .string("a language code; en when left out"),
                        "meaningLanguage": .string("a language code; ko when left out"),
                    ],
                    example: [
                        "name": "Travel", "description": "words for the road", "termLanguage": "en",
                        "meaningLanguage": "ko",
                    ])),
            Component(
                "BookPatch", BookPatch.self,
                .object(
                    [:],
                    optional: [
                        "name": .string(maxLength: WordLimits.bookName),
                        "description": .string(maxLength: WordLimits.bookDescription),
                        "studyDirections": .oneOf(StudyDirections.self),
                        "visibility": .oneOf(
                            BookVisibility.self, "publishes the book, or makes it private again"),
                        "termLanguage": .string("a language code (en, ko, ja…)"),
                        "meaningLanguage": .string("a language code"),
                    ],
                    example: [
                        "name": "Travel", "description": "", "studyDirections": "both",
                        "visibility": "public", "termLanguage": "ja", "meaningLanguage": "ko",
                    ])),
            Component(
                "LibraryOwner", LibraryOwnerDTO.self,
                .object(
                    [
                        "id": .uuid,
                        "name": .string("the owner's display name, else their username"),
                        "avatarURL": .string(
                            "their picture; the address changes when the picture does"),
                    ],
                    example: [
                        "id": .string(id1), "name": "민지",
                        "avatarURL": .string("/api/v1/users/\(id1)/avatar?v=i3c0e2a91"),
                    ])),
            Component(
                "LibraryBook", LibraryBookDTO.self,
                .object(
                    [
                        "id": .uuid, "name": .string, "description": .string,
                        "wordCount": .integer, "copyCount": .integer("copies others made"),
                        "visibility": .oneOf(
                            BookVisibility.self, "private only on its owner's preview"),
                        "owner": .ref("LibraryOwner"),
                        "reviewCount": .integer("visible reviews"),
                        "termLanguage": .string("the terms' language code"),
                        "meaningLanguage": .string("the meanings' language code"),
                    ],
                    optional: [
                        "publishedAt": .dateTime,
                        "averageStars": .number.described(
                            "the reviews' average stars, to one decimal"),
                    ],
                    example: [
                        "id": .string(id2), "name": "토익 필수 단어", "description": "",
                        "wordCount": 800, "copyCount": 12, "visibility": "public",
                        "owner": ownerExample, "publishedAt": time,
                        "reviewCount": 3, "averageStars": 4.3, "termLanguage": "en",
                        "meaningLanguage": "ko",
                    ])),
            Component(
                "LibraryPage", LibraryPageDTO.self,
                .object(
                    [
                        "items": .array(.ref("LibraryBook")), "total": .integer, "page": .integer,
                        "perPage": .integer,
                    ],
                    example: ["items": [], "total": 0, "page": 1, "perPage": 20])),
            Component(
                "LibraryWord", LibraryWordDTO.self,
                .object(
                    ["term": .string, "meaning": .string, "reading": .string],
                    example: ["term": "apple", "meaning": "사과", "reading": ""])),
            Component(
                "LibraryBookDetail", LibraryBookDetailDTO.self,
                .object(
                    [
                        "book": .ref("LibraryBook"),
                        "isOwn": .boolean.described("the reader owns it: the page is a preview"),
                        "sample": .array(.ref("LibraryWord")),
                    ],
                    example: [
                        "book": [
                            "id": .string(id2), "name": "토익 필수 단어", "description": "",
                            "wordCount": 800, "copyCount": 12, "visibility": "public",
                            "owner": ownerExample, "publishedAt": time,
                            "reviewCount": 3, "averageStars": 4.3, "termLanguage": "en",
                            "meaningLanguage": "ko",
                        ],
                        "isOwn": false,
                        "sample": [["term": "apple", "meaning": "사과", "reading": ""]],
                    ])),
            Component(
                "CopyUpdates", CopyUpdatesDTO.self,
                .object(
                    [
                        "original": .ref("LibraryBook"),
                        "newWords": .integer("added to the original since"),
                        "changedWords": .integer("changed in the original, unedited in the copy"),
                        "keptEdits": .integer("changed in both: a pull leaves the copy's"),
                    ],
                    example: [
                        "original": [
                            "id": .string(id2), "name": "토익 필수 단어", "description": "",
                            "wordCount": 803, "copyCount": 12, "visibility": "public",
                            "owner": ownerExample, "publishedAt": time, "reviewCount": 3,
                            "averageStars": 4.3, "termLanguage": "en", "meaningLanguage": "ko",
                        ],
                        "newWords": 3, "changedWords": 1, "keptEdits": 0,
                    ])),
            Component(
                "PullResult", PullResultDTO.self,
                .object(
                    [
                        "added": .integer, "updated": .integer,
                        "keptEdits": .integer("the copy's edited words, left as they were"),
                    ],
                    example: ["added": 3, "updated": 1, "keptEdits": 0])),
            Component(
                "Avatar", AvatarDTO.self,
                .object(
                    [
                        "url": .string("where to fetch the picture; it changes with the picture"),
                        "uploaded": .boolean.described("false for the generated picture"),
                    ],
                    example: [
                        "url": .string("/api/v1/users/\(id1)/avatar?v=3f2a9c0d1e7b4a6c"),
                        "uploaded": true,
                    ])),
            Component(
                "Review", ReviewDTO.self,
                .object(
                    [
                        "id": .uuid, "bookID": .uuid, "writer": .ref("LibraryOwner"),
                        "stars": .integer("1–5"), "text": .string, "createdAt": .dateTime,
                        "updatedAt": .dateTime.described("later than createdAt once edited"),
                        "isMine": .boolean.described("the reader wrote it"),
                        "isHidden": .boolean.described(
                            "hidden by an administrator: seen by its writer only"),
                    ],
                    optional: [
                        "reply": .string("the book owner's reply"), "repliedAt": .dateTime,
                    ],
                    example: reviewExample)),
            Component(
                "ReviewPage", ReviewPageDTO.self,
                .object(
                    [
                        "items": .array(.ref("Review")), "total": .integer, "page": .integer,
                        "perPage": .integer,
                    ],
                    optional: [
                        "averageStars": .number.described("to one decimal; absent without reviews"),
                        "mine": .ref("Review"),
                    ],
                    example: [
                        "items": [reviewExample], "total": 1, "page": 1, "perPage": 20,
                        "averageStars": 5, "mine": reviewExample,
                    ])),
            Component(
                "ReviewInput", ReviewInput.self,
                .object(
                    [
                        "stars": .integer("1–5"),
                        "text": .string("not blank, at most 2,000 characters"),
                    ],
                    example: ["stars": 5, "text": "예문이 좋아요"])),
            Component(
                "ReplyInput", ReplyInput.self,
                .object(
                    ["text": .string("not blank, at most 1,000 characters")],
                    example: ["text": "고맙습니다!"])),
            Component(
                "ReportInput", ReportInput.self,
                .object(
                    ["reason": .string("at most 500 characters; may be empty")],
                    example: ["reason": "광고입니다"])),
            Component(
                "ReviewReport", ReviewReportDTO.self,
                .object(
                    [
                        "review": .ref("Review"), "bookName": .string,
                        "reportCount": .integer("readers who reported it"),
                        "reasons": .array(.string).described("the newest first, at most 10"),
                        "lastReportedAt": .dateTime,
                    ],
                    example: [
                        "review": reviewExample, "bookName": "토익 필수 단어", "reportCount": 2,
                        "reasons": ["광고입니다"], "lastReportedAt": time,
                    ])),
            Component(
                "BookDeleted", BookDeletedDTO.self,
                .object(["deletedWords": .integer], example: ["deletedWords": 5])),
            Component(
                "ImportResult", ImportResultDTO.self,
                .object(
                    [
                        "imported": .integer("rows added as new words"),
                        "skipped": .integer("rows whose words the book had (duplicates=skip)"),
                        "updated": .integer("words written over (duplicates=update)"),
                        "format": .oneOf(ImportFormat.self),
                        "encoding": .oneOf(TextEncodingDetected.self),
                    ],
                    example: [
                        "imported": 240, "skipped": 3, "updated": 0, "format": "csv",
                        "encoding": "cp949",
                    ])),
            Component(
                "UnsuspendResult", UnsuspendResultDTO.self,
                .object(
                    ["unsuspended": .integer("cards put back")], example: ["unsuspended": 12])),
            Component(
                "AccountImportResult", AccountImportResultDTO.self,
                .object(
                    [
                        "books": .integer("books made"), "words": .integer("words added"),
                        "answers": .integer("review answers carried"),
                        "media": .integer("media files kept"), "games": .integer("games carried"),
                        "lottoEntries": .integer("lotto diary entries added (a ticket kept once)"),
                    ],
                    example: [
                        "books": 3, "words": 1_240, "answers": 5_312, "media": 12, "games": 40,
                        "lottoEntries": 25,
                    ])),
            Component(
                "AutofillResult", AutofillResultDTO.self,
                .object(
                    [
                        "term": .string, "from": .string, "to": .string,
                        "reading": .string(
                            "IPA for English, kana for Japanese; empty when unknown"),
                        "proposals": .array(
                            .object(
                                [
                                    "source": .oneOf(AutofillSource.allCases.map(\.rawValue)),
                                    "meaning": .string(
                                        "what picking the row fills; empty for a definition only"),
                                    "reading": .string, "partOfSpeech": .string,
                                    "note": .string("an English definition or gloss"),
                                    "synonyms": .array(.string), "antonyms": .array(.string),
                                    "example": .string,
                                ])),
                        "problems": .array(
                            .object(["source": .string, "code": .string, "message": .string])),
                    ],
                    example: [
                        "term": "passport", "from": "en", "to": "ko", "reading": "pˈæspoːɹt",
                        "proposals": [
                            [
                                "source": "myBooks", "meaning": "여권", "reading": "",
                                "partOfSpeech": "", "note": "", "synonyms": [], "antonyms": [],
                                "example": "",
                            ]
                        ],
                        "problems": [
                            [
                                "source": "deepl", "code": "deepl_quota_exceeded",
                                "message": "the DeepL key's characters for this month are used up",
                            ]
                        ],
                    ])),
            Component(
                "AnkiImportResult", AnkiImportResultDTO.self,
                .object(
                    [
                        "layout": .oneOf([
                            "collection.anki2", "collection.anki21", "collection.anki21b",
                        ]),
                        "books": .array(
                            .object(
                                [
                                    "id": .uuid, "name": .string("the deck, levels joined by ›"),
                                    "imported": .integer("notes added as new words"),
                                    "skipped": .integer("notes whose words the book had"),
                                    "updated": .integer("words written over"),
                                ])),
                        "notesWithoutTerm": .integer(
                            "notes left out: no text in the field mapped to the term"),
                    ],
                    example: [
                        "layout": "collection.anki21b",
                        "books": [
                            [
                                "id": .string(id1), "name": "Korean › Basics", "imported": 4,
                                "skipped": 0, "updated": 0,
                            ]
                        ],
                        "notesWithoutTerm": 0,
                    ])),
            Component(
                "WordExample", ExampleDTO.self,
                .object(
                    ["sentence": .string(maxLength: WordLimits.exampleText)],
                    optional: ["translation": .string(maxLength: WordLimits.exampleText)],
                    example: ["sentence": "An apple a day.", "translation": "하루 사과 한 개."])),
            Component(
                "Word", WordDTO.self,
                .object(
                    [
                        "id": .uuid, "bookID": .uuid, "term": .string, "meaning": .string,
                        "reading": .string,
                        "partOfSpeech": .string, "note": .string, "synonyms": .strings,
                        "antonyms": .strings,
                        "examples": .array(.ref("WordExample")), "tags": .strings,
                        "memorized": .boolean, "bookmarked": .boolean,
                        "createdAt": .dateTime, "updatedAt": .dateTime,
                    ],
                    optional: ["bookName": .string], example: wordExample)),
            Component(
                "WordInput", WordInput.self,
                .object(
                    ["term": .string(maxLength: WordLimits.term)], optional: wordFields,
                    example: wordInputExample.adding("allowDuplicate", false))),
            Component(
                "WordPatch", WordPatch.self,
                .object(
                    [:], optional: wordPatchFields, example: wordInputExample)),
            Component(
                "WordPage", WordPageDTO.self,
                .object(
                    [
                        "items": .array(.ref("Word")), "total": .integer, "page": .integer,
                        "perPage": .integer,
                        "totalCapped": .boolean.described(
                            "true when total is the search cap (1000) and more words may match"),
                    ],
                    example: [
                        "items": [wordExample], "total": 1, "page": 1, "perPage": 50,
                        "totalCapped": false,
                    ])),
            Component(
                "BulkRequest", BulkRequest.self,
                .object(
                    ["ids": .array(.uuid), "action": .oneOf(BulkAction.self)],
                    optional: ["bookID": .uuid.described("the target book of move")],
                    example: ["ids": [.string(id1)], "action": "move", "bookID": .string(id2)])),
            Component(
                "BulkResult", BulkResultDTO.self,
                .object(["affected": .integer], example: ["affected": 3])),
            Component(
                "SearchResult", SearchResultDTO.self,
                .object(
                    [
                        "query": .string, "items": .array(.ref("Word")), "total": .integer,
                        "totalCapped": .boolean.described(
                            "true when total is the search cap (1000) and more words may match"),
                    ],
                    example: [
                        "query": "ㅅㄱ", "items": [wordExample], "total": 1, "totalCapped": false,
                    ])),
            Component(
                "CalendarDay", CalendarDayDTO.self,
                .object(
                    ["date": .date, "count": .integer], example: ["date": "2026-11-22", "count": 5])
            ),
            Component(
                "CalendarMonth", CalendarMonthDTO.self,
                .object(
                    [
                        "month": .string("YYYY-MM"), "previous": .string, "next": .string,
                        "days": .array(.ref("CalendarDay")),
                        "total": .integer,
                    ],
                    example: [
                        "month": "2026-11", "previous": "2026-10", "next": "2026-12",
                        "days": [["date": "2026-11-22", "count": 5]], "total": 5,
                    ])),
            Component(
                "StudyCard", StudyCardDTO.self,
                .object(
                    [
                        "wordID": .uuid, "direction": .oneOf(CardDirection.self), "bookID": .uuid,
                        "prompt": .string,
                        "answer": .string, "term": .string, "meaning": .string, "reading": .string,
                        "partOfSpeech": .string,
                        "examples": .array(.ref("WordExample")),
                        "state": .oneOf(StudyCardState.self),
                        "version": .integer("send back with the answer"), "due": .dateTime,
                        "intervals": .dictionary(of: .string, "the next interval per rating 1–4"),
                    ],
                    optional: ["bookName": .string], example: cardExample)),
            Component(
                "ReviewQueue", ReviewQueueDTO.self,
                .object(
                    [
                        "newCount": .integer, "learningCount": .integer, "reviewCount": .integer,
                        "cards": .array(.ref("StudyCard")),
                    ],
                    optional: ["nextLearningDue": .dateTime],
                    example: [
                        "newCount": 20, "learningCount": 1, "reviewCount": 33,
                        "nextLearningDue": time,
                        "cards": [cardExample],
                    ])),
            Component(
                "ReviewAnswer", ReviewAnswerInput.self,
                .object(
                    [
                        "wordID": .uuid, "direction": .oneOf(CardDirection.self),
                        "rating": .integer(
                            "1 again, 2 hard, 3 good, 4 easy", minimum: 1, maximum: 4),
                        "version": .integer("the card's version as shown"),
                    ],
                    optional: [
                        "elapsedMs": .integer(
                            "time the card was shown, in milliseconds", minimum: 0)
                    ],
                    example: [
                        "wordID": .string(id1), "direction": "forward", "rating": 3, "version": 3,
                        "elapsedMs": 4200,
                    ])),
            Component(
                "StudySettings", StudySettingsDTO.self,
                .object(settingsFields, example: settingsExample)),
            Component(
                "StudySettingsPatch", StudySettingsPatch.self,
                .object([:], optional: settingsFields, example: settingsExample)),
            Component(
                "StudySummary", StudySummaryDTO.self,
                .object(
                    [
                        "answered": .integer("review answers today in the scope"),
                        "correct": .integer("answers rated Hard, Good or Easy"),
                        "elapsedMs": .integer,
                        "held": .array(.ref("HeldCards")),
                        "reviewsAheadThisWeek": .integer(
                            "reviews due in the seven days after today's"),
                        "finished": .boolean,
                    ],
                    optional: ["rightPercent": .integer, "nextDue": .dateTime],
                    example: [
                        "answered": 24, "correct": 21, "rightPercent": 88, "elapsedMs": 312_000,
                        "nextDue": time,
                        "held": [["kind": "new", "owner": "book", "limit": 10, "cards": 37]],
                        "reviewsAheadThisWeek": 12, "finished": true,
                    ])),
            Component(
                "HeldCards", StudySummaryDTO.Held.self,
                .object(
                    [
                        "kind": .oneOf(["new", "reviews"]), "owner": .oneOf(LimitOwner.self),
                        "cards": .integer("cards the limit holds back"),
                    ],
                    optional: [
                        "limit": .integer(
                            "the limit's cards today; left out when several books' limits hold them"
                        )
                    ],
                    example: ["kind": "new", "owner": "user", "limit": 20, "cards": 37])),
            Component(
                "StudyMore", StudyMoreInput.self,
                .object(
                    [:],
                    optional: [
                        "bookID": .uuid,
                        "newCards": .integer(
                            "new cards on top of today's limit", minimum: 0, maximum: 9999),
                        "reviews": .integer(
                            "reviews on top of today's limit", minimum: 0, maximum: 9999),
                        "aheadDays": .integer(
                            "reviews due up to this many days after today, ahead of schedule",
                            minimum: 0, maximum: 30),
                    ],
                    example: ["bookID": .string(id2), "newCards": 10, "reviews": 0, "aheadDays": 1])
            ),
            Component(
                "BookLimits", BookLimitsDTO.self,
                .object(
                    [:],
                    optional: [
                        "newPerDay": .integer(
                            "the book's own new-card limit; left out: none", minimum: 0,
                            maximum: 9999),
                        "reviewsPerDay": .integer(
                            "the book's own review limit; left out: none", minimum: 0, maximum: 9999
                        ),
                    ],
                    example: ["newPerDay": 10, "reviewsPerDay": 100])),
            Component(
                "GameStart", GameStartInput.self,
                .object(
                    ["kind": .oneOf(GameKind.self)],
                    optional: [
                        "bookID": .uuid,
                        "direction": .oneOf(
                            CardDirection.self,
                            "forward asks the meaning of the term (default; hangman and write: reverse)"
                        ),
                        "count": .integer(minimum: 1, maximum: 500), "wordIDs": .array(.uuid),
                        "mistakes": .oneOf(
                            ["all"] + ReviewSource.allCases.map(\.rawValue),
                            "play the words in these mistake notes"),
                        "includeMemorized": .boolean.described(
                            "a random draw takes memorized words too (default: left out)"),
                        "bookmarkedOnly": .boolean.described(
                            "a random draw takes only bookmarked words"),
                    ],
                    example: [
                        "kind": "quiz", "bookID": .string(id2), "direction": "forward",
                        "count": 10,
                        "wordIDs": [.string(id1)], "mistakes": "all", "includeMemorized": false,
                        "bookmarkedOnly": false,
                    ])),
            Component(
                "GameMove", GameMoveInput.self,
                .object(
                    ["action": .oneOf(GameAction.self)],
                    optional: [
                        "choice": .integer(minimum: 0, maximum: 3), "guess": .string,
                        "mark": .oneOf(SelfTestMark.self),
                    ],
                    example: ["action": "choose", "choice": 2, "guess": "a", "mark": "known"])),
            Component("GameWordRef", GameDTO.WordRef.self, wordRef.withExample(wordRefExample)),
            Component(
                "GameQuiz", GameDTO.QuizView.self,
                .object(
                    ["index": .integer, "choices": .strings, "wrong": .array(.ref("GameWordRef"))],
                    optional: ["prompt": .string, "last": .ref("GameQuizLast")],
                    example: [
                        "index": 1, "prompt": "pear", "choices": ["배", "사과", "포도", "멜론"],
                        "last": [
                            "prompt": "apple", "chosen": 1, "correct": 0, "correctAnswer": "사과",
                            "isCorrect": false,
                        ],
                        "wrong": [wordRefExample],
                    ])),
            Component(
                "GameWrite", GameDTO.WriteView.self,
                .object(
                    ["index": .integer, "wrong": .array(.ref("GameWordRef"))],
                    optional: ["prompt": .string, "last": .ref("GameWriteLast")],
                    example: writeExample)),
            Component(
                "GameWriteLast", GameDTO.WriteLast.self,
                .object(
                    [
                        "prompt": .string, "typed": .string,
                        "verdict": .oneOf(
                            TypedAnswerCheck.Verdict.self,
                            "close is a slipped key: shown as almost, counted as a miss"),
                        "correctAnswer": .string,
                    ],
                    example: [
                        "prompt": "사과", "typed": "aple", "verdict": "close",
                        "correctAnswer": "apple",
                    ])),
            Component(
                "GameQuizLast", GameDTO.QuizLast.self,
                .object(
                    [
                        "prompt": .string, "chosen": .integer, "correct": .integer,
                        "correctAnswer": .string, "isCorrect": .boolean,
                    ],
                    example: [
                        "prompt": "apple", "chosen": 1, "correct": 0, "correctAnswer": "사과",
                        "isCorrect": false,
                    ])),
            Component(
                "GameHangman", GameDTO.HangmanView.self,
                .object(
                    [
                        "wordIndex": .integer, "wordCount": .integer, "hint": .string,
                        "script": .oneOf(HangmanScript.self),
                        "cells": .array(.ref("GameHangmanCell")), "misses": .integer,
                        "maxMisses": .integer, "pad": .strings,
                        "guessed": .strings, "wrongGuesses": .strings, "won": .boolean,
                        "lost": .boolean,
                    ],
                    optional: ["answer": .string("the word, once this one is over")],
                    example: [
                        "wordIndex": 0, "wordCount": 5, "hint": "apple", "script": "hangul",
                        "cells": [["text": "ㅅ", "complete": false]], "misses": 1, "maxMisses": 7,
                        "pad": ["ㄱ", "ㅏ"],
                        "guessed": ["ㅅ", "ㅂ"], "wrongGuesses": ["ㅂ"], "won": false, "lost": false,
                        "answer": "사과",
                    ])),
            Component(
                "GameHangmanCell", GameDTO.HangmanCellView.self,
                .object(
                    ["complete": .boolean],
                    optional: ["text": .string("shown text; absent while hidden")],
                    example: ["text": "ㅅ", "complete": false])),
            Component(
                "GameTest", GameDTO.TestView.self,
                .object(
                    [
                        "index": .integer, "revealed": .boolean,
                        "marks": .array(.oneOf(SelfTestMark.self)),
                        "scorePercent": .integer, "wrong": .array(.ref("GameWordRef")),
                    ],
                    optional: ["prompt": .string, "answer": .string("once revealed")],
                    example: [
                        "index": 2, "prompt": "pear", "answer": "배", "revealed": true,
                        "marks": ["known", "unknown"],
                        "scorePercent": 50, "wrong": [wordRefExample],
                    ])),
            Component(
                "GameFlashcards", GameDTO.FlashcardsView.self,
                .object(
                    [
                        "index": .integer, "flipped": .boolean,
                        "knownCount": .integer("cards marked know"),
                        "learningCount": .integer("cards marked still learning"),
                    ],
                    optional: [
                        "front": .string, "back": .string("once flipped"),
                        "example": .ref("WordExample").described("the word's first, once flipped"),
                    ],
                    example: [
                        "index": 0, "front": "apple", "back": "사과", "flipped": true,
                        "example": ["sentence": "An apple a day.", "translation": "하루 사과 한 개."],
                        "knownCount": 3, "learningCount": 1,
                    ])),
            Component(
                "Game", GameDTO.self,
                .object(
                    [
                        "id": .uuid, "kind": .oneOf(GameKind.self),
                        "direction": .oneOf(CardDirection.self), "finished": .boolean,
                        "score": .integer, "total": .integer, "startedAt": .dateTime,
                    ],
                    optional: [
                        "bookID": .uuid, "finishedAt": .dateTime, "quiz": .ref("GameQuiz"),
                        "hangman": .ref("GameHangman"),
                        "test": .ref("GameTest"), "flashcards": .ref("GameFlashcards"),
                        "write": .ref("GameWrite"),
                    ],
                    description:
                        "one of quiz, hangman, test, flashcards and write is present: the view of the game's kind",
                    example: gameExample)),
            Component(
                "GameSummary", GameSummaryDTO.self,
                .object(
                    [
                        "id": .uuid, "kind": .oneOf(GameKind.self), "score": .integer,
                        "total": .integer, "finished": .boolean, "startedAt": .dateTime,
                    ],
                    optional: ["bookName": .string],
                    example: [
                        "id": .string(id1), "kind": "quiz", "bookName": "토익 필수", "score": 8,
                        "total": 10, "finished": true, "startedAt": time,
                    ])),
            Component(
                "Mistake", MistakeDTO.self,
                .object(
                    [
                        "word": .ref("Word"), "source": .oneOf(ReviewSource.self),
                        "count": .integer,
                        "lastAt": .dateTime,
                    ],
                    example: ["word": wordExample, "source": "quiz", "count": 2, "lastAt": time])),
            Component(
                "StatsDashboard", StatsDashboardDTO.self,
                .object(
                    [
                        "date": .date, "dueToday": .integer, "newToday": .integer,
                        "reviewsToday": .integer,
                        "wordsAddedToday": .integer, "currentStreak": .integer,
                        "longestStreak": .integer, "totalWords": .integer,
                        "memorizedWords": .integer, "gamesPlayed": .integer, "gamesToday": .integer,
                    ],
                    optional: [
                        "accuracyToday": .fraction(
                            "share of today's reviews not rated Again; absent without reviews")
                    ],
                    example: [
                        "date": "2026-11-22", "dueToday": 33, "newToday": 20, "reviewsToday": 40,
                        "accuracyToday": 0.9,
                        "wordsAddedToday": 5, "currentStreak": 4, "longestStreak": 12,
                        "totalWords": 245,
                        "memorizedWords": 30, "gamesPlayed": 7, "gamesToday": 1,
                    ])),
            Component(
                "StatsDay", StatsDayDTO.self,
                .object(
                    [
                        "date": .date, "wordsAdded": .integer, "reviews": .integer,
                        "correctReviews": .integer,
                        "answers": .integer("every answer logged, games' misses included"),
                        "games": .integer("games finished"),
                    ],
                    optional: [
                        "accuracy": .fraction("correctReviews / reviews; absent without reviews")
                    ], example: dayExample)),
            Component(
                "StatsTotals", StatsTotalsDTO.self,
                .object(
                    [
                        "wordsAdded": .integer, "reviews": .integer, "correctReviews": .integer,
                        "answers": .integer,
                        "games": .integer, "studyDays": .integer,
                    ],
                    optional: ["accuracy": .fraction()], example: totalsExample)),
            Component(
                "StatsDays", StatsDaysDTO.self,
                .object(
                    [
                        "from": .date, "to": .date, "days": .array(.ref("StatsDay")),
                        "totals": .ref("StatsTotals"),
                    ],
                    example: [
                        "from": "2026-11-22", "to": "2026-11-22", "days": [dayExample],
                        "totals": totalsExample,
                    ])),
        ] + japaneseComponents + lottoComponents

    static let japaneseCourseExample: JSONValue = [
        "id": "n5", "kind": "words", "title": "JLPT N5", "items": 662, "days": 34,
    ]
    static let japaneseWordExample: JSONValue = [
        "term": "学生", "alternatives": [], "reading": "がくせい", "level": "N5",
        "glosses": ["student"], "korean": "학생", "note": "",
        "examples": [["sentence": "私は学生です。", "translation": "I am a student."]],
        "sinoKorean": "학생",
    ]
    static let kanjiExample: JSONValue = [
        "kanji": "学", "grade": 1, "course": "grade1", "day": 1, "strokes": 8, "on": ["ガク"],
        "kun": ["まな.ぶ"], "meanings": ["study", "learning", "science"], "korean": "배울 학",
        "koreanNote": "", "oldForm": "學", "words": [japaneseWordExample],
    ]

    static let japaneseComponents: [Component] = [
        Component(
            "JapaneseCourse", JapaneseCourseDTO.self,
            .object(
                [
                    "id": .oneOf(JapaneseCourse.self), "kind": .oneOf(JapaneseCourse.Kind.self),
                    "title": .string, "items": .integer("words or kanji in the course"),
                    "days": .integer("Days of 20; the last may be shorter"),
                ], example: japaneseCourseExample)),
        Component(
            "JapaneseCourses", JapaneseCoursesDTO.self,
            .object(
                [
                    "courses": .array(.ref("JapaneseCourse")),
                    "attribution": .string("the data's licence acknowledgement"),
                ],
                example: ["courses": [japaneseCourseExample], "attribution": "This course uses …"])),
        Component(
            "JapaneseWord", JapaneseWordDTO.self,
            .object(
                [
                    "term": .string, "alternatives": .strings,
                    "reading": .string("kana; empty when the term is kana"), "level": .string,
                    "glosses": .strings,
                    "korean": .string("the Korean meaning (N5 and N4); empty for N3–N1"),
                    "note": .string, "examples": .array(.ref("WordExample")),
                    "sinoKorean": .string(
                        "Sino-Korean reading of an all-kanji term, a reading aid (not a meaning)"),
                ], example: japaneseWordExample)),
        Component(
            "Kanji", KanjiDTO.self,
            .object(
                [
                    "kanji": .string, "grade": .oneOf([1, 2, 3, 4, 5, 6, 8], "8: middle school"),
                    "course": .oneOf(JapaneseCourse.self), "day": .integer(minimum: 1),
                    "strokes": .integer, "on": .strings, "kun": .strings, "meanings": .strings,
                    "korean": .string("the Korean 훈음; empty for a kanji made in Japan"),
                    "koreanNote": .string,
                    "oldForm": .string(
                        "the old (traditional) form the 훈음 belongs to (学 → 學); empty when the kanji's own"
                    ),
                ],
                optional: [
                    "words": .array(.ref("JapaneseWord")).described(
                        "course words written with the kanji, easiest first (the kanji's own route)"
                    )
                ], example: kanjiExample)),
        Component(
            "JapaneseDay", JapaneseDayDTO.self,
            .object(
                [
                    "course": .ref("JapaneseCourse"), "day": .integer(minimum: 1),
                    "words": .array(.ref("JapaneseWord")), "kanji": .array(.ref("Kanji")),
                ],
                example: [
                    "course": japaneseCourseExample, "day": 1, "words": [japaneseWordExample],
                    "kanji": [],
                ])),
        Component(
            "JapaneseDayProgress", JapaneseDayProgressDTO.self,
            .object(
                [
                    "day": .integer(minimum: 1),
                    "known": .integer("words marked O in the last finished test on the Day"),
                    "total": .integer, "complete": .boolean,
                ], example: ["day": 3, "known": 20, "total": 20, "complete": true])),
        Component(
            "JapaneseProgress", JapaneseProgressDTO.self,
            .object(
                [
                    "course": .oneOf(JapaneseCourse.self),
                    "days": .array(.ref("JapaneseDayProgress")),
                ],
                optional: ["lastDay": .integer("the last Day opened; absent before the first")],
                example: [
                    "course": "n5",
                    "days": [["day": 3, "known": 20, "total": 20, "complete": true]],
                    "lastDay": 4,
                ])),
        Component(
            "JapaneseDayBook", JapaneseDayBookDTO.self,
            .object(
                [
                    "bookID": .uuid, "added": .integer("words that were not in the book yet"),
                    "words": .integer("the Day's words, now all in the book"),
                ], example: ["bookID": .string(id2), "added": 20, "words": 20])),
        Component(
            "DictionaryEntry", DictionaryEntryDTO.self,
            .object(
                [
                    "term": .string, "reading": .string("kana; empty when the term is kana"),
                    "glosses": .strings, "common": .boolean,
                    "match": .oneOf(["exact", "prefix", "substring", "words"]),
                ], example: dictionaryEntryExample)),
        Component(
            "DictionarySearch", DictionarySearchDTO.self,
            .object(
                [
                    "query": .string,
                    "available": Schema.boolean.described(
                        "false until `maeil import edict` has been run"),
                    "entries": .array(.ref("DictionaryEntry")), "attribution": .string,
                ],
                optional: ["kana": .string("the romaji query read as kana")],
                example: [
                    "query": "gakusei", "kana": "がくせい", "available": true,
                    "entries": [dictionaryEntryExample], "attribution": "This course uses …",
                ])),
        Component(
            "JapaneseBookmarkInput", JapaneseBookmarkInput.self,
            .object(
                ["term": .string, "bookmarked": .boolean],
                optional: ["reading": .string("kana; empty or absent for a word written in kana")],
                example: ["term": "学生", "reading": "がくせい", "bookmarked": true])),
        Component(
            "JapaneseCourseBookmarks", JapaneseCourseBookmarksDTO.self,
            .object(
                ["course": .oneOf(JapaneseCourse.self), "words": .array(.ref("Word"))],
                example: ["course": "n5", "words": [wordExample]])),
        Component(
            "JapaneseBookmarks", JapaneseBookmarksDTO.self,
            .object(
                ["courses": .array(.ref("JapaneseCourseBookmarks"))],
                example: ["courses": [["course": "n5", "words": [wordExample]]]])),
    ]

    static let dictionaryEntryExample: JSONValue = [
        "term": "学生", "reading": "がくせい",
        "glosses": ["(n) student (esp. a university student)"], "common": true, "match": "exact",
    ]

    static let gameExample: JSONValue = [
        "id": .string(id1), "kind": "quiz", "bookID": .string(id2), "direction": "forward",
        "finished": false,
        "score": 1, "total": 10, "startedAt": time, "finishedAt": time,
        "quiz": [
            "index": 1, "prompt": "pear", "choices": ["배", "사과", "포도", "멜론"],
            "last": [
                "prompt": "apple", "chosen": 0, "correct": 0, "correctAnswer": "사과",
                "isCorrect": true,
            ],
            "wrong": [wordRefExample],
        ],
        "hangman": [
            "wordIndex": 0, "wordCount": 5, "hint": "apple", "script": "hangul",
            "cells": [["text": "ㅅ", "complete": false]], "misses": 1, "maxMisses": 7, "pad": ["ㄱ"],
            "guessed": ["ㅅ"], "wrongGuesses": [], "won": false, "lost": false, "answer": "사과",
        ],
        "test": [
            "index": 0, "prompt": "apple", "answer": "사과", "revealed": true, "marks": ["known"],
            "scorePercent": 100, "wrong": [wordRefExample],
        ],
        "flashcards": [
            "index": 0, "front": "apple", "back": "사과", "flipped": true,
            "example": ["sentence": "An apple a day.", "translation": "하루 사과 한 개."],
            "knownCount": 3, "learningCount": 1,
        ],
        "write": writeExample,
    ]
    static let writeExample: JSONValue = [
        "index": 1, "prompt": "배",
        "last": ["prompt": "사과", "typed": "aple", "verdict": "close", "correctAnswer": "apple"],
        "wrong": [wordRefExample],
    ]

    static let wordPatchFields: KeyValuePairs<String, Schema> = [
        "term": .string(maxLength: WordLimits.term),
        "meaning": .string(maxLength: WordLimits.meaning),
        "reading": .string(maxLength: WordLimits.reading),
        "partOfSpeech": .string(maxLength: WordLimits.partOfSpeech),
        "note": .string(maxLength: WordLimits.note), "synonyms": .strings, "antonyms": .strings,
        "examples": .array(.ref("WordExample")), "tags": .strings, "memorized": .boolean,
        "bookmarked": .boolean,
        "bookID": .uuid.described("moves the word to this book"),
    ]
}

extension Schema {
    func withExample(_ value: JSONValue) -> Schema {
        var copy = self
        copy.example = value
        return copy
    }
}
