/// A word's term as a speak button says it: its text, in its book's term language.
public struct SpokenTerm: Codable, Sendable, Hashable {
    public var text: String
    /// An ISO 639 code (`BookLanguages.term`).
    public var language: String

    public init(text: String, language: String) {
        self.text = text
        self.language = language
    }
}
