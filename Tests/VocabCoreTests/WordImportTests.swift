import Foundation
import Testing

@testable import VocabCore

func importWords(
    _ text: String, fileName: String? = "words.csv", options: ImportOptions = ImportOptions()
) throws -> ImportResult {
    try WordImporter.parse(data: Data(text.utf8), fileName: fileName, options: options)
}

/// Runs `body`, expecting an `ImportError`, and returns it.
func expectImportError(_ body: () throws -> Void, sourceLocation: SourceLocation = #_sourceLocation)
    -> ImportError?
{
    do {
        try body()
        Issue.record("expected an ImportError", sourceLocation: sourceLocation)
    } catch let error as ImportError {
        return error
    } catch {
        Issue.record("expected an ImportError, got \(error)", sourceLocation: sourceLocation)
    }
    return nil
}

@Suite struct HeaderDetectionTests {
    @Test func englishHeader() throws {
        let result = try importWords(
            "Term,Meaning,Part of Speech,Example\napple,사과,noun,I ate an apple.\n")
        #expect(result.words.count == 1)
        #expect(result.words[0].term == "apple")
        #expect(result.words[0].meaning == "사과")
        #expect(result.words[0].partOfSpeech == "noun")
        #expect(result.words[0].examples == [WordExample(sentence: "I ate an apple.")])
    }

    @Test func koreanHeaderInAnyOrder() throws {
        let result = try importWords(
            "뜻,단어,발음,품사,메모,유의어,반의어,예문,해석,태그,암기,북마크\n사과,apple,ˈæpəl,명사,과일,pome,,An apple.,사과 하나.,food;fruit,o,\n"
        )
        let word = try #require(result.words.first)
        #expect(word.term == "apple")
        #expect(word.meaning == "사과")
        #expect(word.reading == "ˈæpəl")
        #expect(word.partOfSpeech == "명사")
        #expect(word.note == "과일")
        #expect(word.synonyms == ["pome"])
        #expect(word.antonyms == [])
        #expect(word.examples == [WordExample(sentence: "An apple.", translation: "사과 하나.")])
        #expect(word.tags == ["food", "fruit"])
        #expect(word.memorized)
        #expect(!word.bookmarked)
    }

    @Test func exportHeaderNamesAreRecognized() {
        for column in WordExporter.columns {
            #expect(WordColumn(headerName: column.headerName) == column)
            #expect(WordColumn(headerName: column.rawValue) == column)
        }
        #expect(WordColumn(headerName: "Word") == .term)
        #expect(WordColumn(headerName: "front") == .term)
        #expect(WordColumn(headerName: "Definition") == .meaning)
        #expect(WordColumn(headerName: "back") == .meaning)
        #expect(WordColumn(headerName: "pronunciation") == .reading)
        #expect(WordColumn(headerName: "읽기") == .reading)
        #expect(WordColumn(headerName: "POS") == .partOfSpeech)
        #expect(WordColumn(headerName: "의미") == .meaning)
        #expect(WordColumn(headerName: "번역") == .exampleTranslation)
        #expect(WordColumn(headerName: "Example 2") == .example)
        #expect(WordColumn(headerName: "banana") == nil)
    }

    @Test func noHeaderUsesTheDefaultOrder() throws {
        let result = try importWords(
            "apple,사과,ˈæpəl,noun,note,An apple.,사과 하나.,extra\nbanana,바나나\n")
        #expect(result.words.count == 2)
        let apple = result.words[0]
        #expect(apple.term == "apple")
        #expect(apple.meaning == "사과")
        #expect(apple.reading == "ˈæpəl")
        #expect(apple.partOfSpeech == "noun")
        #expect(apple.note == "note")
        #expect(apple.examples == [WordExample(sentence: "An apple.", translation: "사과 하나.")])
        #expect(result.words[1] == WordDraft(term: "banana", meaning: "바나나"))
    }

    @Test func aWordThatLooksLikeAColumnNameIsNotAHeader() throws {
        // Both cells name the note column: this is the word "note", not a header.
        let result = try importWords("note,메모\nbook,책\n")
        #expect(result.words.map(\.term) == ["note", "book"])
        #expect(result.words[0].meaning == "메모")
        // A first row without a term-like column is data too.
        let other = try importWords("meaning,뜻\n")
        #expect(other.words.map(\.term) == ["meaning"])
    }

    @Test func explicitHasHeaderWins() throws {
        let skipped = try importWords(
            "apple,사과\nbanana,바나나\n", options: ImportOptions(hasHeader: true))
        #expect(skipped.words.map(\.term) == ["banana"])
        let kept = try importWords(
            "term,meaning\napple,사과\n", options: ImportOptions(hasHeader: false))
        #expect(kept.words.map(\.term) == ["term", "apple"])
    }

    @Test func unknownHeaderColumnsAreIgnored() throws {
        let result = try importWords("id,word,meaning,level\n7,apple,사과,A1\n")
        #expect(result.words == [WordDraft(term: "apple", meaning: "사과")])
    }
}

@Suite struct WordImportTests {
    @Test func explicitMapping() throws {
        let options = ImportOptions(mapping: [.ignore, .meaning, .term, .tags, .bookmarked])
        let result = try importWords("1,사과,apple,a|b|a,yes\n2,배,pear,,no\n", options: options)
        #expect(result.words.count == 2)
        #expect(
            result.words[0]
                == WordDraft(term: "apple", meaning: "사과", tags: ["a", "b"], bookmarked: true))
        #expect(result.words[1] == WordDraft(term: "pear", meaning: "배"))
    }

    @Test func mappingWithoutTermIsAnError() {
        let error = expectImportError {
            _ = try importWords("a,b\n", options: ImportOptions(mapping: [.meaning, .note]))
        }
        #expect(error?.message.contains("term") == true)
    }

    @Test func listCellsSplitOnSemicolonCommaOrBar() {
        #expect(WordImporter.splitList("big, large, huge") == ["big", "large", "huge"])
        #expect(WordImporter.splitList("big, large; huge") == ["big, large", "huge"])
        #expect(WordImporter.splitList("a | b |") == ["a", "b"])
        #expect(WordImporter.splitList("  ") == [])
    }

    @Test func booleans() {
        for yes in ["true", "TRUE", "1", "yes", "Y", "o", "O", "✓", "예"] {
            #expect(WordImporter.parseBool(yes), "\(yes)")
        }
        for no in ["", "false", "0", "no", "n", "x", "X", "maybe"] {
            #expect(!WordImporter.parseBool(no), "\(no)")
        }
    }

    @Test func blankRowsAreSkippedAndLineNumbersStayPhysical() {
        let text = "term,meaning\napple,사과\n,,\n \n\" \",\nbanana,바나나\n,orphan meaning\n"
        let error = expectImportError { _ = try importWords(text) }
        #expect(error?.line == 7)
        #expect(error?.message == "line 7: term must not be empty")
    }

    @Test func singleColumnRowsHaveAnEmptyMeaning() throws {
        let result = try importWords("apple,사과\nbanana\n")
        #expect(result.words[1] == WordDraft(term: "banana", meaning: ""))
    }

    @Test func importIsAllOrNothingOnTooLongTerm() {
        let text = "term,meaning\nok,괜찮다\n\(String(repeating: "a", count: 2001)),too long\n"
        let error = expectImportError { _ = try importWords(text) }
        #expect(error?.line == 3)
        #expect(error?.message.hasPrefix("line 3: term is longer than 2000 characters") == true)
    }

    @Test func unterminatedQuoteIsAnImportErrorWithLine() {
        let error = expectImportError {
            _ = try importWords("term,meaning\napple,\"사과\nbanana,바나나\n")
        }
        #expect(error?.line == 2)
        #expect(error?.message.hasPrefix("line 2:") == true)
    }

    @Test func undecodableBytesAreAnImportError() {
        let error = expectImportError {
            _ = try WordImporter.parse(
                data: Data([0x61, 0x2C, 0xFF, 0xFE, 0xFD]), fileName: "x.csv",
                options: ImportOptions())
        }
        #expect(error?.message.contains("offset") == true)
    }

    @Test func cp949CSVIsImported() throws {
        let result = try WordImporter.parse(
            data: Data(cp949AppleAndTtom), fileName: "단어.csv", options: ImportOptions())
        #expect(result.encoding == .cp949)
        #expect(result.format == .csv)
        #expect(
            result.words == [
                WordDraft(term: "사과", meaning: "apple"), WordDraft(term: "똠방각하", meaning: "x"),
            ])
    }

    @Test func excelUnicodeTextIsImported() throws {
        // Excel's "Unicode Text": UTF-16LE with BOM, tab-separated, CRLF.
        let data = utf16Bytes("단어\t뜻\r\n사과\t\"apple, fruit\"\r\n", littleEndian: true)
        let result = try WordImporter.parse(
            data: data, fileName: "words.txt", options: ImportOptions())
        #expect(result.encoding == .utf16LE)
        #expect(result.format == .tsv)
        #expect(result.words == [WordDraft(term: "사과", meaning: "apple, fruit")])
    }

    @Test func semicolonSeparatedCSV() throws {
        let result = try importWords("term;meaning;tags\napple;사과;\"a, b\"\n")
        #expect(result.words == [WordDraft(term: "apple", meaning: "사과", tags: ["a", "b"])])
    }

    @Test func severalExamplesInOneCellPairWithTheirTranslations() throws {
        let text = "term,example,translation\nrun,\"I run.\nThey ran.\",\"나는 달린다.\n그들은 달렸다.\"\n"
        let result = try importWords(text)
        #expect(
            result.words[0].examples == [
                WordExample(sentence: "I run.", translation: "나는 달린다."),
                WordExample(sentence: "They ran.", translation: "그들은 달렸다."),
            ])
    }

    @Test func severalExampleColumnsPairInOrder() throws {
        let text = "word,example 1,translation 1,example 2,translation 2\ngo,Go!,가!,Let's go.,가자.\n"
        let result = try importWords(text)
        #expect(
            result.words[0].examples == [
                WordExample(sentence: "Go!", translation: "가!"),
                WordExample(sentence: "Let's go.", translation: "가자."),
            ])
    }

    @Test func detectFormat() {
        #expect(WordImporter.detectFormat(fileName: "a.JSON", text: "") == .json)
        #expect(WordImporter.detectFormat(fileName: "a.csv", text: "a\tb\n") == .csv)
        #expect(WordImporter.detectFormat(fileName: "a.tsv", text: "a,b\n") == .tsv)
        #expect(WordImporter.detectFormat(fileName: nil, text: "  {\"format\": 1}") == .json)
        #expect(
            WordImporter.detectFormat(fileName: "q.txt", text: "apple\t사과\nbanana\t바나나\n")
                == .quizlet)
        #expect(
            WordImporter.detectFormat(fileName: "q.txt", text: "term\tmeaning\napple\t사과\n") == .tsv
        )
        #expect(WordImporter.detectFormat(fileName: "q.txt", text: "apple\t사과\tnoun\n") == .tsv)
        #expect(WordImporter.detectFormat(fileName: nil, text: "apple,사과\n") == .csv)
    }

    @Test func csvWithTabsIsReadAsTabSeparated() throws {
        let result = try importWords("term\tmeaning\napple\t사과\n", fileName: "x.csv")
        #expect(result.words == [WordDraft(term: "apple", meaning: "사과")])
    }

    @Test func previewShowsHeaderRowsAndMapping() throws {
        var text = "\u{FEFF}단어,뜻,품사\n"
        for i in 1...8 { text += "word\(i),뜻\(i),noun\n" }
        text += "\n"
        let preview = try WordImporter.preview(
            data: Data(text.utf8), fileName: "w.csv", options: ImportOptions(), maxRows: 3)
        #expect(preview.format == .csv)
        #expect(preview.encoding == .utf8BOM)
        #expect(preview.hasHeader)
        #expect(preview.header == ["단어", "뜻", "품사"])
        #expect(
            preview.rows == [
                ["word1", "뜻1", "noun"], ["word2", "뜻2", "noun"], ["word3", "뜻3", "noun"],
            ])
        #expect(preview.totalRows == 8)
        #expect(preview.suggestedMapping == [.term, .meaning, .partOfSpeech])
    }

    @Test func previewWithoutHeader() throws {
        let preview = try WordImporter.preview(
            data: Data(cp949AppleAndTtom), fileName: nil, options: ImportOptions())
        #expect(preview.encoding == .cp949)
        #expect(!preview.hasHeader)
        #expect(preview.header == [])
        #expect(preview.rows == [["사과", "apple"], ["똠방각하", "x"]])
        #expect(preview.totalRows == 2)
        #expect(preview.suggestedMapping == [.term, .meaning])
    }

    @Test func importsFiftyThousandRows() throws {
        var text = "term,meaning,tags\n"
        for i in 0..<50_000 { text += "word\(i),뜻 \(i),a;b\n" }
        let result = try importWords(text)
        #expect(result.words.count == 50_000)
        #expect(
            result.words[49_999]
                == WordDraft(term: "word49999", meaning: "뜻 49999", tags: ["a", "b"]))
    }
}

