import Foundation
import Kana

/// Judges a typed answer against a card's answer, forgivingly: case, spacing
/// and Unicode normalization do not matter, and when the answer lists several
/// meanings ("apple, fruit"; "사과 (과일)") any one of them is enough. Kana is
/// the same in either script (こーひー = コーヒー), and a Japanese answer in kanji
/// (学生) is also right when typed as its reading (がくせい).
enum TypedAnswer {
    static func isCorrect(_ typed: String, expected: String, reading: String = "") -> Bool {
        let typed = normalized(typed)
        guard !typed.isEmpty else { return false }
        if typed == normalized(expected) { return true }
        if alternatives(of: expected).contains(typed) { return true }
        return isJapanese(expected, reading: reading) && !reading.isEmpty
            && (typed == normalized(reading) || alternatives(of: reading).contains(typed))
    }

    /// Whether `answer` is Japanese: it has kana, or it has kanji and its reading is kana.
    static func isJapanese(_ answer: String, reading: String) -> Bool {
        answer.unicodeScalars.contains(where: Kana.isKana)
            || (answer.unicodeScalars.contains(where: Kana.isKanji)
                && reading.unicodeScalars.contains(where: Kana.isKana))
    }

    /// The rating to suggest: Good when right, Again when wrong.
    static func suggestedRating(correct: Bool) -> Int { correct ? 3 : 1 }

    private static func alternatives(of expected: String) -> [String] {
        let withoutNotes = expected.replacingOccurrences(
            of: #"\([^)]*\)"#, with: " ", options: .regularExpression)
        return withoutNotes.components(separatedBy: CharacterSet(charactersIn: ",;/·、"))
            .map(normalized)
            .filter { !$0.isEmpty }
    }

    private static func normalized(_ text: String) -> String {
        Kana.hiraganaToKatakana(text.precomposedStringWithCanonicalMapping)
            .lowercased()
            .split(whereSeparator: \.isWhitespace)
            .joined(separator: " ")
    }
}
