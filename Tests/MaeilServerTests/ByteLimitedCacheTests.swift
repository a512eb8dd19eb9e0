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
}
