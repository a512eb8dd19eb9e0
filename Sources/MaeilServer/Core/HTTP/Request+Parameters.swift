import Vapor

extension Request {
    /// A path parameter that must be a UUID; anything else is a plain 404.
    func idParameter(_ name: String = "id", _ what: String) throws -> UUID {
        guard let value = parameters.get(name), let id = UUID(uuidString: value) else {
            throw AppError.notFound(what)
        }
        return id
    }
}
