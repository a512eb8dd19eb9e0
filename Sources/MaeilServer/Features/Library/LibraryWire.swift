import MaeilAPI
import Vapor

extension LibraryBookDTO {
    init(_ book: LibraryBook) {
        self.init(
            id: book.id, name: book.name, description: book.description,
            wordCount: book.wordCount, copyCount: book.copyCount,
            visibility: book.visibility.rawValue,
            owner: LibraryOwnerDTO(id: book.ownerID, name: book.ownerName),
            publishedAt: book.publishedAt)
    }
}

extension LibraryPageDTO {
    init(_ page: LibraryPage) {
        self.init(
            items: page.items.map(LibraryBookDTO.init), total: page.total, page: page.page,
            perPage: page.perPage)
    }
}

extension LibraryQuery {
    /// `q`, `sort` (`newest`, `most-copied`), `page` and `perPage` (at most 100).
    init(_ req: Request) throws {
        let query = (req.queryValue("q") ?? "").trimmingCharacters(in: .whitespaces)
        guard query.count <= 200 else {
            throw AppError.invalid("q must be at most 200 characters")
        }
        self.query = query.isEmpty ? nil : query
        if let raw = req.queryValue("sort"), !raw.isEmpty {
            guard let sort = LibrarySort(rawValue: raw) else {
                throw AppError.invalid(
                    "sort must be one of \(LibrarySort.allCases.map(\.rawValue).joined(separator: ", "))"
                )
            }
            self.sort = sort
        }
        page = try WordListQuery.int(req, "page", default: 1, range: 1...100_000)
        perPage = try WordListQuery.int(req, "perPage", default: 20, range: 1...100)
    }
}
