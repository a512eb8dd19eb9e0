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
        guard let flat = flatQuery else { return try? query.get(String.self, at: name) }
        return flat[name]
    }

    /// The names the query gives values to.
    var queryNames: [String] {
        if let flat = flatQuery { return Array(flat.keys) }
        return URLComponents(string: "?" + (url.query ?? ""))?.queryItems?.map(\.name) ?? []
    }

    /// The query's values when it is a flat list of names (`FlatQuery`), read once.
    /// One look into the request's storage a call: each is a generic lookup,
    /// and a JSON word page asks for its query values nine times.
    private var flatQuery: [String: String]? {
        if let parsed = storage[ParsedQueryKey.self] { return parsed }
        let parsed: [String: String]? = url.query.map { FlatQuery.values($0) } ?? [:]
        storage[ParsedQueryKey.self] = .some(parsed)
        return parsed
    }
}

/// The query as flat text values, or nil when it does not decode as such.
private enum ParsedQueryKey: StorageKey { typealias Value = [String: String]? }

/// A URL query of `name=value` pairs read as text, as Vapor's form decoder
/// reads it into `[String: String]` (`+` as space, percent-decoded), at a
/// fraction of the cost: the decoder, through Foundation's string search,
/// was 8% of a JSON word page. Nil for what is not such a list — a name
/// with brackets or without `=`, bad percent-encoding — which is then read
/// one name at a time by Vapor.
enum FlatQuery {
    static func values(_ query: String) -> [String: String]? {
        var values: [String: String] = [:]
        for pair in query.utf8.split(separator: UInt8(ascii: "&")) {
            guard let equals = pair.firstIndex(of: UInt8(ascii: "=")),
                let name = decoded(pair[..<equals]),
                !name.contains("["),
                let value = decoded(pair[pair.index(after: equals)...])
            else { return nil }
            values[name] = value
        }
        return values
    }

    private static func decoded(_ part: Substring.UTF8View.SubSequence) -> String? {
        let text = String(Substring(part))
        guard text.utf8.contains(where: { $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "%") })
        else { return text }
        return text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding
    }
}
