/// What a hangman guess did.
public struct HangmanOutcome: Sendable, Hashable {
    /// The key guessed, as the game records it (a–z lowercase, hiragana, compatibility jamo).
    public var key: String
    /// Whether the key is in the answer.
    public var isHit: Bool

    public init(key: String, isHit: Bool) {
        self.key = key
        self.isHit = isHit
    }
}
