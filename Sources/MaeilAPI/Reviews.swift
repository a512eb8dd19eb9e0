import Foundation

/// A reader's review of a shared book, with the owner's reply.
public struct ReviewDTO: Codable, Sendable {
    public var id: UUID
    public var bookID: UUID
    public var writer: LibraryOwnerDTO
    /// 1–5.
    public var stars: Int
    public var text: String
    public var createdAt: Date
    /// Later than `createdAt` when the writer edited it.
    public var updatedAt: Date
    /// The book owner's reply, at most one.
    public var reply: String?
    public var repliedAt: Date?
    /// True for the reader's own review.
    public var isMine: Bool
    /// Hidden by an administrator: only its writer still sees it, and it is not counted.
    public var isHidden: Bool

    public init(
        id: UUID, bookID: UUID, writer: LibraryOwnerDTO, stars: Int, text: String,
        createdAt: Date, updatedAt: Date, reply: String?, repliedAt: Date?, isMine: Bool,
        isHidden: Bool = false
    ) {
        self.id = id
        self.bookID = bookID
        self.writer = writer
        self.stars = stars
        self.text = text
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.reply = reply
        self.repliedAt = repliedAt
        self.isMine = isMine
        self.isHidden = isHidden
    }
}

/// A page of a book's reviews, newest first, with the book's rating.
public struct ReviewPageDTO: Codable, Sendable {
    public var items: [ReviewDTO]
    public var total: Int
    public var page: Int
    public var perPage: Int
    /// The average of the visible reviews' stars, to one decimal; nil without reviews.
    public var averageStars: Double?
    /// The reader's own review of the book, wherever it is in the pages.
    public var mine: ReviewDTO?

    public init(
        items: [ReviewDTO], total: Int, page: Int, perPage: Int, averageStars: Double?,
        mine: ReviewDTO?
    ) {
        self.items = items
        self.total = total
        self.page = page
        self.perPage = perPage
        self.averageStars = averageStars
        self.mine = mine
    }
}

/// A new review, or the whole of an edited one.
public struct ReviewInput: Codable, Sendable {
    public var stars: Int
    public var text: String

    public init(stars: Int, text: String) {
        self.stars = stars
        self.text = text
    }
}

/// The owner's reply to a review.
public struct ReplyInput: Codable, Sendable {
    public var text: String

    public init(text: String) {
        self.text = text
    }
}

/// Why a review should be looked at by an administrator.
public struct ReportInput: Codable, Sendable {
    public var reason: String

    public init(reason: String) {
        self.reason = reason
    }
}

/// A reported review as an administrator sees it.
public struct ReviewReportDTO: Codable, Sendable {
    public var review: ReviewDTO
    public var bookName: String
    /// How many users reported it, and the newest reasons first.
    public var reportCount: Int
    public var reasons: [String]
    public var lastReportedAt: Date

    public init(
        review: ReviewDTO, bookName: String, reportCount: Int, reasons: [String],
        lastReportedAt: Date
    ) {
        self.review = review
        self.bookName = bookName
        self.reportCount = reportCount
        self.reasons = reasons
        self.lastReportedAt = lastReportedAt
    }
}
