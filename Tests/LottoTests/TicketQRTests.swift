import Foundation
import MaeilTestSupport
import Testing

@testable import Lotto

/// The real ticket QR texts of ../shared (data/lotto/qr.tsv and vectors/lotto/qr.tsv), and
/// every way a text can fail to be one.
@Suite("Ticket QR codes")
struct TicketQRTests {
    struct Row: Sendable, CustomTestStringConvertible {
        let qr: String
        let round: Int
        let games: [LottoGame]
        let serialDigits: Int
        /// data/lotto/qr.tsv's last column ("E = 1st", "no win on any game"); nil in the vectors.
        let expected: String?
        var testDescription: String { String(qr.prefix(40)) }
    }

    static func rows(_ path: String) throws -> [Row] {
        let text = try String(contentsOf: SharedFolder.file(path), encoding: .utf8)
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(
                String.init)
            let games = fields[2].split(separator: ";").map { game in
                let parts = game.split(separator: ":")
                let modes: [Substring: GameMode] = ["m": .manual, "q": .auto, "s": .semiAuto]
                return LottoGame(
                    slot: Int(parts[0].unicodeScalars.first?.value ?? 65) - 65,
                    mode: modes[parts[1]] ?? .manual,
                    numbers: parts[2].split(separator: ",").compactMap { Int($0) })
            }
            // data/…: the count of serial digits; vectors/…: the digits themselves.
            let serial = fields[3].count > 2 ? fields[3].count : Int(fields[3]) ?? 0
            return Row(
                qr: fields[0], round: Int(fields[1]) ?? 0, games: games, serialDigits: serial,
                expected: fields.count > 4 ? fields[4] : nil)
        }
    }

    static func allRows() throws -> [Row] {
        try rows("data/lotto/qr.tsv") + rows("vectors/lotto/qr.tsv")
    }

    @Test("both QR files are present and whole")
    func filesLoad() throws {
        #expect(try Self.rows("data/lotto/qr.tsv").count == 8)
        #expect(try Self.rows("vectors/lotto/qr.tsv").count == 3)
    }

    @Test("every real QR decodes to its round and games", arguments: try TicketQRTests.allRows())
    func decodesRealTickets(_ row: Row) throws {
        let ticket = try LottoTicket.decode(qr: row.qr)
        #expect(ticket.round == row.round)
        #expect(ticket.games == row.games)
        #expect(ticket.serial.digits.count == row.serialDigits)
        // The official page's address holds the same ticket.
        #expect(try LottoTicket.decode(qr: ticket.officialResultURL) == ticket)
        #expect(ticket.officialResultURL.hasSuffix(String(row.qr.split(separator: "v=")[1])))
    }

    @Test("the expected result of each real ticket, from the shipped history")
    func realTicketsWinWhatTheyWon() throws {
        let history = try ShippedHistory.load()
        for row in try Self.rows("data/lotto/qr.tsv") {
            let ticket = try LottoTicket.decode(qr: row.qr)
            let draw = try #require(history[ticket.round])
            let wins = ticket.games.compactMap { game -> String? in
                let result = LottoRules.result(of: game, in: draw)
                return result.rank.map { "\(game.label) = \(ordinal($0))" }
            }
            let expected = row.expected ?? ""
            if expected.hasPrefix("no win") {
                #expect(wins.isEmpty, "\(row.round)")
            } else {
                #expect(wins == [expected], "\(row.round)")
            }
        }
    }

    func ordinal(_ rank: PrizeRank) -> String {
        ["1st", "2nd", "3rd", "4th", "5th"][rank.rawValue - 1]
    }

    static let valid =
        "http://m.dhlottery.co.kr/?v=0868m041120213645m010306132438m142933354042m021823262731m1217284143441293818248"
    static let payload = String(valid.split(separator: "v=")[1])

    static func replacingSlot(_ slot: Int, with text: String) -> String {
        var characters = Array(payload)
        characters.replaceSubrange((4 + slot * 13)..<(4 + slot * 13 + 13), with: Array(text))
        return "http://m.dhlottery.co.kr/?v=" + String(characters)
    }

    @Test("every negative case is refused with its own reason")
    func refusals() {
        let cases: [(String, TicketQRError)] = [
            ("", .empty),
            ("   \n", .empty),
            ("MSG_ESLIP0123456789", .purchaseSlip),
            ("https://m.dhlottery.co.kr/?v=pd12345678901234567890", .pensionTicket),
            ("http://m.dhlottery.co.kr/?v=0868m0411202136", .tooShort),
            ("http://m.dhlottery.co.kr/?v=0000" + Self.payload.dropFirst(4), .roundZero),
            (Self.replacingSlot(1, with: "m010306132446"), .numberOutOfRange(46, 1)),
            (Self.replacingSlot(0, with: "m000306132440"), .numberOutOfRange(0, 0)),
            (Self.replacingSlot(2, with: "q010306131340"), .repeatedNumber(13, 2)),
            (Self.replacingSlot(3, with: "s010603132440"), .unsortedNumbers(3)),
            (Self.replacingSlot(4, with: "x010306132440"), .unknownMode("x", 4)),
            (Self.replacingSlot(0, with: "n010306132440"), .unusedSlotWithNumbers(0)),
            (
                "http://m.dhlottery.co.kr/?v=0868" + String(Self.payload.dropFirst(4).prefix(65))
                    + "m010203040506" + "1293818248", .tooManyGames
            ),
            (
                "http://m.dhlottery.co.kr/?v=0868m0411202136 45" + Self.payload.dropFirst(17),
                .whitespace
            ),
            (Self.valid + "&v=" + Self.payload, .repeatedPayload),
            (
                Self.valid.replacingOccurrences(
                    of: "m.dhlottery.co.kr", with: "m.dhlottery.co.kr.evil"),
                .unknownHost("m.dhlottery.co.kr.evil")
            ),
            (
                Self.valid.replacingOccurrences(of: "m.dhlottery", with: "user:pw@m.dhlottery"),
                .userInfo
            ),
            (Self.valid.replacingOccurrences(of: ".co.kr/", with: ".co.kr:8080/"), .port),
            (Self.valid + "#top", .fragment),
            ("javascript:alert(1)//?v=" + Self.payload, .notTicketAddress),
            ("ftp://m.dhlottery.co.kr/?v=" + Self.payload, .notTicketAddress),
            ("https://m.dhlottery.co.kr/qr.do?method=other&v=" + Self.payload, .notTicketAddress),
            ("https://qr.nlotto.co.kr/qr.do?method=winQr&v=" + Self.payload, .notTicketAddress),
            ("https://m.dhlottery.co.kr/?v=" + Self.payload + "&x=1", .notTicketAddress),
            ("https://m.dhlottery.co.kr/", .notTicketAddress),
            (
                "http://qr.dhlottery.co.kr/?v=1236" + String(repeating: "n000000000000", count: 5)
                    + "195138178214141022", .noGames
            ),
            (String(Self.valid.dropLast(3)), .serialLength(7)),
            (Self.valid + "12345", .serialLength(15)),
            ("http://m.dhlottery.co.kr/?v=0868m04112021364€", .malformed),
        ]
        for (text, error) in cases {
            #expect(throws: error, "\(text)") { try LottoTicket.decode(qr: text) }
        }
    }

    @Test("every refusal has a message that names no serial")
    func messages() {
        let errors: [TicketQRError] = [
            .empty, .purchaseSlip, .pensionTicket, .notTicketAddress, .unknownHost("x"),
            .userInfo, .port, .fragment, .whitespace, .repeatedPayload, .malformed, .tooShort,
            .tooManyGames, .roundZero, .unknownMode("x", 2), .unusedSlotWithNumbers(1),
            .numberOutOfRange(46, 0), .repeatedNumber(3, 4), .unsortedNumbers(0),
            .serialLength(7), .noGames,
        ]
        #expect(Set(errors.map(\.message)).count == errors.count)
        #expect(TicketQRError.unknownMode("x", 2).message.contains("Game C"))
        #expect(TicketQRError.pensionTicket.message.contains("Lotto 6/45"))
    }

    @Test("unused slots keep the later games' letters; upper-case hosts and https are fine")
    func positionalSlots() throws {
        let text =
            "HTTPS://M.DHLOTTERY.CO.KR/?v=0984n000000000000q111527313240n000000000000n000000000000m0710122225331423157549"
        let ticket = try LottoTicket.decode(qr: "  " + text + "\n")
        #expect(ticket.games.map(\.label) == ["B", "E"])
        #expect(ticket.games.map(\.mode) == [.auto, .manual])
        #expect(try LottoTicket.decode(qr: ticket.payload) == ticket)
    }

    @Test("the serial is never in a description")
    func serialHidden() throws {
        let ticket = try LottoTicket.decode(qr: Self.valid)
        let digits = ticket.serial.digits
        #expect(!"\(ticket)".contains(digits))
        #expect(!String(reflecting: ticket).contains(digits))
        #expect(!"\(ticket.serial)".contains(digits))
    }
}

/// The draw history the server ships (Sources/MaeilServer/Resources/Lotto/draws.json).
enum ShippedHistory {
    static func load() throws -> [Int: LottoDraw] {
        let url = SharedFolder.packageRoot.appendingPathComponent(
            "Sources/MaeilServer/Resources/Lotto/draws.json")
        let draws = try JSONDecoder().decode([LottoDraw].self, from: Data(contentsOf: url))
        return Dictionary(uniqueKeysWithValues: draws.map { ($0.round, $0) })
    }
}
