/// What one character of a hangman answer shows.
public struct HangmanCell: Codable, Sendable, Hashable {
    /// The character, a partly revealed Hangul syllable (see `HangmanGame.cells`), or
    /// `nil` while nothing of it is revealed.
    public var text: String?
    /// Whether the whole character is revealed (always for characters not played).
    public var isComplete: Bool
    /// Whether the character is guessed; spaces, digits, punctuation and letters of
    /// another script are not, and are shown from the start.
    public var isPlayed: Bool

    public init(text: String?, isComplete: Bool, isPlayed: Bool) {
        self.text = text
        self.isComplete = isComplete
        self.isPlayed = isPlayed
    }
}
