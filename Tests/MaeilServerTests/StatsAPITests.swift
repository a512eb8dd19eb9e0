import Foundation
import MaeilAPI
import SQLKit
import Testing
import Vapor
import VaporTesting
import VocabCore

@testable import MaeilServer

@Suite("Study diary and statistics API")
struct StatsAPITests {
    /// A user of the API with their id, for the rows the tests write with SQL.
    struct Learner {
        var api: API
        var id: UUID

        static func signUp(_ app: Application) async throws -> Learner {
            let api = try await API.signUp(app)
            let me = try api.decode(UserDTO.self, try await api.send(.GET, "/api/v1/auth/me"))
            return Learner(api: api, id: me.id)
        }

        /// Answers the first card of today's queue through the API.
        func answerFirst(_ rating: Int) async throws -> StudyCardDTO {
            let queue = try api.decode(
                ReviewQueueDTO.self, try await api.send(.GET, "/api/v1/study/queue"))
            let card = try #require(queue.cards.first)
            let response = try await api.answer(card, rating)
            #expect(response.status == .ok, "\(response.body.string)")
            return card
        }
    }

    static func sql(_ app: Application) throws -> any SQLDatabase {
        try #require(app.db as? any SQLDatabase)
    }

    static func today(_ app: Application) -> CivilDay {
        DayFormatter(timeZone: app.maeilSettings.timeZone).day(of: Date())
    }

    /// A log row as `ReviewService` writes it, on any day.
    static func log(
        _ app: Application, _ user: UUID, on day: CivilDay, rating: Int, source: String = "review",
        stateBefore: Int = 0
    ) async throws {
        try await sql(app).raw(
            """
            INSERT INTO review_logs (id, user_id, word_id, direction, source, rating, reviewed_at, reviewed_on, elapsed_ms,
              state_before, state_after, card_before, card_after)
            VALUES (\(bind: UUID()), \(bind: user), \(bind: UUID()), 'forward', \(bind: source), \(bind: rating),
              \(bind: Date().addingTimeInterval(-86_400 * 500)), \(bind: day.description), 1000, \(bind: stateBefore), 2, '{}', '{}')
            """
        ).run()
    }

    static func game(_ app: Application, _ user: UUID, on day: CivilDay, finished: Bool)
        async throws
    {
        try await sql(app).raw(
            """
            INSERT INTO game_sessions (id, user_id, kind, book_id, state, score, total, finished, started_at, finished_at, played_on)
            VALUES (\(bind: UUID()), \(bind: user), 'quiz', NULL, '{}', 3, 4, \(bind: finished), \(bind: Date()),
              \(bind: finished ? Date() : nil), \(bind: day.description))
            """
        ).run()
    }

    /// Puts a card in review state, due at `due`.
    static func makeReviewCard(
        _ app: Application, word: UUID, direction: String = "forward", due: Date
    ) async throws {
        try await sql(app).raw(
            """
            UPDATE cards SET state = 2, stability = 5, difficulty = 5, step = NULL, due = \(bind: due),
              last_review = \(bind: due.addingTimeInterval(-5 * 86_400)), reps = reps + 1
            WHERE word_id = \(bind: word) AND direction = \(bind: direction)
            """
        ).run()
    }

    func days(_ api: API, _ query: String) async throws -> StatsDaysDTO {
        let response = try await api.send(.GET, "/api/v1/stats/days?\(query)")
        #expect(response.status == .ok, "\(response.body.string)")
        return try api.decode(StatsDaysDTO.self, response)
    }

