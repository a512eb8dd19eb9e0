import Testing

@testable import Hangul

/// Every text function on one string, for the bad-input and linearity tests.
let allTextFunctions: [(name: String, run: @Sendable (String) -> String)] = [
    ("compose", { Hangul.compose($0) }),
    ("decompose", { Hangul.decompose($0) }),
    ("decompose(splitCompounds:)", { Hangul.decompose($0, splitCompounds: true) }),
    ("decomposeToConjoining", { Hangul.decomposeToConjoining($0) }),
    ("toCompatibilityJamo", { Hangul.toCompatibilityJamo($0) }),
    ("toConjoiningJamo", { Hangul.toConjoiningJamo($0) }),
    ("choseong", { Hangul.choseong($0) }),
    ("hasBatchim", { String(Hangul.hasBatchim($0)) }),
    ("qwertyToHangul", { Hangul.qwertyToHangul($0) }),
    ("hangulToQwerty", { Hangul.hangulToQwerty($0) }),
    ("type", { HangulInputContext.type($0) }),
    ("romanize", { Hangul.romanize($0) }),
    (
        "romanize(all options)",
        {
            Hangul.romanize(
                $0,
                options: RomanizationOptions(
                    capitalization: .eachWord, writesHAfterStops: false, insertsNieun: true))
        }
    ),
    ("josa", { Josa.direction.attach(to: $0) }),
    ("jamoDistance(short)", { String(Hangul.jamoDistance($0, "사과 apple")) }),
    ("jamoDistance(limit:)", { String(describing: Hangul.jamoDistance($0, $0 + "가", limit: 3)) }),
    (
        "process",
        { text in
            var ic = HangulInputContext()
            var n = 0
            for c in text {
                if ic.process(c) { n += 1 }
                if n % 7 == 0 { _ = ic.backspace() }
            }
            return ic.flush() + String(n)
        }
    ),
]

@Suite("Bad input")
struct BadInputTests {
    static let oddScalars: [String] = [
        "\u{FFFF}", "\u{FFFE}", "\u{0}", "\u{10FFFF}", "\u{FEFF}", "\u{1100}", "\u{1161}",
        "\u{11A8}", "\u{11FF}",
        "\u{115F}\u{1160}", "\u{3164}", "\u{1113}\u{1176}\u{11C3}", "\u{A960}\u{A97C}",
        "\u{D7B0}\u{D7FB}",
        "\u{FFA0}\u{FFDC}", "가\u{0301}", "\u{302E}",
        "\u{1100}\u{1100}\u{1161}\u{1161}\u{11A8}\u{11A8}",
        "\u{11A8}\u{1161}\u{1100}", "👩‍👩‍👧", "\u{E000}", "\r\n", "\u{8}<<<", "ㅏㅏㅏㄱㄱㄱ", "ㆎㅿㆆ",
    ]

    @Test("odd code points never crash any function", arguments: oddScalars)
    func oddScalarsDoNotCrash(_ text: String) {
        for f in allTextFunctions {
            _ = f.run(text)
            _ = f.run("값" + text + "rk")
        }
        _ = HangulSyllable(text)
        for josa in Josa.allCases { _ = josa.form(after: text) }
    }

    @Test("odd code points pass through the conversions unchanged")
    func oddScalarsPassThrough() {
        for text in [
            "\u{FFFF}", "\u{10FFFF}", "\u{A960}\u{A97C}", "\u{D7B0}\u{D7FB}", "\u{1113}",
            "\u{3164}", "\u{FFA0}",
        ] {
            #expect(Hangul.compose(text) == text)
            #expect(Hangul.decompose(text) == text)
            #expect(Hangul.decompose(text, splitCompounds: true) == text)
            #expect(Hangul.choseong(text) == text)
            #expect(Hangul.romanize(text) == text)
            #expect(Hangul.hangulToQwerty(text) == text)
            #expect(Hangul.toCompatibilityJamo(text) == text)
            #expect(Hangul.toConjoiningJamo(text) == text)
            #expect(Hangul.decomposeToConjoining(text) == text)
        }
    }

