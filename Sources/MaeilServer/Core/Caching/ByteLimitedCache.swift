import NIOConcurrencyHelpers

/// An in-memory cache bounded by the bytes its values hold: when a new value
/// would go over the limit, the least recently used ones leave first. A value
/// larger than the whole limit is not kept.
///
/// The entries are kept in order of use, a list linked through their places
/// in one array, so a lookup, a new value and each eviction cost the same
/// whatever the cache holds. (Eviction once looked through every entry for the
/// oldest use: pages made anew, each a new entry in a full cache of
/// thousands, spent 1-2% of their time copying entries in that scan, with the
/// lock held.)
final class ByteLimitedCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    /// An entry, or a free place (no value) a new one can take.
    private struct Node {
        var key: Key
        var value: Value?
        var bytes: Int
        /// The places of the entries used just before and just after this one.
        var older: Int
        var newer: Int
    }

    private struct State {
        var places: [Key: Int] = [:]
        var nodes: [Node] = []
        var free: [Int] = []
        /// The least and the most recently used entries' places.
        var oldest = Self.none
        var newest = Self.none
        var bytes = 0
        var hits = 0
        var misses = 0

        static var none: Int { -1 }

        mutating func unlink(_ place: Int) {
            let (older, newer) = (nodes[place].older, nodes[place].newer)
            if older == Self.none { oldest = newer } else { nodes[older].newer = newer }
            if newer == Self.none { newest = older } else { nodes[newer].older = older }
        }

        /// Marks the entry at `place` as the most recently used.
        mutating func makeNewest(_ place: Int) {
            nodes[place].older = newest
            nodes[place].newer = Self.none
            if newest == Self.none { oldest = place } else { nodes[newest].newer = place }
            newest = place
        }

        mutating func remove(_ place: Int) {
            unlink(place)
            places[nodes[place].key] = nil
            bytes -= nodes[place].bytes
            nodes[place].value = nil
            free.append(place)
        }

        mutating func insert(_ value: Value, bytes: Int, for key: Key) {
            let node = Node(
                key: key, value: value, bytes: bytes, older: Self.none, newer: Self.none)
            let place: Int
            if let reused = free.popLast() {
                nodes[reused] = node
                place = reused
            } else {
                nodes.append(node)
                place = nodes.count - 1
            }
            makeNewest(place)
            places[key] = place
            self.bytes += bytes
        }
    }

    let byteLimit: Int
    private let state = NIOLockedValueBox(State())

    init(byteLimit: Int) {
        self.byteLimit = byteLimit
    }

    /// The value kept for `key`, marked as just used.
    func value(for key: Key) -> Value? {
        state.withLockedValue { state in
            guard let place = state.places[key] else {
                state.misses += 1
                return nil
            }
            state.unlink(place)
            state.makeNewest(place)
            state.hits += 1
            return state.nodes[place].value
        }
    }

    /// Keeps `value` (which holds `bytes`) for `key`, in place of any earlier one.
    func set(_ value: Value, bytes: Int, for key: Key) {
        state.withLockedValue { state in
            if let old = state.places[key] { state.remove(old) }
            guard bytes <= byteLimit else { return }
            while state.bytes + bytes > byteLimit, state.oldest != State.none {
                state.remove(state.oldest)
            }
            state.insert(value, bytes: bytes, for: key)
        }
    }

    /// Bytes held, entries, and lookups that found a value or not.
    var statistics: (bytes: Int, count: Int, hits: Int, misses: Int) {
        state.withLockedValue { ($0.bytes, $0.places.count, $0.hits, $0.misses) }
    }
}
