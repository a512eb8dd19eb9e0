import MaeilAPI
import Vapor

/// Query parameters shared by word lists and search.
enum WordListQuery {
    static func filter(from req: Request) throws -> WordFilter {
        var filter = WordFilter()
        filter.query = req.queryValue("q")
        filter.memorized = try flag(req, "memorized")
        filter.bookmarked = try flag(req, "bookmarked")
        return filter
    }

    /// `sort` (else `defaultSort`), `page` and `perPage`.
    static func paging(from req: Request, defaultSort: WordSort = .recent) throws -> (
        WordSort, Int, Int
    ) {
        var sort = defaultSort
        if let raw = req.queryValue("sort") {
            guard let parsed = WordSort(rawValue: raw) else {
                throw AppError.invalid(
                    "sort must be one of \(WordSort.allCases.map(\.rawValue).joined(separator: ", "))"
                )
            }
            sort = parsed
        }
        let page = try int(req, "page", default: 1, range: 1...1_000_000)
        return (sort, page, try perPage(req))
    }

    /// The page size the address asks for: 1 to 500 words, 50 unless asked.
    static func perPage(_ req: Request) throws -> Int {
        try int(req, "perPage", default: 50, range: 1...500)
    }

    static func flag(_ req: Request, _ name: String) throws -> Bool? {
        guard let raw = req.queryValue(name), !raw.isEmpty else { return nil }
        switch raw.lowercased() {
        case "true", "1", "yes": return true
        case "false", "0", "no": return false
        default: throw AppError.invalid("\(name) must be true or false")
        }
    }

    static func int(_ req: Request, _ name: String, default value: Int, range: ClosedRange<Int>)
        throws -> Int
    {
        guard let raw = req.queryValue(name), !raw.isEmpty else {
            return value
        }
        guard let n = Int(raw), range.contains(n) else {
            throw AppError.invalid(
                "\(name) must be a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return n
    }
}
