import Foundation
import Vapor
import VocabCore

/// Headers every answer carries so a browser holds the pages to what they
/// are: no sniffing of content types, no referrer sent to other sites, never
/// framed; and for HTML a Content-Security-Policy that runs only the app's own
/// scripts and styles (no inline ones but the charts' fixed stylesheets, by
/// hash), so a word that smuggled markup past the escaping still could not
/// run or restyle anything. Future-based, as the other middlewares that never
/// wait (`configure` has why).
struct SecurityHeadersMiddleware: Middleware {
    static let contentSecurityPolicy = [
        "default-src 'self'", "script-src 'self'",
        "style-src 'self' "
            + ChartStyles.all.map {
                "'sha256-\(Data(SHA256.hash(data: Data($0.utf8))).base64EncodedString())'"
            }.joined(separator: " "),
        "img-src 'self' data:",
        "media-src 'self'", "connect-src 'self'", "object-src 'none'", "base-uri 'none'",
        "form-action 'self'", "frame-ancestors 'none'",
    ].joined(separator: "; ")

    func respond(to request: Request, chainingTo next: any Responder) -> EventLoopFuture<Response> {
        next.respond(to: request).map { response in
            Self.mark(response)
            return response
        }
    }

    private static func mark(_ response: Response) {
        response.headers.replaceOrAdd(name: "X-Content-Type-Options", value: "nosniff")
        response.headers.replaceOrAdd(name: "Referrer-Policy", value: "same-origin")
        response.headers.replaceOrAdd(name: "X-Frame-Options", value: "DENY")
        // The header's text, not `contentType`: parsing it as a media type
        // was 5% of a JSON word page.
        if response.headers.first(name: .contentType)?.hasPrefix("text/html") == true {
            response.headers.replaceOrAdd(
                name: "Content-Security-Policy", value: Self.contentSecurityPolicy)
        }
    }
}
