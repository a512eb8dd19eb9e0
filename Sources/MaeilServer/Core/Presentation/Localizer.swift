import Vapor

enum UILanguage: String, CaseIterable, Sendable {
    case ko, en
}

/// UI strings in Korean and English. The language is the signed-in account's
/// choice, else the `maeil_lang` cookie (set by the toggle), else the best of
/// Accept-Language, else English.
enum Localizer {
    static let cookie = "maeil_lang"

    static func language(for req: Request) -> UILanguage {
        if let chosen = req.auth.get(User.self)?.language { return chosen }
        // Asked for by every string a page shows: the cookies and headers are
        // read once per request.
        if let known = req.storage[FromHeaders.self] { return known }
        let lang: UILanguage =
            if let raw = req.cookies[cookie]?.string, let lang = UILanguage(rawValue: raw) {
                lang
            } else {
                language(acceptLanguage: req.headers.first(name: .acceptLanguage))
            }
        req.storage[FromHeaders.self] = lang
        return lang
    }

    private struct FromHeaders: StorageKey { typealias Value = UILanguage }

    /// Picks the first supported language by q-value order.
    static func language(acceptLanguage header: String?) -> UILanguage {
        guard let header else { return .en }
        let ranked = header.split(separator: ",").compactMap { part -> (String, Double)? in
            let pieces = part.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let tag = pieces.first?.lowercased(), !tag.isEmpty else { return nil }
            let q =
                pieces.dropFirst().first { $0.hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) }
                ?? 1
            return (tag, q)
        }.sorted { $0.1 > $1.1 }
        for (tag, q) in ranked where q > 0 {
            if let lang = UILanguage(rawValue: String(tag.prefix(2))) { return lang }
        }
        return .en
    }

    static func strings(_ lang: UILanguage) -> [String: String] {
        lang == .ko ? korean : english
    }

    /// The UI strings, from `Resources/Strings/<language>.json`, read once.
    static let english = (try? load(.en)) ?? [:]
    static let korean = (try? load(.ko)) ?? [:]

    static func load(_ lang: UILanguage) throws -> [String: String] {
        try JSONDecoder().decode(
            [String: String].self, from: MaeilResources.data("Strings/\(lang.rawValue).json"))
    }

    /// Fails at start, with the reason, when a strings file cannot be read.
    static func checkLoaded() throws {
        for lang in UILanguage.allCases where strings(lang).isEmpty {
            _ = try load(lang)
            throw MaeilResources.ResourceError.missing
        }
    }

    static func text(_ key: String, _ lang: UILanguage) -> String {
        strings(lang)[key] ?? key
    }
}
