import Foundation
import Testing

@testable import VocabCore

@Suite struct DelimitedTextTests {
    @Test func simpleRows() throws {
        #expect(
            try DelimitedText.parse("a,b,c\n1,2,3\n", delimiter: ",") == [
                ["a", "b", "c"], ["1", "2", "3"],
            ])
        #expect(try DelimitedText.parse("a\tb\n", delimiter: "\t") == [["a", "b"]])
        #expect(try DelimitedText.parse("", delimiter: ",") == [])
    }

    @Test func quotedFields() throws {
        let text = "\"a,b\",\"say \"\"hi\"\"\",plain\n"
        #expect(try DelimitedText.parse(text, delimiter: ",") == [["a,b", "say \"hi\"", "plain"]])
    }

    @Test func newlinesInsideQuotes() throws {
        let text = "term,\"line one\nline two\r\nline three\"\nnext,row\n"
        let rows = try DelimitedText.parse(text, delimiter: ",")
        #expect(rows == [["term", "line one\nline two\r\nline three"], ["next", "row"]])
    }

    @Test func lineEndings() throws {
        let expected = [["a", "b"], ["c", "d"], ["e", "f"]]
        #expect(try DelimitedText.parse("a,b\r\nc,d\r\ne,f\r\n", delimiter: ",") == expected)
        #expect(try DelimitedText.parse("a,b\rc,d\re,f", delimiter: ",") == expected)
        #expect(try DelimitedText.parse("a,b\nc,d\ne,f", delimiter: ",") == expected)
    }

    @Test func blankLinesAndTrailingNewlineAreSkipped() throws {
        let rows = try DelimitedText.parse("\n\na,b\n\n\r\nc,d\n\n", delimiter: ",")
        #expect(rows == [["a", "b"], ["c", "d"]])
    }

    @Test func emptyFieldsAreKept() throws {
        #expect(try DelimitedText.parse(",,\n", delimiter: ",") == [["", "", ""]])
        #expect(try DelimitedText.parse("a,\n", delimiter: ",") == [["a", ""]])
        #expect(try DelimitedText.parse("a,", delimiter: ",") == [["a", ""]])
        #expect(try DelimitedText.parse("\"\"\n", delimiter: ",") == [[""]])
        #expect(try DelimitedText.parse("a,\"\",b", delimiter: ",") == [["a", "", "b"]])
    }

    @Test func strayQuotesAreKeptLiterally() throws {
        #expect(try DelimitedText.parse("5\" nail,x\n", delimiter: ",") == [["5\" nail", "x"]])
        #expect(try DelimitedText.parse("\"ab\"cd,x\n", delimiter: ",") == [["abcd", "x"]])
    }

    @Test func byteOrderMarkIsIgnored() throws {
        #expect(
            try DelimitedText.parse("\u{FEFF}term,meaning\n", delimiter: ",") == [
                ["term", "meaning"]
            ])
    }

    @Test func unterminatedQuoteNamesTheLineWhereItOpened() {
        let text = "a,b\nc,d\ne,\"never closed\nf,g\nh,i\n"
        do {
            _ = try DelimitedText.parse(text, delimiter: ",")
            Issue.record("expected an error")
        } catch let error as DelimitedTextError {
            #expect(error.line == 3)
            #expect(error.description.hasPrefix("line 3: "))
            #expect(error.message.contains("never closed"))
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func recordsKnowTheirLines() throws {
        let text = "h1,h2\n\n\"multi\nline\",x\r\nlast,y\n"
        let records = try DelimitedText.parseRecords(text, delimiter: ",")
        #expect(records.map(\.line) == [1, 3, 5])
        #expect(records[1].fields == ["multi\nline", "x"])
    }

    @Test func writeQuotesOnlyWhenNeeded() {
        let text = DelimitedText.write(
            [["plain", "a,b", "say \"hi\"", "two\nlines", ""], [""]], delimiter: ",")
        #expect(text == "plain,\"a,b\",\"say \"\"hi\"\"\",\"two\nlines\",\n\"\"\n")
        #expect(DelimitedText.write([["a,b", "c\td"]], delimiter: "\t") == "a,b\t\"c\td\"\n")
    }

    @Test func writeThenParseRoundTrips() throws {
        let rows = [
            ["term", "meaning", "note"],
            ["\"quoted\"", "a, b; c", "line1\nline2\r\nline3"],
            ["", "", "only last"],
            ["사과", "apple", " spaced "],
        ]
        for delimiter in [",", "\t", ";"] as [Character] {
            let text = DelimitedText.write(rows, delimiter: delimiter)
            #expect(try DelimitedText.parse(text, delimiter: delimiter) == rows)
        }
    }

    @Test func sniffsTheDelimiter() {
        #expect(DelimitedText.sniffDelimiter("a\tb,c\n") == "\t")
        #expect(DelimitedText.sniffDelimiter("a,b\n") == ",")
        #expect(DelimitedText.sniffDelimiter("a;b;c\nd;e;f\n") == ";")
        #expect(DelimitedText.sniffDelimiter("\"x;y;z\",b\n") == ",")
        #expect(DelimitedText.sniffDelimiter("\n\nterm;meaning,x;y\n") == ";")
        #expect(DelimitedText.sniffDelimiter("single") == ",")
    }

    @Test func parsesFiftyThousandRows() throws {
        var text = "term,meaning,note\n"
        for i in 0..<50_000 {
            text += "word\(i),\"뜻 \(i), 의미\",note with \"\"quotes\"\"\n"
        }
        let rows = try DelimitedText.parse(text, delimiter: ",")
        #expect(rows.count == 50_001)
        #expect(rows[50_000] == ["word49999", "뜻 49999, 의미", "note with \"\"quotes\"\""])
    }
}
