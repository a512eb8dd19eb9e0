/// Text for a LIKE pattern with `ESCAPE '\'`.
enum LikePattern {
    /// `text` matched literally: `\`, `%` and `_` each behind a `\`. One pass
    /// over the text; a typo search escapes each of its hundreds of variants.
    static func literal(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isSpecial) else { return text }
        var escaped = String.UnicodeScalarView()
        escaped.reserveCapacity(text.unicodeScalars.count + 4)
        for scalar in text.unicodeScalars {
            if isSpecial(scalar) { escaped.append("\\") }
            escaped.append(scalar)
        }
        return String(escaped)
    }

    private static func isSpecial(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\\" || scalar == "%" || scalar == "_"
    }
}
