import Foundation
import MaeilAPI
import MaeilAPI

/// The OpenAPI 3.1 description of `/api/v1`, served at `/api/v1/openapi.json`.
/// A test compares `operations` with the app's registered routes, so a route
/// added without documenting it fails CI.
enum OpenAPIDocument {
    struct Operation: Sendable {
        var route: APIRoute
        var summary: String
        var tag: String
        var authenticated = true
        var query: [Parameter] = []
        var body: BodyKind? = nil
        var status = 200
        var response: String? = nil
        var responseIsArray = false
        var responseMedia = "application/json"

        init(
            _ route: APIRoute, summary: String, tag: String, authenticated: Bool = true, query: [Parameter] = [],
            body: BodyKind? = nil, status: Int = 200, response: String? = nil, responseIsArray: Bool = false,
            responseMedia: String = "application/json"
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
        var type: String
        var description: String
        var enumValues: [String]? = nil
    }

    static let paging: [Parameter] = [
        Parameter(name: "page", type: "integer", description: "1-based page number"),
        Parameter(name: "perPage", type: "integer", description: "rows per page, 1–500 (default 50)"),
        Parameter(name: "sort", type: "string", description: "order of the words",
                  enumValues: ["recent", "oldest", "memorized", "not-memorized", "random", "alphabetical"]),
        Parameter(name: "memorized", type: "boolean", description: "only memorized (true) or not memorized (false) words"),
        Parameter(name: "bookmarked", type: "boolean", description: "only bookmarked (true) or not (false) words"),
    ]

