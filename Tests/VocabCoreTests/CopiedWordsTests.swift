import Testing
import VocabCore

@Suite struct CopiedWordsTests {
    @Test func eachKindOfChange() {
        let original = [
            CopiedWords.Original(id: "same", fingerprint: "a"),
            CopiedWords.Original(id: "changed", fingerprint: "b2"),
            CopiedWords.Original(id: "both", fingerprint: "c2"),
            CopiedWords.Original(id: "converged", fingerprint: "e2"),
            CopiedWords.Original(id: "deleted-by-copier", fingerprint: "d2"),
            CopiedWords.Original(id: "new", fingerprint: "n"),
        ]
        let links = [
            CopiedWords.Link(originalID: "same", syncedFingerprint: "a", copyFingerprint: "a"),
            CopiedWords.Link(originalID: "changed", syncedFingerprint: "b", copyFingerprint: "b"),
            CopiedWords.Link(originalID: "both", syncedFingerprint: "c", copyFingerprint: "c-mine"),
            CopiedWords.Link(
                originalID: "converged", syncedFingerprint: "e", copyFingerprint: "e2"),
            CopiedWords.Link(
                originalID: "deleted-by-copier", syncedFingerprint: "d", copyFingerprint: nil),
            CopiedWords.Link(
                originalID: "gone-upstream", syncedFingerprint: "g", copyFingerprint: "g"),
        ]
        let updates = CopiedWords.updates(original: original, links: links)
        #expect(updates.new == ["new"])
        #expect(updates.changed == ["changed"])
        #expect(updates.keptEdits == ["both"], "the same edit on both sides is no conflict")
        #expect(!updates.isEmpty)
        #expect(CopiedWords.updates(original: [], links: links).isEmpty)
    }

    @Test func theFingerprintIsOfContentNotStudy() {
        let word = WordDraft(
            term: "apple", meaning: "사과", examples: [WordExample(sentence: "An apple.")],
            tags: ["fruit"])
        var studied = word
        studied.memorized = true
        studied.bookmarked = true
        #expect(word.contentFingerprint == studied.contentFingerprint)
        #expect(word.contentFingerprint.count == 16)
        for changed in [
            WordDraft(term: "apple", meaning: "능금", examples: word.examples, tags: ["fruit"]),
            WordDraft(term: "apple", meaning: "사과", examples: [], tags: ["fruit"]),
            WordDraft(term: "apple", meaning: "사과", examples: word.examples, tags: []),
            // Fields are length-prefixed: text moving between fields is a change.
            WordDraft(term: "appl", meaning: "e사과", examples: word.examples, tags: ["fruit"]),
            WordDraft(
                term: "apple", meaning: "사과", synonyms: ["fruit"], examples: word.examples),
        ] {
            #expect(changed.contentFingerprint != word.contentFingerprint, "\(changed)")
        }
    }
}
