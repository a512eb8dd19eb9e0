import Foundation
import NIOConcurrencyHelpers

/// The UI strings each template shows (`#(t.key)`), its layout's and partials'
/// included: a page gets these, not the whole table. Read from the template
/// files once per template and language.
enum TemplateStrings {
    private static let cache = NIOLockedValueBox<[String: [String: String]]>([:])

    /// The template's strings in `lang`, picked from the table once per template and language.
    static func strings(of template: String, in lang: UILanguage) -> [String: String] {
        let key = lang.rawValue + "/" + template
        if let strings = cache.withLockedValue({ $0[key] }) { return strings }
        let keys = keys(of: template)
        let strings = Localizer.strings(lang).filter { keys.contains($0.key) }
        cache.withLockedValue { $0[key] = strings }
        return strings
    }

    static func keys(of template: String) -> Set<String> { collect(template, seen: []) }

    /// `#(t.name)`, `t.name` in tags, and the same in every `#extend`ed template.
    private static func collect(_ template: String, seen: Set<String>) -> Set<String> {
        guard !seen.contains(template),
            let text = try? String(
                decoding: MaeilResources.data("Views/\(template).leaf"), as: UTF8.self)
        else { return [] }
        var keys = Set(matches(of: #/\bt\.([A-Za-z0-9_]+)/#, in: text))
        for included in matches(of: #/#extend\("([^"]+)"\)/#, in: text) {
            keys.formUnion(collect(included, seen: seen.union([template])))
        }
        return keys
    }

    private static func matches(of pattern: Regex<(Substring, Substring)>, in text: String)
        -> [String]
    {
        text.matches(of: pattern).map { String($0.output.1) }
    }
}
