import Foundation

/// Search normalization: the folded form of a text is what search compares, so that
/// "Café", "CAFE" and "ｃａｆｅ" all find "cafe".
///
/// Folding lowercases, removes diacritics from Latin, Greek and Cyrillic letters
/// (é → e, Ü → u, ß → ss, ﬁ → fi), maps full-width ASCII to ASCII, collapses runs of
/// whitespace to one space and trims. Hangul syllables and Japanese kana are left intact
/// (사과 stays 사과, が stays が); the output is NFC. Linear in the input.
public enum SearchFolding {
    public static func fold(_ s: String) -> String {
        if s.isEmpty { return s }
        let input = isASCII(s) || isPlainlyNFC(s) ? s : s.precomposedStringWithCanonicalMapping
        let table = FoldTable.shared
        var out = String.UnicodeScalarView()
        var pendingSpace = false
        var lastBaseFoldable = false

        @inline(__always) func emit(_ scalar: Unicode.Scalar) {
            if pendingSpace {
                if !out.isEmpty { out.append(" ") }
                pendingSpace = false
            }
            out.append(scalar)
        }

        for scalar in input.unicodeScalars {
            let v = scalar.value
            if v < 0x80 {
                switch v {
                case 0x20, 0x09, 0x0A, 0x0B, 0x0C, 0x0D:
                    pendingSpace = true
                case 0x41...0x5A:
                    emit(Unicode.Scalar(UInt8(v + 0x20)))
                default:
                    emit(scalar)
                }
                lastBaseFoldable = true
                continue
            }
            // Combining diacritical marks: dropped after a Latin/Greek/Cyrillic base.
            if v >= 0x300 && v <= 0x36F {
                if !lastBaseFoldable { emit(scalar) }
                continue
            }
            // Full-width ASCII.
            if v >= 0xFF01 && v <= 0xFF5E {
                var ascii = v - 0xFEE0
                if ascii >= 0x41 && ascii <= 0x5A { ascii += 0x20 }
                emit(Unicode.Scalar(UInt8(ascii)))
                lastBaseFoldable = true
                continue
            }
            // Hangul syllables and jamo, kana, CJK ideographs: no case, no folding.
            if (v >= 0xAC00 && v <= 0xD7A3) || (v >= 0x3040 && v <= 0x30FF)
                || (v >= 0x4E00 && v <= 0x9FFF)
                || (v >= 0x1100 && v <= 0x11FF) || (v >= 0x3130 && v <= 0x318F)
            {
                emit(scalar)
                lastBaseFoldable = false
                continue
            }
            if TextTrim.isSpace(scalar) {
                pendingSpace = true
                lastBaseFoldable = false
                continue
            }
            if let folded = table.map[v] {
                for f in folded { emit(f) }
                lastBaseFoldable = true
                continue
            }
            lastBaseFoldable = FoldTable.isFoldableScript(v)
            if scalar.properties.changesWhenLowercased {
                for f in scalar.properties.lowercaseMapping.unicodeScalars { emit(f) }
            } else {
                emit(scalar)
            }
        }
        return String(out)
    }

    /// A pattern for SQL `LIKE ? ESCAPE '\'` that matches `folded` anywhere: `\`, `%` and `_`
    /// are escaped with a backslash and the result is wrapped in `%…%`.
    public static func likePattern(_ folded: String) -> String {
        var out = "%"
        out.reserveCapacity(folded.utf8.count + 2)
        for scalar in folded.unicodeScalars {
            switch scalar {
            case "\\", "%", "_":
                out.unicodeScalars.append("\\")
                out.unicodeScalars.append(scalar)
            default:
                out.unicodeScalars.append(scalar)
            }
        }
        out.append("%")
        return out
    }

    /// Whether every scalar is one that NFC leaves alone whatever stands
    /// next to it: below the combining marks, kana but for the combining
    /// voicing marks, unified kanji, CJK punctuation, Hangul syllables,
    /// full-width ASCII. Most words are, and normalizing them through
    /// Foundation was a third of folding's time in an import.
    static func isPlainlyNFC(_ s: String) -> Bool {
        s.unicodeScalars.allSatisfy {
            switch $0.value {
            case 0..<0x300, 0x3000...0x303F, 0x3041...0x3096, 0x309B...0x30FF, 0x4E00...0x9FFF,
                0xAC00...0xD7A3, 0xFF01...0xFF5E:
                true
            default: false
            }
        }
    }

    static func isASCII(_ s: String) -> Bool {
        var s = s
        return s.withUTF8 { buffer in
            for byte in buffer where byte >= 0x80 { return false }
            return true
        }
    }
}

/// Precomputed folds of the Latin, Greek and Cyrillic letters that change when folded.
private final class FoldTable: Sendable {
    static let shared = FoldTable()

    let map: [UInt32: [Unicode.Scalar]]

    static func isFoldableScript(_ v: UInt32) -> Bool {
        (v >= 0x80 && v <= 0x24F) || (v >= 0x370 && v <= 0x52F) || (v >= 0x1E00 && v <= 0x1FFF)
            || (v >= 0x2C60 && v <= 0x2C7F) || (v >= 0xA720 && v <= 0xA7FF)
            || (v >= 0xFB00 && v <= 0xFB06)
    }

    private init() {
        var map: [UInt32: [Unicode.Scalar]] = [:]
        let ranges: [ClosedRange<UInt32>] = [
            0xC0...0x24F, 0x370...0x3FF, 0x400...0x52F, 0x1E00...0x1FFF,
        ]
        for range in ranges {
            for v in range {
                guard let scalar = Unicode.Scalar(v),
                    scalar.properties.generalCategory != .unassigned
                else {
                    continue
                }
                let decomposed = String(scalar).decomposedStringWithCanonicalMapping
                var folded: [Unicode.Scalar] = []
                for part in decomposed.unicodeScalars
                where !(part.value >= 0x300 && part.value <= 0x36F) {
                    folded.append(contentsOf: part.properties.lowercaseMapping.unicodeScalars)
                }
                // Dropping marks can leave a lowercase mapping that adds marks back (İ → i̇).
                folded.removeAll { $0.value >= 0x300 && $0.value <= 0x36F }
                if folded.isEmpty || folded == [scalar] { continue }
                map[v] = folded
            }
        }
        let extras: [UInt32: String] = [
            0xDF: "ss", 0x1E9E: "ss",  // ß ẞ
            0xC6: "ae", 0xE6: "ae", 0x152: "oe", 0x153: "oe",  // Æ æ Œ œ
            0xD8: "o", 0xF8: "o", 0x110: "d", 0x111: "d", 0x141: "l", 0x142: "l",  // Ø ø Đ đ Ł ł
            0x126: "h", 0x127: "h", 0x131: "i", 0x3C2: "σ",  // Ħ ħ ı ς
            0xFB00: "ff", 0xFB01: "fi", 0xFB02: "fl", 0xFB03: "ffi", 0xFB04: "ffl", 0xFB05: "st",
            0xFB06: "st",
        ]
        for (v, text) in extras { map[v] = Array(text.unicodeScalars) }
        self.map = map
    }
}
