import Foundation
import MaeilAPI
import Vapor
import VocabCore

/// The diary's SVG charts in one UI language: the same strings for the charts
/// inlined in `/diary` and for the ones `/api/v1/stats/charts/…` serves.
struct DiaryCharts: Sendable {
    let lang: UILanguage

    typealias Name = ChartName

    private func text(_ key: String, _ values: [String: String] = [:]) -> String {
        values.isEmpty ? Localizer.text(key, lang) : Localizer.format(key, lang, values)
    }
    private func count(_ key: String, _ n: Int) -> String { Localizer.count(key, n, lang) }

    /// "November 22, 2026" / "2026년 11월 22일".
    func dayTitle(_ day: CivilDay) -> String { CalendarLabels.dayTitle(day, lang) }

    /// "November 2026" / "2026년 11월".
    func monthTitle(year: Int, month: Int) -> String {
        Localizer.format(
            "calendarMonthTitle", lang,
            [
                "year": String(year), "month": String(month),
                "monthName": Localizer.text("month\(month)", lang),
            ])
    }

    /// "12 reviews · 83% correct", or "12 reviews" / "0 reviews" without accuracy.
    func reviewsText(_ activity: DayActivity) -> String {
        var text = count("countReviews", activity.reviews)
        if let percent = activity.accuracyPercent {
            text += " · " + self.text("diaryAccuracy", ["percent": String(percent)])
        }
        return text
    }

    func reviews(_ days: [(day: CivilDay, activity: DayActivity)]) -> String {
        let total = days.reduce(0) { $0 + $1.activity.reviews }
        return SVGChart(
            id: "chart-reviews", title: text("chartReviewsTitle"),
            summary: text(
                "chartReviewsSummary",
                ["reviews": count("countReviews", total), "days": count("countDays", days.count)]),
            kind: .bars, scale: .count,
            points: days.map { day, activity in
                SVGChart.Point(
                    label: text(
                        "chartDayLabel", ["month": String(day.month), "day": String(day.day)]),
                    value: Double(activity.reviews),
                    tooltip: dayTitle(day) + ": " + reviewsText(activity))
            },
            labelsFromEnd: true, emptyText: text("chartReviewsEmpty")
        ).render()
    }

    /// `target` is the desired retention (0–1), drawn as a dashed line.
    func retention(_ months: [RetentionMonth], days: Int, target: Double?) -> String {
        SVGChart(
            id: "chart-retention", title: text("chartRetentionTitle"),
            summary: text("chartRetentionSummary", ["days": count("countDays", days)]),
            kind: .line, scale: .percent,
            points: months.map { month in
                let name = monthTitle(year: month.year, month: month.month)
                let tooltip =
                    month.reviewed > 0
                    ? text(
                        "chartRetentionTooltip",
                        [
                            "month": name,
                            "percent": String(Percent.rounded(month.passed, of: month.reviewed)),
                            "reviews": count("countReviews", month.reviewed),
                        ])
                    : text("chartRetentionNone", ["month": name])
                return SVGChart.Point(
                    label: text("monthShort\(month.month)"), value: month.rate, tooltip: tooltip)
            },
            reference: target.map {
                SVGChart.Reference(
                    value: $0,
                    label: text(
                        "chartRetentionTarget", ["percent": String(Int(($0 * 100).rounded()))]))
            },
            labelsFromEnd: true, emptyText: text("chartRetentionEmpty")
        ).render()
    }

    func forecast(_ days: [(day: CivilDay, due: Int)]) -> String {
        let total = days.reduce(0) { $0 + $1.due }
        let span = count("countDays", days.count)
        return SVGChart(
            id: "chart-forecast", title: text("chartForecastTitle", ["days": span]),
            summary: text("chartForecastSummary", ["count": String(total), "days": span]),
            kind: .bars, scale: .count,
            points: days.map { day, due in
                SVGChart.Point(
                    label: text(
                        "chartDayLabel", ["month": String(day.month), "day": String(day.day)]),
                    value: Double(due),
                    tooltip: text(
                        "chartForecastTooltip",
                        ["date": dayTitle(day), "count": count("countDue", due)]))
            },
            emptyText: text("chartForecastEmpty")
        ).render()
    }

    /// The year's heatmap; `activity` gives each day's tooltip its numbers.
    func heatmap(_ map: ActivityHeatmap, activity: [CivilDay: DayActivity], today: CivilDay)
        -> String
    {
        HeatmapSVG(
            id: "heatmap", title: text("heatmapTitle"),
            summary: text("heatmapSummary", ["days": count("countDays", map.activeDays)]),
            weekdayNames: CalendarLabels.weekdayKeys.map { text($0) },
            monthNames: (1...12).map { text("monthShort\($0)") },
            lessLabel: text("heatmapLess"), moreLabel: text("heatmapMore"), today: today
        ).render(map) { cell in
            let day = activity[cell.day] ?? .none
            return text(
                "heatmapTooltip",
                [
                    "date": dayTitle(cell.day), "answers": count("countAnswers", day.answers),
                    "games": count("countGames", day.games),
                ])
        }
    }
}

extension DiaryCharts {
    /// One chart of the signed-in user over the last (or, for the forecast, next) `days` days.
    func render(_ name: Name, days: Int, for req: Request, now: Date = Date()) async throws
        -> String
    {
        let stats = try req.stats()
        switch name {
        case .reviews:
            return reviews(try await stats.recentDays(days, now: now))
        case .retention:
            let target = try await req.studySettings().get().parameters.desiredRetention
            return retention(
                try await stats.retention(lastDays: days, now: now), days: days, target: target)
        case .forecast:
            return forecast(try await stats.forecast(nextDays: days, now: now))
        case .heatmap:
            let year = try await stats.year(now: now)
            return heatmap(
                year.heatmap,
                activity: Dictionary(uniqueKeysWithValues: year.days.map { ($0.day, $0.activity) }),
                today: stats.today(now))
        }
    }
}
