import Testing

@testable import VocabCore

@Suite("Typed answers")
struct TypedAnswerTests {
    @Test func anyOneSenseIsRight() {
        for typed in ["apple", "  APPLE ", "fruit", "사과", "apple, fruit"] {
            #expect(
                TypedAnswer.check(typed, expected: "apple, fruit").verdict == .right
                    || TypedAnswer.check(typed, expected: "사과 (과일)").verdict == .right,
                "\(typed)")
        }
        #expect(TypedAnswer.check("사과", expected: "사과 (과일); 능금").verdict == .right)
        #expect(TypedAnswer.check("능금", expected: "사과 (과일); 능금").verdict == .right)
        #expect(TypedAnswer.check("がくせい", expected: "学生", reading: "がくせい").verdict == .right)
        #expect(TypedAnswer.check("コーヒー", expected: "こーひー").verdict == .right)
    }

    @Test func oneSlippedKeyIsCloseAndProposesHard() {
        let slip = TypedAnswer.check("aple", expected: "apple, fruit")
        #expect(slip.verdict == .close && slip.sense == "apple" && slip.suggestedRating == 2)
        // One jamo: ㅅㅏㄱㅏ against ㅅㅏㄱㅗㅏ.
        let jamo = TypedAnswer.check("사가", expected: "사과")
        #expect(jamo.verdict == .close)
        // Short answers have no room for a slip; a different word is wrong.
        #expect(TypedAnswer.check("cot", expected: "cat").verdict == .wrong)
        let wrong = TypedAnswer.check("banana", expected: "apple")
        #expect(wrong.verdict == .wrong && wrong.suggestedRating == 1)
        #expect(TypedAnswer.check("", expected: "apple").verdict == .wrong)
        #expect(TypedAnswer.check("resilent", expected: "resilient").suggestedRating == 2)
    }

    @Test func theDiffShowsWhatWasMissingAndWhatWasExtra() {
        let parts = AnswerDiff.parts("aple", against: "apple")
        #expect(parts.map(\.kind) == [.same, .missing, .same])
        #expect(parts.map(\.text).joined() == "apple")
        let extra = AnswerDiff.parts("Applle", against: "apple")
        #expect(extra.filter { $0.kind == .extra }.map(\.text) == ["l"])
        #expect(extra.first?.text == "appl", "the answer's own spelling shows where it matches")
        #expect(AnswerDiff.parts("", against: "사과") == [.init(kind: .missing, text: "사과")])
    }
}