    @Test func daysAndDashboardCountExactlyAndOnlyTheirOwnUser() async throws {
        try await withMaeilApp { app in
            let me = try await Learner.signUp(app)
            let other = try await Learner.signUp(app)
            let today = Self.today(app)
            let book = try await me.api.createBook("Fruit")
            _ = try await me.api.addWord(book.id, "apple", "사과")
            let pear = try await me.api.addWord(book.id, "pear", "배")
            let plum = try await me.api.addWord(book.id, "plum", "자두")

            // Today: Good on apple, Again on pear, through the API.
            #expect(try await me.answerFirst(3).term == "apple")
            #expect(try await me.answerFirst(1).term == "pear")
            // Earlier days, written as the log would have them.
            try await Self.log(app, me.id, on: today.adding(days: -1), rating: 3)
            try await Self.log(app, me.id, on: today.adding(days: -1), rating: 1)
            try await Self.log(app, me.id, on: today.adding(days: -2), rating: 4)
            try await Self.log(app, me.id, on: today.adding(days: -3), rating: 1, source: "quiz")
            try await Self.game(app, me.id, on: today.adding(days: -3), finished: true)
            try await Self.game(app, me.id, on: today, finished: false)
            // An older run of five days: the longest streak.
            for offset in 100...104 {
                try await Self.log(app, me.id, on: today.adding(days: -offset), rating: 3)
            }
            // plum is due for review (overdue since yesterday); one word memorized.
            try await Self.makeReviewCard(
                app, word: plum.id, due: Date().addingTimeInterval(-86_400))
            let patch = try await me.api.send(
                .PATCH, "/api/v1/words/\(pear.id)", json: ["memorized": true])
            #expect(patch.status == .ok)

            // The other user is busy on the same days; none of it may count.
            let theirs = try await other.api.createBook("Theirs")
            for term in ["a", "b", "c", "d"] {
                _ = try await other.api.addWord(theirs.id, term, "x")
            }
            _ = try await other.answerFirst(1)
            for offset in 0...5 {
                try await Self.log(app, other.id, on: today.adding(days: -offset), rating: 2)
                try await Self.game(app, other.id, on: today.adding(days: -offset), finished: true)
            }

            let range = try await days(me.api, "from=\(today.adding(days: -3))&to=\(today)")
            #expect(
                range.from == today.adding(days: -3).description && range.to == today.description)
            #expect(
                range.days.map(\.date) == (0...3).map { today.adding(days: $0 - 3).description },
                "every day, oldest first")
            func day(_ offset: Int) throws -> StatsDayDTO {
                try #require(
                    range.days.first { $0.date == today.adding(days: -offset).description })
            }
            let d0 = try day(0)
            let d1 = try day(1)
            let d2 = try day(2)
            let d3 = try day(3)
            #expect(
                d0.wordsAdded == 3 && d0.reviews == 2 && d0.correctReviews == 1
                    && d0.accuracy == 0.5 && d0.answers == 2 && d0.games == 0)
            #expect(
                d1.wordsAdded == 0 && d1.reviews == 2 && d1.correctReviews == 1
                    && d1.accuracy == 0.5 && d1.games == 0)
            #expect(
                d2.reviews == 1 && d2.correctReviews == 1 && d2.accuracy == 1 && d2.answers == 1)
            #expect(
                d3.reviews == 0 && d3.accuracy == nil && d3.answers == 1 && d3.games == 1,
                "a game's miss is an answer, not a review")
            #expect(
                range.totals
                    == StatsTotalsDTO(
                        range.days.map {
                            DayActivity(
                                wordsAdded: $0.wordsAdded, reviews: $0.reviews,
                                correctReviews: $0.correctReviews, answers: $0.answers,
                                games: $0.games)
                        }))
            #expect(
                range.totals.reviews == 5 && range.totals.correctReviews == 3
                    && range.totals.games == 1 && range.totals.studyDays == 4)

            // Defaults: the 30 days ending today.
            let recent = try await days(me.api, "")
            #expect(recent.days.count == 30 && recent.to == today.description)
            #expect(recent.days.reduce(0) { $0 + $1.reviews } == 5)

            let dashboard = try me.api.decode(
                StatsDashboardDTO.self, try await me.api.send(.GET, "/api/v1/stats/dashboard"))
            #expect(dashboard.date == today.description)
            #expect(
                dashboard.dueToday == 1, "plum, overdue; apple and pear are learning, not due yet")
            #expect(dashboard.newToday == 0)
            #expect(
                dashboard.reviewsToday == 2 && dashboard.accuracyToday == 0.5
                    && dashboard.wordsAddedToday == 3)
            #expect(dashboard.currentStreak == 4 && dashboard.longestStreak == 5)
            #expect(dashboard.totalWords == 3 && dashboard.memorizedWords == 1)
            #expect(
                dashboard.gamesPlayed == 1 && dashboard.gamesToday == 0,
                "unfinished games do not count")

            // The other user's own numbers, for contrast.
            let theirDashboard = try other.api.decode(
                StatsDashboardDTO.self, try await other.api.send(.GET, "/api/v1/stats/dashboard"))
            #expect(
                theirDashboard.totalWords == 4 && theirDashboard.gamesPlayed == 6
                    && theirDashboard.gamesToday == 1)
            #expect(
                theirDashboard.reviewsToday == 2 && theirDashboard.currentStreak == 6
                    && theirDashboard.newToday == 3)
        }
    }

    @Test func aNewUserHasAnEmptyDiary() async throws {
        try await withMaeilApp { app in
            let me = try await Learner.signUp(app)
            let dashboard = try me.api.decode(
                StatsDashboardDTO.self, try await me.api.send(.GET, "/api/v1/stats/dashboard"))
            #expect(
                dashboard.dueToday == 0 && dashboard.newToday == 0 && dashboard.currentStreak == 0
                    && dashboard.longestStreak == 0)
            #expect(
                dashboard.totalWords == 0 && dashboard.gamesPlayed == 0
                    && dashboard.accuracyToday == nil)
            let today = Self.today(app)
            let one = try await days(me.api, "from=\(today)&to=\(today)")
            #expect(
                one.days.count == 1
                    && one.days[0] == StatsDayDTO(date: today.description, activity: .none))
            #expect(one.totals.studyDays == 0 && one.totals.accuracy == nil)
            for chart in ["reviews", "retention", "forecast", "heatmap"] {
                let response = try await me.api.send(.GET, "/api/v1/stats/charts/\(chart).svg")
                #expect(response.status == .ok, "\(chart)")
                #expect(response.body.string.hasPrefix("<svg"), "\(chart)")
            }
        }
    }

    @Test func retentionCountsReviewCardsPerMonthAndTheForecastTheStudiedDirections() async throws {
        try await withMaeilApp { app in
            let me = try await Learner.signUp(app)
            let other = try await Learner.signUp(app)
            let today = Self.today(app)
            let thisMonth = today.startOfMonth
            let lastMonth = thisMonth.adding(days: -1).startOfMonth
            // This month: 3 of 4 review-card answers remembered (75%). A new card's
            // answer and a game's miss on a review card are not retention.
            for rating in [3, 3, 1, 4] {
                try await Self.log(app, me.id, on: thisMonth, rating: rating, stateBefore: 2)
            }
            try await Self.log(app, me.id, on: thisMonth, rating: 1, stateBefore: 0)
            try await Self.log(
                app, me.id, on: thisMonth, rating: 1, source: "hangman", stateBefore: 2)
            // Last month: 1 of 2 (50%).
            try await Self.log(app, me.id, on: lastMonth, rating: 1, stateBefore: 2)
            try await Self.log(app, me.id, on: lastMonth, rating: 2, stateBefore: 2)
            try await Self.log(app, other.id, on: thisMonth, rating: 1, stateBefore: 2)

            let stats = StatsService(
                db: app.db, userID: me.id, days: DayFormatter(timeZone: app.maeilSettings.timeZone))
            let months = try await stats.retention(lastDays: 365)
            #expect(
                months.first?.key == today.adding(days: -364).startOfMonth.monthText
                    && months.last?.key == thisMonth.monthText)
            #expect(
                months.last?.reviewed == 4 && months.last?.passed == 3 && months.last?.rate == 0.75)
            let previous = try #require(months.first { $0.key == lastMonth.monthText })
            #expect(previous.reviewed == 2 && previous.rate == 0.5)
            #expect(months.filter { $0.rate != nil }.count == 2)
            let monthsIn30Days = today.adding(days: -29).month == today.month ? 1 : 2
            #expect(try await stats.retention(lastDays: 30).count == monthsIn30Days)

            let svg = try await me.api.send(
                .GET, "/api/v1/stats/charts/retention.svg?days=365&lang=en")
            #expect(svg.status == .ok)
            #expect(
                svg.headers.contentType?.type == "image"
                    && svg.headers.contentType?.subType == "svg+xml")
            #expect(
                svg.body.string.contains("75% of 4 reviews")
                    && svg.body.string.contains("50% of 2 reviews"))
            #expect(svg.body.string.contains("Desired retention 90%"))
            let korean = try await me.api.send(
                .GET, "/api/v1/stats/charts/retention.svg?days=365",
                headers: ["Accept-Language": "ko-KR,ko"])
            #expect(korean.body.string.contains("복습 4회 중 75% 기억"))

            // Forecast: a book studying both directions, one studying forward only.
            let both = try await me.api.createBook("Both")
            let patch = try await me.api.send(
                .PATCH, "/api/v1/books/\(both.id)", json: ["studyDirections": "both"])
            #expect(patch.status == .ok)
            let kiwi = try await me.api.addWord(both.id, "kiwi", "키위")
            let forward = try await me.api.createBook("Forward")
            let lime = try await me.api.addWord(forward.id, "lime", "라임")
            let fig = try await me.api.addWord(forward.id, "fig", "무화과")
            let inThreeDays = Date().addingTimeInterval(3 * 86_400)
            try await Self.makeReviewCard(
                app, word: kiwi.id, direction: "forward", due: inThreeDays)
            try await Self.makeReviewCard(
                app, word: kiwi.id, direction: "reverse", due: inThreeDays)
            try await Self.makeReviewCard(
                app, word: lime.id, direction: "forward",
                due: Date().addingTimeInterval(-20 * 86_400))
            try await Self.makeReviewCard(
                app, word: lime.id, direction: "reverse", due: inThreeDays)  // not studied
            try await Self.makeReviewCard(
                app, word: fig.id, direction: "forward", due: Date().addingTimeInterval(40 * 86_400)
            )
            let theirs = try await other.api.createBook("Theirs")
            let theirWord = try await other.api.addWord(theirs.id, "x", "y")
            try await Self.makeReviewCard(
                app, word: theirWord.id, due: Date().addingTimeInterval(86_400))

            let forecast = try await stats.forecast(nextDays: 30)
            #expect(forecast.count == 30 && forecast.first?.day == today)
            var expected = Array(repeating: 0, count: 30)
            expected[0] = 1  // lime, overdue
            expected[3] = 2  // kiwi, both directions
            #expect(forecast.map(\.due) == expected)
            #expect(
                try await stats.forecast(nextDays: 90).map(\.due).reduce(0, +) == 4,
                "fig comes due on day 40")

            let chart = try await me.api.send(.GET, "/api/v1/stats/charts/forecast.svg?lang=en")
            let body = chart.body.string
            let inThree = CalendarLabels.dayTitle(today.adding(days: 3), .en)
            #expect(body.contains("\(inThree): 2 due"), "\(body.prefix(400))")
            #expect(body.contains("3 review cards due in the next 30 days"))
        }
    }

    @Test func forecastDaysFollowTheTimeZoneAcrossDaylightSaving() throws {
        let newYork = DayFormatter(timeZone: try #require(TimeZone(identifier: "America/New_York")))
        // 2026-03-08 is 23 hours long in New York (clocks go forward at 2 a.m.).
        let noon = try #require(ISO8601DateFormatter().date(from: "2026-03-07T17:00:00Z"))
        let starts = newYork.dayStarts(from: noon, count: 3)
        #expect(
            starts.map { newYork.day(of: $0).description } == [
                "2026-03-07", "2026-03-08", "2026-03-09", "2026-03-10",
            ])
        #expect(
            zip(starts, starts.dropFirst()).map { $1.timeIntervalSince($0) / 3600 } == [24, 23, 24])
        let bounds = starts.map(\.timeIntervalSince1970)
        #expect(StatsStore.dayIndex(of: bounds[0], in: bounds) == 0)
        #expect(
            StatsStore.dayIndex(of: bounds[1] - 900, in: bounds) == 0,
            "the last quarter hour of a day")
        #expect(StatsStore.dayIndex(of: bounds[1], in: bounds) == 1)
        #expect(StatsStore.dayIndex(of: bounds[2] + 60, in: bounds) == 2)
        #expect(
            StatsStore.dayIndex(of: bounds[0] - 86_400, in: bounds) == 0, "before the range: today")
        #expect(
            StatsStore.dayIndex(of: bounds[3] + 86_400, in: bounds) == 2, "after it: the last day")
    }

    @Test func badRangesAndNamesAreRefused() async throws {
        try await withMaeilApp { app in
            let me = try await Learner.signUp(app)
            let today = Self.today(app)
            for query in [
                "from=2026-02-30", "to=yesterday", "from=2026-1-1",
                "from=\(today)&to=\(today.adding(days: -1))",
                "from=\(today.adding(days: -400))&to=\(today)", "from=0000-01-01",
            ] {
                let response = try await me.api.send(.GET, "/api/v1/stats/days?\(query)")
                #expect(response.status == .badRequest, "\(query): \(response.body.string)")
                #expect(["bad_date", "bad_range"].contains(me.api.errorCode(response)), "\(query)")
            }
            let longest = try await days(me.api, "from=\(today.adding(days: -399))&to=\(today)")
            #expect(longest.days.count == 400)
            for query in ["days=31", "days=abc", "days=0"] {
                let response = try await me.api.send(
                    .GET, "/api/v1/stats/charts/reviews.svg?\(query)")
                #expect(
                    response.status == .badRequest && me.api.errorCode(response) == "bad_range",
                    "\(query)")
            }
            for path in ["pie.svg", "reviews", "reviews.png"] {
                let response = try await me.api.send(.GET, "/api/v1/stats/charts/\(path)")
                #expect(response.status == .notFound, "\(path)")
            }
            for path in [
                "/api/v1/stats/dashboard", "/api/v1/stats/days", "/api/v1/stats/charts/reviews.svg",
            ] {
                let response = try await API(app: app).send(.GET, path)
                #expect(response.status == .unauthorized, "\(path)")
            }
        }
    }

    /// The dashboard's numbers group their thousands as every other count
    /// of the app does ("1,204", not "1204"), as does the diary's week; a
    /// month's cell, narrow on a phone, writes them short ("1.2천").
    @Test func largeCountsAreGroupedOrWrittenShort() async throws {
        try await withMaeilApp { app in
            var browser = try await WebBrowser.signUp(app, "thousands")
            let api = try await API.logIn(app, "thousands")
            let book = try await api.createBook("Many")
            let csv = (1...1_204).map { "word\($0),뜻 \($0)" }.joined(separator: "\n")
            try await api.importCSV("term,meaning\n" + csv, into: book.id)
            let today = Self.today(app)
            for (language, short) in [("en", "+1.2K"), ("ko", "+1.2천")] {
                browser.language = language
                let study = try await browser.get("/study").body.string
                let tile = try #require(study.range(of: "id=\"dash-words\"")).upperBound
                #expect(
                    study[tile...].prefix(200).contains(">1,204<"),
                    "\(language): \(study[tile...].prefix(200))")
                let month = try await browser.get("/diary").body.string
                #expect(month.contains("<span class=\"dc-short\">\(short)</span>"), "\(language)")
                let week = try await browser.get("/diary?week=\(today)").body.string
                #expect(week.contains(">+1,204</a>"), "\(language)")
            }
        }
    }

    /// Two right answers of three read 67% wherever they show: the session's
    /// summary rounded them, the dashboard and the diary cut them to 66%.
    @Test func anAccuracyReadsTheSameOnEveryPage() async throws {
        try await withMaeilApp { app in
            let username = "thirds\(Int.random(in: 1000...999_999))"
            var browser = try await WebBrowser.signUp(app, username)
            let book = try await browser.createBook("Thirds")
            for (term, meaning) in [("apple", "사과"), ("bread", "빵"), ("water", "물")] {
                _ = try await browser.addWord(book, term, meaning)
            }
            let learner = Learner(api: try await API.logIn(app, username), id: UUID())
            for rating in [3, 3, 1] { _ = try await learner.answerFirst(rating) }

            let summary = try learner.api.decode(
                StudySummaryDTO.self, try await learner.api.send(.GET, "/api/v1/study/summary"))
            #expect(summary.answered == 3 && summary.rightPercent == 67)
            let study = try await browser.get("/study").body.string
            #expect(study.contains("67% correct") && !study.contains("66%"))
            let diary = try await browser.get("/diary").body.string
            #expect(diary.contains("3 reviews (67% correct)") && !diary.contains("66%"))
            browser.language = "ko"
            #expect(try await browser.get("/diary").body.string.contains("정답률 67%"))
        }
    }

    @Test func theDiaryAndTheDashboardRenderInBothLanguages() async throws {
        try await withMaeilApp { app in
            var browser = try await WebBrowser.signUp(app, "diary")
            let book = try await browser.createBook("Travel")
            _ = try await browser.addWord(book, "Café", "카페")
            let today = Self.today(app)
            let paths = [
                "/diary", "/diary?month=2000-02", "/diary?week=\(today)",
                "/diary?week=2026-12-30&days=365",
                "/diary?month=\(today.monthText)&days=90", "/study",
            ]
            for language in ["en", "ko"] {
                browser.language = language
                for path in paths {
                    let page = try await browser.get(path)
                    #expect(page.status == .ok, "\(path): \(page.body.string.prefix(300))")
                    let html = page.body.string
                    for key in [
                        "countNewWords", "countReviews", "diaryTitle", "dashboardDue",
                        "chartReviewsTitle", "monthShort1", "t.",
                    ] {
                        #expect(
                            !html.contains(">\(key)<") && !html.contains("\(key):"),
                            "\(path) shows the raw key \(key)")
                    }
                    if path.hasPrefix("/diary") {
                        #expect(
                            html.components(separatedBy: "<svg").count - 1 == 4,
                            "\(path): a heatmap and three charts")
                        #expect(
                            html.contains("data-date=\"\(today)\" data-level=\"0\""),
                            "\(path): today in the heatmap")
                    }
                }
            }
            browser.language = "en"
            let study = try await browser.get("/study").body.string
            #expect(study.contains("id=\"dash-words\"") && study.contains("href=\"/diary\""))
            let month = try await browser.get("/diary").body.string
            #expect(month.contains("1 new word"), "today's cell tells the word added")
            // The count covers the heatmap's last 365 days, and both languages say so.
            #expect(month.contains("Study days in the last year"))
            browser.language = "ko"
            #expect(try await browser.get("/diary").body.string.contains("최근 1년 학습한 날"))
            browser.language = "en"
            let week = try await browser.get("/diary?week=2026-12-30").body.string
            #expect(week.contains("Week of December 27, 2026") && week.contains(">Jan 2<"))
            #expect(
                week.contains("href=\"/diary?week=2026-12-20\"")
                    && week.contains("href=\"/diary?week=2027-01-03\""))
            for bad in ["/diary?month=2026-13", "/diary?week=2026-02-30", "/diary?days=7"] {
                #expect(try await browser.get(bad).status == .badRequest, "\(bad)")
            }
        }
    }
}
