import Foundation
import MaeilAPI
import NIOConcurrencyHelpers
import Vapor

/// The ids of a book's list in their order, kept while the book stays at the
/// revision they were read at (`BookRevision`), so that any page of a big
/// book is a slice of them and its 50 words read by id. Walking an index to
/// page 5,000 of EDICT (250,000 entries) cost 20–45 ms on every request;
/// reading the whole order costs about as much once per revision.
///
/// A revision is read before its ids, so ids are never older than the
/// revision they are kept under; concurrent requests for the same order at
/// the same revision wait for one read.
final class WordOrderCache: Sendable {
    /// One list of one book: its order and filters, not its page.
    struct Key: Hashable, Sendable {
        let userID: UUID
        let bookID: UUID
        let sort: WordSort
        let memorized: Bool?
        let bookmarked: Bool?
    }

    private struct Order: Sendable {
        let revision: BookRevision
        let ids: [UUID]
    }

    private struct Reading: Sendable {
        let revision: BookRevision
        let task: Task<[UUID], any Error>
    }

    private let orders: ByteLimitedCache<Key, Order>
    private let readings = NIOLockedValueBox<[Key: Reading]>([:])

    init(byteLimit: Int) {
        orders = ByteLimitedCache(byteLimit: byteLimit)
    }

    /// The list's ids at `revision`: kept ones, or those `read` gives (once
    /// for all who ask at the same time).
    func ids(
        for key: Key, at revision: BookRevision,
        read: @escaping @Sendable () async throws -> [UUID]
    ) async throws -> [UUID] {
        if let order = orders.value(for: key), order.revision == revision { return order.ids }
        let reading = readings.withLockedValue { readings in
            if let reading = readings[key], reading.revision == revision { return reading }
            let reading = Reading(revision: revision, task: Task { try await read() })
            readings[key] = reading
            return reading
        }
        let result = await reading.task.result
        readings.withLockedValue { readings in
            if readings[key]?.task == reading.task { readings[key] = nil }
        }
        let ids = try result.get()
        orders.set(
            Order(revision: revision, ids: ids), bytes: ids.count * MemoryLayout<UUID>.stride,
            for: key)
        return ids
    }

    var statistics: (bytes: Int, count: Int, hits: Int, misses: Int) { orders.statistics }

    /// 32 MB: the orders of about seven books of EDICT's size.
    static let defaultByteLimit = 32 << 20
}

extension Application {
    private struct WordOrderCacheKey: StorageKey { typealias Value = WordOrderCache }

    /// Nil until `configure` sets it (a store without it walks the index).
    var wordOrderCache: WordOrderCache? {
        get { storage[WordOrderCacheKey.self] }
        set { storage[WordOrderCacheKey.self] = newValue }
    }
}
