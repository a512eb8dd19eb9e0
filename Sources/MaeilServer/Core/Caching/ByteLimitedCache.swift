import NIOConcurrencyHelpers

/// An in-memory cache bounded by the bytes its values hold: when a new value
/// would go over the limit, the least recently used ones leave first. A value
/// larger than the whole limit is not kept.
///
/// Eviction looks through every entry for the oldest use: a cache of a few
/// hundred pages or images is scanned in about a microsecond, and only when
/// it is full, which keeps the bookkeeping to one dictionary.
final class ByteLimitedCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private struct Slot {
        var value: Value
        var bytes: Int
        var lastUse: UInt64
    }

    private struct State {
        var slots: [Key: Slot] = [:]
        var bytes = 0
        var clock: UInt64 = 0
        var hits = 0
        var misses = 0
    }

    let byteLimit: Int
    private let state = NIOLockedValueBox(State())

    init(byteLimit: Int) {
        self.byteLimit = byteLimit
    }

    /// The value kept for `key`, marked as just used.
    func value(for key: Key) -> Value? {
        state.withLockedValue { state in
            guard var slot = state.slots[key] else {
                state.misses += 1
                return nil
            }
            state.clock += 1
            slot.lastUse = state.clock
            state.slots[key] = slot
            state.hits += 1
            return slot.value
        }
    }

    /// Keeps `value` (which holds `bytes`) for `key`, in place of any earlier one.
    func set(_ value: Value, bytes: Int, for key: Key) {
        state.withLockedValue { state in
            if let old = state.slots.removeValue(forKey: key) { state.bytes -= old.bytes }
            guard bytes <= byteLimit else { return }
            while state.bytes + bytes > byteLimit,
                let oldest = state.slots.min(by: { $0.value.lastUse < $1.value.lastUse })
            {
                state.slots[oldest.key] = nil
                state.bytes -= oldest.value.bytes
            }
            state.clock += 1
            state.slots[key] = Slot(value: value, bytes: bytes, lastUse: state.clock)
            state.bytes += bytes
        }
    }

    /// Bytes held, entries, and lookups that found a value or not.
    var statistics: (bytes: Int, count: Int, hits: Int, misses: Int) {
        state.withLockedValue { ($0.bytes, $0.slots.count, $0.hits, $0.misses) }
    }
}
