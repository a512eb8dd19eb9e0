import Foundation
import Lotto
import VocabCore

// What the lotto diary's pages show, prepared so the templates stay dumb.

/// A lotto ball, coloured by the official ranges (1–10, 11–20, 21–30, 31–40, 41–45).
struct LottoBallView: Encodable, Sendable {
    var number: Int
    /// `b1` … `b5`.
    var range: String
    /// Drawn (a game's ball that matched), or plain.
    var hit: Bool
    var bonus: Bool

    init(_ number: Int, hit: Bool = false, bonus: Bool = false) {
        self.number = number
        range = "b\(min((number - 1) / 10, 4) + 1)"
        self.hit = hit
        self.bonus = bonus
    }
}

struct LottoGameView: Encodable, Sendable {
    var slot: String
    var mode: String
    var balls: [LottoBallView]
    /// "2등" / "2nd prize", "낙첨" / "No win", or "" before the draw.
    var resultText: String
    var prizeText: String
    var isWin: Bool
    var matchText: String
}

/// An entry as a row of the month's list and as the head of its own page.
struct LottoEntryView: Encodable, Sendable {
    var id: String
    var href: String
    var date: String
    var dateText: String
    var kind: String
    /// "1049회 로또" / "Lotto round 1049", "스피또1000" / "Speetto 1000".
    var title: String
    var status: String
    var statusText: String
    var spentText: String
    var wonText: String
    var isWin: Bool
    var note: String
}

/// The class a net amount is shown with: won more than spent, less, or neither
/// (0원 is no loss, so it is not shown in the loss colour).
enum NetTone {
    static func of(_ net: Int64) -> String { net > 0 ? "gain" : net < 0 ? "loss" : "even" }
}

/// A month's sums as the page words them.
struct LottoSummaryView: Encodable, Sendable {
    var goalText: String
    var hasGoal: Bool
    var spentText: String
    var wonText: String
    var netText: String
    /// `NetTone` of the net: coloured as a gain or a loss, or not at all when even.
    var netTone: String
    var goalPercent: Int
    /// The bar's width, 0–100.
    var goalBar: Int
    var overGoal: Bool
    var goalUsedText: String
    var gukbapText: String
    var pendingText: String
}

/// Words the diary's figures in the page's language: money, ranks, statuses.
struct LottoWording: Sendable {
    let lang: UILanguage

    func text(_ key: String, _ values: [String: String] = [:]) -> String {
        values.isEmpty ? Localizer.text(key, lang) : Localizer.format(key, lang, values)
    }

    /// "5,000원" / "₩5,000"; negative amounts keep their sign.
    func won(_ amount: Int64) -> String {
        let digits = Localizer.grouped(Int(amount.magnitude))
        return Self.sign(of: amount) + text("lottoWon", ["amount": digits])
    }

    /// A loss's sign: the minus sign (U+2212), as a month cell's spending is
    /// written, not a hyphen.
    private static func sign(of amount: Int64) -> String { amount < 0 ? "−" : "" }

    func signedWon(_ amount: Int64) -> String {
        amount > 0 ? "+" + won(amount) : won(amount)
    }

    func rank(_ rank: PrizeRank) -> String {
        switch rank {
        case .first: text("lottoRank1")
        case .second: text("lottoRank2")
        case .third: text("lottoRank3")
        case .fourth: text("lottoRank4")
        case .fifth: text("lottoRank5")
        }
    }

    func mode(_ mode: GameMode) -> String {
        switch mode {
        case .manual: text("lottoMode_manual")
        case .auto: text("lottoMode_auto")
        case .semiAuto: text("lottoMode_semiAuto")
        }
    }

    func source(_ source: LottoDiary.TicketSource) -> String {
        switch source {
        case .qr: text("lottoSource_qr")
        case .manual: text("lottoSource_manual")
        case .generator: text("lottoSource_generator")
        }
    }

    func title(_ entry: LottoEntry) -> String {
        switch entry.kind {
        case .lotto: text("lottoTicketTitle", ["round": String(entry.round ?? 0)])
        case .speetto:
            text("lottoSpeettoTitle", ["type": String(entry.speettoType?.rawValue ?? 0)])
        }
    }

