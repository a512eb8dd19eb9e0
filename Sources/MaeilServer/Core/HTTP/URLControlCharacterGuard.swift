import Vapor
import VocabCore

/// Refuses a request whose path or query, percent-decoded, holds a control
/// character (`%00`, `%0A`, …) before anything reads it: no search, id or file
/// name ever sees one. `/favicon.svg%00.html` would otherwise open
/// `favicon.svg` (the name ends at the NUL) but be typed by its `.html`.
struct URLControlCharacterGuard: Middleware {
    func respond(to request: Request, chainingTo next: any Responder) -> EventLoopFuture<Response> {
        if Self.holdsControlCharacter(request.url.path)
            || request.url.query.map(Self.holdsControlCharacter) == true
        {
            return request.eventLoop.makeFailedFuture(
                AppError.badRequest(
                    "the address must not contain control characters", code: .controlCharacter))
        }
        return next.respond(to: request)
    }

    /// Decodes `%XX` escapes as bytes and checks them; a `%` without two hex
    /// digits after it stays as it is, and the scan goes on from the next byte.
    static func holdsControlCharacter(_ raw: String) -> Bool {
        // Most addresses are printable ASCII without escapes: nothing to decode.
        if raw.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "%") }) {
            return false
        }
        let source = Array(raw.utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(source.count)
        var i = 0
        while i < source.count {
            if source[i] == UInt8(ascii: "%"), i + 2 < source.count,
                let high = hexValue(source[i + 1]), let low = hexValue(source[i + 2])
            {
                bytes.append(high << 4 | low)
                i += 3
            } else {
                bytes.append(source[i])
                i += 1
            }
        }
        return ControlCharacters.occur(inUTF8: bytes, allowingLineBreaks: false)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
