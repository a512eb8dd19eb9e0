import Vapor
import VocabCore

/// A word as it crosses the wire (API JSON and web templates).
struct WordDTO: Content, Sendable {
    var id: UUID
    var bookID: UUID
    var bookName: String?
    var term: String
    var meaning: String
    var reading: String
    var partOfSpeech: String
    var note: String
    var synonyms: [String]
    var antonyms: [String]
    var examples: [WordExample]
    var tags: [String]
    var memorized: Bool
    var bookmarked: Bool
    var createdAt: Date
    var updatedAt: Date

    var draft: WordDraft {
        WordDraft(
            term: term, meaning: meaning, reading: reading, partOfSpeech: partOfSpeech, note: note,
            synonyms: synonyms, antonyms: antonyms, examples: examples, tags: tags,
            memorized: memorized, bookmarked: bookmarked, createdAt: createdAt)
    }
}

/// The body of a word create (all fields but term optional) or a full update.
struct WordInput: Content, Sendable {
    var term: String
    var meaning: String?
    var reading: String?
    var partOfSpeech: String?
    var note: String?
    var synonyms: [String]?
    var antonyms: [String]?
    var examples: [WordExample]?
    var tags: [String]?
    var memorized: Bool?
    var bookmarked: Bool?
    /// Only for creation from the API: move a word to another book on update.
    var bookID: UUID?

    /// Applies the given fields over `base` (nil keeps the base value).
    func draft(over base: WordDraft? = nil) -> WordDraft {
        let base = base ?? WordDraft(term: term)
        return WordDraft(
            term: term, meaning: meaning ?? base.meaning, reading: reading ?? base.reading,
            partOfSpeech: partOfSpeech ?? base.partOfSpeech, note: note ?? base.note,
            synonyms: synonyms ?? base.synonyms, antonyms: antonyms ?? base.antonyms,
            examples: examples ?? base.examples, tags: tags ?? base.tags,
            memorized: memorized ?? base.memorized, bookmarked: bookmarked ?? base.bookmarked,
            createdAt: base.createdAt)
    }
}

/// A partial update: every field optional.
struct WordPatch: Content, Sendable {
    var term: String?
    var meaning: String?
    var reading: String?
    var partOfSpeech: String?
    var note: String?
    var synonyms: [String]?
    var antonyms: [String]?
    var examples: [WordExample]?
    var tags: [String]?
    var memorized: Bool?
    var bookmarked: Bool?
    var bookID: UUID?

    func applied(to base: WordDraft) -> WordDraft {
        var d = base
        if let term { d.term = term }
        if let meaning { d.meaning = meaning }
        if let reading { d.reading = reading }
        if let partOfSpeech { d.partOfSpeech = partOfSpeech }
        if let note { d.note = note }
        if let synonyms { d.synonyms = synonyms }
        if let antonyms { d.antonyms = antonyms }
        if let examples { d.examples = examples }
        if let tags { d.tags = tags }
        if let memorized { d.memorized = memorized }
        if let bookmarked { d.bookmarked = bookmarked }
        return d
    }
}

struct WordPageDTO: Content, Sendable {
    var items: [WordDTO]
    var total: Int
    var page: Int
    var perPage: Int
    /// True when `total` is a search's cap and more words may match.
    var totalCapped: Bool = false
}

enum BulkActionKind: String, Codable, Sendable {
    case move, delete, memorize, unmemorize, bookmark, unbookmark
}

struct BulkRequest: Content, Sendable {
    var ids: [UUID]
    var action: BulkActionKind
    var bookID: UUID?
}

struct BulkResultDTO: Content, Sendable {
    var affected: Int
}

struct SearchResultDTO: Content, Sendable {
    var query: String
    var items: [WordDTO]
    var total: Int
    /// True when `total` is the cap and more words may match.
    var totalCapped: Bool
}

struct CalendarDayDTO: Content, Sendable {
    var date: String
    var count: Int
}

struct CalendarMonthDTO: Content, Sendable {
    var month: String
    var previous: String
    var next: String
    var days: [CalendarDayDTO]
    var total: Int
}
