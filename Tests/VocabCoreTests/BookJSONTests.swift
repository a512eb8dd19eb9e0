import Foundation
import Testing

@testable import VocabCore

let fullWord = WordDraft(
    term: "run", meaning: "달리다", reading: "rʌn", partOfSpeech: "verb",
    note: "irregular: ran, run\nsecond line",
    synonyms: ["sprint", "jog"], antonyms: ["walk"],
    examples: [
        WordExample(sentence: "I run every day.", translation: "나는 매일 달린다."),
        WordExample(sentence: "She ran \"fast\", really.", translation: ""),
    ],
    tags: ["A1", "동사"], memorized: true, bookmarked: true,
    createdAt: Date(timeIntervalSince1970: 1_714_555_800.125))

func archiveData(_ json: String) -> Data { Data(json.utf8) }

@Suite struct BookJSONTests {
    @Test func roundTripsEveryField() throws {
        let dates: [Date?] = [
            nil,
            Date(timeIntervalSince1970: 1_714_555_800),
            Date(timeIntervalSince1970: 1_714_555_800.125),
            Date(timeIntervalSince1970: 1_714_555_800.123456),
            Date(timeIntervalSinceReferenceDate: 0.000_001_234_567_89),
            Date(timeIntervalSinceReferenceDate: 12_345.678_901_234_567),
            Date(timeIntervalSince1970: -86_400.5),
            Date(),
        ]
        var words: [WordDraft] = []
        for (index, date) in dates.enumerated() {
            var word = fullWord
            word.term = "run \(index)"
            word.createdAt = date
            words.append(word)
        }
        words.append(WordDraft(term: "minimal"))
        let archive = BookArchive(name: "영단어 1", description: "TOEIC\n필수", words: words)
        let data = try BookArchiveCodec.encode(archive)
        let decoded = try BookArchiveCodec.decode(data)
        #expect(decoded == archive)
        for (a, b) in zip(decoded.words, archive.words) {
            #expect(a.createdAt == b.createdAt, "\(a.term)")
        }
    }

    @Test func encodingIsPrettySortedAndReadable() throws {
        let data = try BookArchiveCodec.encode(
            BookArchive(name: "Book", description: "", words: [fullWord]))
        let text = try #require(String(data: data, encoding: .utf8))
        #expect(text.contains("\"format\" : \"maeil-book\""))
        #expect(text.contains("\"version\" : 1"))
        #expect(text.contains("\"createdAt\" : \"2024-05-01T09:30:00.125Z\""))
        #expect(text.contains("\"partOfSpeech\" : \"verb\""))
        #expect(text.contains("달리다"))
        let keys = ["\"description\"", "\"format\"", "\"name\"", "\"version\"", "\"words\""]
        let positions = keys.map { text.range(of: $0)?.lowerBound }
        #expect(positions.allSatisfy { $0 != nil })
        #expect(positions.compactMap { $0 } == positions.compactMap { $0 }.sorted())
        #expect(text.contains("\n  "))
    }