    static let operations: [Operation] = [
        Operation(.openAPI, summary: "This document", tag: "meta", authenticated: false, response: nil),
        Operation(.signUp, summary: "Create an account and get a token", tag: "auth",
                  authenticated: false, body: .json("Credentials"), status: 201, response: "LoginResult"),
        Operation(.logIn, summary: "Exchange username and password for a token (rate-limited)", tag: "auth",
                  authenticated: false, body: .json("Credentials"), response: "LoginResult"),
        Operation(.logOut, summary: "Revoke the token used for this request", tag: "auth", status: 204),
        Operation(.me, summary: "The signed-in user", tag: "auth", response: "User"),
        Operation(.tokens, summary: "List personal access tokens", tag: "tokens", response: "Token", responseIsArray: true),
        Operation(.createToken, summary: "Create a personal access token (the secret is shown once)", tag: "tokens",
                  body: .json("TokenInput"), status: 201, response: "NewToken"),
        Operation(.deleteToken, summary: "Revoke a token", tag: "tokens", status: 204),
        Operation(.books, summary: "List word books with counts", tag: "books", response: "Book", responseIsArray: true),
        Operation(.createBook, summary: "Create a word book", tag: "books", body: .json("BookInput"), status: 201, response: "Book"),
        Operation(.addStarterBook, summary: "Add the starter book (240 English words with Korean meanings)", tag: "books",
                  status: 201, response: "Book"),
        Operation(.book, summary: "One word book", tag: "books", response: "Book"),
        Operation(.updateBook, summary: "Rename or describe a book, or choose the directions its cards study", tag: "books", body: .json("BookPatch"), response: "Book"),
        Operation(.deleteBook, summary: "Delete a book and all its words", tag: "books", response: "BookDeleted"),
        Operation(.bookWords, summary: "Words of a book, paged", tag: "words",
                  query: [Parameter(name: "q", type: "string", description: "case- and diacritic-insensitive filter over term, meaning and reading")] + paging,
                  response: "WordPage"),
        Operation(.addWord, summary: "Add a word to a book", tag: "words", body: .json("WordInput"), status: 201, response: "Word"),
        Operation(.importFile, summary: "Import CSV, TSV, Quizlet text or JSON into a book (one transaction)", tag: "import",
                  query: [
                    Parameter(name: "format", type: "string", description: "file format; detected when omitted", enumValues: ["auto", "csv", "tsv", "quizlet", "json"]),
                    Parameter(name: "header", type: "string", description: "whether the first row is a header", enumValues: ["auto", "true", "false"]),
                    Parameter(name: "columns", type: "string", description: "comma-separated column mapping, e.g. term,meaning,ignore,reading"),
                    Parameter(name: "termSeparator", type: "string", description: "Quizlet: between term and definition (default tab; \\t allowed)"),
                    Parameter(name: "rowSeparator", type: "string", description: "Quizlet: between rows (default newline; \\n allowed)"),
                    Parameter(name: "filename", type: "string", description: "original file name, helps format detection"),
                  ],
                  body: .file, response: "ImportResult"),
        Operation(.exportBook, summary: "Export a book", tag: "import",
                  query: [Parameter(name: "format", type: "string", description: "file format (default json)", enumValues: ["csv", "tsv", "quizlet", "json"])],
                  response: nil, responseMedia: "application/octet-stream"),
        Operation(.bulkWords, summary: "Move, delete, memorize or bookmark many words at once (all or nothing)", tag: "words",
                  body: .json("BulkRequest"), response: "BulkResult"),
        Operation(.word, summary: "One word", tag: "words", response: "Word"),
        Operation(.updateWord, summary: "Change some fields of a word (bookID moves it)", tag: "words", body: .json("WordPatch"), response: "Word"),
        Operation(.replaceWord, summary: "Replace all fields of a word", tag: "words", body: .json("WordInput"), response: "Word"),
        Operation(.deleteWord, summary: "Delete a word", tag: "words", status: 204),
        Operation(.search, summary: "Search words across books or in one", tag: "words",
                  query: [Parameter(name: "q", type: "string", description: "the query (required)"),
                          Parameter(name: "book", type: "string", description: "limit to this book id")] + paging,
                  response: "SearchResult"),
        Operation(.calendar, summary: "Words added per day of a month", tag: "calendar",
                  query: [Parameter(name: "month", type: "string", description: "YYYY-MM (default: this month)")], response: "CalendarMonth"),
        Operation(.calendarDay, summary: "Words added on a day (YYYY-MM-DD)", tag: "calendar", query: paging, response: "WordPage"),
        Operation(.calendarDayAction, summary: "Mark all words of a day memorized, or delete them", tag: "calendar",
                  response: "BulkResult"),
        Operation(.studyQueue, summary: "Today's review queue: due cards (learning, then reviews), then new cards, within the daily limits", tag: "study",
                  query: [Parameter(name: "book", type: "string", description: "limit to this book id"),
                          Parameter(name: "limit", type: "integer", description: "cards to return, 1–500 (default 50)")],
                  response: "ReviewQueue"),
        Operation(.answerCard, summary: "Answer a card: 1 again, 2 hard, 3 good, 4 easy (FSRS-6); 409 if not due or answered already", tag: "study",
                  body: .json("ReviewAnswer"), response: "StudyCard"),
        Operation(.undoAnswer, summary: "Take back the last review answer; the card returns as it was", tag: "study", response: "StudyCard"),
        Operation(.startGame, summary: "Start a quiz, hangman round, O/X test or flashcards on a book, all books, given words or the mistake notes", tag: "games",
                  body: .json("GameStart"), status: 201, response: "Game"),
        Operation(.game, summary: "A game's state (answers are not revealed before they are given)", tag: "games", response: "Game"),
        Operation(.playMove, summary: "Play a move; 409 when the game is over or the move does not fit", tag: "games",
                  body: .json("GameMove"), response: "Game"),
        Operation(.retestWrong, summary: "A new O/X test of the words marked wrong", tag: "games", status: 201, response: "Game"),
        Operation(.bookmarkWrong, summary: "Bookmark every word answered wrong in the game", tag: "games", response: "BulkResult"),
        Operation(.mistakes, summary: "The mistake notes, most recent first", tag: "games",
                  query: [Parameter(name: "source", type: "string", description: "one source (default all)", enumValues: ["all", "review", "quiz", "hangman", "test"])],
                  response: "Mistake", responseIsArray: true),
        Operation(.clearMistakes, summary: "Clear the mistake notes of a source, or all", tag: "games",
                  query: [Parameter(name: "source", type: "string", description: "one source (default all)", enumValues: ["all", "review", "quiz", "hangman", "test"])],
                  response: "BulkResult"),
        Operation(.clearWordMistakes, summary: "Clear one word's notes (the id is the word's)", tag: "games",
                  query: [Parameter(name: "source", type: "string", description: "one source (default all)", enumValues: ["all", "review", "quiz", "hangman", "test"])],
                  response: "BulkResult"),
        Operation(.studySettings, summary: "Scheduler parameters and daily limits", tag: "study", response: "StudySettings"),
        Operation(.updateStudySettings, summary: "Change scheduler parameters or daily limits", tag: "study",
                  body: .json("StudySettingsPatch"), response: "StudySettings"),
        Operation(.dashboard, summary: "Home dashboard: due and new cards today, today's reviews, streaks, words, games", tag: "stats",
                  response: "StatsDashboard"),
        Operation(.statsDays, summary: "Per-day words added, reviews, accuracy and games over a range of at most 400 days (400 for a bad date or range)", tag: "stats",
                  query: [Parameter(name: "from", type: "string", description: "first day, YYYY-MM-DD (default: 29 days before `to`)"),
                          Parameter(name: "to", type: "string", description: "last day, YYYY-MM-DD (default: today)")],
                  response: "StatsDays"),
        Operation(.chart, summary: "A chart drawn by the server as SVG: reviews per day, true retention per month, due-card forecast, or the year's heatmap", tag: "stats",
                  query: [Parameter(name: "days", type: "integer", description: "range in days (default 30; retention 365; the heatmap is always 365)", enumValues: ["30", "90", "365"]),
                          Parameter(name: "lang", type: "string", description: "language of the labels (default: Accept-Language)", enumValues: ["en", "ko"])],
                  response: nil, responseMedia: "image/svg+xml"),
    ]

