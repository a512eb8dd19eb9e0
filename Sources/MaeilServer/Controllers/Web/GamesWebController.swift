import Foundation
import MaeilAPI
import Vapor
import VocabCore

/// The games (quiz, hangman, O/X test, flashcards) and the mistake notes in the
/// browser. Every move is a plain form that posts and redirects back to the game, so
/// it works without JavaScript; games.js adds the keyboard. A move the game refuses
/// (over, out of turn, too few words) comes back as a message on the page, not an
/// error page.
struct GamesWebController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        let games = routes.grouped("games")
        games.get(use: index)
        games.post(use: start)
        games.get(":id", use: show)
        games.post(":id", "moves", use: move)
        games.post(":id", "retest", use: retest)
        games.post(":id", "bookmark-wrong", use: bookmarkWrong)
        let mistakes = routes.grouped("mistakes")
        mistakes.get(use: listMistakes)
        mistakes.post("study", use: studyMistakes)
        mistakes.post("clear", use: clearMistakes)
    }

    // MARK: - Starting a game

    struct KindChoice: Encodable, Sendable {
        var value: String
        var label: String
        var hint: String
        var selected: Bool
    }

    struct RecentGameRow: Encodable, Sendable {
        var id: String
        var title: String
        /// Right answers of the total ("4/5"; flashcards: cards seen).
        var scoreText: String
        /// "Fruit · 2026-11-22 14:03", and "in progress" while it is.
        var metaText: String
        var linkText: String
    }

    struct IndexData: Encodable, Sendable {
        var kinds: [KindChoice]
        var books: [OptionView]
        var directions: [OptionView]
        var count: String
        var recent: [RecentGameRow]
        var hasRecent: Bool
    }

    /// The start form, with the choices of a refused start kept (they come back in the query).
    @Sendable func index(req: Request) async throws -> Response {
        let chosenKind = (try? req.query.get(String.self, at: "kind")).flatMap(GameKind.init(rawValue:)) ?? .quiz
        let chosenBook = (try? req.query.get(String.self, at: "book")) ?? ""
        let chosenDirection = (try? req.query.get(String.self, at: "direction")) ?? ""
        let books = try await req.bookStore().list()
        let total = books.reduce(0) { $0 + $1.wordCount }
        let bookOptions = [OptionView(value: "", label: Self.bookLabel(req.text("gamesAllBooks"), total, req), selected: chosenBook.isEmpty)]
            + books.map {
                OptionView(value: $0.id.uuidString, label: Self.bookLabel($0.name, $0.wordCount, req), selected: $0.id.uuidString == chosenBook)
            }
        let recent = try await req.games().recent().map { game in
            let meta = [game.bookName ?? req.text("gamesAllBooks"), req.dateTimeText(game.startedAt)]
                + (game.finished ? [] : [req.text("gamesInProgress")])
            return RecentGameRow(
                id: game.id.uuidString, title: req.text(GamePageView.kindKey(game.kind.rawValue)),
                scoreText: "\(game.score)/\(game.total)", metaText: meta.joined(separator: " · "),
                linkText: req.text(game.finished ? "gamesResult" : "gamesContinue"))
        }
        let directionOptions = [("", "gamesDirectionDefault")]
            + StudyDirection.allCases.map { ($0.rawValue, GamePageView.directionKey($0)) }
        let data = IndexData(
            kinds: GameKind.allCases.map {
                let key = GamePageView.kindKey($0.rawValue)
                return KindChoice(value: $0.rawValue, label: req.text(key), hint: req.text(key + "Hint"), selected: $0 == chosenKind)
            },
            books: bookOptions,
            directions: directionOptions.map { OptionView(value: $0.0, label: req.text($0.1), selected: $0.0 == chosenDirection) },
            count: (try? req.query.get(String.self, at: "count")) ?? "",
            recent: recent, hasRecent: !recent.isEmpty)
        return try await req.renderPage("games", title: "gamesTitle", nav: "study", data: data)
    }

    static func bookLabel(_ name: String, _ words: Int, _ req: Request) -> String {
        "\(name) · \(req.count("countWords", words))"
    }

    struct StartForm: Content {
        var kind: String
        var book: String?
        var direction: String?
        var count: String?
    }

    @Sendable func start(req: Request) async throws -> Response {
        let form = try req.content.decode(StartForm.self)
        let book = form.book ?? "", direction = form.direction ?? ""
        let countText = (form.count ?? "").trimmingCharacters(in: .whitespaces)
        var back = URLComponents()
        back.path = "/games"
        back.queryItems = [("kind", form.kind), ("book", book), ("direction", direction), ("count", countText)]
            .filter { !$0.1.isEmpty }.map { URLQueryItem(name: $0.0, value: $0.1) }
        let backPath = back.string ?? "/games"
        var count: Int?
        if !countText.isEmpty {
            guard let value = Int(countText) else {
                req.flash("gamesCountInvalid", error: true)
                return req.redirect(to: backPath)
            }
            count = value
        }
        var bookID: UUID?
        if !book.isEmpty {
            guard let id = UUID(uuidString: book) else { throw AppError.notFound("book") }
            bookID = id
        }
        let input = GameStartInput(kind: form.kind, book: bookID, direction: direction.isEmpty ? nil : direction, count: count)
        return try await Self.attempt(req, back: backPath, .start(GameKind(rawValue: form.kind))) {
            let session = try await req.games().start(try input.setup())
            return req.redirect(to: "/games/\(session.id)")
        }
    }

    // MARK: - Playing

    @Sendable func show(req: Request) async throws -> Response {
        let session = try await req.games().find(try req.idParameter("id", "game"))
        // A book deleted since leaves the game without one ("all books").
        var bookName: String?
        if let bookID = session.bookID { bookName = try? await req.bookStore().find(bookID).name }
        let view = GamePageView(session, bookName: bookName, req: req)
        return try await req.renderPage("game", title: GamePageView.kindKey(session.game.kind), nav: "study", data: view)
    }

    struct MoveForm: Content {
        var action: String
        var choice: Int?
        var guess: String?
        var mark: String?
        /// The position the page was showing (`position(_:)`); a move from an older page is refused.
        var at: String?
    }

    @Sendable func move(req: Request) async throws -> Response {
        let id = try req.idParameter("id", "game")
        let form = try req.content.decode(MoveForm.self)
        let back = "/games/\(id)"
        let games = try req.games()
        return try await Self.attempt(req, back: back, .play) {
            let session = try await games.find(id)
            if let at = form.at, at != Self.position(session.game) {
                throw AppError(status: .conflict, code: .staleMove, message: "the game moved on")
            }
            let move = try GameMoveInput(action: form.action, choice: form.choice, guess: form.guess, mark: form.mark).move()
            _ = try await games.play(id, move)
            return req.redirect(to: back)
        }
    }

    /// Where a game stands, as the page showing it saw it. A second press of a key
    /// while the page reloads, or a form resent from an old page, carries an old
    /// position and changes nothing instead of answering the next question.
    static func position(_ game: StudyGame) -> String {
        switch game {
        case .quiz(let quiz): "q\(quiz.answers.count)"
        case .hangman(let round): "h\(round.index).\(round.current.guesses.count)"
        case .test(let test): "t\(test.marks.count).\(test.isRevealed ? 1 : 0)"
        case .flashcards(let deck): "f\(deck.index).\(deck.isFlipped ? 1 : 0)"
        }
    }

    @Sendable func retest(req: Request) async throws -> Response {
        let id = try req.idParameter("id", "game")
        return try await Self.attempt(req, back: "/games/\(id)", .play) {
            let session = try await req.games().retestWrong(id)
            return req.redirect(to: "/games/\(session.id)")
        }
    }

    @Sendable func bookmarkWrong(req: Request) async throws -> Response {
        let id = try req.idParameter("id", "game")
        return try await Self.attempt(req, back: "/games/\(id)", .play) {
            let count = try await req.games().bookmarkWrong(id)
            req.flash(req.count("gamesBookmarked", count))
            return req.redirect(to: "/games/\(id)")
        }
    }

    /// What the player was doing when a refusal came, to word the message.
    enum Attempt {
        /// Starting a game of this kind (`nil`: the kind itself is unknown).
        case start(GameKind?)
        case play
    }

    /// Runs `action`; a refusal the player can cause (409, 400, 422) becomes a message
    /// on the page at `back` instead of an error page. Anything else (404) goes on.
    static func attempt(
        _ req: Request, back: String, _ context: Attempt, _ action: () async throws -> Response
    ) async throws -> Response {
        do {
            return try await action()
        } catch let error as AppError where [.conflict, .badRequest, .unprocessableEntity].contains(error.status) {
            req.flash(problemKey(error, context), error: true)
            return req.redirect(to: back)
        }
    }

    /// The UI string for a refusal: the services speak English, the page the user's language.
    static func problemKey(_ error: AppError, _ context: Attempt) -> String {
        switch (context, error.code) {
        case (.start(.quiz), .notEnoughWords): return "gamesNotEnoughWordsQuiz"
        case (.start, .notEnoughWords): return "gamesNotEnoughWords"
        case (.start, .invalidInput) where error.message.hasPrefix("count"): return "gamesCountInvalid"
        case (.start, _): return "gamesBadStart"
        case (.play, .gameOver): return "gamesOver"
        case (.play, .staleMove): return "gamesStale"
        case (.play, .nothingWrong): return "gamesNothingWrong"
        case (.play, _): break
        }
        switch error.message {
        case GameError.nothingToUndo.description: return "gamesNothingToUndo"
        case GameError.nothingWrong.description: return "gamesNothingWrong"
        case GameError.notFinished.description: return "gamesNotFinished"
        case GameError.atFirstCard.description: return "gamesAtFirstCard"
        default: return "gamesMoveRefused"
        }
    }

    // MARK: - Mistake notes

    struct SourceTab: Encodable, Sendable {
        var label: String
        var href: String
        var count: Int
        var current: Bool
    }

    struct MistakeRow: Encodable, Sendable {
        var wordID: String
        var term: String
        var meaning: String
        var bookID: String
        var bookName: String
        var missedText: String
        var lastText: String
        var sourcesText: String
        var clearLabel: String
    }

    struct MistakesData: Encodable, Sendable {
        var tabs: [SourceTab]
        /// The tab shown: a source, or "all".
        var source: String
        /// Under "All" each row names where the word was missed.
        var showSources: Bool
        var rows: [MistakeRow]
        var isEmpty: Bool
        var countText: String
        var kinds: [OptionView]
        var clearAllConfirm: String
    }

    /// The tabs, in the order shown; `nil` is "All".
    static let sources: [ReviewSource?] = [nil, .review, .quiz, .hangman, .test]

    static func sourceKey(_ source: ReviewSource?) -> String {
        switch source {
        case nil: "mistakesAll"
        case .review: "studyReviewTitle"
        case .quiz: "gameKindQuiz"
        case .hangman: "gameKindHangman"
        case .test: "gameKindTest"
        }
    }

    @Sendable func listMistakes(req: Request) async throws -> Response {
        let source = try ReviewSource.filter((try? req.query.get(String.self, at: "source")) ?? "all")
        let all = try await req.mistakes().list(nil)
        let rows = Self.rows(all, source: source, req: req)
        let data = MistakesData(
            tabs: Self.sources.map { tab in
                SourceTab(
                    label: req.text(Self.sourceKey(tab)), href: "/mistakes?source=\(tab?.rawValue ?? "all")",
                    count: Set(all.filter { tab == nil || $0.source == tab }.map(\.word.id)).count, current: tab == source)
            },
            source: source?.rawValue ?? "all", showSources: source == nil, rows: rows, isEmpty: rows.isEmpty,
            countText: req.count("countWords", rows.count),
            kinds: GameKind.allCases.map {
                OptionView(value: $0.rawValue, label: req.text(GamePageView.kindKey($0.rawValue)), selected: $0 == .test)
            },
            clearAllConfirm: Localizer.format("mistakesClearAllConfirm", req.uiLanguage, ["n": String(rows.count)]))
        return try await req.renderPage("mistakes", title: "mistakesTitle", nav: "study", data: data)
    }

    /// One row per word: a word missed in several sources is listed once under "All",
    /// with its sources, the misses added up and the latest time. Most recent first.
    static func rows(_ entries: [MistakeStore.Entry], source: ReviewSource?, req: Request) -> [MistakeRow] {
        struct Merged {
            var entry: MistakeStore.Entry
            var sources: [ReviewSource]
            var count: Int
        }
        var order: [UUID] = []
        var merged: [UUID: Merged] = [:]
        for entry in entries where source == nil || entry.source == source {
            if var known = merged[entry.word.id] {
                known.sources.append(entry.source)
                known.count += entry.count
                if entry.lastAt > known.entry.lastAt { known.entry.lastAt = entry.lastAt }
                merged[entry.word.id] = known
            } else {
                order.append(entry.word.id)
                merged[entry.word.id] = Merged(entry: entry, sources: [entry.source], count: entry.count)
            }
        }
        let lang = req.uiLanguage
        return order.compactMap { merged[$0] }
            .sorted { $0.entry.lastAt != $1.entry.lastAt ? $0.entry.lastAt > $1.entry.lastAt : $0.entry.word.term < $1.entry.word.term }
            .map { item in
                let word = item.entry.word
                let sources = ReviewSource.allCases.filter(item.sources.contains)
                return MistakeRow(
                    wordID: word.id.uuidString, term: word.term, meaning: word.meaning, bookID: word.bookID.uuidString,
                    bookName: word.bookName ?? "", missedText: req.count("mistakesMissed", item.count),
                    lastText: Localizer.format("mistakesLast", lang, ["date": req.dateTimeText(item.entry.lastAt)]),
                    sourcesText: sources.map { req.text(sourceKey($0)) }.joined(separator: " · "),
                    clearLabel: Localizer.format("mistakesClearLabel", lang, ["term": word.term]))
            }
    }

    struct StudyForm: Content {
        var kind: String
        var source: String?
    }

    /// "Study these": a game of exactly the words the tab lists.
    @Sendable func studyMistakes(req: Request) async throws -> Response {
        let form = try req.content.decode(StudyForm.self)
        let source = form.source ?? "all"
        let back = "/mistakes?source=\(try ReviewSource.filter(source)?.rawValue ?? "all")"
        let input = GameStartInput(kind: form.kind, mistakes: source)
        return try await Self.attempt(req, back: back, .start(GameKind(rawValue: form.kind))) {
            let session = try await req.games().start(try input.setup())
            return req.redirect(to: "/games/\(session.id)")
        }
    }

    struct ClearForm: Content {
        var source: String?
        /// One word; without it, the whole tab.
        var word: String?
    }

    @Sendable func clearMistakes(req: Request) async throws -> Response {
        let form = try req.content.decode(ClearForm.self)
        let source = try ReviewSource.filter(form.source ?? "all")
        var wordID: UUID?
        if let raw = form.word, !raw.isEmpty {
            guard let id = UUID(uuidString: raw) else { throw AppError.notFound("word") }
            wordID = id
        }
        let cleared = try await req.mistakes().clear(source: source, wordID: wordID)
        req.flash(cleared == 0 ? "mistakesNothingCleared" : wordID == nil ? "mistakesClearedAll" : "mistakesCleared")
        return req.redirect(to: "/mistakes?source=\(source?.rawValue ?? "all")")
    }
}
