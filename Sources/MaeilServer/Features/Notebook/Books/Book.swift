import Fluent
import MaeilAPI
import Vapor
import VocabCore

/// A word book (category). Deleting it deletes its words (ON DELETE CASCADE).
final class Book: Model, @unchecked Sendable {
    static let schema = "books"

    @ID(key: .id) var id: UUID?
    @Parent(key: "user_id") var user: User
    @Field(key: "name") var name: String
    @Field(key: "description") var description: String
    /// `StudyDirections`: which cards of its words the review queue shows.
    @Field(key: "study_directions") var studyDirections: String
    /// What the app made it from (`starterOrigin`); nil for a book the user made.
    @OptionalField(key: "origin") var origin: String?
    /// `BookVisibility`: who besides its owner can see it.
    @Field(key: "visibility") var visibility: String
    /// When it last went from private to unlisted or public.
    @OptionalField(key: "published_at") var publishedAt: Date?
    /// The library book it was copied from.
    @OptionalField(key: "copied_from") var copiedFrom: UUID?
    /// `BookLanguages`: what the terms are in, and their meanings.
    @Field(key: "term_language") var termLanguage: String
    @Field(key: "meaning_language") var meaningLanguage: String
    /// What the library's search looks into (`WordSearchMatcher.titleKeys`).
    @Field(key: "search_text") var searchText: String
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?
    @Timestamp(key: "updated_at", on: .update) var updatedAt: Date?

    init() {}

    init(id: UUID? = nil, userID: UUID, name: String, description: String = "") {
        self.id = id
        self.$user.id = userID
        self.name = name
        self.description = description
        self.studyDirections = StudyDirections.forward.rawValue
        self.visibility = BookVisibility.private.rawValue
        self.searchText = ""
        self.termLanguage = BookLanguages.englishToKorean.term
        self.meaningLanguage = BookLanguages.englishToKorean.meaning
        renamed()
    }

    var languages: BookLanguages {
        get { BookLanguages(term: termLanguage, meaning: meaningLanguage) }
        set {
            termLanguage = newValue.term
            meaningLanguage = newValue.meaning
        }
    }

    /// Keeps the search text with the name and description.
    func renamed() {
        searchText = WordSearchMatcher.titleKeys([name, description])
    }
}

extension Book {
    /// The starter book's origin: it is added once.
    static let starterOrigin = "starter:english-basics"
}
