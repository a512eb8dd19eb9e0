import Foundation

// The lotto diary as it crosses the wire: tickets and their results, draws, the month's
// summary, the diary's settings, the number picker.

/// One game (line) of a lotto ticket.
public struct LottoGameDTO: Codable, Sendable, Equatable {
    /// "A" … "E": the printed line, kept when lines before it are unused.
    public var slot: String
    /// `manual`, `auto` or `semiAuto`.
    public var mode: String
    /// Six numbers 1–45, ascending.
    public var numbers: [Int]

    public init(slot: String, mode: String, numbers: [Int]) {
        self.slot = slot
        self.mode = mode
        self.numbers = numbers
    }
}

/// A game and what it got in its draw (`rank` and `prize` nil before the draw or without
/// a win).
public struct LottoGameResultDTO: Codable, Sendable, Equatable {
    public var slot: String
    public var mode: String
    public var numbers: [Int]
    /// The game's numbers that were drawn; empty before the draw.
    public var matched: [Int]
    /// Whether the game holds the bonus number.
    public var bonus: Bool
    /// 1–5.
    public var rank: Int?
    /// Won for the game, before tax; nil when the draw record does not say (or no win).
    public var prize: Int64?

    public init(
        slot: String, mode: String, numbers: [Int], matched: [Int], bonus: Bool, rank: Int?,
        prize: Int64?
    ) {
        self.slot = slot
        self.mode = mode
        self.numbers = numbers
        self.matched = matched
        self.bonus = bonus
        self.rank = rank
        self.prize = prize
    }
}

/// A ticket read from its QR code (nothing stored).
public struct LottoTicketDTO: Codable, Sendable, Equatable {
    public var round: Int
    /// The round's draw day, "YYYY-MM-DD".
    public var drawDate: String
    public var games: [LottoGameDTO]
    /// The ticket's own result page at the lottery's site.
    public var resultURL: String

    public init(round: Int, drawDate: String, games: [LottoGameDTO], resultURL: String) {
        self.round = round
        self.drawDate = drawDate
        self.games = games
        self.resultURL = resultURL
    }
}

public struct LottoDecodeInput: Codable, Sendable, Equatable {
    /// The text a QR reader shows for the ticket.
    public var qr: String

    public init(qr: String) { self.qr = qr }
}

public struct LottoPrizeDTO: Codable, Sendable, Equatable {
    /// 1–5.
    public var rank: Int
    /// Won per winning game, before tax.
    public var prize: Int64
    /// Winning games.
    public var winners: Int

    public init(rank: Int, prize: Int64, winners: Int) {
        self.rank = rank
        self.prize = prize
        self.winners = winners
    }
}

/// A draw's result.
public struct LottoDrawDTO: Codable, Sendable, Equatable {
    public var round: Int
    public var date: String
    public var numbers: [Int]
    public var bonus: Int
    /// The ranks someone won, with their prizes (a rank nobody won is absent).
    public var prizes: [LottoPrizeDTO]
    public var totalSales: Int64?
    /// `history` (shipped with the app), `official`, `mirror`, or `manual` (typed by this
    /// user; only their own tickets use it).
    public var source: String

    public init(
        round: Int, date: String, numbers: [Int], bonus: Int, prizes: [LottoPrizeDTO],
        totalSales: Int64?, source: String
    ) {
        self.round = round
        self.date = date
        self.numbers = numbers
        self.bonus = bonus
        self.prizes = prizes
        self.totalSales = totalSales
        self.source = source
    }
}

