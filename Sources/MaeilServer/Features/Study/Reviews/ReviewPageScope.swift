import Foundation
import MaeilAPI
import Vapor
import VocabCore

/// What a review screen studies and how, carried by its address and by every
/// form on it: one book or all, bookmarked words only, and typed answers.
struct ReviewPageScope: Sendable, Equatable {
    var book: UUID?
    var bookmarkedOnly = false
    var typing = false

    /// From the page's query (`book`, `bookmarked=1`, `type=1`); another user's book is 404.
    init(_ req: Request) async throws {
        book = try await req.studiedBook(parameter: "book")
        bookmarkedOnly = req.queryValue("bookmarked") == "1"
        typing = req.queryValue("type") == "1"
    }

    /// From a form's hidden fields.
    init(_ req: Request, form: ReviewScopeFields) async throws {
        book = try await req.studiedBook(form.book)
        bookmarkedOnly = form.bookmarked == "1"
        typing = form.type == "1"
    }

    /// The review screen of this scope, showing `card` first when given.
    func path(showing card: StudyCard? = nil) -> String {
        var query: [String] = []
        if let book { query.append("book=\(book.uuidString)") }
        if bookmarkedOnly { query.append("bookmarked=1") }
        if typing { query.append("type=1") }
        if let card {
            query += ["card=\(card.word.id.uuidString)", "direction=\(card.direction.rawValue)"]
        }
        return query.isEmpty ? "/study/review" : "/study/review?" + query.joined(separator: "&")
    }

    /// For the page: the hidden fields the forms repeat.
    var fields: ReviewScopeFields {
        ReviewScopeFields(
            book: book?.uuidString ?? "", bookmarked: bookmarkedOnly ? "1" : "",
            type: typing ? "1" : "")
    }
}

/// The scope as hidden form fields (`partials/review-scope`).
struct ReviewScopeFields: Content, Sendable {
    var book: String?
    var bookmarked: String?
    var type: String?
}
