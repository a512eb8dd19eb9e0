import Foundation
import MaeilAPI

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
    var publishedAt: Date?
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
}
