import Foundation
import MaeilAPI
import Vapor
import VocabCore

/// The games (quiz, hangman, O/X test, flashcards) in the browser. Every move is a plain form that posts and redirects back to the game, so
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
        let chosenKind =
            (try? req.query.get(String.self, at: "kind")).flatMap(GameKind.init(rawValue:)) ?? .quiz
        let chosenBook = (try? req.query.get(String.self, at: "book")) ?? ""
        let chosenDirection = (try? req.query.get(String.self, at: "direction")) ?? ""
        let books = try await req.bookStore().list()
        let total = books.reduce(0) { $0 + $1.wordCount }
        let bookOptions =
            [
                OptionView(
                    value: "", label: Self.bookLabel(req.text("gamesAllBooks"), total, req),
                    selected: chosenBook.isEmpty)
            ]
            + books.map {
                OptionView(
                    value: $0.id.uuidString, label: Self.bookLabel($0.name, $0.wordCount, req),
                    selected: $0.id.uuidString == chosenBook)
            }
        let recent = try await req.games().recent().map { game in
            let meta =
                [game.bookName ?? req.text("gamesAllBooks"), req.dateTimeText(game.startedAt)]
                + (game.finished ? [] : [req.text("gamesInProgress")])
            return RecentGameRow(
                id: game.id.uuidString, title: req.text(GamePageView.kindKey(game.kind.rawValue)),
                scoreText: "\(game.score)/\(game.total)", metaText: meta.joined(separator: " · "),
                linkText: req.text(game.finished ? "gamesResult" : "gamesContinue"))
        }
        let directionOptions =
            [("", "gamesDirectionDefault")]
            + StudyDirection.allCases.map { ($0.card.rawValue, GamePageView.directionKey($0)) }
        let data = IndexData(
            kinds: GameKind.allCases.map {
                let key = GamePageView.kindKey($0.rawValue)
                return KindChoice(
                    value: $0.rawValue, label: req.text(key), hint: req.text(key + "Hint"),
                    selected: $0 == chosenKind)
            },
            books: bookOptions,
            directions: directionOptions.map {
                OptionView(value: $0.0, label: req.text($0.1), selected: $0.0 == chosenDirection)
            },
            count: (try? req.query.get(String.self, at: "count")) ?? "",
            recent: recent, hasRecent: !recent.isEmpty)
        return try await req.renderPage(
            "study/games", title: "gamesTitle", nav: "study", data: data)
    }

    static func bookLabel(_ name: String, _ words: Int, _ req: Request) -> String {
        "\(name) · \(req.count("countWords", words))"
    }

    struct StartForm: Content {
        var kind: String
        var book: String?
        var direction: String?
        var count: String?
        var includeMemorized: String?
        var bookmarkedOnly: String?
    }

    @Sendable func start(req: Request) async throws -> Response {
        let form = try req.content.decode(StartForm.self)
        let book = form.book ?? ""
        let direction = form.direction ?? ""
        let countText = (form.count ?? "").trimmingCharacters(in: .whitespaces)
        var back = URLComponents()
        back.path = "/games"
        back.queryItems = [
            ("kind", form.kind), ("book", book), ("direction", direction), ("count", countText),
        ]
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
        return try await GameRefusals.attempt(
            req, back: backPath, .start(GameKind(rawValue: form.kind))
        ) {
            var setup = try GameSetup(
                kindName: form.kind, bookID: bookID,
                directionName: direction.isEmpty ? nil : direction, count: count)
            setup.pool = WordPool(
                includeMemorized: form.includeMemorized == "on",
                bookmarkedOnly: form.bookmarkedOnly == "on")
            let session = try await req.games().start(setup)
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
        return try await req.renderPage(
            "study/game", title: GamePageView.kindKey(session.game.kind), nav: "study", data: view)
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
        return try await GameRefusals.attempt(req, back: back, .play) {
            let session = try await games.find(id)
            if let at = form.at, at != Self.position(session.game) {
                throw GameRefusal.stale
            }
            let move = try GameMoveInput(
                action: form.action, choice: form.choice, guess: form.guess, mark: form.mark
            ).move()
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
        case .write(let game): "w\(game.answers.count)"
        }
    }

    @Sendable func retest(req: Request) async throws -> Response {
        let id = try req.idParameter("id", "game")
        return try await GameRefusals.attempt(req, back: "/games/\(id)", .play) {
            let session = try await req.games().retestWrong(id)
            return req.redirect(to: "/games/\(session.id)")
        }
    }

    @Sendable func bookmarkWrong(req: Request) async throws -> Response {
        let id = try req.idParameter("id", "game")
        return try await GameRefusals.attempt(req, back: "/games/\(id)", .play) {
            let count = try await req.games().bookmarkWrong(id)
            req.flash(req.count("gamesBookmarked", count))
            return req.redirect(to: "/games/\(id)")
        }
    }

}
