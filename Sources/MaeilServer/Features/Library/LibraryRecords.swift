import Foundation
import MaeilAPI
import VocabCore

/// A published book as the library shows it.
struct LibraryBook: Sendable, Equatable {
    var id: UUID
    var name: String
    var description: String
    var wordCount: Int
    var copyCount: Int
    var visibility: BookVisibility
    var ownerID: UUID
    /// The owner's display name, else their username.
    var ownerName: String
    /// The digest of the owner's uploaded picture, nil for the generated one.
    var ownerAvatarDigest: String?
    var publishedAt: Date?
    var languages = BookLanguages.englishToKorean
    /// Visible reviews and the average of their stars ×10, rounded (45 for 4.5).
    var reviewCount = 0
    var ratingTenths = 0

    /// The average stars to one decimal, nil without reviews.
    var averageStars: Double? { reviewCount == 0 ? nil : Double(ratingTenths) / 10 }

    var ownerAvatar: AvatarPicture {
        AvatarPicture(userID: ownerID, name: ownerName, digest: ownerAvatarDigest)
    }
}

/// One page of the library.
struct LibraryPage: Sendable {
    var items: [LibraryBook]
    var total: Int
    var page: Int
    var perPage: Int
}

/// What the library lists: public books whose name or description matches
/// `query` (Korean-aware, as the notebook's search), in `sort` order.
struct LibraryQuery: Sendable {
    var query: String?
    var sort: LibrarySort = .newest
    var page = 1
    var perPage = 20
    /// Only books whose terms, or meanings, are in this language (a code).
    var termLanguage: String?
    var meaningLanguage: String?
    /// Only books of at least, or at most, this many words.
    var minWords: Int?
    var maxWords: Int?
}

/// A reader's review of a shared book, with its writer's name and the owner's reply.
struct BookReview: Sendable, Equatable {
    var id: UUID
    var bookID: UUID
    var writerID: UUID
    /// The writer's display name, else their username.
    var writerName: String
    /// The digest of the writer's uploaded picture, nil for the generated one.
    var writerAvatarDigest: String?
    var stars: Int
    var text: String
    var createdAt: Date
    var updatedAt: Date
    var reply: String?
    var repliedAt: Date?
    /// Hidden by an administrator: shown to its writer only, not counted.
    var isHidden: Bool

    var writerAvatar: AvatarPicture {
        AvatarPicture(userID: writerID, name: writerName, digest: writerAvatarDigest)
    }
}

/// A page of a book's visible reviews, newest first.
struct ReviewPage: Sendable {
    var items: [BookReview]
    var total: Int
    var page: Int
    var perPage: Int
    /// The average stars of the visible reviews, to one decimal; nil without any.
    var averageStars: Double?
    /// The reader's own review, wherever it is (hidden included).
    var mine: BookReview?
}

/// A reported review with what its reporters said.
struct ReviewReport: Sendable {
    var review: BookReview
    var bookName: String
    var reportCount: Int
    /// The newest first.
    var reasons: [String]
    var lastReportedAt: Date
}
