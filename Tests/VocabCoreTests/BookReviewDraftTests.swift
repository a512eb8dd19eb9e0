import Testing
import VocabCore

@Suite struct BookReviewDraftTests {
    @Test func aReviewNeedsStarsFromOneToFiveAndAText() throws {
        for stars in ReviewLimits.stars {
            try BookReviewDraft(stars: stars, text: "좋아요").validate()
        }
        for stars in [0, 6, -1, Int.max] {
            #expect(throws: ValidationError.self) {
                try BookReviewDraft(stars: stars, text: "좋아요").validate()
            }
        }
        do {
            try BookReviewDraft(stars: 6, text: "x").validate()
        } catch {
            #expect(error.field == "stars" && error.kind == .outOfRange(lower: 1, upper: 5))
        }
        for blank in ["", " ", "\n\t　"] {
            do {
                try BookReviewDraft(stars: 5, text: blank).normalized().validate()
                Issue.record("\(blank.debugDescription) was taken")
            } catch {
                #expect(error.field == "text" && error.kind == .empty)
                #expect(error.message == "Please write a review")
            }
        }
    }

    @Test func theTextIsTrimmedAndBoundedInCharacters() throws {
        let draft = BookReviewDraft(stars: 4, text: "  첫 줄\n둘째 줄 \n").normalized()
        #expect(draft.text == "첫 줄\n둘째 줄")
        try BookReviewDraft(stars: 4, text: String(repeating: "가", count: 2_000)).validate()
        #expect(throws: ValidationError.self) {
            try BookReviewDraft(stars: 4, text: String(repeating: "가", count: 2_001)).validate()
        }
        #expect(throws: ValidationError.self) {
            try BookReviewDraft(stars: 4, text: "bell \u{7}").validate()
        }
    }

    @Test func repliesAndReportReasons() throws {
        #expect(try BookReviewDraft.reply("  고맙습니다 ") == "고맙습니다")
        #expect(throws: ValidationError.self) { try BookReviewDraft.reply(" ") }
        #expect(throws: ValidationError.self) {
            try BookReviewDraft.reply(String(repeating: "a", count: 1_001))
        }
        #expect(try BookReviewDraft.reportReason("  ") == "", "a report may give no reason")
        #expect(try BookReviewDraft.reportReason(" 광고 ") == "광고")
        #expect(throws: ValidationError.self) {
            try BookReviewDraft.reportReason(String(repeating: "a", count: 501))
        }
    }
}
