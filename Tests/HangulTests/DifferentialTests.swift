import ChildProcess
import Foundation
import MaeilTestSupport
import Testing

@testable import Hangul

/// Differential test against libhangul itself: thousands of key sequences go through
/// the reference tool (../shared/tools/hangul/hic_lines.c, built by
/// scripts/hangul-reference.sh) and through `HangulInputContext.type`, and every output
/// must be identical.
///
/// Runs when `MAEIL_HIC_LINES` names the built tool. Without it the test is skipped
/// locally, and fails when `CI` is set (CI must run it).
@Suite("libhangul differential")
struct DifferentialTests {
    static let environment = ProcessInfo.processInfo.environment
    static let toolPath = environment["MAEIL_HIC_LINES"].flatMap { $0.isEmpty ? nil : $0 }
    static let inCI = environment["CI"].map { !$0.isEmpty } ?? false

    @Test(
        "random and exhaustive key sequences: zero differences from libhangul",
        .enabled(
            if: toolPath != nil || inCI,
            "MAEIL_HIC_LINES is not set: run `export MAEIL_HIC_LINES=$(scripts/hangul-reference.sh)` to compare with libhangul"
        )
    )
    func matchesLibhangul() throws {
        guard let tool = Self.toolPath else {
            Issue.record(
                "CI is set but MAEIL_HIC_LINES is not: CI must run the libhangul differential test (export MAEIL_HIC_LINES=$(scripts/hangul-reference.sh))"
            )
            return
        }
        #expect(
            FileManager.default.isExecutableFile(atPath: tool),
            "MAEIL_HIC_LINES=\(tool) is not an executable")

        let pythonKeys = try Self.pythonRandomKeys(count: 6000, seed: 20_260_101)
        #expect(pythonKeys.count == 6000)
        let swiftKeys = Self.swiftRandomKeys(count: 24000, seed: 0x4D41_4549_4C21)
        let exhaustive = Self.exhaustiveKeys()
        let sequences = pythonKeys + swiftKeys + exhaustive

