import MaeilAPI
import Vapor
import VocabCore

/// `/api/v1/books/{id}/reviews…`: reviews of shared books, replies, reports,
/// and the administrators' hiding and unpublishing.
struct ReviewAPIController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.on(.bookReviews, use: list)
        routes.on(.addReview, use: create)
        routes.on(.updateReview, use: update)
        routes.on(.deleteReview, use: delete)
        routes.on(.replyToReview, use: reply)
        routes.on(.reportReview, use: report)
        routes.on(.hideReview, use: hide)
        routes.on(.reviewReports, use: reports)
        routes.on(.unpublishLibraryBook, use: unpublish)
    }

    @Sendable func list(req: Request) async throws -> ReviewPageDTO {
        let store = try req.reviewStore()
        let page = try await store.page(
            of: try req.idParameter("id", "book"),
            page: try WordListQuery.int(req, "page", default: 1, range: 1...100_000),
            perPage: try WordListQuery.int(req, "perPage", default: 20, range: 1...100))
        return ReviewPageDTO(page, readerID: store.readerID)
    }

    /// 201 with the review; 409 `already_reviewed` naming the reader's review.
    @Sendable func create(req: Request) async throws -> Response {
        let store = try req.reviewStore()
        let input = try req.content.decode(ReviewInput.self)
        let review = try await store.create(
            in: try req.idParameter("id", "book"),
            BookReviewDraft(stars: input.stars, text: input.text))
        return try await ReviewDTO(review, readerID: store.readerID).encodeResponse(
            status: .created, for: req)
    }

    @Sendable func update(req: Request) async throws -> ReviewDTO {
        let store = try req.reviewStore()
        let input = try req.content.decode(ReviewInput.self)
        return ReviewDTO(
            try await store.update(
                try req.idParameter("review", "review"), in: try req.idParameter("id", "book"),
                BookReviewDraft(stars: input.stars, text: input.text)),
            readerID: store.readerID)
    }

    @Sendable func delete(req: Request) async throws -> HTTPStatus {
        try await req.reviewStore().delete(
            try req.idParameter("review", "review"), in: try req.idParameter("id", "book"))
        return .noContent
    }

    @Sendable func reply(req: Request) async throws -> ReviewDTO {
        let store = try req.reviewStore()
        return ReviewDTO(
            try await store.reply(
                to: try req.idParameter("review", "review"), in: try req.idParameter("id", "book"),
                text: try req.content.decode(ReplyInput.self).text),
            readerID: store.readerID)
    }

    @Sendable func report(req: Request) async throws -> HTTPStatus {
        try await req.reviewStore().report(
            try req.idParameter("review", "review"), in: try req.idParameter("id", "book"),
            reason: try req.content.decode(ReportInput.self).reason)
        return .noContent
    }

    @Sendable func hide(req: Request) async throws -> HTTPStatus {
        try await req.reviewStore().hide(
            try req.idParameter("review", "review"), in: try req.idParameter("id", "book"))
        return .noContent
    }

    @Sendable func reports(req: Request) async throws -> [ReviewReportDTO] {
        let store = try req.reviewStore()
        return try await store.reports().map { ReviewReportDTO($0, readerID: store.readerID) }
    }

    @Sendable func unpublish(req: Request) async throws -> HTTPStatus {
        try await req.reviewStore().unpublish(try req.idParameter("id", "book"))
        return .noContent
    }
}
