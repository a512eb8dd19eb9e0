/// Which side of a word is shown and which is asked for.
public enum StudyDirection: String, Codable, Sendable, CaseIterable {
    /// Show the term, ask for the meaning ("apple" → 사과).
    case termToMeaning
    /// Show the meaning, ask for the term (사과 → "apple").
    case meaningToTerm

    /// What the answers are called, for messages ("meanings" or "terms").
    var answerNoun: String {
        self == .termToMeaning ? "meanings" : "terms"
    }
}
