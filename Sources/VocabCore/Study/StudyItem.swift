import Foundation

/// One word as the study games see it: what is asked and answered, and the book it
/// comes from (the mistake notes record the book with each wrong answer).
public struct StudyItem: Codable, Sendable, Hashable, Identifiable {
    public var id: UUID
    public var term: String
    public var meaning: String
    public var bookID: UUID
    public var bookName: String
    /// The word's first example, shown with the answer (flashcards).
    public var example: WordExample?
    /// The term's reading (kana for a Japanese term), when the word has one.
    public var reading: String?
    /// The book's languages; nil in games saved before books had them.
    public var languages: BookLanguages?

    public init(
        id: UUID, term: String, meaning: String, bookID: UUID, bookName: String,
        example: WordExample? = nil, reading: String? = nil, languages: BookLanguages? = nil
    ) {
        self.id = id
        self.term = term
        self.meaning = meaning
        self.bookID = bookID
        self.bookName = bookName
        self.example = example
        self.reading = reading
        self.languages = languages
    }

    /// The term to speak, in the book's term language.
    public var spokenTerm: SpokenTerm? {
        guard let languages, !term.isEmpty else { return nil }
        return SpokenTerm(text: term, language: languages.term)
    }

    /// The language of the side the player has to find in `direction`.
    public func answerLanguage(_ direction: StudyDirection) -> String? {
        direction == .termToMeaning ? languages?.meaning : languages?.term
    }

    /// The side shown as the question in `direction`.
    public func prompt(_ direction: StudyDirection) -> String {
        direction == .termToMeaning ? term : meaning
    }

    /// The side the player has to find in `direction`.
    public func answer(_ direction: StudyDirection) -> String {
        direction == .termToMeaning ? meaning : term
    }
}
