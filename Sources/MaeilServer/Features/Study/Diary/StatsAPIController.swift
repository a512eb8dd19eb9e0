import Foundation
import MaeilAPI
import Vapor
import VocabCore

/// The study diary's numbers and charts: the dashboard, per-day activity over
/// a range, and SVG charts drawn by the server.
struct StatsAPIController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.on(.dashboard, use: dashboard)
        routes.on(.statsDays, use: days)
        routes.on(.chart, use: chart)
    }

    @Sendable func dashboard(req: Request) async throws -> StatsDashboardDTO {
        let now = Date()
        let queue = try await req.reviews().queue(bookID: nil, now: now, limit: 1)
        return StatsDashboardDTO(try await req.stats().dashboard(queue: queue, now: now))
    }

    /// `?from=YYYY-MM-DD&to=YYYY-MM-DD`, both days included, at most 400 days
    /// (default: the 30 days ending today).
    @Sendable func days(req: Request) async throws -> StatsDaysDTO {
        let stats = try req.stats()
        let today = stats.today()
        let to = try StatsQuery.day(req, "to") ?? today
        let from = try StatsQuery.day(req, "from") ?? to.adding(days: -29)
        guard from <= to else {
            throw AppError.badRequest("from must not be after to", code: .badRange)
        }
        guard from.days(to: to) < StatsService.maximumRange else {
            throw AppError.badRequest(
                "a range covers at most \(StatsService.maximumRange) days", code: .badRange)
        }
        let days = try await stats.range(from: from, to: to)
        return StatsDaysDTO(
            from: from.description, to: to.description,
            days: days.map { StatsDayDTO(date: $0.day.description, activity: $0.activity) },
            totals: StatsTotalsDTO(days.map(\.activity)))
    }

    /// `charts/{reviews|retention|forecast|heatmap}.svg?days=30|90|365&lang=en|ko`.
    @Sendable func chart(req: Request) async throws -> Response {
        let raw = req.parameters.get("chart") ?? ""
        guard raw.hasSuffix(".svg"), let name = DiaryCharts.Name(rawValue: String(raw.dropLast(4)))
        else {
            throw AppError.notFound("chart")
        }
        let days = try StatsQuery.chartDays(req, default: name == .retention ? 365 : 30)
        let lang =
            (try? req.query.get(String.self, at: "lang")).flatMap(UILanguage.init(rawValue:))
            ?? req.uiLanguage
        let svg = try await DiaryCharts(lang: lang).render(name, days: days, for: req)
        let response = Response(status: .ok, body: .init(string: svg))
        response.headers.contentType = HTTPMediaType(
            type: "image", subType: "svg+xml", parameters: ["charset": "utf-8"])
        response.headers.replaceOrAdd(name: .cacheControl, value: "private, no-cache")
        return response
    }
}
