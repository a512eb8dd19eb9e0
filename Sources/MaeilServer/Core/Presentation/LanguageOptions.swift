import VocabCore

/// Languages as menus show them: each code by its name in the page's language
/// ("영어", "English"), the common ones (`BookLanguages.common`) in that order,
/// and a code the menu lacks kept as it is, so a book's own is always there.
enum LanguageOptions {
    static func name(_ code: String, _ lang: UILanguage) -> String {
        Localizer.strings(lang)["language_" + code] ?? code
    }

    static func options(selected: String, _ lang: UILanguage, allowingAny: Bool = false)
        -> [OptionView]
    {
        var codes = BookLanguages.common
        if !selected.isEmpty, !codes.contains(selected) { codes.append(selected) }
        let any =
            allowingAny
            ? [
                OptionView(
                    value: "", label: Localizer.text("languageAny", lang),
                    selected: selected.isEmpty)
            ]
            : []
        return any
            + codes.map { OptionView(value: $0, label: name($0, lang), selected: $0 == selected) }
    }
}