    static let pathEnums: [String: [String]] = [
        "action": ["memorize-all", "delete-all"],
        "chart": ["reviews.svg", "retention.svg", "forecast.svg", "heatmap.svg"],
    ]

    static var schemas: [String: Any] {
        func obj(_ props: [String: Any], required: [String]) -> [String: Any] {
            ["type": "object", "properties": props, "required": required]
        }
        let string: [String: Any] = ["type": "string"]
        let uuid: [String: Any] = ["type": "string", "format": "uuid"]
        let date: [String: Any] = ["type": "string", "format": "date-time"]
        let bool: [String: Any] = ["type": "boolean"]
        let int: [String: Any] = ["type": "integer"]
        let strings: [String: Any] = ["type": "array", "items": string]
        let examples: [String: Any] = ["type": "array", "items": ["$ref": "#/components/schemas/WordExample"]]
        let wordFields: [String: Any] = [
            "term": ["type": "string", "maxLength": 2000], "meaning": ["type": "string", "maxLength": 2000], "reading": string,
            "partOfSpeech": string, "note": string, "synonyms": strings, "antonyms": strings, "examples": examples,
            "tags": strings, "memorized": bool, "bookmarked": bool, "bookID": uuid,
        ]
        let settingsFields: [String: Any] = [
            "desiredRetention": ["type": "number", "exclusiveMinimum": 0, "exclusiveMaximum": 1],
            "newPerDay": ["type": "integer", "minimum": 0, "maximum": 9999],
            "reviewsPerDay": ["type": "integer", "minimum": 0, "maximum": 9999],
            "maximumInterval": ["type": "integer", "minimum": 1, "description": "days"],
            "fuzz": bool, "weights": ["type": "array", "items": ["type": "number"], "minItems": 21, "maxItems": 21],
        ]
        var word = wordFields
        word["id"] = uuid
        word["bookName"] = string
        word["createdAt"] = date
        word["updatedAt"] = date
        return [
            "Error": obj(["error": obj(["code": string, "message": string], required: ["code", "message"])], required: ["error"]),
            "Credentials": obj(["username": string, "password": string], required: ["username", "password"]),
            "User": obj(["id": uuid, "username": string, "createdAt": date], required: ["id", "username"]),
            "LoginResult": obj(["user": ["$ref": "#/components/schemas/User"], "token": string], required: ["user", "token"]),
            "Token": obj(["id": uuid, "name": string, "createdAt": date, "lastUsedAt": date], required: ["id", "name"]),
            "NewToken": obj(["id": uuid, "name": string, "token": string, "createdAt": date], required: ["id", "name", "token"]),
            "TokenInput": obj(["name": string], required: ["name"]),
            "Book": obj(["id": uuid, "name": string, "description": string, "wordCount": int, "memorizedCount": int,
                         "studyDirections": ["type": "string", "enum": ["forward", "reverse", "both"]], "createdAt": date, "updatedAt": date], required: ["id", "name", "description", "wordCount", "memorizedCount"]),
            "BookInput": obj(["name": ["type": "string", "maxLength": 200], "description": string], required: ["name"]),
            "BookPatch": obj(["name": string, "description": string,
                              "studyDirections": ["type": "string", "enum": ["forward", "reverse", "both"]]], required: []),
            "BookDeleted": obj(["deletedWords": int], required: ["deletedWords"]),
            "WordExample": obj(["sentence": string, "translation": string], required: ["sentence"]),
            "Word": obj(word, required: ["id", "bookID", "term", "meaning", "reading", "partOfSpeech", "note", "synonyms",
                                         "antonyms", "examples", "tags", "memorized", "bookmarked", "createdAt", "updatedAt"]),
            "WordInput": obj(wordFields, required: ["term"]),
            "WordPatch": obj(wordFields, required: []),
            "WordPage": obj(["items": ["type": "array", "items": ["$ref": "#/components/schemas/Word"]], "total": int, "page": int, "perPage": int,
                                         "totalCapped": ["type": "boolean", "description": "true when total is the search cap (1000) and more words may match"]],
                            required: ["items", "total", "page", "perPage"]),
            "BulkRequest": obj(["ids": ["type": "array", "items": uuid],
                                "action": ["type": "string", "enum": ["move", "delete", "memorize", "unmemorize", "bookmark", "unbookmark"]],
                                "bookID": uuid], required: ["ids", "action"]),
            "BulkResult": obj(["affected": int], required: ["affected"]),
            "SearchResult": obj(["query": string, "items": ["type": "array", "items": ["$ref": "#/components/schemas/Word"]], "total": int,
                                      "totalCapped": ["type": "boolean", "description": "true when total is the search cap (1000) and more words may match"]],
                                required: ["query", "items", "total", "totalCapped"]),
            "CalendarDay": obj(["date": string, "count": int], required: ["date", "count"]),
            "CalendarMonth": obj(["month": string, "previous": string, "next": string,
                                  "days": ["type": "array", "items": ["$ref": "#/components/schemas/CalendarDay"]], "total": int],
                                 required: ["month", "previous", "next", "days", "total"]),
            "StudyCard": obj(["wordID": uuid, "direction": ["type": "string", "enum": ["forward", "reverse"]], "bookID": uuid, "bookName": string,
                              "prompt": string, "answer": string, "term": string, "meaning": string, "reading": string, "partOfSpeech": string,
                              "examples": examples, "state": ["type": "string", "enum": ["new", "learning", "review", "relearning"]],
                              "version": int, "due": date,
                              "intervals": ["type": "object", "description": "next interval label per rating 1–4", "additionalProperties": string]],
                             required: ["wordID", "direction", "bookID", "prompt", "answer", "state", "version", "due", "intervals"]),
            "ReviewQueue": obj(["newCount": int, "learningCount": int, "reviewCount": int, "nextLearningDue": date,
                                "cards": ["type": "array", "items": ["$ref": "#/components/schemas/StudyCard"]]],
                               required: ["newCount", "learningCount", "reviewCount", "cards"]),
            "ReviewAnswer": obj(["wordID": uuid, "direction": ["type": "string", "enum": ["forward", "reverse"]],
                                 "rating": ["type": "integer", "minimum": 1, "maximum": 4],
                                 "version": ["type": "integer", "description": "the card's version as shown"], "elapsedMs": int],
                                required: ["wordID", "direction", "rating", "version"]),
            "StudySettings": obj(settingsFields, required: ["desiredRetention", "newPerDay", "reviewsPerDay", "maximumInterval", "fuzz", "weights"]),
            "StudySettingsPatch": obj(settingsFields, required: []),
            "GameStart": obj(["kind": ["type": "string", "enum": ["quiz", "hangman", "test", "flashcards"]], "book": uuid,
                              "direction": ["type": "string", "enum": ["termToMeaning", "meaningToTerm"]],
                              "count": ["type": "integer", "minimum": 1, "maximum": 500], "wordIDs": ["type": "array", "items": uuid],
                              "mistakes": ["type": "string", "enum": ["all", "review", "quiz", "hangman", "test"]]], required: ["kind"]),
            "GameMove": obj(["action": ["type": "string", "enum": ["choose", "guess", "next-word", "reveal", "mark", "undo", "flip", "next", "previous", "restart", "shuffle"]],
                             "choice": ["type": "integer", "minimum": 0, "maximum": 3], "guess": string,
                             "mark": ["type": "string", "enum": ["known", "unknown"]]], required: ["action"]),
            "Game": obj(["id": uuid, "kind": string, "bookID": uuid, "direction": string, "finished": bool, "score": int, "total": int,
                         "startedAt": date, "finishedAt": date,
                         "quiz": ["type": "object", "description": "index, prompt, choices, last (the last answer), wrong"],
                         "hangman": ["type": "object", "description": "wordIndex, wordCount, hint, script, cells, misses, maxMisses, pad, guessed, wrongGuesses, won, lost, answer"],
                         "test": ["type": "object", "description": "index, prompt, answer (once revealed), revealed, marks, scorePercent, wrong"],
                         "flashcards": ["type": "object", "description": "index, front, back (once flipped), flipped"]],
                        required: ["id", "kind", "direction", "finished", "score", "total", "startedAt"]),
            "Mistake": obj(["word": ["$ref": "#/components/schemas/Word"], "source": string, "count": int, "lastAt": date],
                           required: ["word", "source", "count", "lastAt"]),
            "ImportResult": obj(["imported": int, "format": string, "encoding": string], required: ["imported", "format", "encoding"]),
            "StatsDashboard": obj(["date": ["type": "string", "format": "date"], "dueToday": int, "newToday": int, "reviewsToday": int,
                                   "accuracyToday": ["type": "number", "minimum": 0, "maximum": 1, "description": "share of today's reviews not rated Again; absent without reviews"],
                                   "wordsAddedToday": int, "currentStreak": int, "longestStreak": int, "totalWords": int, "memorizedWords": int,
                                   "gamesPlayed": int, "gamesToday": int],
                                  required: ["date", "dueToday", "newToday", "reviewsToday", "wordsAddedToday", "currentStreak", "longestStreak",
                                             "totalWords", "memorizedWords", "gamesPlayed", "gamesToday"]),
            "StatsDay": obj(["date": ["type": "string", "format": "date"], "wordsAdded": int, "reviews": int, "correctReviews": int,
                             "accuracy": ["type": "number", "minimum": 0, "maximum": 1, "description": "correctReviews / reviews; absent without reviews"],
                             "answers": ["type": "integer", "description": "every answer logged, games' misses included"], "games": ["type": "integer", "description": "games finished"]],
                            required: ["date", "wordsAdded", "reviews", "correctReviews", "answers", "games"]),
            "StatsTotals": obj(["wordsAdded": int, "reviews": int, "correctReviews": int, "accuracy": ["type": "number", "minimum": 0, "maximum": 1],
                                "answers": int, "games": int, "studyDays": int],
                               required: ["wordsAdded", "reviews", "correctReviews", "answers", "games", "studyDays"]),
            "StatsDays": obj(["from": ["type": "string", "format": "date"], "to": ["type": "string", "format": "date"],
                              "days": ["type": "array", "items": ["$ref": "#/components/schemas/StatsDay"]],
                              "totals": ["$ref": "#/components/schemas/StatsTotals"]],
                             required: ["from", "to", "days", "totals"]),
        ]
    }

