import MaeilTestSupport
import Testing

@testable import Hangul

/// The text functions write through a 64 KB scratch buffer that is moved into the result
/// when full: a long text must give exactly what its pieces give one by one, wherever
/// the buffer boundaries fall.
@Suite("Large outputs")
struct LargeOutputTests {
    /// Pieces that do not interact across their boundaries: syllables, NFD syllables
    /// (L V and L V T), LV + conjoining final, compatibility jamo, ASCII, 2- and 4-byte
    /// scalars. Long enough that every function writes several chunks.
    static let pieces: [String] = {
        var rng = SplitMix64(seed: 7)
        var out: [String] = []
        for _ in 0..<120_000 {
            let s = 0xAC00 + UInt32.random(in: 0..<11172, using: &rng)
            let l = 0x1100 + UInt32.random(in: 0..<19, using: &rng)
            let v = 0x1161 + UInt32.random(in: 0..<21, using: &rng)
            let t = 0x11A8 + UInt32.random(in: 0..<27, using: &rng)
            let piece: [UInt32]
            switch UInt32.random(in: 0..<10, using: &rng) {
            case 0: piece = [l, v]
            case 1: piece = [l, v, t]
            case 2: piece = [s - (s - 0xAC00) % 28, t]  // precomposed LV + conjoining T
            case 3: piece = [0x3131 + UInt32.random(in: 0...0x32, using: &rng)]  // ㄱ … ㅣ
            case 4: piece = [UInt32.random(in: 0x20...0x7E, using: &rng)]
            case 5: piece = [0xE9]  // é
            case 6: piece = [0x1F600]  // 😀
            default: piece = [s]
            }
            out.append(String(String.UnicodeScalarView(piece.compactMap(Unicode.Scalar.init))))
        }
        return out
    }()

    static func run(_ name: String, _ text: String) -> String {
        switch name {
        case "decompose": return Hangul.decompose(text)
        case "decompose(splitCompounds:)": return Hangul.decompose(text, splitCompounds: true)
        case "decomposeToConjoining": return Hangul.decomposeToConjoining(text)
        default: return Hangul.choseong(text)
        }
    }

    @Test(
        "decompose, decomposeToConjoining and choseong of a long text = of its pieces",
        arguments: ["decompose", "decompose(splitCompounds:)", "decomposeToConjoining", "choseong"])
    func piecewise(_ name: String) {
        let whole = Self.run(name, Self.pieces.joined())
        let expected = Self.pieces.map { Self.run(name, $0) }.joined()
        #expect(whole.utf8.count > 200_000, "\(name): output spans several chunks")
        #expect(scalars(whole) == scalars(expected), "\(name)")
    }

    @Test("type() deletes across a chunk boundary")
    func backspaceAcrossChunks() {
        // Unused keys are written as they are; Backspace with nothing being composed
        // deletes the last character, which may sit in a chunk already moved out.
        for n in 65_528...65_540 {
            let keys = String(repeating: "1", count: n) + "<<<" + "rk"
            #expect(
                HangulInputContext.type(keys) == String(repeating: "1", count: n - 3) + "가",
                "n = \(n)")
        }
        let long = String(repeating: "dkssud ", count: 20_000)  // 안녕 × 20,000
        // Backspace 1 deletes the space, 2 and 3 the committed 녕 and 안, 4 the space
        // before them; then ㅁ is typed.
        #expect(HangulInputContext.type(long + "<<<") == String(repeating: "안녕 ", count: 19_999))
        #expect(
            HangulInputContext.type(long + "<<<<a") == String(repeating: "안녕 ", count: 19_998)
                + "안녕ㅁ")
    }

    @Test("the key table maps every ASCII key as the layout says")
    func keyTable() {
        let initials = Array("rRseEfaqQtTdwWczxvg")
        for (i, key) in initials.enumerated() {
            #expect(HangulInputContext.keyCode(key.asciiValue ?? 0) == 0x20 | UInt8(i), "\(key)")
        }
        let medials: [Character: UInt8] = [
            "k": 0, "o": 1, "i": 2, "O": 3, "j": 4, "p": 5, "u": 6, "P": 7, "h": 8, "y": 12,
            "n": 13, "b": 17,
            "m": 18, "l": 20,
        ]
        for (key, m) in medials {
            #expect(HangulInputContext.keyCode(key.asciiValue ?? 0) == 0x40 | m, "\(key)")
        }
        // Capitals without a Shift jamo act as their lower-case keys.
        for key in "SFADCZXVGKIJUHYNBML" {
            let lower = Character(key.lowercased())
            #expect(
                HangulInputContext.keyCode(key.asciiValue ?? 0)
                    == HangulInputContext.keyCode(lower.asciiValue ?? 0),
                "\(key)")
        }
        let mapped = Set("rRseEfaqQtTdwWczxvgkoiOjpuPhynbml" + "SFADCZXVGKIJUHYNBML")
        for byte in UInt8(0)...255 where !mapped.contains(Character(Unicode.Scalar(byte))) {
            #expect(HangulInputContext.keyCode(byte) == 0, "\(byte)")
        }
    }
}
