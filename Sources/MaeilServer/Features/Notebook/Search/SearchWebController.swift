import MaeilAPI
import Vapor
import VocabCore

/// Search over term, meaning and reading, in every book or in one.
struct SearchWebController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.get("search", use: search)
    }

    struct SearchData: Encodable, Sendable {
        var query: String
        var books: [OptionView]
        var shows: [OptionView]
        var searched: Bool
        var countText: String
        var list: WordListView
        var pager: PagerView
    }

    @Sendable func search(req: Request) async throws -> Response {
        let query = (req.queryValue("q") ?? "").trimmingCharacters(
            in: .whitespaces)
        guard query.count <= 200 else { throw AppError.invalid(req.text("errQueryTooLong")) }
        let books = try await req.bookStore().list()
        var filter = WordFilter()
        let bookParam = req.queryValue("book") ?? ""
        if !bookParam.isEmpty {
            guard let id = UUID(uuidString: bookParam), books.contains(where: { $0.id == id })
            else {
                throw AppError.notFound("book")
            }
            filter.bookID = id
        }
        let show = WordShowFilter(req)
        show.apply(to: &filter)
        let page = try WordListQuery.int(req, "page", default: 1, range: 1...1_000_000)
        let perPage = try WordListQuery.perPage(req)
        var result = WordPage(items: [], total: 0, page: page, perPage: perPage)
        // A "show" choice alone lists those words (every bookmarked word, A to Z).
        let searched = !query.isEmpty || show != .all
        if searched {
            filter.query = query.isEmpty ? nil : query
            result = try await req.wordStore().list(
                filter, sort: query.isEmpty ? .alphabetical : .searchResults, page: page,
                perPage: perPage)
        }
        let returnPath = req.url.query.map { "/search?\($0)" } ?? "/search"
        let options =
            [
                OptionView(
                    value: "", label: req.text("searchAllBooks"), selected: filter.bookID == nil)
            ]
            + books.map {
                OptionView(
                    value: $0.id.uuidString, label: $0.name, selected: $0.id == filter.bookID)
            }
        let data = SearchData(
            query: query, books: options, shows: WordShowFilter.options(req, selected: show),
            searched: searched,
            countText: req.count(
                result.totalCapped ? "countMatchesCapped" : "countMatches", result.total),
            list: WordListView(
                rows: result.items.map { WordRowView($0, highlight: query) },
                labels: WordRowLabels(req),
                moveTargets: books.map {
                    OptionView(value: $0.id.uuidString, label: $0.name, selected: false)
                },
                returnPath: returnPath, showBook: true, emptyText: req.text("searchNoResults")),
            pager: PagerView(
                req: req, path: "/search",
                query: [("q", query), ("book", bookParam), ("show", show.rawValue)], page: page,
                total: result.total, perPage: perPage))
        return try await req.renderPage(
            "notebook/search", title: "navSearch", nav: "search", data: data)
    }
}
