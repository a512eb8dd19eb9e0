import Fluent
import Foundation
import SQLKit
import VocabCore

/// The home dashboard's numbers.
struct Dashboard: Sendable, Equatable {
    var today: CivilDay
    /// Learning and review cards due today, within the daily review limit.
    var dueToday: Int
    /// New cards left for today, within the daily new-card limit.
    var newToday: Int
    var activityToday: DayActivity
    var streak: StudyStreak
    var totalWords: Int
    var memorizedWords: Int
    var gamesPlayed: Int
    var gamesToday: Int
}

/// One month of true retention; `rate` is nil when no review card was answered.
struct RetentionMonth: Sendable, Equatable {
    var year: Int
    var month: Int
    var reviewed: Int
    var passed: Int
    var rate: Double? { reviewed > 0 ? Double(passed) / Double(reviewed) : nil }
    var key: String { CivilDay(year: year, month: month, day: 1)?.monthText ?? "" }
}

/// The study diary for one user: dense day ranges, streaks, the dashboard and
/// the series behind the charts, in the user's days (`DayFormatter`).
struct StatsService: Sendable {
    let store: StatsStore
    let days: DayFormatter
    /// Where the dashboard's book totals are read (`Request.inlineReads`); the
    /// diary's own reads span days of answers and stay on the pool.
    let reads: (any SQLDatabase)?

    init(db: any Database, userID: UUID, days: DayFormatter, reads: (any SQLDatabase)? = nil) {
        store = StatsStore(db: db, userID: userID)
        self.days = days
        self.reads = reads
    }

    /// The ranges the API and the charts accept, in days.
    static let chartRanges = [30, 90, 365]
    /// The longest range `range(from:to:)` serves in one request.
    static let maximumRange = 400

    func today(_ now: Date = Date()) -> CivilDay { days.day(of: now) }

    /// Every day of `from...to` in order, with zeros where nothing happened.
    func range(from: CivilDay, to: CivilDay) async throws -> [(
        day: CivilDay, activity: DayActivity
    )] {
        guard from <= to else { return [] }
        let known = try await store.activity(from: from, to: to)
        return (0...from.days(to: to)).map { offset in
            let day = from.adding(days: offset)
            return (day, known[day] ?? .none)
        }
    }

    func streak(today: CivilDay) async throws -> StudyStreak {
        StudyStreak(activeDays: try await store.studyDays(), today: today)
    }

    /// `queue` is today's queue across all books, when the caller has it already.
    func dashboard(queue: ReviewQueue, now: Date = Date()) async throws -> Dashboard {
        let today = today(now)
        let words = try await BookStore(db: store.db, userID: store.userID, reads: reads).totals()
        let games = try await store.gamesFinished(today: today)
        return Dashboard(
            today: today, dueToday: queue.learningCount + queue.reviewCount,
            newToday: queue.newCount,
            activityToday: try await store.activity(from: today, to: today)[today] ?? .none,
            streak: try await streak(today: today), totalWords: words.words,
            memorizedWords: words.memorized,
            gamesPlayed: games.total, gamesToday: games.today)
    }

    /// The last `count` days, today included.
    func recentDays(_ count: Int, now: Date = Date()) async throws -> [(
        day: CivilDay, activity: DayActivity
    )] {
        let today = today(now)
        return try await range(from: today.adding(days: -(max(1, count) - 1)), to: today)
    }

    /// Every month that has a day among the last `count` days, oldest first.
    func retention(lastDays count: Int, now: Date = Date()) async throws -> [RetentionMonth] {
        let today = today(now)
        let from = today.adding(days: -(max(1, count) - 1)).startOfMonth
        let counts = try await store.retention(from: from, to: today)
        var months: [RetentionMonth] = []
        var month = from
        while month <= today {
            let found = counts[month.monthText]
            months.append(
                RetentionMonth(
                    year: month.year, month: month.month, reviewed: found?.reviewed ?? 0,
                    passed: found?.passed ?? 0))
            month = month.adding(days: CivilDay.dayCount(year: month.year, month: month.month))
        }
        return months
    }

    /// Review cards due on each of the next `count` days, today first (with the overdue ones).
    func forecast(nextDays count: Int, now: Date = Date()) async throws -> [(
        day: CivilDay, due: Int
    )] {
        let starts = days.dayStarts(from: now, count: max(1, count))
        let counts = try await store.forecast(dayStarts: starts)
        let today = today(now)
        return counts.enumerated().map { (today.adding(days: $0.offset), $0.element) }
    }

    /// The 365 days ending today: each day's activity, and the heatmap of their effort.
    func year(now: Date = Date()) async throws -> (
        heatmap: ActivityHeatmap, days: [(day: CivilDay, activity: DayActivity)]
    ) {
        let days = try await recentDays(365, now: now)
        let effort = Dictionary(uniqueKeysWithValues: days.map { ($0.day, $0.activity.effort) })
        return (ActivityHeatmap(counts: effort, endingOn: today(now)), days)
    }
}
