import Foundation
import Vapor
import VocabCore

/// The home dashboard at the top of the Study page (partial `dashboard.leaf`).
struct DashboardView: Encodable, Sendable {
    struct Tile: Encodable, Sendable {
        var id: String
        var label: String
        var value: String
        var detail: String
    }

    var tiles: [Tile]

    /// `queue` is today's queue across all books, which the Study page has already.
    init(_ req: Request, queue: ReviewQueue, now: Date = Date()) async throws {
        let dashboard = try await req.stats().dashboard(queue: queue, now: now)
        let lang = req.uiLanguage
        let today = dashboard.activityToday
        tiles = [
            Tile(
                id: "dash-due", label: req.text("dashboardDue"),
                value: Localizer.grouped(dashboard.dueToday),
                detail: ""),
            Tile(
                id: "dash-new", label: req.text("dashboardNew"),
                value: Localizer.grouped(dashboard.newToday),
                detail: ""),
            Tile(
                id: "dash-reviewed", label: req.text("dashboardReviewed"),
                value: Localizer.grouped(today.reviews),
                detail: today.accuracyPercent.map {
                    Localizer.format("diaryAccuracy", lang, ["percent": String($0)])
                } ?? ""),
            Tile(
                id: "dash-streak", label: req.text("dashboardStreak"),
                value: req.count("countDays", dashboard.streak.current),
                detail: Localizer.format(
                    "dashboardLongest", lang,
                    ["days": req.count("countDays", dashboard.streak.longest)])),
            Tile(
                id: "dash-words", label: req.text("dashboardWords"),
                value: Localizer.grouped(dashboard.totalWords),
                detail: req.count("countMemorized", dashboard.memorizedWords)),
            Tile(
                id: "dash-games", label: req.text("dashboardGames"),
                value: Localizer.grouped(dashboard.gamesPlayed),
                detail: Localizer.format(
                    "dashboardGamesToday", lang, ["n": Localizer.grouped(dashboard.gamesToday)])),
        ]
    }
}
