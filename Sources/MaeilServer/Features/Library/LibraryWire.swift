import MaeilAPI
import Vapor
import VocabCore

extension LibraryBookDTO {
    init(_ book: LibraryBook) {
        self.init(
            id: book.id, name: book.name, description: book.description,
            wordCount: book.wordCount, copyCount: book.copyCount,
            visibility: book.visibility.rawValue,
            owner: LibraryOwnerDTO(
                id: book.ownerID, name: book.ownerName, avatarURL: book.ownerAvatar.apiURL),
            publishedAt: book.publishedAt, reviewCount: book.reviewCount,
            averageStars: book.averageStars, termLanguage: book.languages.term,
            meaningLanguage: book.languages.meaning)
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
    /// `q`, `sort` (a `LibrarySort`), `page` and `perPage` (at most 100).
    init(_ req: Request) throws {
        let query = (req.queryValue("q") ?? "").trimmingCharacters(in: .whitespaces)
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
        termLanguage = try Self.language(req, "termLanguage")
        meaningLanguage = try Self.language(req, "meaningLanguage")
        for (name, keyPath) in [("minWords", \LibraryQuery.minWords), ("maxWords", \.maxWords)]
        where !(req.queryValue(name) ?? "").isEmpty {
            self[keyPath: keyPath] = try WordListQuery.int(
                req, name, default: 0, range: 0...10_000_000)
        }
    }

    /// A language code in the query, nil when left out or empty.
    private static func language(_ req: Request, _ name: String) throws -> String? {
        guard let raw = req.queryValue(name), !raw.isEmpty else { return nil }
        return try BookLanguages.code(raw, field: name)
    }
}

extension ReviewDTO {
    init(_ review: BookReview, readerID: UUID) {
        self.init(
            id: review.id, bookID: review.bookID,
            writer: LibraryOwnerDTO(
                id: review.writerID, name: review.writerName,
                avatarURL: review.writerAvatar.apiURL),
            stars: review.stars, text: review.text, createdAt: review.createdAt,
            updatedAt: review.updatedAt, reply: review.reply, repliedAt: review.repliedAt,
            isMine: review.writerID == readerID, isHidden: review.isHidden)
    }
}

extension ReviewPageDTO {
    init(_ page: ReviewPage, readerID: UUID) {
        self.init(
            items: page.items.map { ReviewDTO($0, readerID: readerID) }, total: page.total,
            page: page.page, perPage: page.perPage, averageStars: page.averageStars,
            mine: page.mine.map { ReviewDTO($0, readerID: readerID) })
    }
}

extension ReviewReportDTO {
    init(_ report: ReviewReport, readerID: UUID) {
        self.init(
            review: ReviewDTO(report.review, readerID: readerID), bookName: report.bookName,
            reportCount: report.reportCount, reasons: report.reasons,
            lastReportedAt: report.lastReportedAt)
    }
}
