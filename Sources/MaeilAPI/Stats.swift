import Foundation

/// The home dashboard: what is left today and what has been done.
public struct StatsDashboardDTO: Codable, Sendable {
    /// Today in the server's time zone, "YYYY-MM-DD".
    public var date: String
    public var dueToday: Int
    public var newToday: Int
    public var reviewsToday: Int
    /// Share of today's reviews not rated Again (0–1); absent without reviews.
    public var accuracyToday: Double?
    public var wordsAddedToday: Int
    public var currentStreak: Int
    public var longestStreak: Int
    public var totalWords: Int
    public var memorizedWords: Int
    public var gamesPlayed: Int
    public var gamesToday: Int

    public init(
        date: String,
        dueToday: Int,
        newToday: Int,
        reviewsToday: Int,
        accuracyToday: Double? = nil,
        wordsAddedToday: Int,
        currentStreak: Int,
        longestStreak: Int,
        totalWords: Int,
        memorizedWords: Int,
        gamesPlayed: Int,
        gamesToday: Int
    ) {
        self.date = date
        self.dueToday = dueToday
        self.newToday = newToday
        self.reviewsToday = reviewsToday
        self.accuracyToday = accuracyToday
        self.wordsAddedToday = wordsAddedToday
        self.currentStreak = currentStreak
        self.longestStreak = longestStreak
        self.totalWords = totalWords
        self.memorizedWords = memorizedWords
        self.gamesPlayed = gamesPlayed
        self.gamesToday = gamesToday
    }
}

/// One day of the diary.
public struct StatsDayDTO: Codable, Sendable, Equatable {
    public var date: String
    public var wordsAdded: Int
    /// Answers in review sessions.
    public var reviews: Int
    public var correctReviews: Int
    /// `correctReviews / reviews` (0–1); absent without reviews.
    public var accuracy: Double?
    /// Every answer logged, games' misses included.
    public var answers: Int
    /// Games finished.
    public var games: Int

    public init(
        date: String,
        wordsAdded: Int,
        reviews: Int,
        correctReviews: Int,
        accuracy: Double? = nil,
        answers: Int,
        games: Int
    ) {
        self.date = date
        self.wordsAdded = wordsAdded
        self.reviews = reviews
        self.correctReviews = correctReviews
        self.accuracy = accuracy
        self.answers = answers
        self.games = games
    }
}

/// Every day of a range, with the range's totals.
public struct StatsDaysDTO: Codable, Sendable {
    public var from: String
    public var to: String
    public var days: [StatsDayDTO]
    public var totals: StatsTotalsDTO

    public init(from: String, to: String, days: [StatsDayDTO], totals: StatsTotalsDTO) {
        self.from = from
        self.to = to
        self.days = days
        self.totals = totals
    }
}

public struct StatsTotalsDTO: Codable, Sendable, Equatable {
    public var wordsAdded: Int
    public var reviews: Int
    public var correctReviews: Int
    public var accuracy: Double?
    public var answers: Int
    public var games: Int
    /// Days with an answer or a finished game.
    public var studyDays: Int

    public init(
        wordsAdded: Int,
        reviews: Int,
        correctReviews: Int,
        accuracy: Double? = nil,
        answers: Int,
        games: Int,
        studyDays: Int
    ) {
        self.wordsAdded = wordsAdded
        self.reviews = reviews
        self.correctReviews = correctReviews
        self.accuracy = accuracy
        self.answers = answers
        self.games = games
        self.studyDays = studyDays
    }
}

/// The charts of `stats/charts/{name}.svg`.
public enum ChartName: String, Codable, Sendable, CaseIterable {
    case reviews, retention, forecast, heatmap
}
