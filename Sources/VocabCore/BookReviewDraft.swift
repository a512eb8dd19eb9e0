/// What a reader writes about a shared book: stars and a text. The rules are
/// the same for the API, the web form and the CLI.
public enum ReviewLimits {
    public static let stars = 1...5
    /// Characters (Unicode scalars) of a review's text.
    public static let text = 2_000
    /// Characters of the owner's reply to a review.
    public static let reply = 1_000
    /// Characters of the reason a report gives.
    public static let reportReason = 500
}

public struct BookReviewDraft: Sendable, Equatable {
    public var stars: Int
    public var text: String

    public init(stars: Int, text: String) {
        self.stars = stars
        self.text = text
    }

    /// The text without its surrounding blanks (line breaks inside are kept).
    public func normalized() -> BookReviewDraft {
        BookReviewDraft(stars: stars, text: TextTrim.trimmed(text))
    }

    /// Checks the draft as it is (call `normalized()` first): 1–5 stars, a text
    /// that is not blank, at most `ReviewLimits.text` characters, no control
    /// characters.
    public func validate() throws(ValidationError) {
        guard ReviewLimits.stars.contains(stars) else {
            throw ValidationError(
                field: "stars",
                kind: .outOfRange(
                    lower: ReviewLimits.stars.lowerBound, upper: ReviewLimits.stars.upperBound),
                message: "stars must be from 1 to 5, not \(stars)")
        }
        try Self.checkText(text, field: "text", limit: ReviewLimits.text)
    }

    /// The owner's reply, trimmed: not blank, at most `ReviewLimits.reply` characters.
    public static func reply(_ text: String) throws(ValidationError) -> String {
        let text = TextTrim.trimmed(text)
        try checkText(text, field: "reply", limit: ReviewLimits.reply)
        return text
    }

    /// A report's reason, trimmed: may be empty, at most `ReviewLimits.reportReason` characters.
    public static func reportReason(_ text: String) throws(ValidationError) -> String {
        let text = TextTrim.trimmed(text)
        try WordDraft.check(
            text, field: "reason", label: "reason", limit: ReviewLimits.reportReason)
        return text
    }

    /// A review's or a reply's text: not blank, at most `limit` characters.
    static func checkText(_ text: String, field: String, limit: Int)
        throws(ValidationError)
    {
        if TextTrim.trimmed(text).isEmpty {
            throw ValidationError(
                field: field, kind: .empty,
                message: field == "text" ? "Please write a review" : "\(field) must not be empty")
        }
        try WordDraft.check(text, field: field, label: field, limit: limit)
    }
}
