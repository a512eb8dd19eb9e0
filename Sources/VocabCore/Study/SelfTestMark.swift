/// The player's own verdict on a word in the O/X test.
public enum SelfTestMark: String, Codable, Sendable, CaseIterable {
    /// O: knew it.
    case known
    /// X: did not.
    case unknown
}
