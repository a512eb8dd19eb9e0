import Foundation

/// An Anki field (HTML) as Maeil's plain text: line breaks kept (`<br>`, `<div>`,
/// `<p>`, `<li>`), tags stripped, entities decoded, cloze markers resolved to their
/// answers, `[sound:…]` tags taken out (the sounds go with the word as media), spaces
/// tidied.
public enum AnkiText {
    public static func plain(_ html: String) -> String {
        // One pass over the text, no regular expressions: an import turns tens of
        // thousands of fields, and compiling patterns was most of its time.
        let source = html.contains("{{c") ? resolveClozes(html) : html
        var text = ""
        text.reserveCapacity(source.utf8.count)
        var rest = Substring(source)
        while let next = rest.firstIndex(where: { $0 == "<" || $0 == "[" }) {
            text += rest[..<next]
            rest = rest[next...]
            if rest.first == "[" {
                if rest.hasPrefix("[sound:"), let close = rest.firstIndex(of: "]") {
                    rest = rest[rest.index(after: close)...]
                } else {
                    text += "["
                    rest = rest.dropFirst()
                }
                continue
            }
            guard let close = rest.firstIndex(of: ">") else {
                text += rest
                rest = ""
                break
            }
            let tag = Tag(rest[rest.index(after: rest.startIndex)..<close])
            rest = rest[rest.index(after: close)...]
            if tag.breaksLine { text += "\n" }
            // A script or style keeps nothing up to its end tag.
            if !tag.isClosing, tag.name == "script" || tag.name == "style" {
                let end = "</" + tag.name
                if let found = rest.range(of: end, options: .caseInsensitive),
                    let after = rest[found.upperBound...].firstIndex(of: ">")
                {
                    rest = rest[rest.index(after: after)...]
                } else {
                    rest = ""
                }
            }
        }
        text += rest
        text = decodeEntities(text)
        // Each line with its runs of spaces made one and its ends trimmed; no leading,
        // trailing or doubled blank lines.
        var lines: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var tidy = ""
            var pendingSpace = false
            for character in line {
                if character == " " || character == "\t" || character == "\u{00A0}" {
                    pendingSpace = !tidy.isEmpty
                } else {
                    if pendingSpace { tidy.append(" ") }
                    pendingSpace = false
                    tidy.append(character)
                }
            }
            if tidy.isEmpty && (lines.last?.isEmpty ?? true) { continue }
            lines.append(tidy)
        }
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines.joined(separator: "\n")
    }

    /// A tag's name (lower case) and whether it ends an element.
    private struct Tag {
        var name: String
        var isClosing: Bool

        init(_ inside: Substring) {
            var body = inside.drop { $0 == " " }
            isClosing = body.first == "/"
            if isClosing { body = body.dropFirst().drop { $0 == " " } }
            name = String(body.prefix { $0.isLetter || $0.isNumber }).lowercased()
        }

        /// `<br>`, and the end of a block (`</div>`, `</p>`, `</li>`, `</tr>`, `</h1>`…).
        var breaksLine: Bool {
            if name == "br" { return true }
            return isClosing && Self.blocks.contains(name)
        }

        private static let blocks: Set<String> = [
            "div", "p", "li", "tr", "h1", "h2", "h3", "h4", "h5", "h6",
        ]
    }

    private static let cloze = try? NSRegularExpression(
        pattern: #"\{\{c\d+::(.*?)(::[^}]*)?\}\}"#)

    /// `{{c1::cat}}` → cat, `{{c2::mat::floor}}` → mat (the hint is dropped).
    public static func resolveClozes(_ text: String) -> String {
        guard let cloze else { return text }
        return cloze.stringByReplacingMatches(
            in: text, range: NSRange(text.startIndex..., in: text), withTemplate: "$1")
    }

    /// The language each field is spoken in by a template's TTS tag,
    /// `{{tts ja_JP:Expression}}` → Expression: ja (the ISO 639 part, lower case).
    public static func spokenLanguages(_ template: String) -> [String: String] {
        var languages: [String: String] = [:]
        for match in ttsTag?.matches(
            in: template, range: NSRange(template.startIndex..., in: template)) ?? []
        {
            guard let code = Range(match.range(at: 1), in: template),
                let field = Range(match.range(at: 2), in: template)
            else { continue }
            let language = template[code].prefix { $0.isLetter }.lowercased()
            let name = String(template[field]).trimmingCharacters(in: .whitespaces)
            // "{{tts ja_JP voices=…:cloze:Text}}": the field is the last name.
            let fieldName = name.split(separator: ":").last.map(String.init) ?? name
            if (2...3).contains(language.count), languages[fieldName] == nil {
                languages[fieldName] = language
            }
        }
        return languages
    }

    private static let ttsTag = try? NSRegularExpression(
        pattern: #"\{\{\s*tts\s+([A-Za-z]{2,3}(?:[_-][A-Za-z]+)?)[^:}]*:([^}]+)\}\}"#)

    /// The media a field names: `[sound:x.mp3]` and `<img src="x.jpg">`, in order, each once.
    public static func mediaNames(_ html: String) -> [String] {
        var names: [String] = []
        guard html.contains("[sound:") || html.range(of: "<img", options: .caseInsensitive) != nil
        else { return names }
        for regex in mediaPatterns {
            for match in regex.matches(in: html, range: NSRange(html.startIndex..., in: html)) {
                guard let range = Range(match.range(at: 1), in: html) else { continue }
                let name = decodeEntities(String(html[range])).precomposedStringWithCanonicalMapping
                if !names.contains(name) { names.append(name) }
            }
        }
        return names
    }

    private static let mediaPatterns = [
        #"\[sound:([^\]]+)\]"#, #"(?i)<img[^>]*?\bsrc\s*=\s*["']?([^"'\s>]+)"#,
    ].compactMap { try? NSRegularExpression(pattern: $0) }

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
