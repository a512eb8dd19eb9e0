import Vapor

/// A choice in a `<select>`.
struct OptionView: Encodable, Sendable, Equatable {
    var value: String
    var label: String
    var selected: Bool
}

/// Previous/next links of a paged list.
struct PagerView: Encodable, Sendable {
    var label: String
    var previous: String?
    var next: String?

    /// `path` plus the query `items`, with `page` set.
    init(req: Request, path: String, query: [(String, String)], page: Int, total: Int, perPage: Int)
    {
        let pages = max(1, (total + perPage - 1) / perPage)
        label = Localizer.format(
            "pageOf", req.uiLanguage, ["page": String(page), "pages": String(pages)])
        func url(_ target: Int) -> String {
            var components = URLComponents()
            components.path = path
            components.queryItems = (query.filter { !$0.1.isEmpty } + [("page", String(target))])
                .map { URLQueryItem(name: $0.0, value: $0.1) }
            return components.string ?? path
        }
        previous = page > 1 ? url(page - 1) : nil
        next = page < pages ? url(page + 1) : nil
    }
}
