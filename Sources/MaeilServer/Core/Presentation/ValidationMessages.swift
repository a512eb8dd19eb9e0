import VocabCore

/// Turns a validation problem into a sentence in the page's language. The
/// stores speak English; the web app shows the user's language where it can.
enum WebMessages {
    static func validation(_ error: ValidationError, _ lang: UILanguage) -> String {
        let label = Localizer.text("field_" + error.baseField, lang)
        let message =
            switch error.kind {
            case .empty:
                Localizer.strings(lang)["errEmpty_" + error.baseField]
                    ?? Localizer.format("errEmpty", lang, ["field": label])
            case .tooLong(let limit):
                Localizer.format("errTooLong", lang, ["field": label, "limit": String(limit)])
            case .tooMany: Localizer.format("errTooMany", lang, ["field": label])
            case .controlCharacters:
                Localizer.format("errControlCharacters", lang, ["field": label])
            case .notALanguage: Localizer.format("errNotALanguage", lang, ["field": label])
            case .outOfRange(let lower, let upper):
                Localizer.format(
                    "errOutOfRange", lang,
                    ["field": label, "lower": String(lower), "upper": String(upper)])
            }
        return message.prefix(1).uppercased() + message.dropFirst()
    }

    /// An import's problem: its kind worded in the page's language, with the
    /// line (or the JSON book's word) it is on.
    static func importProblem(_ error: ImportError, _ lang: UILanguage) -> String {
        let problem: String =
            switch error.kind {
            case .invalidWord(let invalid, let index):
                index.map {
                    Localizer.format(
                        "importErrWord", lang,
                        ["n": String($0 + 1), "problem": validation(invalid, lang)])
                }
                    ?? validation(invalid, lang)
            case .invalidBook(let invalid): validation(invalid, lang)
            case .notText: Localizer.text("importErrNotText", lang)
            case .unclosedQuote: Localizer.text("importErrUnclosedQuote", lang)
            case .noTermSeparator: Localizer.text("importErrNoTermSeparator", lang)
            case .notABook: Localizer.format("importErrNotABook", lang, ["detail": error.message])
            case .noTermColumn: Localizer.text("importNeedTerm", lang)
            case .emptySeparator: Localizer.text("importErrEmptySeparator", lang)
            case .noWords: Localizer.text("importErrNoWords", lang)
            }
        guard let line = error.line else { return problem }
        return Localizer.format("importErrLine", lang, ["line": String(line), "problem": problem])
    }

    /// Checks a draft the way the store will, so the page can point at the field.
    static func check(_ draft: WordDraft, _ lang: UILanguage) -> (field: String, message: String)? {
        do {
            try draft.normalized().validate()
            return nil
        } catch {
            return (error.baseField, validation(error, lang))
        }
    }
}
