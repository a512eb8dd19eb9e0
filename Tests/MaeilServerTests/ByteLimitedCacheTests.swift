import MaeilTestSupport
import Testing

@testable import MaeilServer

@Suite("Byte-limited cache")
struct ByteLimitedCacheTests {
    @Test func theLeastRecentlyUsedLeaveFirstWhenTheBytesRunOut() {
        let cache = ByteLimitedCache<String, Int>(byteLimit: 100)
        cache.set(1, bytes: 40, for: "a")
        cache.set(2, bytes: 40, for: "b")
        #expect(cache.value(for: "a") == 1, "a is now the most recently used")
        cache.set(3, bytes: 40, for: "c")
        #expect(cache.value(for: "b") == nil, "b was used least recently")
        #expect(cache.value(for: "a") == 1)
        #expect(cache.value(for: "c") == 3)
        #expect(cache.statistics.bytes == 80 && cache.statistics.count == 2)
    }

    @Test func aValueReplacedOrTooLargeKeepsTheBytesTrue() {
        let cache = ByteLimitedCache<String, Int>(byteLimit: 100)
        cache.set(1, bytes: 60, for: "a")
        cache.set(2, bytes: 30, for: "a")
        #expect(cache.value(for: "a") == 2)
        #expect(cache.statistics.bytes == 30)
        cache.set(3, bytes: 101, for: "big")
        #expect(cache.value(for: "big") == nil, "larger than the whole limit: not kept")
        #expect(cache.value(for: "a") == 2, "and nothing else was evicted for it")
        cache.set(4, bytes: 101, for: "a")
        #expect(cache.value(for: "a") == nil, "a too-large value also drops the old one")
        #expect(cache.statistics.bytes == 0)
        let stats = cache.statistics
        #expect(stats.hits == 2 && stats.misses == 2)
    }

    @Test func manyEntriesStayWithinTheLimit() {
        let cache = ByteLimitedCache<Int, Int>(byteLimit: 1_000)
        for i in 0..<500 { cache.set(i, bytes: 7 + i % 13, for: i) }
        #expect(cache.statistics.bytes <= 1_000)
        #expect(cache.value(for: 499) == 499, "the newest stays")
        #expect(cache.value(for: 0) == nil)
    }

    /// Random lookups and values against a plain list in order of use: the
    /// same values found, the same ones evicted, the same bytes held.
    @Test func itKeepsWhatAListInOrderOfUseKeeps() {
        var random = SplitMix64(seed: 20_261_129)
        let cache = ByteLimitedCache<Int, Int>(byteLimit: 500)
        var model: [(key: Int, value: Int, bytes: Int)] = []  // least recently used first
        for step in 0..<20_000 {
            let key = Int(random.next() % 60)
            if random.next() % 3 == 0 {
                let bytes = Int(random.next() % 120) + (step % 997 == 0 ? 500 : 0)
                cache.set(step, bytes: bytes, for: key)
                model.removeAll { $0.key == key }
                if bytes <= 500 {
                    while model.map(\.bytes).reduce(0, +) + bytes > 500 { model.removeFirst() }
                    model.append((key, step, bytes))
                }
            } else {
                let found = cache.value(for: key)
                let index = model.firstIndex { $0.key == key }
                #expect(found == index.map { model[$0].value }, "step \(step), key \(key)")
                if let index { model.append(model.remove(at: index)) }
            }
            let statistics = cache.statistics
            #expect(
                statistics.count == model.count
                    && statistics.bytes == model.map(\.bytes).reduce(0, +))
        }
    }
}
