import Foundation
import Lotto
import MaeilAPI
import Vapor
import VocabCore

// The lotto diary as it crosses the wire, and how its refusals are answered.

extension LottoEntryDraft {
    /// An entry as the API or a form asks for it, checked: a ticket's QR text, typed games,
    /// or a speetto purchase.
    init(_ input: LottoEntryInput) throws(LottoDiary.EntryProblem) {
        let kindText = input.kind?.isEmpty == false ? input.kind ?? "" : "lotto"
        guard let kind = LottoEntry.Kind(rawValue: kindText) else {
            throw .unknownKind(kindText)
        }
        self.init(kind: kind)
        if let date = input.date, !date.isEmpty {
            guard let day = CivilDay(date) else { throw .badDate(date) }
            boughtOn = day
        }
        note = (input.note ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        switch kind {
        case .speetto:
            speettoType = try LottoDiary.checkSpeetto(
                type: input.speettoType, amount: input.amount, won: input.won)
            speettoAmount = input.amount ?? 0
            speettoWon = input.won ?? 0
        case .lotto:
            if let qr = input.qr, !qr.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
                let ticket: LottoTicket
                do { ticket = try LottoTicket.decode(qr: qr) } catch { throw .ticket(error) }
                round = ticket.round
                games = ticket.games
                source = .qr
                resultURL = ticket.officialResultURL
                serial = ticket.serial
            } else if let typed = input.games {
                guard let round = input.round else { throw .round(0) }
                let modeText = input.mode?.isEmpty == false ? input.mode ?? "" : "manual"
                guard let mode = GameMode(rawValue: modeText) else {
                    throw .unknownMode(modeText)
                }
                self.round = round
                games = try LottoDiary.typedGames(typed, mode: mode)
                source = .manual
            } else {
                throw .noTicket
            }
        }
    }
}

extension LottoDiary.EntryProblem: ReportableError {
    var status: HTTPResponseStatus { self == .duplicateTicket ? .conflict : .unprocessableEntity }
    var code: ErrorCode {
        switch self {
        case .ticket: .invalidTicket
        case .duplicateTicket: .duplicateTicket
        case .badDate: .badDate
        default: .invalidInput
        }
    }
}

extension PhotoProblem: ReportableError {
    var status: HTTPResponseStatus {
        switch self {
        case .notAnImage: .unsupportedMediaType
        case .tooLarge, .tooManyPixels: .payloadTooLarge
        case .noQRCode: .unprocessableEntity
        case .unavailable: .serviceUnavailable
        }
    }
    var code: ErrorCode {
        switch self {
        case .notAnImage: .unsupportedMediaType
        case .tooLarge, .tooManyPixels: .tooLarge
        case .noQRCode: .invalidFile
        case .unavailable: .photoUnavailable
        }
    }
}

extension ManualDrawProblem: ReportableError {
    var status: HTTPResponseStatus {
        if case .known = self { return .conflict }
        return .unprocessableEntity
    }
    var code: ErrorCode { .invalidInput }
}

extension LottoSettingsProblem: ReportableError {
    var status: HTTPResponseStatus { .unprocessableEntity }
    var code: ErrorCode { .invalidInput }
}

extension NumberPicker.Problem: ReportableError {
    var status: HTTPResponseStatus { .unprocessableEntity }
    var code: ErrorCode { .invalidInput }
    var message: String {
        switch self {
        case .numberOutOfRange(let number): "\(number) is not a number from 1 to 45."
        case .tooManyIncluded: "At most six numbers can be included."
        case .includedAndExcluded(let number): "\(number) is both included and excluded."
        case .tooFewLeft: "So many numbers are excluded that fewer than seven are left."
        }
    }
}

extension LottoGameDTO {
    init(_ game: LottoGame) {
        self.init(slot: game.label, mode: game.mode.rawValue, numbers: game.numbers)
    }
}

extension LottoGameResultDTO {
    init(_ result: GameResult) {
        self.init(
            slot: result.game.label, mode: result.game.mode.rawValue,
            numbers: result.game.numbers, matched: result.matched, bonus: result.hasBonus,
            rank: result.rank?.rawValue, prize: result.prize)
    }

    init(beforeTheDraw game: LottoGame) {
        self.init(
            slot: game.label, mode: game.mode.rawValue, numbers: game.numbers, matched: [],
            bonus: false, rank: nil, prize: nil)
    }
}

