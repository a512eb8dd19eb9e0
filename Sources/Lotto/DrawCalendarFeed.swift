/// The lotto diary's calendar as iCalendar (RFC 5545) text, for a calendar app to subscribe
/// to: the weekly draw (Saturday 20:35 KST) with an alarm at the user's reminder, the
/// weekly result announcement, and for each ticket still waiting, its own "results are
/// out" event with an alarm. UIDs are stable, so a refreshed feed updates events in place
/// instead of adding copies.
public struct DrawCalendarFeed: Sendable {
    public struct Ticket: Sendable, Equatable {
        /// Stable and unique (the entry's id).
        public var id: String
        public var round: Int
        public var title: String
        /// The ticket's page.
        public var url: String?

        public init(id: String, round: Int, title: String, url: String?) {
            self.id = id
            self.round = round
            self.title = title
            self.url = url
        }
    }

    public var calendarName: String
    public var drawTitle: String
    public var drawDescription: String
    public var resultsTitle: String
    public var reminderMinutes: Int?
    public var reminderText: String
    public var tickets: [Ticket]
    /// Makes the weekly events' UIDs this user's (a feed per user).
    public var owner: String

    public init(
        calendarName: String, drawTitle: String, drawDescription: String, resultsTitle: String,
        reminderMinutes: Int?, reminderText: String, tickets: [Ticket], owner: String
    ) {
        self.calendarName = calendarName
        self.drawTitle = drawTitle
        self.drawDescription = drawDescription
        self.resultsTitle = resultsTitle
        self.reminderMinutes = reminderMinutes
        self.reminderText = reminderText
        self.tickets = tickets
        self.owner = owner
    }

    /// The results are usually out 25 minutes after the draw (21:00 KST).
    static let resultsDelay: Int64 = 25 * 60

    /// The feed; `now` (seconds since 1970) is its DTSTAMP.
    public func render(now: Int64) -> String {
        let stamp = Self.utc(now)
        var lines = [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Maeil//Lotto diary//KO",
            "CALSCALE:GREGORIAN", "METHOD:PUBLISH", "X-WR-CALNAME:" + Self.text(calendarName),
            "X-WR-TIMEZONE:Asia/Seoul", "REFRESH-INTERVAL;VALUE=DURATION:PT12H",
        ]
        let firstDraw = DrawSchedule.drawTime(ofRound: 1)
        lines += [
            "BEGIN:VEVENT", "UID:lotto-draw-\(owner)@maeil", "DTSTAMP:" + stamp,
            "DTSTART:" + Self.utc(firstDraw), "DURATION:PT10M", "RRULE:FREQ=WEEKLY;BYDAY=SA",
            "SUMMARY:" + Self.text(drawTitle), "DESCRIPTION:" + Self.text(drawDescription),
            "TRANSP:TRANSPARENT",
        ]
        if let minutes = reminderMinutes {
            lines += [
                "BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER:-PT\(minutes)M",
                "DESCRIPTION:" + Self.text(reminderText), "END:VALARM",
            ]
        }
        lines += ["END:VEVENT"]
        lines += [
            "BEGIN:VEVENT", "UID:lotto-results-\(owner)@maeil", "DTSTAMP:" + stamp,
            "DTSTART:" + Self.utc(firstDraw + Self.resultsDelay), "DURATION:PT5M",
            "RRULE:FREQ=WEEKLY;BYDAY=SA", "SUMMARY:" + Self.text(resultsTitle),
            "TRANSP:TRANSPARENT", "END:VEVENT",
        ]
        for ticket in tickets {
            let start = DrawSchedule.drawTime(ofRound: ticket.round) + Self.resultsDelay
            lines += [
                "BEGIN:VEVENT", "UID:lotto-ticket-\(ticket.id)@maeil", "DTSTAMP:" + stamp,
                "DTSTART:" + Self.utc(start), "DURATION:PT5M",
                "SUMMARY:" + Self.text(ticket.title),
            ]
            if let url = ticket.url { lines += ["URL:" + url] }
            lines += [
                "BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER:PT0M",
                "DESCRIPTION:" + Self.text(ticket.title), "END:VALARM", "END:VEVENT",
            ]
        }
        lines.append("END:VCALENDAR")
        return lines.map(Self.fold).joined(separator: "\r\n") + "\r\n"
    }

    /// "20021207T113500Z".
    static func utc(_ time: Int64) -> String {
        let days = time >= 0 ? time / 86_400 : (time - 86_399) / 86_400
        let seconds = time - days * 86_400
        let date = DrawSchedule.civilDate(daysSinceEpoch: days).replacing("-", with: "")
        let hours = String(seconds / 3600).leftPadded(to: 2)
        let minutes = String(seconds % 3600 / 60).leftPadded(to: 2)
        let secs = String(seconds % 60).leftPadded(to: 2)
        return date + "T" + hours + minutes + secs + "Z"
    }

    /// A TEXT value: backslashes, semicolons, commas and line breaks escaped.
    static func text(_ value: String) -> String {
        var out = ""
        for character in value {
            switch character {
            case "\\": out += "\\\\"
            case ";": out += "\\;"
            case ",": out += "\\,"
            case "\n", "\r\n", "\r": out += "\\n"
            default: out.append(character)
            }
        }
        return out
    }

    /// Lines longer than 75 octets continue on the next line after a space, never inside a
    /// UTF-8 sequence.
    static func fold(_ line: String) -> String {
        guard line.utf8.count > 75 else { return line }
        var parts: [String] = []
        var current = ""
        var octets = 0
        for scalar in line.unicodeScalars {
            let size = String(scalar).utf8.count
            let limit = parts.isEmpty ? 75 : 74
            if octets + size > limit {
                parts.append(current)
                current = ""
                octets = 0
            }
            current.unicodeScalars.append(scalar)
            octets += size
        }
        parts.append(current)
        return parts.joined(separator: "\r\n ")
    }
}