    @Test("non-Hangul text passes through unchanged")
    func nonHangulPassesThrough() {
        let text = "Hello, world! 123 日本語 ÉÀ 😀 \t\n"
        #expect(Hangul.compose(text) == text)
        #expect(Hangul.decompose(text) == text)
        #expect(Hangul.decompose(text, splitCompounds: true) == text)
        #expect(Hangul.decomposeToConjoining(text) == text)
        #expect(Hangul.toCompatibilityJamo(text) == text)
        #expect(Hangul.toConjoiningJamo(text) == text)
        #expect(Hangul.choseong(text) == text)
        #expect(Hangul.romanize(text) == text)
        #expect(Hangul.hangulToQwerty(text) == text)
        #expect(Hangul.qwertyToHangul("123 日本語 😀 .,?") == "123 日本語 😀 .,?")
        #expect(HangulInputContext.type("1 日本 😀!", backspace: nil) == "1 日本 😀!")
    }

    @Test("empty input everywhere")
    func empty() {
        for f in allTextFunctions
        where !["hasBatchim", "jamoDistance(short)", "jamoDistance(limit:)", "process", "josa"]
            .contains(f.name)
        {
            #expect(f.run("") == "", "\(f.name)")
        }
        #expect(Hangul.hasBatchim("") == false)
        #expect(Hangul.jamoDistance("", "") == 0)
        #expect(Hangul.jamoDistance("", "", limit: 0) == 0)
        var ic = HangulInputContext()
        do {
            let result = ic.flush()
            #expect(result == "")
        }
        do {
            let result = ic.backspace()
            #expect(result == false)
        }
        #expect(ic.commit == "")
        #expect(ic.preedit == "")
    }

    @Test("invalid keys to the input context are committed as they are")
    func invalidKeys() {
        #expect(HangulInputContext.type("rk\u{FFFF}rk") == "가\u{FFFF}가")
        #expect(HangulInputContext.type("rk\u{0}") == "가\u{0}")
        #expect(HangulInputContext.type("rk값") == "가값")
        #expect(HangulInputContext.type("\u{1100}\u{1161}") == "\u{1100}\u{1161}")
    }
}

/// A 1 MB string through every function: time must grow linearly (1 MB vs 100 KB). The
/// absolute bound is only a guard against pathologies: in a debug build on two cores the
/// slowest function (bounded edit distance) takes about a second for 1 MB.
@Suite("Linear time", .serialized)
struct LinearityTests {
    /// Mixed text: NFC syllables, NFD syllables, compatibility jamo, QWERTY, digits,
    /// odd code points, spaces.
    static func text(bytes: Int) -> String {
        let pieces = [
            "안녕하세요 ", "dkssudgktpdy ", "값이 ", "\u{1100}\u{1161}\u{11B9}", "ㄱㅏㅂㅅ ", "1박2일 ", "학여울 ",
            "\u{FFFF}", "\u{A960}", "apple ", "신문로 ", "rkfrk<< ", "뷁", "😀",
        ]
        var s = ""
        s.reserveCapacity(bytes + 64)
        var i = 0
        while s.utf8.count < bytes {
            s += pieces[i % pieces.count]
            i += 1
        }
        return s
    }

    @Test("1 MB vs 100 KB through every function")
    func linear() {
        let small = Self.text(bytes: 100_000)
        let large = Self.text(bytes: 1_000_000)
        #expect(large.utf8.count >= 1_000_000)
        var report: [String] = []
        for f in allTextFunctions {
            _ = f.run(small)  // warm up
            // Best of several runs, so a busy machine does not fake a non-linear curve.
            let tSmall = (0..<3).map { _ in measure { _ = f.run(small) } }.min() ?? 0
            let tLarge = (0..<2).map { _ in measure { _ = f.run(large) } }.min() ?? 0
            report.append(
                "\(f.name): 100 KB \(Int(tSmall * 1000)) ms, 1 MB \(Int(tLarge * 1000)) ms")
            // Linear: ×10 the input, ×10 the time (allow ×25 plus noise); quadratic would be ×100.
            #expect(
                tLarge <= tSmall * 25 + 0.05,
                "\(f.name) is not linear: 100 KB \(tSmall) s, 1 MB \(tLarge) s")
            #expect(tLarge < 20, "\(f.name) took \(tLarge) s for 1 MB")
        }
        print(report.joined(separator: "\n"))
    }
}
