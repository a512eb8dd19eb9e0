import VocabCore

/// Turns a validation problem into a sentence in the page's language. The
/// stores speak English; the web app shows the user's language where it can.
enum WebMessages {
    static func validation(_ error: ValidationError, _ lang: UILanguage) -> String {
        let base = error.field.split(separator: "[").first.map(String.init) ?? error.field
        let label = Localizer.text("field_" + base, lang)
        let message: String
        if error.message.contains("must not be empty") {
            message = Localizer.format("errEmpty", lang, ["field": label])
        } else if let limit = error.message.split(separator: " ").compactMap({ Int($0) }).first,
            error.message.contains("longer than")
        {
            message = Localizer.format("errTooLong", lang, ["field": label, "limit": String(limit)])
        } else if error.message.contains("at most") {
            message = Localizer.format("errTooMany", lang, ["field": label])
        } else {
            message = error.message
        }
        return message.prefix(1).uppercased() + message.dropFirst()
    }

    /// Checks a draft the way the store will, so the page can point at the field.
    static func check(_ draft: WordDraft, _ lang: UILanguage) -> (field: String, message: String)? {
        do {
            try draft.normalized().validate()
            return nil
        } catch {
            let base = error.field.split(separator: "[").first.map(String.init) ?? error.field
            return (base, validation(error, lang))
        }
    }
}
