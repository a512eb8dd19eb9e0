import VocabCore

/// Turns a validation problem into a sentence in the page's language. The
/// stores speak English; the web app shows the user's language where it can.
enum WebMessages {
    static func validation(_ error: ValidationError, _ lang: UILanguage) -> String {
        let label = Localizer.text("field_" + error.baseField, lang)
        let message = switch error.kind {
        case .empty: Localizer.format("errEmpty", lang, ["field": label])
        case .tooLong(let limit): Localizer.format("errTooLong", lang, ["field": label, "limit": String(limit)])
        case .tooMany: Localizer.format("errTooMany", lang, ["field": label])
        case .controlCharacters: Localizer.format("errControlCharacters", lang, ["field": label])
        }
        return message.prefix(1).uppercased() + message.dropFirst()
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
