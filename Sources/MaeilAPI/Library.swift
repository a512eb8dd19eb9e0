import Foundation

/// How the library lists its books.
public enum LibrarySort: String, Codable, Sendable, CaseIterable {
    /// Most recently published first.
    case newest
    /// Most copied first.
    case mostCopied = "most-copied"
    /// Highest average stars first (more reviews first among equals).
    case bestRated = "best-rated"
    /// Most reviews first.
    case mostReviewed = "most-reviewed"
}

/// A published book as others see it.
public struct LibraryBookDTO: Codable, Sendable {
    public var id: UUID
    public var name: String
    public var description: String
    public var wordCount: Int
    /// How many times others added it to their books.
    public var copyCount: Int
    /// A `BookVisibility` value (`public` or `unlisted`; `private` only for its owner's preview).
    public var visibility: String
    public var owner: LibraryOwnerDTO
    public var publishedAt: Date?
    /// Visible reviews and the average of their stars (to one decimal; nil without reviews).
    public var reviewCount: Int
    public var averageStars: Double?
    /// The language codes of its terms and of their meanings.
    public var termLanguage: String
    public var meaningLanguage: String

    public init(
        id: UUID, name: String, description: String, wordCount: Int, copyCount: Int,
        visibility: String, owner: LibraryOwnerDTO, publishedAt: Date?, reviewCount: Int = 0,
        averageStars: Double? = nil, termLanguage: String = "en", meaningLanguage: String = "ko"
    ) {
        self.id = id
        self.name = name
        self.description = description
        self.wordCount = wordCount
        self.copyCount = copyCount
        self.visibility = visibility
        self.owner = owner
        self.publishedAt = publishedAt
        self.reviewCount = reviewCount
        self.averageStars = averageStars
        self.termLanguage = termLanguage
        self.meaningLanguage = meaningLanguage
    }
}

/// The owner of a published book: a name to show, never their sign-in name.
public struct LibraryOwnerDTO: Codable, Sendable {
    public var id: UUID
    /// The owner's display name, or their username when they chose none.
    public var name: String
    /// Their picture (`/api/v1/users/{id}/avatar?v=…`; the address changes with the picture).
    public var avatarURL: String

    public init(id: UUID, name: String, avatarURL: String) {
        self.id = id
        self.name = name
        self.avatarURL = avatarURL
    }
}

public struct LibraryPageDTO: Codable, Sendable {
    public var items: [LibraryBookDTO]
    public var total: Int
    public var page: Int
    public var perPage: Int

    public init(items: [LibraryBookDTO], total: Int, page: Int, perPage: Int) {
        self.items = items
        self.total = total
        self.page = page
        self.perPage = perPage
    }
}

/// A word of a published book as the library shows it: the word alone,
/// nothing of the owner's study.
public struct LibraryWordDTO: Codable, Sendable {
    public var term: String
    public var meaning: String
    public var reading: String

    public init(term: String, meaning: String, reading: String) {
        self.term = term
        self.meaning = meaning
        self.reading = reading
    }
}

/// A published book's page: the book, whether the reader owns it, and its first words.
public struct LibraryBookDetailDTO: Codable, Sendable {
    public var book: LibraryBookDTO
    /// True when the reader is the owner (the page is then a preview).
    public var isOwn: Bool
    public var sample: [LibraryWordDTO]

    public init(book: LibraryBookDTO, isOwn: Bool, sample: [LibraryWordDTO]) {
        self.book = book
        self.isOwn = isOwn
        self.sample = sample
    }
}

/// What a copy of a library book can take from its original.
public struct CopyUpdatesDTO: Codable, Sendable {
    public var original: LibraryBookDTO
    /// Words added to the original since the copy was made or last pulled.
    public var newWords: Int
    /// Words the original changed since, which the copier left as they were.
    public var changedWords: Int
    /// Words the original changed since that the copier edited: a pull leaves them.
    public var keptEdits: Int

    public init(original: LibraryBookDTO, newWords: Int, changedWords: Int, keptEdits: Int) {
        self.original = original
        self.newWords = newWords
        self.changedWords = changedWords
        self.keptEdits = keptEdits
    }
}

/// What a pull did.
public struct PullResultDTO: Codable, Sendable {
    public var added: Int
    public var updated: Int
    /// The copier's edited words it left as they were.
    public var keptEdits: Int

    public init(added: Int, updated: Int, keptEdits: Int) {
        self.added = added
        self.updated = updated
        self.keptEdits = keptEdits
    }
}
