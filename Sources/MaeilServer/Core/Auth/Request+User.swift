import Vapor

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
}