    static func errorResponse(_ description: String) -> [String: Any] {
        ["description": description, "content": ["application/json": ["schema": ["$ref": "#/components/schemas/Error"]]]]
    }

    static func operationObject(_ op: Operation) -> [String: Any] {
        var parameters: [[String: Any]] = []
        for name in op.path.split(separator: "/").filter({ $0.hasPrefix("{") }).map({ String($0.dropFirst().dropLast()) }) {
            var schema: [String: Any] = ["type": "string"]
            if let values = pathEnums[name] { schema["enum"] = values }
            if name == "id" { schema["format"] = "uuid" }
            if name == "date" { schema["format"] = "date" }
            parameters.append(["name": name, "in": "path", "required": true, "schema": schema])
        }
        for q in op.query {
            var schema: [String: Any] = ["type": q.type]
            if let values = q.enumValues { schema["enum"] = values }
            parameters.append(["name": q.name, "in": "query", "required": q.name == "q" && op.path.hasSuffix("/search"),
                               "description": q.description, "schema": schema])
        }
        var success: [String: Any] = ["description": op.status == 204 ? "done, no content" : "success"]
        if let response = op.response {
            let ref: [String: Any] = ["$ref": "#/components/schemas/\(response)"]
            success["content"] = [op.responseMedia: ["schema": op.responseIsArray ? ["type": "array", "items": ref] : ref]]
        } else if op.status != 204 {
            success["content"] = [op.responseMedia: ["schema": ["type": "string", "format": "binary"]]]
        }
        if op.path.hasSuffix("openapi.json") { success["content"] = ["application/json": ["schema": ["type": "object"]]] }
        var responses: [String: Any] = ["\(op.status)": success]
        if op.body != nil || !op.query.isEmpty { responses["400"] = errorResponse("malformed request") ; responses["422"] = errorResponse("invalid input") }
        if op.authenticated { responses["401"] = errorResponse("missing or invalid token") }
        if op.path.contains("{") { responses["404"] = errorResponse("not found, or not yours") }
        if case .file = op.body { responses["413"] = errorResponse("upload larger than 20 MB") }
        if op.path.hasSuffix("/login") { responses["429"] = errorResponse("too many failed attempts") }
        if op.path.hasSuffix("/signup") { responses["409"] = errorResponse("username taken") }
        var object: [String: Any] = [
            "summary": op.summary, "tags": [op.tag], "responses": responses,
            "operationId": op.method + op.path.replacingOccurrences(of: "/api/v1", with: "")
                .split(whereSeparator: { "/{}.-".contains($0) }).map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(),
        ]
        if !parameters.isEmpty { object["parameters"] = parameters }
        object["security"] = op.authenticated ? [["bearer": [String]()]] : [[String: [String]]]()
        switch op.body {
        case .json(let schema):
            object["requestBody"] = ["required": true, "content": ["application/json": ["schema": ["$ref": "#/components/schemas/\(schema)"]]]]
        case .file:
            object["requestBody"] = ["required": true, "content": [
                "application/octet-stream": ["schema": ["type": "string", "format": "binary"]],
                "multipart/form-data": ["schema": ["type": "object", "properties": ["file": ["type": "string", "format": "binary"]], "required": ["file"]]],
            ]]
        case nil: break
        }
        return object
    }

    static var document: [String: Any] {
        var paths: [String: [String: Any]] = [:]
        for op in operations { paths[op.path, default: [:]][op.method] = operationObject(op) }
        return [
            "openapi": "3.1.0",
            "info": ["title": "Maeil API", "version": "1.0.0",
                     "description": "The vocabulary notebook of Maeil. Authenticate with a personal access token: `Authorization: Bearer <token>`. Errors are `{\"error\": {\"code\", \"message\"}}`."],
            "servers": [["url": "/"]],
            "paths": paths,
            "components": ["schemas": schemas, "securitySchemes": ["bearer": ["type": "http", "scheme": "bearer"]]],
        ]
    }

    static let json: Data = (try? JSONSerialization.data(withJSONObject: document, options: [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes])) ?? Data("{}".utf8)
}
