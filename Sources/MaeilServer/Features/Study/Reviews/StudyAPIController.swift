import MaeilAPI
import Vapor
import VocabCore

/// Spaced repetition: today's queue, answers, undo, and the scheduler settings.
struct StudyAPIController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.on(.studyQueue, use: queue)
        routes.on(.answerCard, use: answer)
        routes.on(.undoAnswer, use: undo)
        routes.on(.studySettings, use: settings)
        routes.on(.updateStudySettings, use: updateSettings)
        routes.on(.studySummary, use: summary)
        routes.on(.studyMore, use: more)
        routes.on(.unsuspendCards, use: unsuspend)
        routes.on(.bookLimits, use: bookLimits)
        routes.on(.setBookLimits, use: setBookLimits)
    }

    /// `?bookID=ID&limit=N&bookmarkedOnly=true`: due cards first (learning,
    /// then reviews), then new ones.
    @Sendable func queue(req: Request) async throws -> ReviewQueueDTO {
        let bookID = try await req.studiedBook()
        let limit = try WordListQuery.int(req, "limit", default: 50, range: 1...500)
        return ReviewQueueDTO(
            try await Self.reviews(req).queue(bookID: bookID, limit: limit))
    }

    /// The reviews of the session the query names: bookmarked words only, when asked.
    private static func reviews(_ req: Request) throws -> ReviewService {
        try req.reviews(
            bookmarkedOnly: try WordListQuery.flag(req, "bookmarkedOnly") ?? false)
    }

    @Sendable func answer(req: Request) async throws -> StudyCardDTO {
        let answer = try req.content.decode(ReviewAnswerInput.self).validated()
        let now = Date()
        return StudyCardDTO(try await req.reviews().answer(answer, now: now), now: now)
    }

    @Sendable func undo(req: Request) async throws -> StudyCardDTO {
        StudyCardDTO(try await req.reviews().undo(inBook: try await req.studiedBook()))
    }

    @Sendable func settings(req: Request) async throws -> StudySettingsDTO {
        StudySettingsDTO(try await req.studySettings().get())
    }

    @Sendable func updateSettings(req: Request) async throws -> StudySettingsDTO {
        let patch = try req.content.decode(StudySettingsPatch.self)
        let store = try req.studySettings()
        let updated = patch.applied(to: try await store.get())
        try await store.put(updated)
        return StudySettingsDTO(updated)
    }

    @Sendable func summary(req: Request) async throws -> StudySummaryDTO {
        StudySummaryDTO(
            try await Self.reviews(req).summary(bookID: try await req.studiedBook()))
    }

    /// Raises today's limits and answers with the queue they open.
    @Sendable func more(req: Request) async throws -> ReviewQueueDTO {
        let input = try req.content.decode(StudyMoreInput.self)
        let bookID = try await req.studiedBook(input.bookID?.uuidString)
        return ReviewQueueDTO(
            try await req.reviews().studyMoreQueue(
                CardTally(new: input.newCards ?? 0, reviews: input.reviews ?? 0),
                aheadDays: input.aheadDays ?? 0, bookID: bookID))
    }

    @Sendable func unsuspend(req: Request) async throws -> UnsuspendResultDTO {
        let bookID = try await req.studiedBook()
        return UnsuspendResultDTO(
            unsuspended: try await CardStore(db: req.db, userID: try req.requireUserID())
                .unsuspend(bookID: bookID))
    }

    @Sendable func bookLimits(req: Request) async throws -> BookLimitsDTO {
        BookLimitsDTO(try await req.studyDays().limits(of: try await req.ownBook()))
    }

    @Sendable func setBookLimits(req: Request) async throws -> BookLimitsDTO {
        let input = try req.content.decode(BookLimitsDTO.self)
        let bookID = try await req.ownBook()
        let limits = BookLimits(newPerDay: input.newPerDay, reviewsPerDay: input.reviewsPerDay)
        try await req.studyDays().setLimits(limits, of: bookID)
        return BookLimitsDTO(limits)
    }
}

extension StudySummaryDTO {
    init(_ summary: StudySummary) {
        self.init(
            answered: summary.answered, correct: summary.correct,
            rightPercent: summary.rightPercent, elapsedMs: summary.elapsedMilliseconds,
            nextDue: summary.nextDue,
            held: summary.held.map {
                Held(
                    kind: $0.kind.rawValue, owner: $0.owner.rawValue, limit: $0.limit,
                    cards: $0.cards)
            },
            reviewsAheadThisWeek: summary.reviewsAheadThisWeek, finished: summary.finished)
    }
}

extension BookLimitsDTO {
    init(_ limits: BookLimits) {
        self.init(newPerDay: limits.newPerDay, reviewsPerDay: limits.reviewsPerDay)
    }
}
