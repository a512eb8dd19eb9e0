import Foundation

/// An example sentence and its translation, as `WordExample` reads it: a bare
/// string is a sentence without translation; missing fields are "".
public struct ExampleDTO: Codable, Sendable, Equatable {
    public var sentence: String
    public var translation: String

    public init(sentence: String, translation: String = "") {
        self.sentence = sentence
        self.translation = translation
    }

    public init(from decoder: any Decoder) throws {
        if let text = try? decoder.singleValueContainer().decode(String.self) {
            self.init(sentence: text)
            return
        }
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            sentence: try container.decodeIfPresent(String.self, forKey: .sentence) ?? "",
            translation: try container.decodeIfPresent(String.self, forKey: .translation) ?? "")
    }

    private enum CodingKeys: String, CodingKey { case sentence, translation }
}

/// A word as it crosses the wire.
public struct WordDTO: Codable, Sendable {
    public var id: UUID
    public var bookID: UUID
    public var bookName: String?
    public var term: String
    public var meaning: String
    public var reading: String
    public var partOfSpeech: String
    public var note: String
    public var synonyms: [String]
    public var antonyms: [String]
    public var examples: [ExampleDTO]
    public var tags: [String]
    public var memorized: Bool
    public var bookmarked: Bool
    public var createdAt: Date
    public var updatedAt: Date

    public init(
        id: UUID,
        bookID: UUID,
        bookName: String? = nil,
        term: String,
        meaning: String,
        reading: String,
        partOfSpeech: String,
        note: String,
        synonyms: [String],
        antonyms: [String],
        examples: [ExampleDTO],
        tags: [String],
        memorized: Bool,
        bookmarked: Bool,
        createdAt: Date,
        updatedAt: Date
    ) {
        self.id = id
        self.bookID = bookID
        self.bookName = bookName
        self.term = term
        self.meaning = meaning
        self.reading = reading
        self.partOfSpeech = partOfSpeech
        self.note = note
        self.synonyms = synonyms
        self.antonyms = antonyms
        self.examples = examples
        self.tags = tags
        self.memorized = memorized
        self.bookmarked = bookmarked
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }
}

/// The body of a word create (all fields but term optional) or a full update.
public struct WordInput: Codable, Sendable {
    public var term: String
    public var meaning: String?
    public var reading: String?
    public var partOfSpeech: String?
    public var note: String?
    public var synonyms: [String]?
    public var antonyms: [String]?
    public var examples: [ExampleDTO]?
    public var tags: [String]?
    public var memorized: Bool?
    public var bookmarked: Bool?
    /// On a full update: the book to move the word to.
    public var bookID: UUID?
    /// On a create: add it even when the book has the word (same term and
    /// reading) already, which is otherwise refused with 409 `duplicate_word`.
    public var allowDuplicate: Bool?

    public init(
        term: String,
        meaning: String? = nil,
        reading: String? = nil,
        partOfSpeech: String? = nil,
        note: String? = nil,
        synonyms: [String]? = nil,
        antonyms: [String]? = nil,
        examples: [ExampleDTO]? = nil,
        tags: [String]? = nil,
        memorized: Bool? = nil,
        bookmarked: Bool? = nil,
        bookID: UUID? = nil,
        allowDuplicate: Bool? = nil
    ) {
        self.term = term
        self.meaning = meaning
        self.reading = reading
        self.partOfSpeech = partOfSpeech
        self.note = note
        self.synonyms = synonyms
        self.antonyms = antonyms
        self.examples = examples
        self.tags = tags
        self.memorized = memorized
        self.bookmarked = bookmarked
        self.bookID = bookID
        self.allowDuplicate = allowDuplicate
    }
}

/// A partial update: every field optional.
public struct WordPatch: Codable, Sendable {
    public var term: String?
    public var meaning: String?
    public var reading: String?
    public var partOfSpeech: String?
    public var note: String?
    public var synonyms: [String]?
    public var antonyms: [String]?
    public var examples: [ExampleDTO]?
    public var tags: [String]?
    public var memorized: Bool?
    public var bookmarked: Bool?
    public var bookID: UUID?

    public init(
        term: String? = nil,
        meaning: String? = nil,
        reading: String? = nil,
        partOfSpeech: String? = nil,
        note: String? = nil,
        synonyms: [String]? = nil,
        antonyms: [String]? = nil,
        examples: [ExampleDTO]? = nil,
        tags: [String]? = nil,
        memorized: Bool? = nil,
        bookmarked: Bool? = nil,
        bookID: UUID? = nil
    ) {
        self.term = term
        self.meaning = meaning
        self.reading = reading
        self.partOfSpeech = partOfSpeech
        self.note = note
        self.synonyms = synonyms
        self.antonyms = antonyms
        self.examples = examples
        self.tags = tags
        self.memorized = memorized
        self.bookmarked = bookmarked
        self.bookID = bookID
    }
}

public struct WordPageDTO: Codable, Sendable {
    public var items: [WordDTO]
    public var total: Int
    public var page: Int
    public var perPage: Int
    /// True when `total` is a search's cap and more words may match.
    public var totalCapped: Bool = false

    public init(items: [WordDTO], total: Int, page: Int, perPage: Int, totalCapped: Bool = false) {
        self.items = items
        self.total = total
        self.page = page
        self.perPage = perPage
        self.totalCapped = totalCapped
    }
}

/// The order of a word list (`sort=`).
public enum WordSort: String, Codable, Sendable, CaseIterable {
    case recent, oldest, memorized
    case notMemorized = "not-memorized"
    case random, alphabetical
}

public enum BulkAction: String, Codable, Sendable, CaseIterable {
    case move, delete, memorize, unmemorize, bookmark, unbookmark
}

public struct BulkRequest: Codable, Sendable {
    public var ids: [UUID]
    public var action: BulkAction
    /// The target book of `move`.
    public var bookID: UUID?

    public init(ids: [UUID], action: BulkAction, bookID: UUID? = nil) {
        self.ids = ids
        self.action = action
        self.bookID = bookID
    }
}

public struct BulkResultDTO: Codable, Sendable {
    public var affected: Int

    public init(affected: Int) {
        self.affected = affected
    }
}

public struct SearchResultDTO: Codable, Sendable {
    public var query: String
    public var items: [WordDTO]
    public var total: Int
    /// True when `total` is the cap and more words may match.
    public var totalCapped: Bool

    public init(query: String, items: [WordDTO], total: Int, totalCapped: Bool) {
        self.query = query
        self.items = items
        self.total = total
        self.totalCapped = totalCapped
    }
}

public struct CalendarDayDTO: Codable, Sendable, Equatable {
    public var date: String
    public var count: Int

    public init(date: String, count: Int) {
        self.date = date
        self.count = count
    }
}

public struct CalendarMonthDTO: Codable, Sendable {
    public var month: String
    public var previous: String
    public var next: String
    public var days: [CalendarDayDTO]
    public var total: Int

    public init(month: String, previous: String, next: String, days: [CalendarDayDTO], total: Int) {
        self.month = month
        self.previous = previous
        self.next = next
        self.days = days
        self.total = total
    }
}

/// What `calendar/{date}/{action}` does to the words added that day.
public enum DayAction: String, Codable, Sendable, CaseIterable {
    case memorizeAll = "memorize-all"
    case deleteAll = "delete-all"
}
