import Vapor

struct BookDTO: Content, Sendable {
    var id: UUID
    var name: String
    var description: String
    var wordCount: Int
    var memorizedCount: Int
    /// "forward" (term → meaning), "reverse" (meaning → term) or "both": the cards reviews show.
    var studyDirections: String
    var createdAt: Date?
    var updatedAt: Date?
}

struct BookInput: Content, Sendable {
    var name: String
    var description: String?
}

struct BookPatch: Content, Sendable {
    var name: String?
    var description: String?
    var studyDirections: String?
}

struct BookDeletedDTO: Content, Sendable {
    var deletedWords: Int
}

struct ImportResultDTO: Content, Sendable {
    var imported: Int
    var format: String
    var encoding: String
}
