import MaeilAPI
import Vapor

/// Spaced repetition: today's queue, answers, undo, and the scheduler settings.
struct StudyAPIController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.on(.studyQueue, use: queue)
        routes.on(.answerCard, use: answer)
        routes.on(.undoAnswer, use: undo)
        routes.on(.studySettings, use: settings)
        routes.on(.updateStudySettings, use: updateSettings)
    }

    /// `?book=ID&limit=N`: due cards first (learning, then reviews), then new ones.
    @Sendable func queue(req: Request) async throws -> ReviewQueueDTO {
        let bookID = try await req.studiedBook()
        let limit = try WordListQuery.int(req, "limit", default: 50, range: 1...500)
        return ReviewQueueDTO(try await req.reviews().queue(bookID: bookID, limit: limit))
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
}
