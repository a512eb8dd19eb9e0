/// The rules of the lotto diary's entries and settings, free of storage: what a typed
/// ticket, a speetto purchase, a nickname and a goal may be, and a month's sums.
public enum LottoDiary {
    /// The scratch lottery's three kinds, by price per ticket.
    public enum SpeettoType: Int, Sendable, CaseIterable, Codable {
        case speetto500 = 500
        case speetto1000 = 1000
        case speetto2000 = 2000
    }

    /// How a ticket came into the diary.
    public enum TicketSource: String, Sendable, CaseIterable, Codable {
        /// Read from the ticket's QR code (text or photo).
        case qr
        /// Typed by hand.
        case manual
        /// Saved from the number picker.
        case generator
    }

    public static let noteLimit = 500
    /// Speetto amounts are whole tickets of the cheapest kind.
    public static let speettoStep: Int64 = 500
    /// More than anyone buys in a day; a typo guard.
    public static let speettoLimit: Int64 = 100_000_000
    public static let goalRange: ClosedRange<Int64> = 1_000...100_000_000_000
    public static let nicknameLength = 3...10
    /// Minutes before the draw.
    public static let reminderChoices = [10, 30, 60]
    /// The price of a bowl of 국밥, the seed app's measure of money spent.
    public static let gukbapPrice: Int64 = 8_000

    /// Games typed by hand: each six distinct numbers 1–45 (sorted here), one to five of
    /// them, on lines A, B, … in order.
    public static func typedGames(_ games: [[Int]], mode: GameMode) throws(EntryProblem)
        -> [LottoGame]
    {
        guard !games.isEmpty else { throw .noGames }
        guard games.count <= LottoRules.maximumGamesPerTicket else {
            throw .tooManyGames(games.count)
        }
        var checked: [LottoGame] = []
        for (index, numbers) in games.enumerated() {
            if let problem = LottoRules.problem(withGame: numbers) {
                throw .game(index, problem)
            }
            checked.append(LottoGame(slot: index, mode: mode, numbers: numbers.sorted()))
        }
        return checked
    }

    /// A ticket's round: drawn already, or the one on sale now (`onSale`), never later.
    public static func checkRound(_ round: Int, onSale: Int) throws(EntryProblem) {
        guard round >= 1 else { throw .round(round) }
        guard round <= onSale else { throw .roundNotOnSale(round, onSale: onSale) }
    }

    public static func checkSpeetto(type: Int?, amount: Int64?, won: Int64?)
        throws(EntryProblem) -> SpeettoType
    {
        guard let type, let kind = SpeettoType(rawValue: type) else {
            throw .speettoType(type)
        }
        let amount = amount ?? 0
        guard amount > 0, amount <= speettoLimit, amount % speettoStep == 0 else {
            throw .speettoAmount(amount)
        }
        if let won, won < 0 || won > 10_000_000_000 { throw .speettoWinnings(won) }
        return kind
    }

    public static func checkNote(_ note: String) throws(EntryProblem) {
        guard note.count <= noteLimit else { throw .noteTooLong(noteLimit) }
    }

    /// 3–10 characters, each a Hangul syllable, a Latin letter or a digit.
    public static func isValidNickname(_ nickname: String) -> Bool {
        nicknameLength.contains(nickname.count)
            && nickname.unicodeScalars.allSatisfy { scalar in
                ("가"..."힣").contains(scalar) || ("a"..."z").contains(scalar)
                    || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
            }
    }

