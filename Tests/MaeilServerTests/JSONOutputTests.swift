import Foundation
import MaeilAPI
import Testing
import VocabCore

@testable import MaeilServer

/// The hand-written JSON of the hottest responses says what their `Codable`
/// conformances say: both decode to the same values, for awkward text too.
@Suite("Written JSON")
struct JSONOutputTests {
    static let awkward = [
        "", "plain", "\"quoted\" \\ back\\slash / slash", "line\nbreak\r\ttab",
        "\u{0001}\u{0008}\u{000C}\u{001F}\u{007F}", "한글 사과, 능금", "日本語 ｶﾀｶﾅ", "😀 👩‍👩‍👧",
        "\u{2028}\u{2029}",
        "</script><script>alert(1)</script>",
    ]

    static func word(_ index: Int, bookName: String?) -> WordDTO {
        let text = awkward[index % awkward.count]
        return WordDTO(
            id: UUID(), bookID: UUID(), bookName: bookName, term: "term \(text)", meaning: text,
            reading: awkward[(index + 3) % awkward.count], partOfSpeech: text, note: text,
            synonyms: index % 2 == 0 ? [] : [text, "b"], antonyms: [text],
            examples: index % 3 == 0
                ? []
                : [
                    ExampleDTO(sentence: text, translation: "번역 \(text)"),
                    ExampleDTO(sentence: "s"),
                ],
            tags: index % 2 == 0 ? [text] : [], memorized: index % 2 == 0,
            bookmarked: index % 3 == 0,
            createdAt: Date(timeIntervalSince1970: 1_763_000_000 + Double(index) * 86_461),
            updatedAt: Date(timeIntervalSince1970: -86_400 * 400 + Double(index)))
    }

    /// Decodes `written` and the `Codable` encoding of the same value, and
    /// compares them re-encoded canonically (sorted keys).
    func expectSameJSON<T: Codable & JSONWritable>(_ value: T) throws {
        let written = Data(value.jsonText.utf8)
        #expect(throws: Never.self) { try JSONSerialization.jsonObject(with: written) }
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        let coded = try encoder.encode(value)
        let decoder = JSONDecoder.maeilAPI()
        let canonical = JSONEncoder()
        canonical.outputFormatting = [.sortedKeys]
        canonical.dateEncodingStrategy = .secondsSince1970
        let fromWritten = try canonical.encode(try decoder.decode(T.self, from: written))
        let fromCoded = try canonical.encode(try decoder.decode(T.self, from: coded))
        #expect(
            String(decoding: fromWritten, as: UTF8.self)
                == String(decoding: fromCoded, as: UTF8.self))
    }

    @Test func wordsPagesAndSearchResultsMatchTheirCodableForm() throws {
        let words = (0..<24).map {
            Self.word($0, bookName: $0 % 4 == 0 ? nil : Self.awkward[$0 % 10])
        }
        for word in words { try expectSameJSON(word) }
        try expectSameJSON(WordPageDTO(items: words, total: 1234, page: 3, perPage: 24))
        try expectSameJSON(
            WordPageDTO(items: [], total: 0, page: 1, perPage: 50, totalCapped: true))
        for query in Self.awkward {
            try expectSameJSON(
                SearchResultDTO(query: query, items: words, total: 1000, totalCapped: true))
        }
    }

    @Test func detailsOfTheWrittenForm() {
        let word = Self.word(4, bookName: nil)
        let text = word.jsonText
        #expect(!text.contains("bookName"), "a nil optional is left out")
        #expect(
            text.hasPrefix("{\"id\":\"\(word.id.uuidString)\",\"bookID\":"), "declaration order")
        #expect(text.contains("\\u0001\\u0008\\u000c\\u001f"), "control characters escaped")
        #expect(text.contains("\"createdAt\":\"2025-11-17T02:17:24Z\""))
        let fraction = Date(timeIntervalSince1970: 1_700_000_000.999)
        #expect(
            ISO8601Timestamp.formatWholeSeconds(fraction) == "2023-11-14T22:13:20Z", "truncated")
    }

    @Test func datesAreWrittenAsTheTimestampFormatterWritesThem() {
        var seconds = -62_000_000_000.0  // year 3
        while seconds < 250_000_000_000 {
            let date = Date(timeIntervalSince1970: seconds)
            var out = JSONOutput()
            out.date(date)
            let written = String(decoding: out.bytes, as: UTF8.self)
            #expect(written == "\"\(ISO8601Timestamp.formatWholeSeconds(date))\"", "\(seconds)")
            seconds += 86_399.37 * 97
        }
        for leap in ["2024-02-29T23:59:59Z", "2000-02-29T00:00:00Z", "1969-12-31T23:59:59Z"] {
            let date = ISO8601Timestamp.parse(leap)!
            var out = JSONOutput()
            out.date(date.addingTimeInterval(0.75))
            #expect(String(decoding: out.bytes, as: UTF8.self) == "\"\(leap)\"")
        }
    }

    @Test func storedUUIDsParseTheirTextExactly() {
        for _ in 0..<200 {
            let id = UUID()
            #expect(StoredUUID.parse(id.uuidString) == id)
            #expect(StoredUUID.parse(id.uuidString.lowercased()) == id)
        }
        let good = "2683BBAA-ABF8-464C-9E12-CC80151C35E1"
        for bad in [
            "", "2683BBAA", good + "0", String(good.dropLast()),
            good.replacingOccurrences(of: "-", with: ""),
            "2683BBAA-ABF8-464C-9E12_CC80151C35E1", "2683BBAG-ABF8-464C-9E12-CC80151C35E1",
            "2683BBAA-ABF8-464C-9E12-CC80151C35É",
        ] {
            #expect(StoredUUID.parse(bad) == nil, "\(bad)")
        }
    }

    /// The text an id is bound as on SQLite is Foundation's `uuidString`,
    /// which Fluent stored: any other would find no row.
    @Test func storedUUIDsAreWrittenAsFoundationWritesThem() throws {
        var ids = (0..<500).map { _ in UUID() }
        ids.append(UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)))
        ids.append(try #require(UUID(uuidString: "FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF")))
        ids.append(try #require(UUID(uuidString: "0123456789abcdef0123456789ABCDEF".uuidDashed)))
        for id in ids {
            #expect(StoredUUID.text(id) == id.uuidString)
            #expect(StoredUUID.parse(StoredUUID.text(id)) == id)
        }
    }
}

extension String {
    /// 32 hex digits as `8-4-4-4-12`.
    fileprivate var uuidDashed: String {
        var text = self
        for place in [20, 16, 12, 8] {
            text.insert("-", at: text.index(text.startIndex, offsetBy: place))
        }
        return text
    }
}
