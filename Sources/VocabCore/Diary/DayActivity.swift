/// What a learner did on one day, as the diary shows it.
public struct DayActivity: Sendable, Equatable {
    public var wordsAdded: Int
    /// Answers in review sessions.
    public var reviews: Int
    /// Of those, the ones rated Hard, Good or Easy (not Again).
    public var correctReviews: Int
    /// Every logged answer: reviews and the games' misses.
    public var answers: Int
    /// Games finished.
    public var games: Int

    public init(
        wordsAdded: Int = 0, reviews: Int = 0, correctReviews: Int = 0, answers: Int = 0,
        games: Int = 0
    ) {
        self.wordsAdded = wordsAdded
        self.reviews = reviews
        self.correctReviews = correctReviews
        self.answers = answers
        self.games = games
    }

    public static let none = DayActivity()

    /// The days added up (a range's totals).
    public static func sum(_ days: [DayActivity]) -> DayActivity {
        days.reduce(into: DayActivity.none) { total, day in
            total.wordsAdded += day.wordsAdded
            total.reviews += day.reviews
            total.correctReviews += day.correctReviews
            total.answers += day.answers
            total.games += day.games
        }
    }

    /// The share of reviews not rated Again; nil without reviews.
    public var accuracy: Double? {
        reviews > 0 ? Double(correctReviews) / Double(reviews) : nil
    }

    /// `accuracy` as a whole percentage (`Percent.rounded`: 99.6% never reads
    /// as a perfect 100%).
    public var accuracyPercent: Int? {
        reviews > 0 ? Percent.rounded(correctReviews, of: reviews) : nil
    }

    /// A day with an answer or a finished game keeps the streak going.
    public var isStudyDay: Bool { answers > 0 || games > 0 }

    /// How busy the day was, for the heatmap: answers plus games.
    public var effort: Int { answers + games }
}