    /// "추첨 전 · 11월 29일 추첨", "결과 확인 중", "2등 당첨", "낙첨", "기록".
    func status(_ outcome: LottoOutcome, now: Date) -> String {
        switch outcome.status {
        case .recorded:
            return (outcome.won ?? 0) > 0 ? text("lottoSpeettoWon") : text("lottoSpeettoLost")
        case .settled:
            return outcome.bestRank.map { text("lottoWinRank", ["rank": rank($0)]) }
                ?? text("lottoNoWin")
        case .pending:
            let round = outcome.entry.round ?? 0
            let latest = DrawSchedule.latestDrawnRound(at: Int64(now.timeIntervalSince1970))
            guard round > latest, let day = CivilDay(DrawSchedule.date(ofRound: round)) else {
                return text("lottoAwaitingResult")
            }
            return text("lottoBeforeDraw", ["date": CalendarLabels.shortDay(day, lang)])
        }
    }

    func entryView(_ outcome: LottoOutcome, now: Date) -> LottoEntryView {
        let entry = outcome.entry
        return LottoEntryView(
            id: entry.id.uuidString, href: "/lotto/entries/\(entry.id.uuidString)",
            date: entry.boughtOn.description,
            dateText: CalendarLabels.dayTitle(entry.boughtOn, lang), kind: entry.kind.rawValue,
            title: title(entry), status: outcome.status.rawValue,
            statusText: status(outcome, now: now), spentText: won(entry.spent),
            wonText: outcome.won.map(won) ?? "–", isWin: (outcome.won ?? 0) > 0,
            note: entry.note)
    }

    func gameViews(_ outcome: LottoOutcome) -> [LottoGameView] {
        let drawn = outcome.draw.map { Set($0.draw.numbers) } ?? []
        let bonus = outcome.draw?.draw.bonus
        return outcome.entry.games.enumerated().map { index, game in
            let result = outcome.results.indices.contains(index) ? outcome.results[index] : nil
            let matches = result?.matched.count ?? 0
            return LottoGameView(
                slot: game.label, mode: mode(game.mode),
                balls: game.numbers.map {
                    LottoBallView(
                        $0, hit: drawn.contains($0),
                        bonus: $0 == bonus && matches == 5)
                },
                resultText: result.map { result in
                    result.rank.map(rank) ?? text("lottoNoWin")
                } ?? "",
                prizeText: result?.prize.map(won) ?? "",
                isWin: result?.isWin ?? false,
                matchText: result == nil
                    ? ""
                    : text("lottoMatches", ["n": String(matches)])
                        + (result?.hasBonus == true && matches == 5
                            ? " + " + text("lottoBonus") : ""))
        }
    }

    func summary(_ totals: LottoDiary.Totals, goal: Int64?) -> LottoSummaryView {
        let percent = totals.goalUsedPercent(goal: goal) ?? 0
        return LottoSummaryView(
            goalText: goal.map(won) ?? text("lottoNoGoal"), hasGoal: goal != nil,
            spentText: won(totals.spent), wonText: won(totals.won),
            netText: signedWon(totals.net), netTone: NetTone.of(totals.net), goalPercent: percent,
            goalBar: min(percent, 100), overGoal: totals.keptGoal(goal) == false,
            goalUsedText: goal == nil ? "" : text("lottoGoalUsed", ["percent": String(percent)]),
            gukbapText: Localizer.count("lottoGukbap", totals.gukbap, lang),
            pendingText: totals.pending == 0
                ? "" : text("lottoPendingCount", ["n": String(totals.pending)]))
    }

