/// Text made safe to place in HTML or SVG: in element content and in attribute
/// values alike. Used wherever the server writes markup itself (charts, the
/// search highlights of a word list) rather than through a template.
public enum MarkupText {
    public static func escaped(_ text: String) -> String {
        // Most text has nothing to escape: returned as it is, unscanned by
        // scalar, its bytes read in place (through the view's iterator, the
        // test alone was 2.6% of making a web word list).
        let escapes =
            text.utf8.withContiguousStorageIfAvailable { $0.contains(where: needsEscape) }
            ?? text.utf8.contains(where: needsEscape)
        guard escapes else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            // Control characters are not allowed in XML 1.0 (nor shown in HTML).
            case _ where scalar.value < 0x20 && scalar != "\n" && scalar != "\t": continue
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    private static func needsEscape(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""),
            UInt8(ascii: "'"):
            true
        case UInt8(ascii: "\n"), UInt8(ascii: "\t"): false
        default: byte < 0x20
        }
    }
}
