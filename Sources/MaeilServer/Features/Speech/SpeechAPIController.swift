import MaeilAPI
import Vapor

/// Text to speech: `GET /api/v1/tts?text=&lang=ko|en|ja` answers WAV audio.
struct SpeechAPIController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.on(.speech, use: speak)
    }

    @Sendable func speak(req: Request) async throws -> Response {
        try await req.speechResponse()
    }
}