    /// A refusal of the diary in the page's language; nil for other errors.
    func problem(_ error: any Error) -> String? {
        switch error {
        case let problem as LottoDiary.EntryProblem: entryProblem(problem)
        case let problem as ManualDrawProblem: manualDrawProblem(problem)
        case let problem as PhotoProblem:
            switch problem {
            case .notAnImage(nil): text("lottoErr_photoNotImage")
            case .notAnImage: text("lottoErr_photoDamaged")
            case .tooLarge: text("lottoErr_photoTooLarge")
            case .tooManyPixels: text("lottoErr_photoTooManyPixels")
            case .noQRCode: text("lottoErr_photoNoQR")
            case .unavailable(let missing):
                text(
                    "lottoPhotoUnavailable",
                    [
                        "libraries": missing.map(\.file).joined(separator: ", "),
                        "install": PhotoProblem.installCommand(for: missing),
                    ])
            }
        case let problem as LottoSettingsProblem:
            switch problem {
            case .nickname: text("lottoErr_settings_nickname")
            case .goal: text("lottoErr_settings_goal")
            case .reminder: text("lottoErr_settings_reminder")
            }
        case let problem as NumberPicker.Problem:
            switch problem {
            case .numberOutOfRange(let number):
                text("lottoErr_pickRange", ["number": String(number)])
            case .tooManyIncluded: text("lottoErr_pickTooMany")
            case .includedAndExcluded(let number):
                text("lottoErr_pickBoth", ["number": String(number)])
            case .tooFewLeft: text("lottoErr_pickTooFew")
            }
        default: nil
        }
    }

    func manualDrawProblem(_ problem: ManualDrawProblem) -> String {
        switch problem {
        case .notDrawnYet(let round): text("lottoErr_drawNotYet", ["round": String(round)])
        case .known(let round): text("lottoErr_drawKnown", ["round": String(round)])
        case .numbers: text("lottoErr_drawNumbers")
        }
    }

    func entryProblem(_ problem: LottoDiary.EntryProblem) -> String {
        switch problem {
        case .ticket(let qr): ticketProblem(qr)
        case .game(let index, let drawProblem):
            text("lottoErr_game", ["slot": LottoGame.label(ofSlot: index)]) + " "
                + {
                    switch drawProblem {
                    case .numberCount(let count):
                        text("lottoErr_gameCount", ["n": String(count)])
                    case .numberOutOfRange(let number):
                        text("lottoErr_gameRange", ["number": String(number)])
                    default: text("lottoErr_gameRepeated")
                    }
                }()
        case .noGames: text("lottoErr_noGames")
        case .tooManyGames: text("lottoErr_tooManyGames")
        case .round(let round): text("lottoErr_round", ["round": String(round)])
        case .roundNotOnSale(let round, let onSale):
            text("lottoErr_roundNotOnSale", ["round": String(round), "next": String(onSale)])
        case .speettoType: text("lottoErr_speettoType")
        case .speettoAmount: text("lottoErr_speettoAmount")
        case .speettoWinnings: text("lottoErr_speettoWon")
        case .noteTooLong(let limit): text("lottoErr_note", ["limit": String(limit)])
        case .duplicateTicket: text("lottoErr_duplicate")
        case .badDate: text("lottoErr_date")
        case .unknownKind, .unknownMode: problem.message
        case .noTicket: text("lottoErr_noTicket")
        }
    }

    func ticketProblem(_ problem: TicketQRError) -> String {
        switch problem {
        case .unknownHost(let host): text("lottoQR_unknownHost", ["host": host])
        case .unknownMode(let letter, let slot):
            text(
                "lottoQR_unknownMode",
                ["slot": LottoGame.label(ofSlot: slot), "letter": String(letter)])
        case .unusedSlotWithNumbers(let slot):
            text("lottoQR_unusedSlot", ["slot": LottoGame.label(ofSlot: slot)])
        case .numberOutOfRange(let number, let slot):
            text(
                "lottoQR_numberRange",
                ["slot": LottoGame.label(ofSlot: slot), "number": String(number)])
        case .repeatedNumber(let number, let slot):
            text(
                "lottoQR_repeated",
                ["slot": LottoGame.label(ofSlot: slot), "number": String(number)])
        case .unsortedNumbers(let slot):
            text("lottoQR_unsorted", ["slot": LottoGame.label(ofSlot: slot)])
        case .serialLength(let count): text("lottoQR_serialLength", ["n": String(count)])
        case .empty: text("lottoQR_empty")
        case .purchaseSlip: text("lottoQR_purchaseSlip")
        case .pensionTicket: text("lottoQR_pensionTicket")
        case .notTicketAddress: text("lottoQR_notTicketAddress")
        case .userInfo: text("lottoQR_userInfo")
        case .port: text("lottoQR_port")
        case .fragment: text("lottoQR_fragment")
        case .whitespace: text("lottoQR_whitespace")
        case .repeatedPayload: text("lottoQR_repeatedPayload")
        case .malformed: text("lottoQR_malformed")
        case .tooShort: text("lottoQR_tooShort")
        case .tooManyGames: text("lottoQR_tooManyGames")
        case .roundZero: text("lottoQR_roundZero")
        case .noGames: text("lottoQR_noGames")
        }
    }

