import LeafKit
import Vapor
import VocabCore

/// A choice in a `<select>`.
struct OptionView: Encodable, Sendable, Equatable {
    var value: String
    var label: String
    var selected: Bool
}

/// `#options(list)` in a template: a list of `OptionView`s as `<option>`s,
/// each value and label escaped. Leaf's loop over a select's options (a
/// book page has four selects, the settings page's time zones are hundreds)
/// resolved every field of every option through its interpreter.
struct OptionsTag: UnsafeUnescapedLeafTag {
    func render(_ ctx: LeafContext) throws -> LeafData {
        try ctx.requireParameterCount(1)
        guard let options = ctx.parameters[0].array else {
            throw Abort(.internalServerError, reason: "#options takes a list of options")
        }
        var html = ""
        for option in options {
            let fields = option.dictionary ?? [:]
            let value = MarkupText.escaped(fields["value"]?.string ?? "")
            let label = MarkupText.escaped(fields["label"]?.string ?? "")
            let selected = fields["selected"]?.bool == true ? " selected" : ""
            html += "<option value=\"\(value)\"\(selected)>\(label)</option>\n"
        }
        return .string(html)
    }
}

/// Previous/next links of a paged list.
struct PagerView: Encodable, Sendable {
    var label: String
    var previous: String?
    var next: String?

    init(label: String, previous: String?, next: String?) {
        self.label = label
        self.previous = previous
        self.next = next
    }

    /// `path` plus the query `items`, with `page` set, and the page size
    /// when the address asked for one (so the next page is as long).
    init(req: Request, path: String, query: [(String, String)], page: Int, total: Int, perPage: Int)
    {
        let pages = max(1, (total + perPage - 1) / perPage)
        label = Localizer.format(
            "pageOf", req.uiLanguage, ["page": String(page), "pages": String(pages)])
        let size = (req.queryValue("perPage") ?? "").isEmpty ? [] : [("perPage", String(perPage))]
        func url(_ target: Int) -> String {
            var components = URLComponents()
            components.path = path
            components.queryItems =
                (query.filter { !$0.1.isEmpty } + size + [("page", String(target))])
                .map { URLQueryItem(name: $0.0, value: $0.1) }
            return components.string ?? path
        }
        // A page past the last (an old link, a typed address) steps back to the last.
        previous = page > 1 ? url(min(page - 1, pages)) : nil
        next = page < pages ? url(page + 1) : nil
    }
}
