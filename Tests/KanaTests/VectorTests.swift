import Foundation
import MaeilTestSupport
import Testing

@testable import Kana

/// Every row of ../shared/vectors/kana/wanakana.tsv (WanaKana 5.3.1's outputs).
@Suite("WanaKana vectors")
struct VectorTests {
    struct Vector: Sendable, CustomTestStringConvertible {
        let input: String
        let hiragana: String
        let katakana: String
        let romaji: String
        var testDescription: String { input }
    }

    static func loadVectors() throws -> [Vector] {
        let url = SharedFolder.file("vectors/kana/wanakana.tsv")
        let lines = try String(contentsOf: url, encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: true)
        return lines.dropFirst().map { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(
                String.init)
            return Vector(
                input: fields[0], hiragana: fields[1], katakana: fields[2],
                romaji: fields.count > 3 ? fields[3] : "")
        }
    }

    @Test("the vector file is present, with its header and every row")
    func vectorFileLoads() throws {
        let vectors = try Self.loadVectors()
        #expect(vectors.count >= 80)
        #expect(vectors.contains { $0.input == "matcha" && $0.hiragana == "まtちゃ" })
    }

    @Test(
        "to hiragana, to katakana and to romaji give every row",
        arguments: try VectorTests.loadVectors())
    func vector(_ v: Vector) {
        #expect(scalars(Kana.toHiragana(v.input)) == scalars(v.hiragana), "toHiragana")
        #expect(scalars(Kana.toKatakana(v.input)) == scalars(v.katakana), "toKatakana")
        #expect(scalars(Kana.toRomaji(v.input)) == scalars(v.romaji), "toRomaji")
    }
}
