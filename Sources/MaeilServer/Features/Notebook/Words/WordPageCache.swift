import Foundation
import MaeilAPI
import NIOCore
import Vapor

/// Encoded JSON pages of a book's words (`GET /api/v1/books/{id}/words`),
/// handed out again while the book stays at the revision and name they were
/// made at (`BookRevision`). Checking costs one indexed read of the book's
/// row, which also keeps other users out (404); a page made costs reading and
/// encoding its 50 words. Every process checks the database, so one behind a
/// load balancer never hands out a page another process's write has changed.
///
/// A page is made from the words after its revision was read, so it is never
/// older than the revision it is kept under.
struct WordPageCache: Sendable {
    /// One list of one book: not a search, not in random order.
    struct Key: Hashable, Sendable {
        let userID: UUID
        let bookID: UUID
        let sort: WordSort
        private(set) var page: Int
        let perPage: Int
        let memorized: Bool?
        let bookmarked: Bool?

        init?(
            userID: UUID, bookID: UUID, filter: WordFilter, sort: WordSort, page: Int,
            perPage: Int
        ) {
            guard filter.query == nil, filter.day == nil, sort != .random else { return nil }
            self.userID = userID
            self.bookID = bookID
            self.sort = sort
            self.page = page
            self.perPage = perPage
            self.memorized = filter.memorized
            self.bookmarked = filter.bookmarked
        }

        /// The same list, whatever its page.
        var onAnyPage: Key {
            var key = self
            key.page = 0
            return key
        }
    }

    private struct Page: Sendable {
        let revision: BookRevision
        let body: ByteBuffer
    }

    private let pages: ByteLimitedCache<Key, Page>

    init(byteLimit: Int) {
        pages = ByteLimitedCache(byteLimit: byteLimit)
    }

    /// The page's JSON if it was made at this revision.
    func body(for key: Key, at revision: BookRevision) -> ByteBuffer? {
        guard let page = pages.value(for: key), page.revision == revision else { return nil }
        return page.body
    }

    func keep(_ body: ByteBuffer, for key: Key, at revision: BookRevision) {
        pages.set(Page(revision: revision, body: body), bytes: body.readableBytes, for: key)
    }

    var statistics: (bytes: Int, count: Int, hits: Int, misses: Int) { pages.statistics }

    /// 8 MB: about 400 pages of 50 words.
    static let defaultByteLimit = 8 << 20
}

extension Application {
    private struct WordPageCacheKey: StorageKey { typealias Value = WordPageCache }

    var wordPageCache: WordPageCache {
        get { storage[WordPageCacheKey.self] ?? WordPageCache(byteLimit: 0) }
        set { storage[WordPageCacheKey.self] = newValue }
    }
}
