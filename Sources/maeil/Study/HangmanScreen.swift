import Foundation
import Hangul
import MaeilAPI

/// Hangman: the hint, the word's cells, the gallows, and guesses typed one key at
/// a time. For a Korean word a guess is one jamo, so each Latin key is read as the
/// 2-beolsik key it is (t → ㅅ, k → ㅏ, Shift-t → ㅆ); Tab switches to plain Latin
/// keys and back.
final class HangmanScreen {
    private let terminal: Terminal
    private let backend: any StudyBackend
    private let scope: String
    private let direction: String
    private let count: Int?

    private var game: GameDTO?
    private var layout = InputLayout.latin
    /// Which word the layout was chosen for, so a toggle lasts for the word.
    private var layoutWordIndex = -1
    private var lastKey: String?
    private var message: ScreenMessage?

    init(
        terminal: Terminal, backend: any StudyBackend, scope: String, direction: String, count: Int?
    ) {
        self.terminal = terminal
        self.backend = backend
        self.scope = scope
        self.direction = direction
        self.count = count
    }

    func run() async -> String {
        await start()
        while true {
            frame().draw(on: terminal)
            let key = await terminal.readKey()
            if key == .interrupt || key == .endOfInput || key == .escape { break }
            guard let game, let hangman = game.hangman else {
                if key == .character("q") { break }
                if key == .character("n") { await start() }
                continue
            }
            if game.finished {
                if key == .character("n") {
                    await start()
                } else if key == .enter || key == .character("q") {
                    break
                }
                continue
            }
            if hangman.won || hangman.lost {
                if key == .enter || key == .character(" ") { await play(.nextWord) }
                continue
            }
            switch key {
            case .tab, .control("t"):
                layout = layout.toggled
            case .character(" "):
                continue
            case .character(let character):
                await guess(character)
            default:
                continue
            }
        }
        guard let game else { return "No hangman played." }
        return "Hangman: \(game.score) of \(game.total) word\(game.total == 1 ? "" : "s") found."
    }

    private func start() async {
        message = nil
        do {
            game = try await backend.startGame(.hangman, direction: direction, count: count)
        } catch {
            game = nil
            message = .failure(error)
        }
        layoutWordIndex = -1
        chooseLayout()
    }

    /// Hangul keys for a Korean word, Latin otherwise; chosen once per word, when it starts.
    private func chooseLayout() {
        guard let hangman = game?.hangman, hangman.wordIndex != layoutWordIndex else { return }
        layoutWordIndex = hangman.wordIndex
        lastKey = nil
        layout = hangman.script == "hangul" ? .hangul : .latin
    }

    private func guess(_ character: Character) async {
        var guess = String(character)
        if layout == .hangul, character.isASCII, character.isLetter,
            let jamo = Hangul.jamo(forKey: character)
        {
            guess = jamo
            lastKey = "\(character) → \(jamo)"
        } else {
            lastKey = guess
        }
        await play(.guess(guess))
    }

    private func play(_ move: GameMoveInput) async {
        guard let game else { return }
        do {
            self.game = try await backend.play(game.id, move)
            message = nil
        } catch {
            message = .failure(error)
        }
        chooseLayout()
    }

    // MARK: - Drawing

    private func frame() -> ScreenFrame {
        var frame = ScreenFrame(title: "매일 Maeil · Hangman · \(scope)", message: message)
        guard let game, let hangman = game.hangman else {
            frame.body = ["", "   No game to play."]
            frame.keys = ["n try again · q quit"]
            return frame
        }
        frame.status =
            "Word \(hangman.wordIndex + 1)/\(hangman.wordCount) · Found \(game.score) · Misses \(hangman.misses)/\(hangman.maxMisses)"
        let gallows = Self.gallows(misses: hangman.misses)
        let cells = hangman.cells.map { $0.text ?? "_" }.joined(separator: " ")
        var side = [
            "Hint: " + ScreenText.styled(hangman.hint, ScreenText.bold),
            "",
            "Word: " + ScreenText.styled(cells, ScreenText.bold),
            "",
            "Guessed: " + hangman.guessed.joined(separator: " "),
            "Wrong:   "
                + ScreenText.styled(hangman.wrongGuesses.joined(separator: " "), ScreenText.red),
        ]
        if let lastKey { side.append("Last key: " + lastKey) }
        frame.body =
            [""]
            + (0..<max(gallows.count, side.count)).map { row in
                let left = row < gallows.count ? gallows[row] : ""
                let right = row < side.count ? side[row] : ""
                return "   " + left
                    + String(repeating: " ", count: max(0, 14 - ScreenText.width(left))) + right
            }
        frame.body.append("")
        if hangman.won {
            frame.body.append(
                "   " + ScreenText.styled("✓ Found: \(hangman.answer ?? "")", ScreenText.green))
        } else if hangman.lost {
            frame.body.append(
                "   " + ScreenText.styled("✗ The word was \(hangman.answer ?? "")", ScreenText.red))
        }
        if game.finished {
            frame.body.append(
                "   "
                    + ScreenText.styled(
                        "Game over: \(game.score) of \(game.total) found", ScreenText.bold))
            frame.keys = ["n new game · Enter or q quit"]
        } else if hangman.won || hangman.lost {
            frame.keys = ["Enter next word · Esc quit"]
        } else {
            let keys = layout == .hangul ? "Latin keys type jamo (t → ㅅ)" : "type a letter"
            frame.keys = [
                "Guess: " + ScreenText.styled("[\(layout.label)]", ScreenText.cyan)
                    + " \(keys) · Tab \(layout.toggled.label) · Esc quit"
            ]
        }
        return frame
    }

    /// The gallows after `misses` wrong guesses: head, body, arms, legs, then the end.
    static func gallows(misses: Int) -> [String] {
        func part(_ text: String, from miss: Int) -> String { misses >= miss ? text : " " }
        return [
            " +---+",
            " |   |",
            " \(misses >= 7 ? "X" : part("O", from: 1))   |",
            "\(part("/", from: 3))\(part("|", from: 2))\(part("\\", from: 4))  |",
            "\(part("/", from: 5)) \(part("\\", from: 6))  |",
            "     |",
            "=======",
        ]
    }
}
