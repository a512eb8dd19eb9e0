import Foundation

/// Judges a typed answer against a card's answer, forgivingly: case, spacing
/// and Unicode normalization do not matter, and when the answer lists several
/// meanings ("apple, fruit"; "사과 (과일)") any one of them is enough.
enum TypedAnswer {
    static func isCorrect(_ typed: String, expected: String) -> Bool {
        let typed = normalized(typed)
        guard !typed.isEmpty else { return false }
        if typed == normalized(expected) { return true }
        return alternatives(of: expected).contains(typed)
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
        text.precomposedStringWithCanonicalMapping
            .lowercased()
            .split(whereSeparator: \.isWhitespace)
            .joined(separator: " ")
    }
}
