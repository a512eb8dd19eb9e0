import Foundation

/// An Anki field (HTML) as Maeil's plain text: line breaks kept (`<br>`, `<div>`,
/// `<p>`, `<li>`), tags stripped, entities decoded, cloze markers resolved to their
/// answers, `[sound:…]` tags taken out (the sounds go with the word as media), spaces
/// tidied.
public enum AnkiText {
    public static func plain(_ html: String) -> String {
        var text = resolveClozes(html)
        text = text.replacingOccurrences(
            of: #"\[sound:[^\]]*\]"#, with: "", options: .regularExpression)
        // Block ends and breaks become newlines; every other tag goes.
        text = text.replacingOccurrences(
            of: #"(?i)<\s*br\s*/?\s*>|<\s*/\s*(div|p|li|tr|h[1-6])\s*>"#, with: "\n",
            options: .regularExpression)
        text = text.replacingOccurrences(
            of: #"(?is)<\s*(script|style)\b.*?<\s*/\s*\1\s*>"#, with: "",
            options: .regularExpression)
        text = text.replacingOccurrences(of: #"<[^>]*>"#, with: "", options: .regularExpression)
        text = decodeEntities(text)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.replacingOccurrences(of: #"[ \t\u00A0]+"#, with: " ", options: .regularExpression)
                .trimmingCharacters(in: .whitespaces)
        }
        // No leading, trailing or doubled blank lines.
        var kept: [String] = []
        for line in lines where !(line.isEmpty && (kept.last?.isEmpty ?? true)) {
            kept.append(line)
        }
        while kept.last?.isEmpty == true { kept.removeLast() }
        return kept.joined(separator: "\n")
    }

    /// `{{c1::cat}}` → cat, `{{c2::mat::floor}}` → mat (the hint is dropped).
    public static func resolveClozes(_ text: String) -> String {
        text.replacingOccurrences(
            of: #"\{\{c\d+::(.*?)(::[^}]*)?\}\}"#, with: "$1", options: .regularExpression)
    }

    /// The media a field names: `[sound:x.mp3]` and `<img src="x.jpg">`, in order, each once.
    public static func mediaNames(_ html: String) -> [String] {
        var names: [String] = []
        for pattern in [#"\[sound:([^\]]+)\]"#, #"(?i)<img[^>]*?\bsrc\s*=\s*["']?([^"'\s>]+)"#] {
            guard let regex = try? NSRegularExpression(pattern: pattern) else { continue }
            for match in regex.matches(in: html, range: NSRange(html.startIndex..., in: html)) {
                guard let range = Range(match.range(at: 1), in: html) else { continue }
                let name = decodeEntities(String(html[range])).precomposedStringWithCanonicalMapping
                if !names.contains(name) { names.append(name) }
            }
        }
        return names
    }

    static func decodeEntities(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var result = ""
        var rest = Substring(text)
        while let amp = rest.firstIndex(of: "&") {
            result += rest[..<amp]
            let after = rest[amp...]
            if let semicolon = after.prefix(12).firstIndex(of: ";") {
                let name = after[after.index(after: amp)..<semicolon]
                if let decoded = entity(String(name)) {
                    result += decoded
                    rest = after[after.index(after: semicolon)...]
                    continue
                }
            }
            result += "&"
            rest = after.dropFirst()
        }
        return result + rest
    }

    private static func entity(_ name: String) -> String? {
        if name.hasPrefix("#") {
            let digits = name.dropFirst()
            let value =
                digits.first == "x" || digits.first == "X"
                ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
            return value.flatMap(Unicode.Scalar.init).map { String(Character($0)) }
        }
        return named[name]
    }

    private static let named: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{00A0}",
        "ndash": "–", "mdash": "—", "hellip": "…", "lsquo": "‘", "rsquo": "’", "ldquo": "“",
        "rdquo": "”", "middot": "·", "times": "×", "divide": "÷", "copy": "©", "reg": "®",
        "deg": "°", "laquo": "«", "raquo": "»", "bull": "•", "rarr": "→", "larr": "←",
        "eacute": "é", "egrave": "è", "agrave": "à", "aacute": "á", "uuml": "ü", "ouml": "ö",
        "auml": "ä", "szlig": "ß", "ccedil": "ç", "ntilde": "ñ", "iacute": "í", "oacute": "ó",
        "uacute": "ú",
    ]
}