@Suite struct QuizletImportTests {
    let quizlet = ImportOptions(format: .quizlet)

    @Test func defaultSeparators() throws {
        let result = try importWords(
            "apple\t사과\r\nbanana\t바나나, 과일\tmore\n\n", fileName: nil, options: quizlet)
        #expect(result.format == .quizlet)
        #expect(
            result.words == [
                WordDraft(term: "apple", meaning: "사과"),
                WordDraft(term: "banana", meaning: "바나나, 과일\tmore"),
            ])
    }

    @Test func quotesAreLiteral() throws {
        let result = try importWords("\"quoted\" term\t5\" nail\n", fileName: nil, options: quizlet)
        #expect(result.words == [WordDraft(term: "\"quoted\" term", meaning: "5\" nail")])
    }

    @Test func customSeparators() throws {
        let options = ImportOptions(
            format: .quizlet, quizletTermSeparator: ",", quizletRowSeparator: ";")
        let result = try importWords(
            "apple,사과;banana,바나나, 과일;\n cherry,체리\n", fileName: nil, options: options)
        #expect(
            result.words == [
                WordDraft(term: "apple", meaning: "사과"),
                WordDraft(term: "banana", meaning: "바나나, 과일"),
                WordDraft(term: "cherry", meaning: "체리"),
            ])
        let dash = ImportOptions(format: .quizlet, quizletTermSeparator: " - ")
        let dashed = try importWords("well-known - 잘 알려진\nup - 위\n", fileName: nil, options: dash)
        #expect(dashed.words.map(\.term) == ["well-known", "up"])
        #expect(dashed.words.map(\.meaning) == ["잘 알려진", "위"])
    }

    @Test func typedEscapesAreUnderstood() throws {
        let options = ImportOptions(
            format: .quizlet, quizletTermSeparator: "\\t", quizletRowSeparator: "\\n")
        let result = try importWords("apple\t사과\nbanana\t바나나", fileName: nil, options: options)
        #expect(result.words.count == 2)
    }

    @Test func lineWithoutSeparatorIsAnError() {
        let error = expectImportError {
            _ = try importWords("apple\t사과\n\nbanana 바나나\n", fileName: nil, options: quizlet)
        }
        #expect(error?.line == 3)
        #expect(error?.message == "line 3: no separator (tab) between term and definition")
    }

    @Test func entryWithoutSeparatorIsAnErrorWithItsNumber() {
        let options = ImportOptions(
            format: .quizlet, quizletTermSeparator: ":", quizletRowSeparator: ";")
        let error = expectImportError {
            _ = try importWords("a:1;b:2;c3;d:4", fileName: nil, options: options)
        }
        #expect(error?.line == 3)
        #expect(error?.message.hasPrefix("entry 3:") == true)
    }

    @Test func emptyTermIsAnError() {
        let error = expectImportError {
            _ = try importWords("apple\t사과\n\t바나나\n", fileName: nil, options: quizlet)
        }
        #expect(error?.message == "line 2: term must not be empty")
    }
}