    /// A goal as typed: digits, optionally grouped with commas ("50,000"), and an optional
    /// "원". Nil for anything else (a fraction, a sign, letters).
    public static func parseAmount(_ text: String) -> Int64? {
        var digits = Substring(text.trimmingWhitespace())
        if digits.hasSuffix("원") { digits = digits.dropLast() }
        let groups = digits.split(separator: ",", omittingEmptySubsequences: false)
        guard !digits.isEmpty, groups.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCIIDigit) })
        else { return nil }
        if groups.count > 1, groups.dropFirst().contains(where: { $0.count != 3 }) { return nil }
        let plain = groups.joined()
        guard plain.count <= 18 else { return nil }
        return Int64(plain)
    }

    /// What a month (or any span) of the diary added up to.
    public struct Totals: Sendable, Equatable {
        public var spent: Int64 = 0
        public var won: Int64 = 0
        /// Tickets still waiting for a result.
        public var pending = 0

        public init(spent: Int64 = 0, won: Int64 = 0, pending: Int = 0) {
            self.spent = spent
            self.won = won
            self.pending = pending
        }

        public var net: Int64 { won - spent }
        /// Whole bowls of 국밥 the money spent would have bought.
        public var gukbap: Int { Int(spent / gukbapPrice) }

        /// spent ÷ goal in whole percent, rounded down (nil without a goal).
        public func goalUsedPercent(goal: Int64?) -> Int? {
            guard let goal, goal > 0 else { return nil }
            return Int(spent * 100 / goal)
        }

        /// Whether the month kept to the goal (nil without a goal).
        public func keptGoal(_ goal: Int64?) -> Bool? {
            goal.map { spent <= $0 }
        }

        public static func + (lhs: Totals, rhs: Totals) -> Totals {
            Totals(
                spent: lhs.spent + rhs.spent, won: lhs.won + rhs.won,
                pending: lhs.pending + rhs.pending)
        }
    }

    /// Why an entry cannot be stored.
    public enum EntryProblem: Error, Equatable, Sendable {
        case ticket(TicketQRError)
        /// The game (0-based) and what is wrong with its numbers.
        case game(Int, DrawProblem)
        case noGames
        case tooManyGames(Int)
        case round(Int)
        case roundNotOnSale(Int, onSale: Int)
        case speettoType(Int?)
        case speettoAmount(Int64)
        case speettoWinnings(Int64)
        case noteTooLong(Int)
        case duplicateTicket
        case badDate(String)
        case unknownKind(String)
        case unknownMode(String)
        /// Neither a QR text nor typed games.
        case noTicket

        /// In English (the API's message).
        public var message: String {
            switch self {
            case .ticket(let problem): problem.message
            case .game(let index, let problem):
                "Game \(LottoGame.label(ofSlot: index)): " + Self.describe(problem)
            case .noGames: "A ticket needs at least one game of six numbers."
            case .tooManyGames(let count): "A ticket holds at most five games, not \(count)."
            case .round(let round): "Round \(round) does not exist; rounds start at 1."
            case .roundNotOnSale(let round, let onSale):
                "Round \(round) is not on sale yet: the next draw is round \(onSale)."
            case .speettoType:
                "Choose the speetto type: 500, 1000 or 2000."
            case .speettoAmount(let amount):
                "The amount spent must be a multiple of 500 won, more than 0 (got \(amount))."
            case .speettoWinnings(let won):
                "The amount won must be 0 or more won (got \(won))."
            case .noteTooLong(let limit): "The note is longer than \(limit) characters."
            case .duplicateTicket: "This ticket is already in the diary."
            case .badDate(let text): "\(text) is not a date like 2026-11-22."
            case .unknownKind(let kind): "\(kind) is not an entry kind (lotto or speetto)."
            case .unknownMode(let mode):
                "\(mode) is not a game mode (manual, auto or semiAuto)."
            case .noTicket: "Paste the ticket's QR text or type the round and numbers."
            }
        }

        static func describe(_ problem: DrawProblem) -> String {
            switch problem {
            case .numberCount(let count): "a game has six numbers, not \(count)."
            case .numberOutOfRange(let number): "\(number) is not a number from 1 to 45."
            case .repeatedNumber: "a number appears twice."
            default: "these are not six numbers from 1 to 45."
            }
        }
    }
}
