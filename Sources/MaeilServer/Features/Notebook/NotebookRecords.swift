import Foundation
import MaeilAPI
import VocabCore

/// A stored word with its book: what the notebook's stores return.
struct WordRecord: Sendable {
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

/// One page of a word list or search.
struct WordPage: Sendable {
    var items: [WordRecord]
    var total: Int
    var page: Int
    var perPage: Int
    /// True when `total` is a search's cap and more words may match.
    var totalCapped = false
}

/// How many words were added on one day ("YYYY-MM-DD").
struct DayCount: Sendable, Equatable {
    var date: CivilDay
    var count: Int
}

/// How many words a book (or all of a user's books) holds.
/// What a page of a book's words is made from besides the words: the
/// book's revision, which every change to its words moves on (see
/// `AddBookRevisions`), and its name, which each word of the page carries.
struct BookRevision: Sendable, Equatable {
    var number: Int
    var name: String
}

struct BookCounts: Sendable, Equatable {
    var words = 0
    var memorized = 0
    var bookmarked = 0

    /// The words a list with these filters shows, when the counts alone say it.
    func matching(memorized: Bool?, bookmarked: Bool?) -> Int? {
        switch (memorized, bookmarked) {
        case (nil, nil): words
        case (true?, nil): self.memorized
        case (false?, nil): words - self.memorized
        case (nil, true?): self.bookmarked
        case (nil, false?): words - self.bookmarked
        default: nil
        }
    }
}

/// A book with its counts.
struct BookSummary: Sendable, Equatable {
    var id: UUID
    var name: String
    var description: String
    var counts: BookCounts
    var wordCount: Int { counts.words }
    var memorizedCount: Int { counts.memorized }
    /// Moves on with every change to the book's words (`AddBookRevisions`).
    var revision: Int
    var visibility: BookVisibility = .private
    var copiedFrom: UUID? = nil
    var languages = BookLanguages.englishToKorean
    var studyDirections: StudyDirections
    var createdAt: Date?
    var updatedAt: Date?
}

/// A change to a book: nil leaves a field as it is.
struct BookChanges: Sendable {
    var name: String?
    var description: String?
    var studyDirections: StudyDirections?
    var visibility: BookVisibility?
    var termLanguage: String?
    var meaningLanguage: String?
}

/// One action on many words (all or nothing).
struct WordBulkEdit: Sendable {
    var ids: [UUID]
    var action: BulkAction
    /// The target book of `move`.
    var bookID: UUID?
}

/// What an import did.
struct ImportReport: Sendable {
    var counts: ImportCounts
    var format: ImportFormat
    var encoding: TextEncodingDetected
}
