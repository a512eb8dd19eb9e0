import Foundation
import Vapor
import VocabCore

/// The home dashboard: what is left today and what has been done.
struct StatsDashboardDTO: Content, Sendable {
    /// Today in the server's time zone, "YYYY-MM-DD".
    var date: String
    var dueToday: Int
    var newToday: Int
    var reviewsToday: Int
    /// Share of today's reviews not rated Again (0–1); absent without reviews.
    var accuracyToday: Double?
    var wordsAddedToday: Int
    var currentStreak: Int
    var longestStreak: Int
    var totalWords: Int
    var memorizedWords: Int
    var gamesPlayed: Int
    var gamesToday: Int

    init(_ dashboard: Dashboard) {
        date = dashboard.today.description
        dueToday = dashboard.dueToday
        newToday = dashboard.newToday
        reviewsToday = dashboard.activityToday.reviews
        accuracyToday = dashboard.activityToday.accuracy
        wordsAddedToday = dashboard.activityToday.wordsAdded
        currentStreak = dashboard.streak.current
        longestStreak = dashboard.streak.longest
        totalWords = dashboard.totalWords
        memorizedWords = dashboard.memorizedWords
        gamesPlayed = dashboard.gamesPlayed
        gamesToday = dashboard.gamesToday
    }
}

/// One day of the diary.
struct StatsDayDTO: Content, Sendable, Equatable {
    var date: String
    var wordsAdded: Int
    /// Answers in review sessions.
    var reviews: Int
    var correctReviews: Int
    /// `correctReviews / reviews` (0–1); absent without reviews.
    var accuracy: Double?
    /// Every answer logged, games' misses included.
    var answers: Int
    /// Games finished.
    var games: Int

    init(date: String, activity: DayActivity) {
        self.date = date
        wordsAdded = activity.wordsAdded
        reviews = activity.reviews
        correctReviews = activity.correctReviews
        accuracy = activity.accuracy
        answers = activity.answers
        games = activity.games
    }
}

/// Every day of a range, with the range's totals.
struct StatsDaysDTO: Content, Sendable {
    var from: String
    var to: String
    var days: [StatsDayDTO]
    var totals: StatsTotalsDTO
}

struct StatsTotalsDTO: Content, Sendable, Equatable {
    var wordsAdded: Int
    var reviews: Int
    var correctReviews: Int
    var accuracy: Double?
    var answers: Int
    var games: Int
    /// Days with an answer or a finished game.
    var studyDays: Int

    init(_ days: [DayActivity]) {
        let sum = days.reduce(into: DayActivity.none) { total, day in
            total.wordsAdded += day.wordsAdded
            total.reviews += day.reviews
            total.correctReviews += day.correctReviews
            total.answers += day.answers
            total.games += day.games
        }
        wordsAdded = sum.wordsAdded
        reviews = sum.reviews
        correctReviews = sum.correctReviews
        accuracy = sum.accuracy
        answers = sum.answers
        games = sum.games
        studyDays = days.filter(\.isStudyDay).count
    }
}
