import Foundation
import MaeilTestSupport
import Testing
import VocabCore

@testable import MaeilServer

/// The stored lists read by hand are what `JSONDecoder` reads, and what it
/// would refuse is left to it.
@Suite("Stored lists")
struct StoredListReaderTests {
    @Test func readsWhatTheEncodersWrite() throws {
        var random = SplitMix64(seed: 20_261_124)
        let alphabet: [Character] = [
            "a", "Z", " ", "\"", "\\", "/", "\n", "\t", "\u{0}", "\u{1F}", "\u{7F}", "é", "사", "과",
            "ㄱ", "水", "😀", "👩‍👩‍👧", "\u{FEFF}", "{", "}", "[", "]", ",", ":",
        ]
        for _ in 0..<500 {
            let strings = (0..<Int.random(in: 0...4, using: &random)).map { _ in
                String(
                    (0..<Int.random(in: 0...12, using: &random)).map { _ in
                        alphabet.randomElement(using: &random)!
                    })
            }
            let examples = strings.map {
                WordExample(sentence: $0, translation: String($0.reversed()))
            }
            // Ours (sorted keys, slashes bare) and Foundation's defaults (escaped slashes).
            for text in [
                WordRow.json(strings),
                String(decoding: try JSONEncoder().encode(strings), as: UTF8.self),
            ] {
                #expect(StoredListReader.strings(text) == strings, "\(text)")
                #expect(WordRow.strings(text) == strings)
            }
            for text in [
                WordRow.json(examples),
                String(decoding: try JSONEncoder().encode(examples), as: UTF8.self),
            ] {
                #expect(WordRow.examples(text) == examples, "\(text)")
            }
        }
    }

    @Test func escapesSpacesAndWhatItLeavesToJSONDecoder() {
        #expect(
            StoredListReader.strings(#" [ "a\u00e9\ud83d\ude00" , "\/\b\f\r" ] "#) == [
                "aé😀", "/\u{8}\u{C}\r",
            ])
        #expect(
            StoredListReader.objects(#"[{"sentence":"Hi","translation":"안녕"},{}]"#) == [
                ["sentence": "Hi", "translation": "안녕"], [:],
            ])
        for malformed in [
            "", "[", "[\"a\"", "[\"a\",]", "[\"a\"] x", "[1]", "[null]", "[\"a\nb\"]", #"["\x"]"#,
            #"["\ud83d"]"#, #"["\ud83dx"]"#, #"["\u12"]"#, "{}", #"[{"a":1}]"#, #"[{"a" "b"}]"#,
        ] {
            #expect(StoredListReader.strings(malformed) == nil, "\(malformed)")
        }
        #expect(StoredListReader.objects(#"[{"sentence":null}]"#) == nil)
        // What the reader leaves, JSONDecoder still reads: a bare sentence, a null field.
        #expect(
            WordRow.examples(#"["Just a sentence"]"#) == [WordExample(sentence: "Just a sentence")])
        #expect(
            WordRow.examples(#"[{"sentence":"Hi","translation":null}]"#) == [
                WordExample(sentence: "Hi")
            ])
        #expect(WordRow.strings("not json").isEmpty)
    }
}
