import Vapor

/// The speak buttons' audio for signed-in pages (`/tts?text=&lang=`); with no engine
/// installed it answers 503 and the page speaks with the browser's voice.
struct SpeechWebController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.get("tts", use: speak)
    }

    @Sendable func speak(req: Request) async throws -> Response {
        try await req.speechResponse()
    }
}
