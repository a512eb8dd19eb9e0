import ArgumentParser
import Foundation
import MaeilServer

/// `maeil study …`: a full-screen terminal client for reviews, the quiz and hangman,
/// on the local data or on a server.
struct StudyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "study",
        abstract: "Study in the terminal: spaced-repetition reviews, a 4-choice quiz, hangman.",
        discussion: """
            A full-screen client for an 80×24 (or larger) terminal. It studies the local \
            data (the same --data-dir or DATABASE_URL as `maeil serve`, as --user or the only \
            account) or, with --server and --token, an account on a Maeil server.

            Review (the default): the card's prompt is shown; Space or Enter shows the \
            answer; 1 Again, 2 Hard, 3 Good, 4 Easy rate it (each key shows when the card \
            comes back); u takes back the last answer; q quits. The top line counts the new, \
            learning and review cards left for today.

            Typed answers: press t on a card (or pass --type for every card) to type the \
            answer instead of revealing it. When the answer is Korean, Latin keys are \
            composed into Hangul as you type, as on a 2-beolsik keyboard (tkrhk → 사과; no \
            Korean input method needed); Backspace removes one jamo, Tab switches between \
            한 and EN, Enter checks. When the answer is Japanese, romaji becomes kana as you \
            type (gakkou → がっこう, upper case for katakana, n' or nn for ん), and a kanji \
            answer is also right typed as its reading (学生 as がくせい); Tab switches between \
            かな and EN. A right answer suggests 3 Good, a wrong one 1 Again: \
            Enter takes the suggestion, 1–4 choose another.

            Quiz: keys 1–4 pick a choice. Hangman: type a letter to guess; for a Korean word \
            each Latin key guesses the jamo it types (t → ㅅ, k → ㅏ); Tab switches layouts, \
            Esc quits. Wrong answers in games go to the mistake notes.

              $ maeil study                                 review every book
              $ maeil study --book Korean --type            type the answers
              $ maeil study quiz --book Korean --count 5
              $ maeil study hangman --book Korean
              $ maeil study --server http://127.0.0.1:8080 --token "$MAEIL_TOKEN"
            """,
        subcommands: [Review.self, Quiz.self, Hangman.self],
        defaultSubcommand: Review.self
    )

    /// What to study and where: shared by every mode.
    struct Connection: ParsableArguments {
        @Option(
            help:
                "Study only this book: its exact name, or its id when two books share the name (default: every book)."
        )
        var book: String?

        @Flag(help: "Study the bookmarked words only (reviews and games).")
        var bookmarked = false

        @Option(
            help: ArgumentHelp(
                "Study on this Maeil server instead of the local data (e.g. http://127.0.0.1:8080).",
                valueName: "url"))
        var server: String?

        @Option(
            help:
                "The personal access token for --server (env MAEIL_TOKEN); make one with `maeil user token NAME`."
        )
        var token: String?

        @OptionGroup var user: UserOption
        @OptionGroup var storage: StorageOptions

        func validate() throws {
            if server != nil {
                if user.user != nil || storage.dataDir != nil || storage.databaseURL != nil {
                    throw ValidationError(
                        "--user, --data-dir and --database-url are for the local data; with --server the token says whose books"
                    )
                }
                if resolvedToken == nil {
                    throw ValidationError(
                        "--server needs --token (or MAEIL_TOKEN); make one with `maeil user token NAME`"
                    )
                }
            } else if token != nil {
                throw ValidationError("--token goes with --server")
            }
        }

        private var resolvedToken: String? {
            let token = token ?? ProcessInfo.processInfo.environment["MAEIL_TOKEN"]
            return token?.isEmpty == false ? token : nil
        }

        /// "Korean" for a book, "all books" without one: the screens' title.
        var scope: String { (book ?? "all books") + (bookmarked ? ", bookmarked" : "") }

        /// Opens the backend, then runs `screen` in raw mode and prints what it returns
        /// once the terminal is back to normal.
        func run(_ screen: (Terminal, any StudyBackend) async -> String) async throws {
            // Before anything else: without a terminal, raw mode and redraws make no sense.
            guard Terminal.isInteractive else {
                throw CLIError(
                    "maeil study needs a terminal: run it in an interactive shell, not with redirected input or output"
                )
            }
            let backend: any StudyBackend
            do {
                if let server, let token = resolvedToken {
                    var remote = try await RemoteStudyBackend.connect(
                        server: server, token: token, bookName: book)
                    remote.bookmarkedOnly = bookmarked
                    backend = remote
                } else {
                    var local = try await LocalStudyBackend.open(
                        storage: storage, user: user, bookName: book)
                    local.bookmarkedOnly = bookmarked
                    backend = local
                }
            } catch {
                throw CLIError(describeError(error))
            }
            let terminal: Terminal
            do {
                terminal = try Terminal()
            } catch {
                await backend.close()
                throw CLIError(describeError(error))
            }
            let summary = await screen(terminal, backend)
            terminal.restore()
            await backend.close()
            print(summary)
        }
    }

    /// Which side a game shows and which it asks for.
    enum Direction: String, ExpressibleByArgument, CaseIterable {
        case termToMeaning = "term-to-meaning"
        case meaningToTerm = "meaning-to-term"

        /// The API's name for it.
        var apiValue: String { self == .termToMeaning ? "forward" : "reverse" }
    }

    /// A game's length, as the server accepts it.
    static func validate(count: Int?) throws {
        if let count, !(1...500).contains(count) {
            throw ValidationError("--count must be between 1 and 500")
        }
    }

    struct Review: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Review the cards due today (the default).",
            discussion: """
                Keys: Space/Enter show the answer, 1–4 rate it, t type the answer, u undo the \
                last answer, q quit. The queue follows the daily new and review limits set in \
                the web app.
                """)

        @Flag(help: "Type every answer (Korean composed from Latin keys) instead of revealing it.")
        var type = false

        @OptionGroup var connection: Connection

        func run() async throws {
            try await connection.run { terminal, backend in
                await ReviewScreen(
                    terminal: terminal, backend: backend, bookName: backend.bookName,
                    scope: (backend.bookName ?? "all books")
                        + (connection.bookmarked ? ", bookmarked" : ""),
                    typesEveryAnswer: type
                ).run()
            }
        }
    }

    struct Quiz: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "A 4-choice quiz: keys 1–4 answer.",
            discussion:
                "The wrong choices are other words' meanings (or terms). A book needs at least 4 words."
        )

        @Option(help: "term-to-meaning (show the term, choose the meaning) or meaning-to-term.")
        var direction: Direction = .termToMeaning

        @Option(help: "How many questions (default 10, at most the words there are).")
        var count: Int?

        @OptionGroup var connection: Connection

        func validate() throws {
            try StudyCommand.validate(count: count)
        }

        func run() async throws {
            try await connection.run { terminal, backend in
                await QuizScreen(
                    terminal: terminal, backend: backend, scope: connection.scope,
                    direction: direction.apiValue, count: count
                ).run()
            }
        }
    }

    struct Hangman: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Hangman: guess the word key by key before 7 misses.",
            discussion: """
                Korean words are guessed by jamo: each Latin key guesses the jamo it types on \
                2-beolsik (t → ㅅ, Shift-t → ㅆ, k → ㅏ; ㅘ is ㅗ then ㅏ). Tab switches to plain \
                Latin keys; keys typed with a Korean input method are taken as they are.
                """)

        @Option(help: "meaning-to-term (show the meaning, guess the term) or term-to-meaning.")
        var direction: Direction = .meaningToTerm

        @Option(help: "How many words (default 10).")
        var count: Int?

        @OptionGroup var connection: Connection

        func validate() throws {
            try StudyCommand.validate(count: count)
        }

        func run() async throws {
            try await connection.run { terminal, backend in
                await HangmanScreen(
                    terminal: terminal, backend: backend, scope: connection.scope,
                    direction: direction.apiValue, count: count
                ).run()
            }
        }
    }
}
