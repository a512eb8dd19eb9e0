import Foundation
import Vapor
import VocabCore

/// The days and ranges a diary request names (API and web alike).
enum StatsQuery {
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
        guard let raw = try? req.query.get(String.self, at: "days"), !raw.isEmpty else {
            return value
        }
        guard let days = Int(raw), StatsService.chartRanges.contains(days) else {
            throw AppError.badRequest(
                "days must be one of \(StatsService.chartRanges.map(String.init).joined(separator: ", "))",
                code: .badRange)
        }
        return days
    }
}
