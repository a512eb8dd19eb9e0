import Vapor
import VocabCore

extension Request {
    /// The signed-in user, or 401.
    func requireUser() throws -> User {
        guard let user = auth.get(User.self) else { throw AppError.unauthorized }
        return user
    }

    func requireUserID() throws -> UUID {
        guard let id = try requireUser().id else { throw AppError.unauthorized }
        return id
    }

    /// The signed-in user's time zone, else the server's: every day the app
    /// files something under (a word added, a review, a game) is a day there.
    var timeZone: TimeZone { auth.get(User.self)?.timeZone ?? maeilSettings.timeZone }

    /// Days in `timeZone`.
    var days: DayFormatter { DayFormatter(timeZone: timeZone) }
}