/// A diary entry: a lotto ticket with its games and results, or a speetto purchase.
public struct LottoEntryDTO: Codable, Sendable, Equatable {
    public var id: UUID
    /// `lotto` or `speetto`.
    public var kind: String
    /// The day of the purchase, "YYYY-MM-DD".
    public var date: String
    /// `pending` (lotto, not drawn yet or its result not known yet), `settled` (lotto) or
    /// `recorded` (speetto).
    public var status: String
    public var round: Int?
    public var drawDate: String?
    public var games: [LottoGameResultDTO]
    /// The draw's numbers and bonus once known.
    public var drawNumbers: [Int]?
    public var drawBonus: Int?
    /// `qr`, `manual` or `generator` (lotto).
    public var source: String?
    /// 500, 1000 or 2000 (speetto).
    public var speettoType: Int?
    /// Won spent.
    public var spent: Int64
    /// Won won: a lotto ticket's prizes once drawn (nil while pending), a speetto's as typed.
    public var won: Int64?
    /// The ticket's result page at the lottery's site (QR tickets).
    public var resultURL: String?
    public var note: String
    public var createdAt: Date

    public init(
        id: UUID, kind: String, date: String, status: String, round: Int?, drawDate: String?,
        games: [LottoGameResultDTO], drawNumbers: [Int]?, drawBonus: Int?, source: String?,
        speettoType: Int?, spent: Int64, won: Int64?, resultURL: String?, note: String,
        createdAt: Date
    ) {
        self.id = id
        self.kind = kind
        self.date = date
        self.status = status
        self.round = round
        self.drawDate = drawDate
        self.games = games
        self.drawNumbers = drawNumbers
        self.drawBonus = drawBonus
        self.source = source
        self.speettoType = speettoType
        self.spent = spent
        self.won = won
        self.resultURL = resultURL
        self.note = note
        self.createdAt = createdAt
    }
}

/// A new entry: a lotto ticket from its QR text (`qr`), or typed by hand (`round` and
/// `games`), or a speetto purchase (`kind: speetto`, `speettoType`, `amount`, `won`).
public struct LottoEntryInput: Codable, Sendable, Equatable {
    /// `lotto` (default) or `speetto`.
    public var kind: String?
    /// "YYYY-MM-DD"; default: today, or the draw day for a round already drawn.
    public var date: String?
    public var qr: String?
    public var round: Int?
    /// Up to five games of six numbers (typed tickets).
    public var games: [[Int]]?
    /// `manual` (default), `auto` or `semiAuto`, for typed games.
    public var mode: String?
    public var speettoType: Int?
    /// Won spent on speetto: a multiple of 500.
    public var amount: Int64?
    /// Won won on speetto.
    public var won: Int64?
    public var note: String?

    public init(
        kind: String? = nil, date: String? = nil, qr: String? = nil, round: Int? = nil,
        games: [[Int]]? = nil, mode: String? = nil, speettoType: Int? = nil,
        amount: Int64? = nil, won: Int64? = nil, note: String? = nil
    ) {
        self.kind = kind
        self.date = date
        self.qr = qr
        self.round = round
        self.games = games
        self.mode = mode
        self.speettoType = speettoType
        self.amount = amount
        self.won = won
        self.note = note
    }
}

/// A month of the diary: its goal, what was spent and won, and the fun figure.
public struct LottoMonthSummaryDTO: Codable, Sendable, Equatable {
    /// "YYYY-MM".
    public var month: String
    public var goal: Int64?
    public var spent: Int64
    /// Won by settled tickets and speetto.
    public var won: Int64
    /// won − spent.
    public var net: Int64
    /// spent ÷ goal, in percent (nil without a goal).
    public var goalUsedPercent: Int?
    /// spent ÷ 8,000 won: bowls of gukbap (국밥) the money would have bought.
    public var gukbap: Int
    /// Tickets still waiting for their draw's result.
    public var pending: Int

    public init(
        month: String, goal: Int64?, spent: Int64, won: Int64, net: Int64,
        goalUsedPercent: Int?, gukbap: Int, pending: Int
    ) {
        self.month = month
        self.goal = goal
        self.spent = spent
        self.won = won
        self.net = net
        self.goalUsedPercent = goalUsedPercent
        self.gukbap = gukbap
        self.pending = pending
    }
}

