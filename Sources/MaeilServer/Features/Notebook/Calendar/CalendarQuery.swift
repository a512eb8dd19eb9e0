import Foundation
import Vapor

/// The month and day a calendar request names (API and web alike).
enum CalendarQuery {
    static func month(_ req: Request, _ days: DayFormatter) throws -> CalendarMonth {
        guard let raw = try? req.query.get(String.self, at: "month"), !raw.isEmpty else {
            return days.month(of: Date())
        }
        guard let month = CalendarMonth(raw) else { throw AppError.invalid("month must look like 2026-11") }
        return month
    }

    static func date(_ req: Request) throws -> String {
        let raw = req.parameters.get("date") ?? ""
        guard DayFormatter(timeZone: req.maeilSettings.timeZone).parseDay(raw) != nil else {
            throw AppError.invalid("date must be a real day like 2026-11-22")
        }
        return raw
    }
}
