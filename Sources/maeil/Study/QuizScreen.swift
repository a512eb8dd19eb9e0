import Foundation
import MaeilAPI
import VocabCore

/// The 4-choice quiz: keys 1–4 choose, the last answer's result stays on screen
/// while the next question is asked, and the score ends the game.
final class QuizScreen {
    private let terminal: Terminal
    private let backend: any StudyBackend
    private let scope: String
    private let direction: String
    private let count: Int?

    private var game: GameDTO?
    /// The choices of the question just answered, to name what was chosen.
    private var previousChoices: [String] = []
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
            switch key {
            case .interrupt, .endOfInput, .escape, .character("q"):
                return summary()
            case .character("n") where game?.finished ?? true:
                await start()
            case .enter where game?.finished ?? false:
                return summary()
            case .character(let character):
                guard let digit = character.wholeNumberValue, character.isASCII,
                    (1...4).contains(digit)
                else { continue }
                await choose(digit - 1)
            default:
                continue
            }
        }
    }

    private func summary() -> String {
        guard let game else { return "No quiz played." }
        return
            "Quiz: \(game.score) of \(game.total) right\(game.finished ? "" : " (stopped early)")."
    }

    private func start() async {
        message = nil
        do {
            game = try await backend.startGame(.quiz, direction: direction, count: count)
        } catch {
            game = nil
            message = .failure(error)
        }
    }

    private func choose(_ index: Int) async {
        guard let game, !game.finished, let quiz = game.quiz, index < quiz.choices.count else {
            return
        }
        previousChoices = quiz.choices
        do {
            self.game = try await backend.play(game.id, .choose(index))
            message = nil
        } catch {
            message = .failure(error)
        }
    }

    // MARK: - Drawing

    private func frame() -> ScreenFrame {
        var frame = ScreenFrame(title: "매일 Maeil · Quiz · \(scope)", message: message)
        guard let game, let quiz = game.quiz else {
            frame.body = ["", "   No quiz to play."]
            frame.keys = ["n try again · q quit"]
            return frame
        }
        frame.body = [""]
        if let last = quiz.last {
            if last.isCorrect {
                frame.body.append(
                    "   "
                        + ScreenText.styled(
                            "✓ \(last.prompt) → \(last.correctAnswer)", ScreenText.green))
            } else {
                let chosen =
                    previousChoices.indices.contains(last.chosen)
                    ? " (not \(previousChoices[last.chosen]))" : ""
                frame.body.append(
                    "   "
                        + ScreenText.styled(
                            "✗ \(last.prompt) → \(last.correctAnswer)\(chosen)", ScreenText.red))
            }
        } else {
            frame.body.append("")
        }
        frame.body.append("")
        if game.finished {
            let percent = Percent.rounded(game.score, of: game.total)
            frame.status = "Score \(game.score)/\(game.total)"
            frame.body.append(
                "   "
                    + ScreenText.styled(
                        "Quiz over: \(game.score) of \(game.total) right (\(percent)%)",
                        ScreenText.bold))
            if !quiz.wrong.isEmpty {
                frame.body += ["", "   To study again:"]
                frame.body += quiz.wrong.map { "     \($0.prompt) → \($0.answer)" }
            }
            frame.keys = ["n new quiz · Enter or q quit"]
            return frame
        }
        frame.status = "Question \(quiz.index + 1)/\(game.total) · Score \(game.score)"
        frame.body.append("   " + ScreenText.styled(quiz.prompt ?? "", ScreenText.bold))
        frame.body.append("")
        for (index, choice) in quiz.choices.enumerated() {
            frame.body.append(
                "     " + ScreenText.styled("\(index + 1)", ScreenText.cyan) + "  " + choice)
        }
        frame.keys = ["1–4 choose · q quit"]
        return frame
    }
}
