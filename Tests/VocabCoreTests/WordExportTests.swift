import Foundation
import Testing

@testable import VocabCore

let exportWords: [WordDraft] = [
    fullWord,
    WordDraft(term: "apple", meaning: "사과"),
    WordDraft(
        term: "say \"cheese\"", meaning: "김치, 치즈", note: "has\ttab, comma; semicolon",
        synonyms: ["smile, grin", "beam"],
        examples: [WordExample(sentence: "Say cheese!", translation: "김치!\n웃어!")],
        tags: ["phrase"], bookmarked: true),
    WordDraft(term: "똠방각하", meaning: "x", memorized: true),
]

/// A word as a CSV/TSV round trip keeps it (everything but the creation date).
func withoutDate(_ word: WordDraft) -> WordDraft {
    var copy = word
    copy.createdAt = nil
    return copy
}

@Suite struct WordExportTests {
    @Test func csvHasBOMAndTheDocumentedHeader() throws {
        let data = try WordExporter.export(
            name: "b", description: "", words: exportWords, format: .csv)
        #expect(Array(data.prefix(3)) == [0xEF, 0xBB, 0xBF])
        let text = try #require(String(data: data.dropFirst(3), encoding: .utf8))
        let firstLine = text.split(separator: "\n").first.map(String.init)
        #expect(
            firstLine
                == "term,meaning,reading,part_of_speech,note,synonyms,antonyms,example,example_translation,tags,memorized,bookmarked"
        )
        #expect(text.contains("apple,사과,,,,,,,,,false,false\n"))
    }

    @Test func tsvHasNoBOM() throws {
        let data = try WordExporter.export(
            name: "b", description: "", words: exportWords, format: .tsv)
        #expect(data.first == UInt8(ascii: "t"))
        let text = try #require(String(data: data, encoding: .utf8))
        #expect(text.hasPrefix("term\tmeaning\treading\tpart_of_speech\t"))
        #expect(text.contains("apple\t사과\t"))
    }

    @Test(arguments: [ImportFormat.csv, .tsv])
    func tableRoundTrip(format: ImportFormat) throws {
        let data = try WordExporter.export(
            name: "b", description: "", words: exportWords, format: format)
        let result = try WordImporter.parse(
            data: data, fileName: "export.\(format.rawValue)", options: ImportOptions())
        #expect(result.format == format)
        #expect(result.words.count == exportWords.count)
        for (imported, original) in zip(result.words, exportWords) {
            #expect(imported == withoutDate(original))
        }
    }

    @Test func tableRoundTripWithoutFileName() throws {
        let data = try WordExporter.export(
            name: "b", description: "", words: exportWords, format: .csv)
        let result = try WordImporter.parse(data: data, fileName: nil, options: ImportOptions())
        #expect(result.encoding == .utf8BOM)
        #expect(result.words == exportWords.map(withoutDate))
    }

    @Test func jsonRoundTripIsLossless() throws {
        let data = try WordExporter.export(
            name: "내 단어장", description: "설명", words: exportWords, format: .json)
        let result = try WordImporter.parse(
            data: data, fileName: "book.json", options: ImportOptions())
        #expect(result.words == exportWords)
        #expect(result.bookName == "내 단어장")
        #expect(result.bookDescription == "설명")
        #expect(result.words[0].createdAt == fullWord.createdAt)
    }

    @Test func quizletExport() throws {
        let words = [
            WordDraft(term: "apple", meaning: "사과"),
            WordDraft(term: "two\nlines", meaning: "tab\there"),
        ]
        let data = try WordExporter.export(
            name: "b", description: "", words: words, format: .quizlet)
        #expect(String(data: data, encoding: .utf8) == "apple\t사과\ntwo lines\ttab here\n")
        let back = try WordImporter.parse(data: data, fileName: "q.txt", options: ImportOptions())
        #expect(back.format == .quizlet)
        #expect(back.words.map(\.term) == ["apple", "two lines"])
        #expect(back.words.map(\.meaning) == ["사과", "tab here"])
    }

    @Test func previewOfJSONShowsExportColumns() throws {
        let data = try WordExporter.export(
            name: "b", description: "", words: exportWords, format: .json)
        let preview = try WordImporter.preview(
            data: data, fileName: "b.json", options: ImportOptions(), maxRows: 2)
        #expect(preview.format == .json)
        #expect(preview.totalRows == exportWords.count)
        #expect(preview.rows.count == 2)
        #expect(preview.rows[1][0] == "apple")
        #expect(preview.suggestedMapping == WordExporter.columns)
    }
}
