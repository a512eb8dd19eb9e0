/// Measuring and styling text for a terminal, where Hangul, kana and CJK take two
/// columns and ANSI escapes take none.
enum ScreenText {
    static let bold = "\u{1B}[1m"
    static let dim = "\u{1B}[2m"
    static let underline = "\u{1B}[4m"
    static let inverse = "\u{1B}[7m"
    static let red = "\u{1B}[31m"
    static let green = "\u{1B}[32m"
    static let yellow = "\u{1B}[33m"
    static let cyan = "\u{1B}[36m"
    static let reset = "\u{1B}[0m"

    static func styled(_ text: String, _ style: String) -> String {
        style + text + reset
    }

    /// Columns `text` takes, escapes not counted.
    static func width(_ text: String) -> Int {
        var columns = 0
        var inEscape = false
        for character in text {
            if inEscape {
                if let ascii = character.asciiValue, (0x40...0x7E).contains(ascii),
                    ascii != UInt8(ascii: "[")
                {
                    inEscape = false
                }
                continue
            }
            if character == "\u{1B}" {
                inEscape = true
                continue
            }
            columns += width(of: character)
        }
        return columns
    }

    /// `text` cut to `width` columns (escapes kept; styling reset when cut).
    static func fit(_ text: String, width limit: Int) -> String {
        guard width(text) > limit else { return text }
        var result = ""
        var columns = 0
        var inEscape = false
        for character in text {
            if inEscape {
                result.append(character)
                if let ascii = character.asciiValue, (0x40...0x7E).contains(ascii),
                    ascii != UInt8(ascii: "[")
                {
                    inEscape = false
                }
                continue
            }
            if character == "\u{1B}" {
                inEscape = true
                result.append(character)
                continue
            }
            let characterWidth = width(of: character)
            if columns + characterWidth > limit { break }
            columns += characterWidth
            result.append(character)
        }
        return result + reset
    }

    /// Plain `text` broken into lines of at most `width` columns, at spaces where it can.
    static func wrap(_ text: String, width limit: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: false).map(String.init) {
            let candidate = line.isEmpty ? word : line + " " + word
            if width(candidate) <= limit {
                line = candidate
                continue
            }
            if !line.isEmpty { lines.append(line) }
            var rest = word
            // A word longer than a line is cut.
            while width(rest) > limit, limit > 0 {
                var head = ""
                for character in rest {
                    if width(head) + width(of: character) > limit { break }
                    head.append(character)
                }
                lines.append(head)
                rest.removeFirst(head.count)
            }
            line = rest
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines
    }

    /// `left` and `right` on one line of `width` columns, `right` flush right.
    static func spread(_ left: String, _ right: String, width: Int) -> String {
        let gap = max(1, width - self.width(left) - self.width(right))
        return left + String(repeating: " ", count: gap) + right
    }

    /// Two columns for East Asian wide and full-width characters (and emoji), none
    /// for controls, one for the rest.
    static func width(of character: Character) -> Int {
        guard let scalar = character.unicodeScalars.first else { return 0 }
        let value = scalar.value
        if value < 0x20 || (0x7F..<0xA0).contains(value) { return 0 }
        let wideRanges: [ClosedRange<UInt32>] = [
            0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
            0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F,
            0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF,
            0x20000...0x3FFFD,
        ]
        return wideRanges.contains { $0.contains(value) } ? 2 : 1
    }
}
