/// One lotto 6/45 draw: the winning numbers and, when known, what each rank paid.
public struct LottoDraw: Sendable, Equatable, Codable {
    public var round: Int
    /// "YYYY-MM-DD", in Korea.
    public var date: String
    /// Six distinct numbers 1–45, ascending.
    public var numbers: [Int]
    public var bonus: Int
    /// Ranks 1–5 in order: the prize per winning game and the number of winning games;
    /// nil where nobody won that rank, or the source did not say.
    public var divisions: [PrizeDivision?]
    /// All tickets sold for the round, in won, when known.
    public var totalSales: Int64?

    public init(
        round: Int, date: String, numbers: [Int], bonus: Int, divisions: [PrizeDivision?],
        totalSales: Int64?
    ) {
        self.round = round
        self.date = date
        self.numbers = numbers
        self.bonus = bonus
        self.divisions = divisions
        self.totalSales = totalSales
    }

    public func division(_ rank: PrizeRank) -> PrizeDivision? {
        divisions.indices.contains(rank.rawValue - 1) ? divisions[rank.rawValue - 1] : nil
    }

    /// Why these numbers cannot be a draw, or nil when they can: six distinct numbers
    /// 1–45 in ascending order and a seventh, the bonus, that is none of them.
    public var problem: DrawProblem? {
        if round < 1 { return .round }
        guard numbers.count == 6 else { return .numberCount(numbers.count) }
        if let outside = (numbers + [bonus]).first(where: { !LottoRules.numberRange.contains($0) })
        {
            return .numberOutOfRange(outside)
        }
        if Set(numbers).count != 6 || numbers.contains(bonus) { return .repeatedNumber }
        if numbers != numbers.sorted() { return .unsorted }
        if divisions.count != PrizeRank.allCases.count { return .divisions }
        return nil
    }
}

public struct PrizeDivision: Sendable, Equatable, Codable {
    /// Won per winning game, before tax.
    public var prize: Int64
    public var winners: Int

    public init(prize: Int64, winners: Int) {
        self.prize = prize
        self.winners = winners
    }
}

public enum DrawProblem: Error, Equatable, Sendable {
    case round
    case numberCount(Int)
    case numberOutOfRange(Int)
    case repeatedNumber
    case unsorted
    case divisions
}

/// 1st to 5th prize.
public enum PrizeRank: Int, Sendable, CaseIterable, Codable, Comparable {
    case first = 1
    case second, third, fourth, fifth

    public static func < (lhs: PrizeRank, rhs: PrizeRank) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// What one game of a ticket got in its draw.
public struct GameResult: Sendable, Equatable {
    public var game: LottoGame
    /// The game's numbers among the six drawn, ascending.
    public var matched: [Int]
    /// Whether the game holds the bonus number (it counts only with five matches).
    public var hasBonus: Bool
    public var rank: PrizeRank?
    /// Won for the game; nil when it won a rank whose prize the draw record lacks.
    public var prize: Int64?

    public var isWin: Bool { rank != nil }
}

/// The rules of lotto 6/45 (동행복권), with their history.
public enum LottoRules {
    public static let numberRange = 1...45
    public static let numbersPerGame = 6
    public static let maximumGamesPerTicket = 5
    /// From this round a game costs 1,000 won (2,000 before) and 5th prize is 5,000 won.
    public static let thousandWonGamesFrom = 88
    /// From this round 4th prize is a fixed 50,000 won (shared out before).
    public static let fixedFourthPrizeFrom = 401

    /// Won for one game in the round.
    public static func gamePrice(round: Int) -> Int64 {
        round < thousandWonGamesFrom ? 2_000 : 1_000
    }

    /// 6 → 1st, 5 and the bonus → 2nd, 5 → 3rd, 4 → 4th, 3 → 5th.
    public static func rank(matches: Int, hasBonus: Bool) -> PrizeRank? {
        switch matches {
        case 6: .first
        case 5: hasBonus ? .second : .third
        case 4: .fourth
        case 3: .fifth
        default: nil
        }
    }

    /// The prize of one game of `rank` in `draw`: fixed amounts where the rules fix them,
    /// the draw record's otherwise (nil when the record does not have it).
    public static func prize(_ rank: PrizeRank, in draw: LottoDraw) -> Int64? {
        switch rank {
        case .fourth where draw.round >= fixedFourthPrizeFrom: 50_000
        case .fifth where draw.round >= thousandWonGamesFrom: 5_000
        default: draw.division(rank)?.prize
        }
    }

    public static func result(of game: LottoGame, in draw: LottoDraw) -> GameResult {
        let drawn = Set(draw.numbers)
        let matched = game.numbers.filter(drawn.contains)
        let hasBonus = game.numbers.contains(draw.bonus)
        let rank = rank(matches: matched.count, hasBonus: hasBonus)
        return GameResult(
            game: game, matched: matched, hasBonus: hasBonus, rank: rank,
            prize: rank.flatMap { prize($0, in: draw) })
    }

    /// Six numbers 1–45, each once, in any order: the problem with a game typed by hand,
    /// or nil. (A ticket's QR must also list them ascending: `LottoTicket.decode`.)
    public static func problem(withGame numbers: [Int]) -> DrawProblem? {
        guard numbers.count == numbersPerGame else { return .numberCount(numbers.count) }
        if let outside = numbers.first(where: { !numberRange.contains($0) }) {
            return .numberOutOfRange(outside)
        }
        return Set(numbers).count == numbers.count ? nil : .repeatedNumber
    }
}
