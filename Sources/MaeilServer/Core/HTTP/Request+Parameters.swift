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

extension Request {
    /// A query parameter as text (percent-decoded, `+` as space), nil when
    /// absent. The query string is parsed once per request: `query.get`
    /// parses all of it on every call, and a word page asks for six.
    /// A query that is not flat (`a[]=…`) is read one name at a time, as before.
    func queryValue(_ name: String) -> String? {
        if storage[ParsedQueryKey.self] == nil {
            storage[ParsedQueryKey.self] = .some(try? query.decode([String: String].self))
        }
        guard case .some(.some(let parsed)) = storage[ParsedQueryKey.self] else {
            return try? query.get(String.self, at: name)
        }
        return parsed[name]
    }
}

/// The query as flat text values, or nil when it does not decode as such.
private enum ParsedQueryKey: StorageKey { typealias Value = [String: String]? }
