/// How a game's numbers were chosen, as the ticket's QR spells it.
public enum GameMode: String, Sendable, CaseIterable, Codable {
    /// `m`: the buyer marked all six.
    case manual
    /// `q`: the machine chose all six (quick pick).
    case auto
    /// `s`: some marked, the rest chosen by the machine.
    case semiAuto

    /// The QR's letter for the mode.
    public var letter: Character {
        switch self {
        case .manual: "m"
        case .auto: "q"
        case .semiAuto: "s"
        }
    }

    public init?(letter: Character) {
        guard let mode = Self.allCases.first(where: { $0.letter == letter }) else { return nil }
        self = mode
    }
}

/// One line of a lotto 6/45 ticket: its printed slot (A–E), mode and six numbers.
public struct LottoGame: Sendable, Equatable, Codable {
    /// 0 for A … 4 for E: the line's position on the slip, kept when lines before it are
    /// unused.
    public var slot: Int
    public var mode: GameMode
    /// Six distinct numbers 1–45, ascending.
    public var numbers: [Int]

    public init(slot: Int, mode: GameMode, numbers: [Int]) {
        self.slot = slot
        self.mode = mode
        self.numbers = numbers
    }

    /// "A" … "E".
    public var label: String { LottoGame.label(ofSlot: slot) }

    public static func label(ofSlot slot: Int) -> String {
        String(UnicodeScalar(UInt8(ascii: "A") + UInt8(clamping: slot)))
    }
}

/// The ticket number printed with the QR. Its meaning is undocumented and it may identify
/// the buyer's ticket at the lottery's own service, so it never appears in text: both
/// descriptions hide it, and only `digits` (for a fingerprint) reads it.
public struct TicketSerial: Sendable, Equatable, CustomStringConvertible,
    CustomDebugStringConvertible
{
    public let digits: String
    public var description: String { "(serial hidden)" }
    public var debugDescription: String { description }
}

/// A lotto 6/45 ticket as its QR code holds it: the round it is for and up to five games.
public struct LottoTicket: Sendable, Equatable {
    public var round: Int
    public var games: [LottoGame]
    public var serial: TicketSerial

    /// The ticket's result page at the lottery's site, whatever host printed it: every era's
    /// QR address leads there.
    public var officialResultURL: String {
        "https://m.dhlottery.co.kr/qr.do?method=winQr&v=" + payload
    }

    /// The `v` parameter: round, five slots, serial.
    public var payload: String {
        var text = String(round).leftPadded(to: 4)
        for slot in 0..<LottoTicket.slotCount {
            if let game = games.first(where: { $0.slot == slot }) {
                text.append(game.mode.letter)
                text += game.numbers.map { String($0).leftPadded(to: 2) }.joined()
            } else {
                text += "n" + String(repeating: "0", count: 12)
            }
        }
        return text + serial.digits
    }

    public static let slotCount = 5
    /// The hosts that have printed ticket QR codes, by era.
    public static let hosts: Set<String> = [
        "qr.nlotto.co.kr", "m.nlotto.co.kr", "qr.645lotto.net", "m.dhlottery.co.kr",
        "qr.dhlottery.co.kr",
    ]
    /// Hosts whose QR may also take the `/qr.do?method=winQr&v=` form.
    static let resultPageHosts: Set<String> = ["m.nlotto.co.kr", "m.dhlottery.co.kr"]

    /// Reads the text a QR reader shows for a ticket: an address of one of `hosts` (http or
    /// https) whose only data is `v`, or that `v` payload alone. Strict: anything else is
    /// refused with the reason, so that a wrong code is never stored as a ticket.
    public static func decode(qr text: String) throws(TicketQRError) -> LottoTicket {
        let text = text.trimmingWhitespace()
        guard !text.isEmpty else { throw .empty }
        if text.hasPrefix("MSG_ESLIP") { throw .purchaseSlip }
        if text.first?.isASCIIDigit == true { return try decode(payload: text) }
        return try decode(payload: payload(ofAddress: text))
    }