/// A month's entries, newest day first, and its summary.
public struct LottoMonthDTO: Codable, Sendable, Equatable {
    public var summary: LottoMonthSummaryDTO
    public var entries: [LottoEntryDTO]

    public init(summary: LottoMonthSummaryDTO, entries: [LottoEntryDTO]) {
        self.summary = summary
        self.entries = entries
    }
}

public struct LottoSettingsDTO: Codable, Sendable, Equatable {
    /// 3–10 Hangul letters, Latin letters or digits.
    public var nickname: String?
    /// Won a month, 1,000 to 100,000,000,000.
    public var monthlyGoal: Int64?
    /// Minutes before the draw: 10, 30 or 60; nil for no reminder.
    public var reminderMinutes: Int?

    public init(nickname: String?, monthlyGoal: Int64?, reminderMinutes: Int?) {
        self.nickname = nickname
        self.monthlyGoal = monthlyGoal
        self.reminderMinutes = reminderMinutes
    }
}

/// Changes to the settings: a field left out stays; `clear` names fields to empty.
public struct LottoSettingsInput: Codable, Sendable, Equatable {
    public var nickname: String?
    public var monthlyGoal: Int64?
    public var reminderMinutes: Int?
    /// `nickname`, `monthlyGoal`, `reminderMinutes`.
    public var clear: [String]?

    public init(
        nickname: String? = nil, monthlyGoal: Int64? = nil, reminderMinutes: Int? = nil,
        clear: [String]? = nil
    ) {
        self.nickname = nickname
        self.monthlyGoal = monthlyGoal
        self.reminderMinutes = reminderMinutes
        self.clear = clear
    }
}

public struct LottoPickInput: Codable, Sendable, Equatable {
    /// Numbers every pick must hold (at most six).
    public var include: [Int]?
    /// Numbers no pick may hold.
    public var exclude: [Int]?

    public init(include: [Int]? = nil, exclude: [Int]? = nil) {
        self.include = include
        self.exclude = exclude
    }
}

public struct LottoPickDTO: Codable, Sendable, Equatable {
    public var numbers: [Int]
    public var bonus: Int
    /// The round on sale now, for "save as a ticket".
    public var round: Int

    public init(numbers: [Int], bonus: Int, round: Int) {
        self.numbers = numbers
        self.bonus = bonus
        self.round = round
    }
}

/// A year of the diary: each month's sums (January first) and the year's.
public struct LottoYearDTO: Codable, Sendable, Equatable {
    public var year: Int
    public var goal: Int64?
    public var months: [LottoMonthSummaryDTO]
    public var spent: Int64
    public var won: Int64
    public var net: Int64
    /// Months that kept to the goal, of the months so far (nil without a goal).
    public var monthsKept: Int?

    public init(
        year: Int, goal: Int64?, months: [LottoMonthSummaryDTO], spent: Int64, won: Int64,
        net: Int64, monthsKept: Int?
    ) {
        self.year = year
        self.goal = goal
        self.months = months
        self.spent = spent
        self.won = won
        self.net = net
        self.monthsKept = monthsKept
    }
}

/// The private calendar feed's address: shown once (only a digest of its secret is kept).
public struct LottoFeedDTO: Codable, Sendable, Equatable {
    /// `https://…/lotto/feed/{secret}.ics?lang=…`
    public var url: String
    /// The same as `webcal://…`, which calendar apps open to subscribe.
    public var webcalURL: String

    public init(url: String, webcalURL: String) {
        self.url = url
        self.webcalURL = webcalURL
    }
}

/// Winning numbers typed for a drawn round that no source has yet (used for this user's
/// tickets only, until a source has the round).
public struct LottoManualDrawInput: Codable, Sendable, Equatable {
    public var numbers: [Int]
    public var bonus: Int

    public init(numbers: [Int], bonus: Int) {
        self.numbers = numbers
        self.bonus = bonus
    }
}
