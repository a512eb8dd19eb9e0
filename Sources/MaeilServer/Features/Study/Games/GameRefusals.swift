import MaeilAPI
import Vapor
import VocabCore

/// A refusal the player can cause, worded in the page's language: the games and
/// the mistake notes show it as a message on the page, not as an error page.
enum GameRefusals {
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
        } catch let error as any ReportableError
            where [.conflict, .badRequest, .unprocessableEntity].contains(error.status)
        {
            req.flash(problemKey(error, context), error: true)
            return req.redirect(to: back)
        }
    }

    /// The UI string for a refusal, chosen by its case (the services speak English).
    static func problemKey(_ error: any ReportableError, _ context: Attempt) -> String {
        let starting = if case .start = context { true } else { false }
        let quiz = if case .start(.quiz) = context { true } else { false }
        let other = starting ? "gamesBadStart" : "gamesMoveRefused"
        switch error {
        case let refusal as GameRefusal:
            switch refusal {
            case .quiz: return "gamesNotEnoughWordsQuiz"
            case .noWords, .emptyMistakeNotes, .unplayable:
                return quiz ? "gamesNotEnoughWordsQuiz" : "gamesNotEnoughWords"
            case .countOutOfRange: return "gamesCountInvalid"
            case .stale: return "gamesStale"
            case .nothingWrong: return "gamesNothingWrong"
            case .tooManyWords, .wrongGame, .notATest: return other
            }
        case let refusal as GameError:
            switch refusal {
            case .finished: return "gamesOver"
            case .nothingToUndo: return "gamesNothingToUndo"
            case .nothingWrong: return "gamesNothingWrong"
            case .notFinished: return "gamesNotFinished"
            case .atFirstCard: return "gamesAtFirstCard"
            case .noItems: return quiz ? "gamesNotEnoughWordsQuiz" : "gamesNotEnoughWords"
            default: return other
            }
        default:
            return other
        }
    }
}