    @Test func timestamps() throws {
        #expect(ISO8601Timestamp.format(Date(timeIntervalSince1970: 0)) == "1970-01-01T00:00:00Z")
        #expect(
            ISO8601Timestamp.format(Date(timeIntervalSince1970: 951_782_400))
                == "2000-02-29T00:00:00Z")
        #expect(
            ISO8601Timestamp.format(Date(timeIntervalSince1970: 1_714_555_800.5))
                == "2024-05-01T09:30:00.500Z")
        #expect(ISO8601Timestamp.format(Date(timeIntervalSince1970: -1)) == "1969-12-31T23:59:59Z")
        #expect(
            ISO8601Timestamp.parse("2024-05-01T09:30:00Z")
                == Date(timeIntervalSince1970: 1_714_555_800))
        #expect(
            ISO8601Timestamp.parse("2024-05-01T18:30:00+09:00")
                == Date(timeIntervalSince1970: 1_714_555_800))
        #expect(
            ISO8601Timestamp.parse("2024-05-01 09:30:00.25")
                == Date(timeIntervalSince1970: 1_714_555_800.25))
        #expect(ISO8601Timestamp.parse("2024-05-01") == Date(timeIntervalSince1970: 1_714_521_600))
        #expect(ISO8601Timestamp.parse("2024-02-30T00:00:00Z") == nil)
        #expect(ISO8601Timestamp.parse("yesterday") == nil)
        #expect(
            ISO8601Timestamp.format(Date(timeIntervalSinceReferenceDate: 1e300))
                == "9999-12-31T23:59:59Z")
        #expect(
            ISO8601Timestamp.format(Date(timeIntervalSinceReferenceDate: -1e300))
                == "0000-01-01T00:00:00Z")
        #expect(ISO8601Timestamp.parse("2024-05-01T09:30:00Zjunk") == nil)
    }

    @Test func missingOptionalFieldsDefault() throws {
        let json = """
            {"format": "maeil-book", "words": [{"term": "apple"}, {"term": "pear", "meaning": null,
             "examples": ["Pears are sweet.", {"sentence": "A pear."}]}]}
            """
        let archive = try BookArchiveCodec.decode(archiveData(json))
        #expect(archive.name == "")
        #expect(archive.description == "")
        #expect(archive.version == 1)
        #expect(archive.words[0] == WordDraft(term: "apple"))
        #expect(
            archive.words[1]
                == WordDraft(
                    term: "pear",
                    examples: [
                        WordExample(sentence: "Pears are sweet."), WordExample(sentence: "A pear."),
                    ]))
    }

    static let malformed: [(String, String)] = [
        ("", "the JSON file is empty"),
        ("{\"format\": \"maeil-book\", \"words\": [{\"term\": \"a\"", "not valid JSON"),
        ("[1, 2", "not valid JSON"),
        (
            "{\"format\": \"maeil-book\", \"words\": [{\"term\": \"a\"}, {\"term\": \"b\"}, {\"term\": \"c\"}, {\"term\": 5}]}",
            "words[3].term: expected a string, found a number"
        ),
        (
            "{\"format\": \"maeil-book\", \"words\": [{\"meaning\": \"x\"}]}",
            "words[0]: missing field \"term\""
        ),
        ("{\"format\": \"maeil-book\"}", "missing field \"words\""),
        ("{\"words\": []}", "missing field \"format\""),
        (
            "{\"format\": \"anki\", \"words\": []}",
            "format: expected \"maeil-book\", found \"anki\""
        ),
        ("{\"format\": \"maeil-book\", \"version\": 2, \"words\": []}", "version"),
        ("{\"format\": \"maeil-book\", \"words\": {}}", "words: expected a list, found an object"),
        (
            "{\"format\": \"maeil-book\", \"words\": [{\"term\": \"a\", \"memorized\": \"yes\"}]}",
            "words[0].memorized: expected true or false, found a string"
        ),
        (
            "{\"format\": \"maeil-book\", \"words\": [{\"term\": \"a\", \"tags\": \"x\"}]}",
            "words[0].tags: expected a list"
        ),
        (
            "{\"format\": \"maeil-book\", \"words\": [{\"term\": \"a\", \"examples\": [{\"sentence\": 1}]}]}",
            "words[0].examples[0].sentence: expected a string"
        ),
        (
            "{\"format\": \"maeil-book\", \"words\": [{\"term\": \"a\", \"createdAt\": \"last week\"}]}",
            "words[0].createdAt: \"last week\" is not an ISO 8601 date"
        ),
        (
            "{\"format\": \"maeil-book\", \"name\": 3, \"words\": []}",
            "name: expected a string, found a number"
        ),
        ("\"just a string\"", "the file: expected an object"),
    ]

    @Test(arguments: malformed)
    func malformedInputGetsAClearMessage(json: String, expected: String) {
        do {
            _ = try BookArchiveCodec.decode(archiveData(json))
            Issue.record("decoded \(json)")
        } catch let error as ImportError {
            #expect(error.message.contains(expected), "\(error.message)")
            #expect(error.line == nil)
        } catch {
            Issue.record("not an ImportError: \(error)")
        }
    }

    @Test func importerReadsJSONWithBookNameAndValidates() throws {
        let data = try BookArchiveCodec.encode(
            BookArchive(
                name: "  My book ", description: "desc",
                words: [fullWord, WordDraft(term: " kept ")]))
        let result = try WordImporter.parse(
            data: data, fileName: "book.json", options: ImportOptions())
        #expect(result.format == .json)
        #expect(result.bookName == "My book")
        #expect(result.bookDescription == "desc")
        #expect(result.words == [fullWord, WordDraft(term: "kept")])

        let bad = archiveData(
            "{\"format\": \"maeil-book\", \"words\": [{\"term\": \"a\"}, {\"term\": \"  \"}]}")
        let error = expectImportError {
            _ = try WordImporter.parse(data: bad, fileName: "b.json", options: ImportOptions())
        }
        #expect(error?.message == "words[1]: term must not be empty")
    }

    @Test func jsonIsDetectedWithoutExtensionAndInUTF16() throws {
        let json = "{\"format\": \"maeil-book\", \"name\": \"사과\", \"words\": [{\"term\": \"사과\"}]}"
        let result = try WordImporter.parse(
            data: utf16Bytes(json, littleEndian: true), fileName: nil, options: ImportOptions())
        #expect(result.format == .json)
        #expect(result.encoding == .utf16LE)
        #expect(result.bookName == "사과")
        #expect(result.words == [WordDraft(term: "사과")])
    }

    @Test func syntaxErrorsSayWhere() {
        let cases: [(String, String)] = [
            (
                "{\"format\": \"maeil-book\",\n \"words\": [{\"term\": \"a\"",
                "the file is not valid JSON: unexpected end of data (the file may be truncated) at line 2, column 24"
            ),
            (
                "{\"a\": 1,}",
                "the file is not valid JSON: unexpected character \"}\" where a field name in double quotes belongs at line 1, column 9"
            ),
            (
                "{\"a\": tru}",
                "the file is not valid JSON: invalid value (expected \"true\") at line 1, column 7"
            ),
            (
                "{\"단어\": 01}",
                "the file is not valid JSON: unexpected character \"1\" where \",\" or \"}\" belongs at line 1, column 9"
            ),
            (
                "{} x",
                "the file is not valid JSON: unexpected text after the end of the JSON value at line 1, column 4"
            ),
            (String(repeating: "[", count: 100_000), "nested more than 256 levels deep"),
        ]
        for (json, expected) in cases {
            do {
                _ = try BookArchiveCodec.decode(archiveData(json))
                Issue.record("decoded \(json)")
            } catch let error as ImportError {
                #expect(error.message.contains(expected), "\(error.message)")
            } catch {
                Issue.record("not an ImportError: \(error)")
            }
        }
    }

    @Test func invalidUTF8IsRejected() {
        #expect(throws: ImportError.self) {
            try BookArchiveCodec.decode(Data([0x7B, 0x22, 0xFF, 0x22, 0x7D]))
        }
    }

    @Test func truncatedExportIsRejected() throws {
        let data = try BookArchiveCodec.encode(BookArchive(name: "b", words: [fullWord, fullWord]))
        for cut in [1, data.count / 3, data.count / 2, data.count - 3] {
            #expect(throws: ImportError.self) { try BookArchiveCodec.decode(data.prefix(cut)) }
        }
    }
}
