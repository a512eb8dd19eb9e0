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
        let to = try Self.day(req, "to") ?? today
        let from = try Self.day(req, "from") ?? to.adding(days: -29)
        guard from <= to else { throw AppError.badRequest("from must not be after to", code: .badRange) }
        guard from.days(to: to) < StatsService.maximumRange else {
            throw AppError.badRequest("a range covers at most \(StatsService.maximumRange) days", code: .badRange)
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
        guard raw.hasSuffix(".svg"), let name = DiaryCharts.Name(rawValue: String(raw.dropLast(4))) else {
            throw AppError.notFound("chart")
        }
        let days = try Self.chartDays(req, default: name == .retention ? 365 : 30)
        let lang = (try? req.query.get(String.self, at: "lang")).flatMap(UILanguage.init(rawValue:)) ?? req.uiLanguage
        let svg = try await DiaryCharts(lang: lang).render(name, days: days, for: req)
        let response = Response(status: .ok, body: .init(string: svg))
        response.headers.contentType = HTTPMediaType(type: "image", subType: "svg+xml", parameters: ["charset": "utf-8"])
        response.headers.replaceOrAdd(name: .cacheControl, value: "private, no-cache")
        return response
    }

    /// An optional day parameter; anything but a real "YYYY-MM-DD" is a 400.
    static func day(_ req: Request, _ name: String) throws -> CivilDay? {
        guard let raw = try? req.query.get(String.self, at: name), !raw.isEmpty else { return nil }
        guard let day = CivilDay(raw) else {
            throw AppError.badRequest("\(name) must be a real day like 2026-11-22", code: .badDate)
        }
        return day
    }

    /// `days`: one of 30, 90, 365.
    static func chartDays(_ req: Request, default value: Int) throws -> Int {
        guard let raw = try? req.query.get(String.self, at: "days"), !raw.isEmpty else { return value }
        guard let days = Int(raw), StatsService.chartRanges.contains(days) else {
            throw AppError.badRequest(
                "days must be one of \(StatsService.chartRanges.map(String.init).joined(separator: ", "))", code: .badRange)
        }
        return days
    }
}

extension DiaryCharts {
    /// One chart of the signed-in user over the last (or, for the forecast, next) `days` days.
    func render(_ name: Name, days: Int, for req: Request, now: Date = Date()) async throws -> String {
        let stats = try req.stats()
        switch name {
        case .reviews:
            return reviews(try await stats.recentDays(days, now: now))
        case .retention:
            let target = try await req.studySettings().get().parameters.desiredRetention
            return retention(try await stats.retention(lastDays: days, now: now), days: days, target: target)
        case .forecast:
            return forecast(try await stats.forecast(nextDays: days, now: now))
        case .heatmap:
            let year = try await stats.year(now: now)
            return heatmap(
                year.heatmap, activity: Dictionary(uniqueKeysWithValues: year.days.map { ($0.day, $0.activity) }),
                today: stats.today(now))
        }
    }
}

extension Request {
    func stats() throws -> StatsService {
        StatsService(db: db, userID: try requireUserID(), days: DayFormatter(timeZone: maeilSettings.timeZone))
    }
}
