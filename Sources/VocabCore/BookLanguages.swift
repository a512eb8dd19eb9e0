/// The languages of a book: what its terms are in and what their meanings are
/// in, as ISO 639 codes (`en`, `ko`, `ja`, …). They choose the on-screen
/// keyboard, the speech voice and the hangman script, and filter the library.
public struct BookLanguages: Codable, Sendable, Equatable, Hashable {
    public var term: String
    public var meaning: String

    public init(term: String, meaning: String) {
        self.term = term
        self.meaning = meaning
    }

    /// What a book has until its owner says otherwise: English words with Korean meanings.
    public static let englishToKorean = BookLanguages(term: "en", meaning: "ko")
    /// The Japanese course's books.
    public static let japaneseToKorean = BookLanguages(term: "ja", meaning: "ko")

    /// The languages offered first in menus, the app's own three leading.
    public static let common = [
        "en", "ko", "ja", "zh", "es", "fr", "de", "it", "pt", "ru", "vi", "th", "id", "ar", "hi",
    ]

    /// A language code: two or three lowercase ASCII letters (ISO 639-1 or 639-3).
    public static func isCode(_ text: String) -> Bool {
        (2...3).contains(text.utf8.count) && text.utf8.allSatisfy { (0x61...0x7A).contains($0) }
    }

    /// The code `text` names (trimmed, lowercased), or a validation error on `field`.
    public static func code(_ text: String, field: String) throws(ValidationError) -> String {
        let code = TextTrim.trimmed(text).lowercased()
        guard isCode(code) else {
            throw ValidationError(
                field: field, kind: .notALanguage,
                message:
                    "\(field) must be a language code of two or three letters (en, ko, ja…), not \"\(text)\""
            )
        }
        return code
    }
}
