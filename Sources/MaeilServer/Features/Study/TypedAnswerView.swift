import Vapor
import VocabCore

/// A typed answer against the card's: the verdict, each part of the
/// difference (a wrong answer shows as typed: its difference would be noise),
/// and the rating proposed.
struct TypedAnswerView: Encodable, Sendable {
    var text: String
    var verdict: String
    var verdictText: String
    var parts: [PartView]
    var proposed: Int

    struct PartView: Encodable, Sendable {
        var kind: String
        var text: String
    }

    init(_ req: Request, typed: String, _ check: TypedAnswerCheck) {
        text = typed
        verdict = check.verdict.rawValue
        verdictText =
            switch check.verdict {
            case .right: req.text("studyTypedRight")
            case .close:
                Localizer.format("studyTypedClose", req.uiLanguage, ["answer": check.sense])
            case .wrong:
                Localizer.format("studyTypedWrong", req.uiLanguage, ["answer": check.answer])
            }
        parts =
            check.verdict == .wrong
            ? [PartView(kind: "extra", text: typed)]
            : check.diff.map { PartView(kind: $0.kind.rawValue, text: $0.text) }
        proposed = check.suggestedRating
    }
}
