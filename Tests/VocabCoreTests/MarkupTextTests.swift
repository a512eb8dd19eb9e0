import Testing

@testable import VocabCore

@Suite struct MarkupTextTests {
    @Test func textWithNothingToEscapeIsReturnedAsItIs() {
        for text in ["", "school", "학교 (學校)", "学校\n\tがっこう", String(repeating: "가", count: 500)] {
            #expect(MarkupText.escaped(text) == text)
        }
    }

    @Test func markupCharactersAreEscapedWhereverTheyAre() {
        #expect(
            MarkupText.escaped(#"<b>"Tom" & 'Jerry'</b>"#)
                == "&lt;b&gt;&quot;Tom&quot; &amp; &#39;Jerry&#39;&lt;/b&gt;")
        // The only one at the very end of a long text, past the bytes a
        // test of the first few would read.
        let long = String(repeating: "한국어 ", count: 300)
        #expect(MarkupText.escaped(long + "&") == long + "&amp;")
    }

    @Test func controlCharactersAreDroppedButLineBreaksAndTabsKept() {
        #expect(MarkupText.escaped("a\u{0}b\u{1B}c\nd\te") == "abc\nd\te")
        #expect(MarkupText.escaped("\u{7}") == "")
    }
}