extension LottoTicketDTO {
    /// Public for `maeil lotto decode`, which reads a ticket without the database.
    public init(_ ticket: LottoTicket) {
        self.init(
            round: ticket.round, drawDate: DrawSchedule.date(ofRound: ticket.round),
            games: ticket.games.map(LottoGameDTO.init), resultURL: ticket.officialResultURL)
    }
}

extension LottoDrawDTO {
    init(_ known: KnownDraw) {
        let draw = known.draw
        self.init(
            round: draw.round, date: draw.date, numbers: draw.numbers, bonus: draw.bonus,
            prizes: PrizeRank.allCases.compactMap { rank in
                draw.division(rank).map {
                    LottoPrizeDTO(rank: rank.rawValue, prize: $0.prize, winners: $0.winners)
                }
            }, totalSales: draw.totalSales, source: known.origin.rawValue)
    }
}

extension LottoEntryDTO {
    init(_ outcome: LottoOutcome) {
        let entry = outcome.entry
        let results =
            outcome.draw == nil
            ? entry.games.map(LottoGameResultDTO.init(beforeTheDraw:))
            : outcome.results.map(LottoGameResultDTO.init)
        self.init(
            id: entry.id, kind: entry.kind.rawValue, date: entry.boughtOn.description,
            status: outcome.status.rawValue, round: entry.round,
            drawDate: entry.round.map(DrawSchedule.date(ofRound:)), games: results,
            drawNumbers: outcome.draw?.draw.numbers, drawBonus: outcome.draw?.draw.bonus,
            source: entry.source?.rawValue, speettoType: entry.speettoType?.rawValue,
            spent: entry.spent, won: outcome.won, resultURL: entry.resultURL, note: entry.note,
            createdAt: entry.createdAt)
    }
}

extension LottoMonthSummaryDTO {
    init(month: CalendarMonth, totals: LottoDiary.Totals, goal: Int64?) {
        self.init(
            month: month.description, goal: goal, spent: totals.spent, won: totals.won,
            net: totals.net, goalUsedPercent: totals.goalUsedPercent(goal: goal),
            gukbap: totals.gukbap, pending: totals.pending)
    }
}

extension LottoYearDTO {
    init(year: Int, months: [LottoDiary.Totals], goal: Int64?, today: CivilDay) {
        let summaries = months.enumerated().map { index, totals in
            LottoMonthSummaryDTO(
                month: CalendarMonth(year: year, month: index + 1) ?? CalendarMonth(today),
                totals: totals, goal: goal)
        }
        let total = months.reduce(LottoDiary.Totals(), +)
        let started = months.indices.filter {
            year < today.year || (year == today.year && $0 + 1 <= today.month)
        }
        self.init(
            year: year, goal: goal, months: summaries, spent: total.spent, won: total.won,
            net: total.net,
            monthsKept: goal.map { goal in started.filter { months[$0].spent <= goal }.count })
    }
}

extension LottoSettingsDTO {
    init(_ settings: LottoSettings) {
        self.init(
            nickname: settings.nickname, monthlyGoal: settings.monthlyGoal,
            reminderMinutes: settings.reminderMinutes)
    }
}

extension Request {
    /// The `id` path parameter as an entry id; anything else is a 404.
    func lottoEntryID() throws -> UUID {
        guard let raw = parameters.get("id"), let id = UUID(uuidString: raw) else {
            throw AppError.notFound("entry")
        }
        return id
    }

    /// The `round` path parameter; anything but a round number is a 404.
    func lottoRound() throws -> Int {
        guard let raw = parameters.get("round"), let round = Int(raw), round > 0 else {
            throw AppError.notFound("draw")
        }
        return round
    }

    /// `?year=YYYY` (2002, the first draw's year, to 9999), this year by default.
    func lottoYear(now: Date = Date()) throws -> Int {
        guard let raw = try? query.get(String.self, at: "year"), !raw.isEmpty else {
            return days.day(of: now).year
        }
        guard let year = Int(raw), (2002...9999).contains(year) else {
            throw AppError.badRequest("year must be a year from 2002 to 9999", code: .badDate)
        }
        return year
    }

    /// `?month=YYYY-MM`, this month by default.
    func lottoMonth(now: Date = Date()) throws -> CalendarMonth {
        guard let raw = try? query.get(String.self, at: "month"), !raw.isEmpty else {
            return days.month(of: now)
        }
        guard let month = CalendarMonth(raw) else {
            throw AppError.badRequest("month must look like 2026-11", code: .badDate)
        }
        return month
    }
}