    /// A compact amount for a chart's axis or a phone's calendar cell:
    /// "5,000", "3만", "1.5억" / "500", "30k", "150M".
    func compactWon(_ amount: Int64) -> String {
        let sign = Self.sign(of: amount)
        let value = Double(amount.magnitude)
        func short(_ number: Double) -> String {
            number >= 10 || number == number.rounded()
                ? String(Int(number.rounded())) : String(format: "%.1f", number)
        }
        if lang == .ko {
            if value >= 100_000_000 { return sign + short(value / 100_000_000) + "억" }
            if value >= 10_000 { return sign + short(value / 10_000) + "만" }
            return sign + Localizer.grouped(Int(value))
        }
        if value >= 1_000_000_000 { return sign + short(value / 1_000_000_000) + "B" }
        if value >= 1_000_000 { return sign + short(value / 1_000_000) + "M" }
        if value >= 1_000 { return sign + short(value / 1_000) + "k" }
        return sign + String(Int(value))
    }

    /// The year's chart: spent and won by month, the net, the goal and each month's verdict.
    func yearChart(year: Int, months: [LottoDiary.Totals], goal: Int64?, today: CivilDay)
        -> MoneyYearChart
    {
        let lang = lang
        let total = months.reduce(LottoDiary.Totals(), +)
        return MoneyYearChart(
            id: "lotto-year-chart", title: text("lottoYearChartTitle", ["year": String(year)]),
            summary: text(
                "lottoYearChartSummary",
                [
                    "spent": won(total.spent), "won": won(total.won),
                    "net": signedWon(total.net),
                ]),
            months: months.enumerated().map { index, totals in
                let month = index + 1
                let started =
                    year < today.year || (year == today.year && month <= today.month)
                let kept =
                    started && (totals.spent > 0 || goal != nil) ? totals.keptGoal(goal) : nil
                let name = CalendarLabels.monthTitle(
                    CalendarMonth(year: year, month: month) ?? CalendarMonth(today), lang)
                var tooltip =
                    name + ": " + text("lottoSpentLabel") + " " + won(totals.spent) + ", "
                    + text("lottoWonLabel") + " " + won(totals.won) + ", "
                    + text("lottoNetLabel") + " " + signedWon(totals.net)
                if let kept { tooltip += " · " + text(kept ? "lottoGoalKept" : "lottoGoalMissed") }
                return MoneyYearChart.Month(
                    label: Localizer.text("monthShort\(month)", lang), spent: totals.spent,
                    won: totals.won, tooltip: tooltip, keptGoal: kept)
            }, goal: goal,
            legend: [
                text("lottoSpentLabel"), text("lottoWonLabel"), text("lottoNetLabel"),
                text("lottoGoalLabel"),
            ],
            axisLabel: { LottoWording(lang: lang).compactWon($0) }
        )
    }

    /// The feed a calendar app subscribes to, in this language.
    func calendarFeed(
        settings: LottoSettings, pending: [LottoOutcome], owner: UUID, base: String
    ) -> DrawCalendarFeed {
        DrawCalendarFeed(
            calendarName: settings.nickname.map { text("lottoHeadingNamed", ["name": $0]) }
                ?? text("lottoTitle"),
            drawTitle: text("lottoFeedDraw"), drawDescription: text("lottoFeedDrawDescription"),
            resultsTitle: text("lottoFeedResults"),
            reminderMinutes: settings.reminderMinutes,
            reminderText: text(
                "lottoFeedReminder", ["n": String(settings.reminderMinutes ?? 0)]),
            tickets: pending.compactMap { outcome in
                outcome.entry.round.map { round in
                    DrawCalendarFeed.Ticket(
                        id: outcome.entry.id.uuidString.lowercased(), round: round,
                        title: text("lottoFeedTicket", ["title": title(outcome.entry)]),
                        url: base + "/lotto/entries/" + outcome.entry.id.uuidString)
                }
            }, owner: owner.uuidString.lowercased())
    }
}
