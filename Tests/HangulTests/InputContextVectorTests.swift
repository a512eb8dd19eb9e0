import Foundation
import MaeilTestSupport
import Testing

@testable import Hangul

/// Every line of ../shared/vectors/hangul/2beolsik.tsv (libhangul's outputs).
@Suite("2-beolsik vectors")
struct InputContextVectorTests {
    struct Vector: Sendable, CustomTestStringConvertible {
        let keys: String
        let text: String
        var testDescription: String { "\(keys) → \(text)" }
    }

    static func loadVectors() throws -> [Vector] {
        let content = try String(contentsOf: SharedFiles.beolsikVectors, encoding: .utf8)
        return content.split(separator: "\n", omittingEmptySubsequences: true).map { line in
            let parts = line.split(separator: "\t", maxSplits: 1, omittingEmptySubsequences: false)
            return Vector(keys: String(parts[0]), text: parts.count > 1 ? String(parts[1]) : "")
        }
    }

    @Test("the vector file is present and not trivially small")
    func vectorFileLoads() throws {
        let vectors = try Self.loadVectors()
        #expect(vectors.count >= 70)
        #expect(vectors.contains { $0.keys == "dkssudgktpdy" && $0.text == "안녕하세요" })
    }

    @Test("type() reproduces every vector", arguments: try InputContextVectorTests.loadVectors())
    func vector(_ v: Vector) {
        #expect(scalars(HangulInputContext.type(v.keys)) == scalars(v.text), "keys \(v.keys)")
    }

    @Test("driving process/backspace/commit/flush by hand gives the same text as the vectors")
    func manualDriving() throws {
        for v in try Self.loadVectors() {
            var ic = HangulInputContext()
            var text: [Unicode.Scalar] = []
            for key in v.keys {
                if key == "<" {
                    if !ic.backspace(), !text.isEmpty { text.removeLast() }
                } else {
                    let used = ic.process(key)
                    text.append(contentsOf: ic.commit.unicodeScalars)
                    if !used { text.append(contentsOf: String(key).unicodeScalars) }
                }
            }
            text.append(contentsOf: ic.flush().unicodeScalars)
            var view = String.UnicodeScalarView()
            view.append(contentsOf: text)
            #expect(scalars(String(view)) == scalars(v.text), "keys \(v.keys)")
        }
    }
}
