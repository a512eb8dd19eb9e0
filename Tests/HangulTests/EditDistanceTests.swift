import MaeilTestSupport
import Testing

@testable import Hangul

@Suite("Jamo edit distance")
struct EditDistanceTests {
    @Test(
        "distances over typing units",
        arguments: [
            ("사가", "사과", 1), ("사과", "사과", 0), ("감", "강", 1), ("값", "갑", 1), ("값", "갃", 1),
            ("", "사과", 5),
            ("사과", "", 5), ("사과", "수박", 4), ("abc", "abd", 1), ("까", "가", 1), ("괘", "고", 1),
            ("안녕", "dkssud", 6),
        ])
    func distance(a: String, b: String, expected: Int) {
        #expect(Hangul.jamoDistance(a, b) == expected)
        #expect(Hangul.jamoDistance(b, a) == expected)
        #expect(Hangul.jamoDistance(a, b, limit: expected) == expected)
        #expect(Hangul.jamoDistance(a, b, limit: expected + 3) == expected)
        if expected > 0 { #expect(Hangul.jamoDistance(a, b, limit: expected - 1) == nil) }
    }

    @Test("bounded and unbounded agree on random strings")
    func boundedAgrees() {
        var rng = SplitMix64(seed: 42)
        let alphabet = Array("가각갂과괘사삭삯ㄱㅏa")
        for _ in 0..<400 {
            let a = String(
                (0..<Int.random(in: 0...7, using: &rng)).map { _ in
                    alphabet.randomElement(using: &rng)!
                })
            let b = String(
                (0..<Int.random(in: 0...7, using: &rng)).map { _ in
                    alphabet.randomElement(using: &rng)!
                })
            let d = Hangul.jamoDistance(a, b)
            for limit in 0...6 {
                let bounded = Hangul.jamoDistance(a, b, limit: limit)
                #expect(bounded == (d <= limit ? d : nil), "\(a) / \(b) limit \(limit)")
            }
        }
        #expect(Hangul.jamoDistance("a", "b", limit: -1) == nil)
    }

    @Test("NFD input is composed first")
    func nfd() {
        #expect(Hangul.jamoDistance("\u{1109}\u{1161}\u{1100}\u{116A}", "사과") == 0)
    }
}
