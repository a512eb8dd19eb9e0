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
}
