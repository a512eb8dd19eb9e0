import Foundation

/// Which cards of its words a book's reviews show.
public enum StudyDirections: String, Codable, Sendable, CaseIterable {
    /// Term → meaning.
    case forward
    /// Meaning → term.
    case reverse
    case both
}

/// Who can see a book besides its owner.
public enum BookVisibility: String, Codable, Sendable, CaseIterable {
    /// Its owner only (every book starts so).
    case `private`
    /// Anyone signed in who has its link; not listed in the library.
    case unlisted
    /// Listed in the library.
    case `public`
}

public struct BookDTO: Codable, Sendable {
    public var id: UUID
    public var name: String
    public var description: String
    public var wordCount: Int
    public var memorizedCount: Int
    /// A `StudyDirections` value: the cards reviews show.
    public var studyDirections: String
    /// A `BookVisibility` value.
    public var visibility: String
    /// The library book this one was copied from, if any.
    public var copiedFrom: UUID?
    /// The language of its terms and of their meanings (ISO 639: `en`, `ko`, `ja`…).
    public var termLanguage: String
    public var meaningLanguage: String
    public var createdAt: Date?
    public var updatedAt: Date?

    public init(
        id: UUID,
        name: String,
        description: String,
        wordCount: Int,
        memorizedCount: Int,
        studyDirections: String,
        visibility: String = BookVisibility.private.rawValue,
        copiedFrom: UUID? = nil,
        termLanguage: String = "en",
        meaningLanguage: String = "ko",
        createdAt: Date? = nil,
        updatedAt: Date? = nil
    ) {
        self.id = id
        self.name = name
        self.description = description
        self.wordCount = wordCount
        self.memorizedCount = memorizedCount
        self.studyDirections = studyDirections
        self.visibility = visibility
        self.copiedFrom = copiedFrom
        self.termLanguage = termLanguage
        self.meaningLanguage = meaningLanguage
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }
}

public struct BookInput: Codable, Sendable {
    public var name: String
    public var description: String?
    /// Language codes of the terms and of their meanings; English → Korean when left out.
    public var termLanguage: String?
    public var meaningLanguage: String?

    public init(
        name: String, description: String? = nil, termLanguage: String? = nil,
        meaningLanguage: String? = nil
    ) {
        self.name = name
        self.description = description
        self.termLanguage = termLanguage
        self.meaningLanguage = meaningLanguage
    }
}

public struct BookPatch: Codable, Sendable {
    public var name: String?
    public var description: String?
    /// A `StudyDirections` value.
    public var studyDirections: String?
    /// A `BookVisibility` value: publishes or unpublishes the book.
    public var visibility: String?
    /// Language codes (`en`, `ko`, `ja`…) of the terms and of their meanings.
    public var termLanguage: String?
    public var meaningLanguage: String?

    public init(
        name: String? = nil, description: String? = nil, studyDirections: String? = nil,
        visibility: String? = nil, termLanguage: String? = nil, meaningLanguage: String? = nil
    ) {
        self.name = name
        self.description = description
        self.studyDirections = studyDirections
        self.visibility = visibility
        self.termLanguage = termLanguage
        self.meaningLanguage = meaningLanguage
    }
}

public struct BookDeletedDTO: Codable, Sendable {
    public var deletedWords: Int

    public init(deletedWords: Int) {
        self.deletedWords = deletedWords
    }
}

public struct ImportResultDTO: Codable, Sendable {
    /// Rows added as new words.
    public var imported: Int
    /// Rows left out: their words were in the book already (`duplicates=skip`).
    public var skipped: Int
    /// Words written over with their rows (`duplicates=update`).
    public var updated: Int
    public var format: String
    public var encoding: String

    public init(imported: Int, skipped: Int = 0, updated: Int = 0, format: String, encoding: String)
    {
        self.imported = imported
        self.skipped = skipped
        self.updated = updated
        self.format = format
        self.encoding = encoding
    }
}

/// `POST import/anki`: what an Anki package became, book by book.
public struct AnkiImportResultDTO: Codable, Sendable {
    public struct Book: Codable, Sendable {
        public var id: UUID
        /// The deck's name with its levels joined by " › ".
        public var name: String
        /// Notes added as new words.
        public var imported: Int
        /// Notes left out: their words were in the book already (`duplicates=skip`).
        public var skipped: Int
        /// Words written over with their notes (`duplicates=update`).
        public var updated: Int

        public init(id: UUID, name: String, imported: Int, skipped: Int, updated: Int) {
            self.id = id
            self.name = name
            self.imported = imported
            self.skipped = skipped
            self.updated = updated
        }
    }

    /// The package's layout: its collection file (`collection.anki2`,
    /// `collection.anki21` or `collection.anki21b`).
    public var layout: String
    public var books: [Book]
    /// Notes left out because no text came out of the field mapped to the term.
    public var notesWithoutTerm: Int

    public init(layout: String, books: [Book], notesWithoutTerm: Int) {
        self.layout = layout
        self.books = books
        self.notesWithoutTerm = notesWithoutTerm
    }
}