    /// The `v` value of a ticket address, after checking every other part of it.
    static func payload(ofAddress text: String) throws(TicketQRError) -> String {
        if text.contains(where: \.isWhitespace) { throw .whitespace }
        guard let schemeEnd = text.firstRange(of: "://") else { throw .notTicketAddress }
        let scheme = text[..<schemeEnd.lowerBound].lowercased()
        guard scheme == "http" || scheme == "https" else { throw .notTicketAddress }
        if text.contains("#") { throw .fragment }
        let rest = text[schemeEnd.upperBound...]
        let authorityEnd = rest.firstIndex(where: { $0 == "/" || $0 == "?" }) ?? rest.endIndex
        let authority = rest[..<authorityEnd]
        if authority.contains("@") { throw .userInfo }
        if authority.contains(":") { throw .port }
        let host = authority.lowercased()
        guard hosts.contains(host) else { throw .unknownHost(host) }

        let pathAndQuery = rest[authorityEnd...]
        let queryStart = pathAndQuery.firstIndex(of: "?") ?? pathAndQuery.endIndex
        let path = pathAndQuery[..<queryStart]
        let query = pathAndQuery[queryStart...].dropFirst()
        var values: [String: [Substring]] = [:]
        for pair in query.split(separator: "&", omittingEmptySubsequences: false) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            values[String(parts[0]), default: []].append(parts.count > 1 ? parts[1] : "")
        }
        let isResultPage = path == "/qr.do" && resultPageHosts.contains(host)
        guard path.isEmpty || path == "/" || isResultPage else { throw .notTicketAddress }
        let allowed: Set<String> = isResultPage ? ["method", "v"] : ["v"]
        guard Set(values.keys).isSubset(of: allowed) else { throw .notTicketAddress }
        if isResultPage, values["method"] != ["winQr"] { throw .notTicketAddress }
        guard let payloads = values["v"], let payload = payloads.first else {
            throw .notTicketAddress
        }
        if payloads.count > 1 { throw .repeatedPayload }
        if payload.hasPrefix("pd") { throw .pensionTicket }
        return String(payload)
    }

    /// Reads `v`: four digits of round, five slots of a mode letter and twelve digits, and a
    /// serial of 10 or 18 digits.
    static func decode(payload: String) throws(TicketQRError) -> LottoTicket {
        if payload.hasPrefix("pd") { throw .pensionTicket }
        if payload.contains(where: \.isWhitespace) { throw .whitespace }
        let characters = Array(payload)
        guard characters.allSatisfy({ $0.isASCIIDigit || $0.isASCIILetter }) else {
            throw .malformed
        }
        let slotLength = 13
        let slotsEnd = 4 + slotCount * slotLength
        guard characters.count >= slotsEnd else { throw .tooShort }
        guard let round = Int(String(characters[0..<4])),
            characters[0..<4].allSatisfy(\.isASCIIDigit)
        else { throw .malformed }
        guard round > 0 else { throw .roundZero }

        var games: [LottoGame] = []
        for slot in 0..<slotCount {
            let start = 4 + slot * slotLength
            let letter = characters[start]
            let digits = characters[(start + 1)..<(start + slotLength)]
            guard digits.allSatisfy(\.isASCIIDigit) else { throw .malformed }
            let numbers = stride(from: digits.startIndex, to: digits.endIndex, by: 2).map {
                Int(String(digits[$0...($0 + 1)])) ?? 0
            }
            if letter == "n" {
                guard numbers.allSatisfy({ $0 == 0 }) else { throw .unusedSlotWithNumbers(slot) }
                continue
            }
            guard let mode = GameMode(letter: letter) else { throw .unknownMode(letter, slot) }
            try checkGameNumbers(numbers, slot: slot)
            games.append(LottoGame(slot: slot, mode: mode, numbers: numbers))
        }
        let serial = characters[slotsEnd...]
        if serial.first?.isASCIILetter == true { throw .tooManyGames }
        guard serial.allSatisfy(\.isASCIIDigit) else { throw .malformed }
        guard serial.count == 10 || serial.count == 18 else { throw .serialLength(serial.count) }
        guard !games.isEmpty else { throw .noGames }
        return LottoTicket(
            round: round, games: games, serial: TicketSerial(digits: String(serial)))
    }

    /// Six numbers 1–45, each once, ascending (as a ticket prints them).
    static func checkGameNumbers(_ numbers: [Int], slot: Int) throws(TicketQRError) {
        for number in numbers where !LottoRules.numberRange.contains(number) {
            throw .numberOutOfRange(number, slot)
        }
        for (previous, number) in zip(numbers, numbers.dropFirst()) {
            if number == previous { throw .repeatedNumber(number, slot) }
            if number < previous { throw .unsortedNumbers(slot) }
        }
    }
}

