import Foundation
import Vapor
import VocabCore

/// The month and day a calendar request names (API and web alike).
enum CalendarQuery {
    static func month(_ req: Request, _ days: DayFormatter) throws -> CalendarMonth {
        guard let raw = try? req.query.get(String.self, at: "month"), !raw.isEmpty else {
            return days.month(of: Date())
        }
        guard let month = CalendarMonth(raw) else {
            throw AppError.invalid("month must look like 2026-11")
        }
        return month
    }

    static func date(_ req: Request) throws -> CivilDay {
        guard let day = CivilDay(req.parameters.get("date") ?? "") else {
            throw AppError.invalid("date must be a real day like 2026-11-22")
        }
        return day
    }
}
