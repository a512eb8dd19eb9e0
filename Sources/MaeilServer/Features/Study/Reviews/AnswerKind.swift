import VocabCore

/// What an answer (a row of `review_logs`) counts as, in SQL on a row
/// qualifier (a table, an alias, a trigger's `NEW` or `OLD`): one rule for
/// every count of reviews and right answers, the kept counts by day on
/// either database, a day's tally and retention alike.
enum AnswerKind {
    /// Given in a review session. A game logs its misses too: they count as
    /// study, not toward review accuracy.
    static func isReview(_ row: String) -> String { "\(row).source = 'review'" }

    /// Rated above Again (Hard, Good or Easy).
    static func isRight(_ row: String) -> String { "\(row).rating > 1" }

    /// A review rated above Again: what review accuracy counts as correct.
    static func isCorrectReview(_ row: String) -> String { "\(isReview(row)) AND \(isRight(row))" }

    /// A review of a card that was in review, not new or learning: what true
    /// retention counts, as Anki does.
    static func isRecall(_ row: String) -> String {
        "\(isReview(row)) AND \(row).state_before = \(QueueState.review.rawValue)"
    }

    /// A recall rated above Again: remembered.
    static func isRecalled(_ row: String) -> String { "\(isRecall(row)) AND \(isRight(row))" }
}
