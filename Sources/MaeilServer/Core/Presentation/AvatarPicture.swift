import Foundation

/// A user's picture as pages and the API point to it: the uploaded one, or a
/// generated one (the first letter of their name on a colour from their id).
/// Its address carries a version — the upload's digest, or the name the
/// generated one shows — so a changed picture has a new address and a cached
/// old one never shows under the new.
struct AvatarPicture: Sendable, Equatable {
    var userID: UUID
    /// The name the generated picture shows (display name, else username).
    var name: String
    /// The uploaded picture's digest (hex), nil for the generated one.
    var digest: String?

    var version: String {
        if let digest { return String(digest.prefix(16)) }
        var hash: UInt32 = 0x811C_9DC5  // FNV-1a of the name
        for byte in name.utf8 { hash = (hash ^ UInt32(byte)) &* 0x0100_0193 }
        return "i" + String(hash, radix: 16)
    }

    /// For `<img src>` on the web app's pages (signed in by cookie).
    var webURL: String { "/users/\(userID.uuidString)/avatar?v=\(version)" }
    /// For API clients (signed in by token).
    var apiURL: String { "/api/v1/users/\(userID.uuidString)/avatar?v=\(version)" }

    /// The generated picture: a circle-ready square of one colour, chosen from
    /// the id, with the name's first letter in white.
    var generatedSVG: String {
        let initial = name.first.map { String($0).uppercased() } ?? "?"
        let escaped = initial.replacingOccurrences(of: "&", with: "&amp;")
            .replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
        let colour = Self.palette[
            Int(userID.uuid.0 ^ userID.uuid.5 ^ userID.uuid.15) % Self.palette.count]
        return """
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96" width="96" height="96">\
            <rect width="96" height="96" fill="\(colour)"/>\
            <text x="48" y="50" dy=".35em" text-anchor="middle" fill="#fff" \
            font-family="system-ui, 'Noto Sans KR', NanumGothic, sans-serif" font-size="44" \
            font-weight="600">\(escaped)</text></svg>
            """
    }

    /// Colours dark enough for white letters (contrast ≥ 4.5:1).
    static let palette = [
        "#2F6F4F", "#1F5F8B", "#7A4EAB", "#A6413A", "#8A5A00", "#00695C", "#3F51B5", "#AD1457",
        "#5D4037", "#455A64",
    ]
}