/// Why a text is not a lotto ticket's QR; each case says what was wrong, and for the codes
/// people scan by mistake, which one to scan instead.
public enum TicketQRError: Error, Equatable, Sendable {
    case empty
    /// The store's purchase slip (`MSG_ESLIP…`), not the ticket.
    case purchaseSlip
    /// A pension lottery (연금복권) ticket (`v=pd…`).
    case pensionTicket
    /// Not an http(s) address of the lottery's ticket page (or an unexpected path or
    /// parameter).
    case notTicketAddress
    case unknownHost(String)
    case userInfo
    case port
    case fragment
    case whitespace
    case repeatedPayload
    case malformed
    case tooShort
    case tooManyGames
    case roundZero
    /// The mode letter and the slot (0 = A).
    case unknownMode(Character, Int)
    case unusedSlotWithNumbers(Int)
    case numberOutOfRange(Int, Int)
    case repeatedNumber(Int, Int)
    case unsortedNumbers(Int)
    case serialLength(Int)
    case noGames

    /// The reason in English (the API's message; the web words it in the page's language).
    public var message: String {
        switch self {
        case .empty: "The QR text is empty."
        case .purchaseSlip:
            "This is the store's purchase slip, not a ticket. Scan the QR code printed on the lotto ticket itself."
        case .pensionTicket:
            "This is a pension lottery (연금복권) ticket. Only Lotto 6/45 tickets can be added; scan the QR code of a Lotto 6/45 ticket."
        case .notTicketAddress:
            "This is not a Lotto 6/45 ticket QR code. Scan the QR code printed on the ticket (it starts with http://m.dhlottery.co.kr/?v= or a similar lottery address)."
        case .unknownHost(let host):
            "\(host) is not a lottery ticket address; ticket QR codes point to m.dhlottery.co.kr, qr.dhlottery.co.kr, qr.nlotto.co.kr, m.nlotto.co.kr or qr.645lotto.net."
        case .userInfo: "A ticket address never carries a user name or password."
        case .port: "A ticket address never carries a port number."
        case .fragment: "A ticket address never carries a # part."
        case .whitespace:
            "The ticket code contains a space; scan it again or paste it without spaces."
        case .repeatedPayload: "The address holds the ticket code (v=) twice."
        case .malformed: "The ticket code holds characters a ticket never has."
        case .tooShort: "The ticket code is too short: it is cut off."
        case .tooManyGames: "The ticket code holds more than five games."
        case .roundZero: "The ticket is for round 0, which does not exist."
        case .unknownMode(let letter, let slot):
            "Game \(LottoGame.label(ofSlot: slot)) has the unknown mode \"\(letter)\" (m manual, q auto, s semi-auto, n unused)."
        case .unusedSlotWithNumbers(let slot):
            "Game \(LottoGame.label(ofSlot: slot)) is marked unused but holds numbers."
        case .numberOutOfRange(let number, let slot):
            "Game \(LottoGame.label(ofSlot: slot)) has the number \(number); numbers are 1 to 45."
        case .repeatedNumber(let number, let slot):
            "Game \(LottoGame.label(ofSlot: slot)) has the number \(number) twice."
        case .unsortedNumbers(let slot):
            "Game \(LottoGame.label(ofSlot: slot))'s numbers are not in ascending order."
        case .serialLength(let count):
            "The ticket number at the end has \(count) digits; tickets have 10 or 18."
        case .noGames: "The ticket holds no games: all five lines are unused."
        }
    }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
    var isASCIILetter: Bool { isASCII && isLetter }
}

extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }

    func trimmingWhitespace() -> String {
        guard let first = firstIndex(where: { !$0.isWhitespace }),
            let last = lastIndex(where: { !$0.isWhitespace })
        else { return "" }
        return String(self[first...last])
    }
}
