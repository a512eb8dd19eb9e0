import Fluent
import Vapor
import VocabCore

/// One word in a book. List-valued fields are stored as JSON text so the same
/// schema works on SQLite and PostgreSQL; `search_text`, `jamo_text` and
/// `choseong_text` are the search keys (`WordSearchKeys`), and
/// `added_on` the local calendar day the word was added (for the calendar).
final class Word: Model, @unchecked Sendable {
    static let schema = "words"

    @ID(key: .id) var id: UUID?
    @Parent(key: "book_id") var book: Book
    @Field(key: "user_id") var userID: UUID
    @Field(key: "term") var term: String
    @Field(key: "meaning") var meaning: String
    @Field(key: "reading") var reading: String
    @Field(key: "part_of_speech") var partOfSpeech: String
    @Field(key: "note") var note: String
    @Field(key: "synonyms") var synonyms: String
    @Field(key: "antonyms") var antonyms: String
    @Field(key: "examples") var examples: String
    @Field(key: "tags") var tags: String
    @Field(key: "memorized") var memorized: Bool
    @Field(key: "bookmarked") var bookmarked: Bool
    @Field(key: "search_text") var searchText: String
    @Field(key: "jamo_text") var jamoText: String
    @Field(key: "choseong_text") var choseongText: String
    @Field(key: "search_id") var searchID: Int64
    @Field(key: "added_on") var addedOn: String
    @Field(key: "created_at") var createdAt: Date
    @Field(key: "updated_at") var updatedAt: Date

    init() {}
}