        let reference = try Self.runReference(tool: tool, lines: sequences)
        #expect(
            reference.count == sequences.count,
            "the tool printed \(reference.count) lines for \(sequences.count) inputs")

        var differences: [String] = []
        var differenceCount = 0
        for (index, (keys, line)) in zip(sequences, reference).enumerated() {
            guard let tab = line.firstIndex(of: "\t"), String(line[..<tab]) == keys else {
                differenceCount += 1
                if differences.count < 10 {
                    differences.append(
                        "unexpected tool line \(line.debugDescription) for keys \(keys.debugDescription)"
                    )
                }
                continue
            }
            let expected = String(line[line.index(after: tab)...])
            var actual = HangulInputContext.type(keys)
            if index < pythonKeys.count + swiftKeys.count && scalars(actual) == scalars(expected) {
                // The random sequences are also typed key by key through the public API.
                actual = Self.typeByHand(keys)
            }
            if scalars(actual) != scalars(expected) {
                differenceCount += 1
                if differences.count < 10 {
                    differences.append(
                        "\(keys.debugDescription): libhangul \(expected.debugDescription), Maeil \(actual.debugDescription)"
                    )
                }
            }
        }
        #expect(
            differenceCount == 0,
            "\(differenceCount) of \(sequences.count) sequences differ; first ones:\n\(differences.joined(separator: "\n"))"
        )
        print(
            "libhangul differential: \(sequences.count) sequences (\(pythonKeys.count) from gen_random_keys.py, \(swiftKeys.count) Swift-generated, \(exhaustive.count) exhaustive), \(differenceCount) differences"
        )
    }

    @Test("the Swift generator is deterministic and covers every letter, both cases, and Backspace")
    func generatorCoverage() {
        let a = Self.swiftRandomKeys(count: 2000, seed: 7)
        #expect(a == Self.swiftRandomKeys(count: 2000, seed: 7))
        let all = Set(a.joined())
        for c in "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ<" {
            #expect(all.contains(c), "missing \(c)")
        }
        #expect(a.allSatisfy { !$0.contains("\n") && !$0.contains("\t") && $0.count < 200 })
        #expect(Self.exhaustiveKeys().count == 56 + 56 * 56 + 56 * 56 * 56)
    }

    /// What `hic_lines` does, written against the public API only: `process`, `commit`,
    /// `backspace` and `flush`.
    static func typeByHand(_ keys: String) -> String {
        var ic = HangulInputContext()
        var text: [Unicode.Scalar] = []
        for key in keys.unicodeScalars {
            if key == "<" {
                if !ic.backspace(), !text.isEmpty { text.removeLast() }
            } else {
                let used = ic.process(Character(key))
                text.append(contentsOf: ic.commit.unicodeScalars)
                if !used { text.append(key) }
            }
        }
        text.append(contentsOf: ic.flush().unicodeScalars)
        return String(String.UnicodeScalarView(text))
    }

    // MARK: - Key sources

    /// Keys from ../shared/tools/hangul/gen_random_keys.py.
    static func pythonRandomKeys(count: Int, seed: Int) throws -> [String] {
        let exit = try ChildProcess(
            "/usr/bin/env",
            ["python3", SharedFiles.randomKeysScript.path, String(count), String(seed)]
        ).runBlocking()
        #expect(exit.succeeded, "gen_random_keys.py failed")
        let data = exit.output
        return String(decoding: data, as: UTF8.self).split(
            separator: "\n", omittingEmptySubsequences: false
        )
        .dropLast().map(String.init)
    }

    /// Our own generator: every letter in both cases, digits and punctuation, the
    /// Backspace control character, and several styles — uniform, Backspace-heavy,
    /// syllable-shaped (consonant, vowel or compound vowel, one or two finals), and
    /// runs of vowels or consonants only.
    static func swiftRandomKeys(count: Int, seed: UInt64) -> [String] {
        var rng = SplitMix64(seed: seed)
        let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
        let consonants = Array("rsefaqtdwczxvgREQTW")
        let vowels = Array("koiOjpuPhynbml")
        let compoundVowels = ["hk", "ho", "hl", "nj", "np", "nl", "ml"]
        let compoundFinals = ["rt", "sw", "sg", "fr", "fa", "fq", "ft", "fx", "fv", "fg", "qt"]
        let other = Array(" 1.?,!-'0\u{8}")
        var lines: [String] = []
        lines.reserveCapacity(count)
        for index in 0..<count {
            var s = ""
            let length = Int.random(in: 1...40, using: &rng)
            switch index % 5 {
            case 0:  // uniform over everything
                while s.count < length {
                    let r = Int.random(in: 0..<100, using: &rng)
                    if r < 80 {
                        s.append(letters.randomElement(using: &rng)!)
                    } else if r < 90 {
                        s.append("<")
                    } else {
                        s.append(other.randomElement(using: &rng)!)
                    }
                }
            case 1:  // Backspace-heavy
                while s.count < length {
                    if Int.random(in: 0..<100, using: &rng) < 40 {
                        s.append(String(repeating: "<", count: Int.random(in: 1...4, using: &rng)))
                    } else {
                        s.append(letters.randomElement(using: &rng)!)
                    }
                }
            case 2, 3:  // syllable-shaped, with compounds and the odd Backspace
                while s.count < length {
                    s.append(consonants.randomElement(using: &rng)!)
                    if Int.random(in: 0..<4, using: &rng) == 0 {
                        s += compoundVowels.randomElement(using: &rng)!
                    } else {
                        s.append(vowels.randomElement(using: &rng)!)
                    }
                    switch Int.random(in: 0..<6, using: &rng) {
                    case 0: s += compoundFinals.randomElement(using: &rng)!
                    case 1, 2: s.append(consonants.randomElement(using: &rng)!)
                    case 3: s.append("<")
                    default: break
                    }
                    if Int.random(in: 0..<8, using: &rng) == 0 {
                        s.append(other.randomElement(using: &rng)!)
                    }
                }
            default:  // vowel runs or consonant runs, with Backspace
                let pool = Bool.random(using: &rng) ? vowels + ["<"] : consonants + ["<"]
                while s.count < length { s.append(pool.randomElement(using: &rng)!) }
            }
            lines.append(s)
        }
        return lines
    }

    /// Every sequence of up to three keys over all letters, Backspace, a digit and a
    /// space (56 keys).
    static func exhaustiveKeys() -> [String] {
        let keys = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ<1 .").map(
            String.init)
        var out: [String] = []
        for a in keys {
            out.append(a)
            for b in keys {
                out.append(a + b)
                for c in keys { out.append(a + b + c) }
            }
        }
        return out
    }

    // MARK: - Reference tool

    static func runReference(tool: String, lines: [String]) throws -> [String] {
        let exit = try ChildProcess(
            tool, input: Data((lines.joined(separator: "\n") + "\n").utf8)
        ).runBlocking()
        #expect(exit.succeeded, "\(tool) exited with \(exit.status)")
        let data = exit.output
        var result = String(decoding: data, as: UTF8.self).split(
            separator: "\n", omittingEmptySubsequences: false
        )
        .map(String.init)
        if result.last == "" { result.removeLast() }
        return result
    }
}
