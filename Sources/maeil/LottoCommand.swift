import ArgumentParser
import Foundation
import Lotto
import MaeilAPI
import MaeilServer

/// `maeil lotto …`: the lotto diary from the terminal.
struct LottoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lotto",
        abstract: "Lotto 6/45: read ticket QR codes, check numbers, add tickets to the diary.",
        discussion: """
            A ticket's QR code holds an address such as http://m.dhlottery.co.kr/?v=0868m04… \
            (every era's address is read; the v= code alone also works). Draws up to round \
            1238 ship with Maeil; later ones come from `maeil serve` or `maeil lotto sync`.

              $ maeil lotto decode 'http://m.dhlottery.co.kr/?v=0868m0411…'
              $ maeil lotto check 1049 3 5 13 20 21 37
              $ maeil lotto add --round 1049 --numbers '3 5 13 20 21 37'
            """,
        subcommands: [Decode.self, Check.self, Add.self, Sync.self]
    )

    struct Decode: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Read ticket QR texts: the round and each game (lines A–E).")

        @Argument(help: "QR texts; when none, one per line from standard input.")
        var qr: [String] = []

        @Flag(help: "Print each ticket as JSON (the API's LottoTicket).")
        var json = false

        func run() throws {
            let texts = qr.isEmpty ? Array(AnyIterator { readLine() }) : qr
            var failed = false
            for text in texts where !text.isEmpty {
                let ticket: LottoTicket
                do {
                    ticket = try LottoTicket.decode(qr: text)
                } catch {
                    failed = true
                    FileHandle.standardError.write(Data("maeil: \(error.message)\n".utf8))
                    continue
                }
                print(json ? try JSONLine.encode(LottoTicketDTO(ticket)) : describe(ticket))
            }
            if failed { throw ExitCode(1) }
        }

        /// "Round 868 (drawn 2019-07-20)" and a line per game; never the serial.
        func describe(_ ticket: LottoTicket) -> String {
            (["Round \(ticket.round) (draw \(DrawSchedule.date(ofRound: ticket.round)))"]
                + ticket.games.map { game in
                    "\(game.label)  \(game.mode.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0))  "
                        + game.numbers.map { String($0) }.joined(separator: " ")
                }).joined(separator: "\n")
        }
    }

    struct Check: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "The rank and prize of six numbers (or several games of six) in a round.")

        @Argument(help: "The round.")
        var round: Int

        @Argument(help: "Six numbers per game, 1–45.")
        var numbers: [Int]

        @OptionGroup var storage: StorageOptions

        func run() async throws {
            guard !numbers.isEmpty, numbers.count % 6 == 0 else {
                throw CLIError("give six numbers per game (got \(numbers.count))")
            }
            let games = stride(from: 0, to: numbers.count, by: 6).map {
                Array(numbers[$0..<($0 + 6)])
            }
            let (draw, results) = try await storage.withInstance { instance in
                (
                    try await instance.lottoDraw(round: round),
                    try await instance.lottoCheck(round: round, games: games)
                )
            }
            guard let draw, let results else {
                let drawn =
                    round
                    <= DrawSchedule.latestDrawnRound(
                        at: Int64(Date().timeIntervalSince1970))
                throw CLIError(
                    drawn
                        ? "round \(round)'s result is not stored yet; run `maeil lotto sync`"
                        : "round \(round) is drawn on \(DrawSchedule.date(ofRound: round)) at 20:35 KST"
                )
            }
            print(
                "Round \(draw.round) (\(draw.date)): "
                    + draw.numbers.map { String($0) }.joined(separator: " ") + " + \(draw.bonus)")
            for result in results {
                print(
                    result.numbers.map { String($0) }.joined(separator: " ") + ": "
                        + LottoText.result(result))
            }
        }
    }

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract:
                "Add to the diary: a ticket (its QR text, or the round and numbers) or a speetto purchase.",
            discussion: """
                  $ maeil lotto add 'http://m.dhlottery.co.kr/?v=0868m0411…'
                  $ maeil lotto add --round 1049 --numbers '3 5 13 20 21 37' --mode auto
                  $ maeil lotto add --speetto 1000 --amount 5000 --won 1000
                """)

        @Argument(help: "The ticket's QR text.")
        var qr: String?

        @Option(help: "The round, for numbers typed with --numbers.")
        var round: Int?

        @Option(help: "Six numbers of one game (repeat for up to five games).")
        var numbers: [String] = []

        @Option(help: "manual, auto or semiAuto (typed numbers).")
        var mode: String?

        @Option(help: "A speetto purchase of this type: 500, 1000 or 2000.")
        var speetto: Int?

        @Option(help: "Won spent on speetto (a multiple of 500).")
        var amount: Int64?

        @Option(help: "Won won on speetto.")
        var won: Int64?

        @Option(help: "The day bought, YYYY-MM-DD (default: today, or the draw day if drawn).")
        var date: String?

        @Option(help: "A note.")
        var note: String?

        @OptionGroup var user: UserOption
        @OptionGroup var storage: StorageOptions

        func run() async throws {
            var input = LottoEntryInput(date: date, qr: qr, mode: mode, note: note)
            if let speetto {
                input = LottoEntryInput(
                    kind: "speetto", date: date, speettoType: speetto, amount: amount,
                    won: won ?? 0, note: note)
            } else if qr == nil {
                input.round = round
                input.games = try numbers.map { line in
                    let parts = line.split(whereSeparator: { " ,".contains($0) })
                    let values = parts.compactMap { Int($0) }
                    guard values.count == parts.count else {
                        throw CLIError("\(line): numbers are whole numbers 1–45")
                    }
                    return values
                }
            }
            let entry = try await storage.withInstance { instance in
                try await instance.addLottoEntry(
                    username: try await user.resolve(instance), input)
            }
            guard entry.kind == "lotto" else {
                print(
                    "Added speetto \(entry.speettoType ?? 0), bought \(entry.date): "
                        + "\(LottoText.won(entry.spent)) spent, \(LottoText.won(entry.won ?? 0)) won."
                )
                return
            }
            print(
                "Added round \(entry.round ?? 0), bought \(entry.date): \(LottoText.won(entry.spent))."
            )
            for game in entry.games {
                print(
                    "\(game.slot)  " + game.numbers.map { String($0) }.joined(separator: " ")
                        + (entry.status == "settled" ? ": " + LottoText.result(game) : ""))
            }
            if entry.status == "pending" {
                print("Not drawn yet: the result comes after \(entry.drawDate ?? "") 20:35 KST.")
            } else if let won = entry.won {
                print("Won \(LottoText.won(won)) in all.")
            }
        }
    }
}

extension LottoCommand {
    struct Sync: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Fetch the results of rounds drawn since the shipped history.",
            discussion: """
                Asks the lottery's site (MAEIL_DHLOTTERY_URL), then the public mirror \
                (MAEIL_LOTTO_MIRROR_URL), for each round not stored yet, three seconds apart; \
                a site that refuses (403, 429) is left alone for 12 hours. The server does \
                the same by itself after each Saturday's draw.
                """)

        @OptionGroup var storage: StorageOptions

        func run() async throws {
            let bar = ProgressBar(unit: "rounds")
            let (missing, stored) = try await storage.withInstance { instance in
                guard instance.lottoFetchEnabled else {
                    throw CLIError("fetching is off (MAEIL_LOTTO_FETCH=off)")
                }
                return try await instance.lottoSync { done, total in bar.update(done, of: total) }
            }
            bar.finish()
            if missing == 0 {
                print("Every drawn round is already stored.")
            } else {
                print(
                    "Stored \(stored.count) of \(missing) missing round(s)"
                        + (stored.isEmpty
                            ? "." : ": " + stored.map(String.init).joined(separator: ", ") + "."))
                if stored.count < missing { throw ExitCode(1) }
            }
        }
    }
}

/// How the CLI words a game's result and amounts.
enum LottoText {
    /// "1,727,810,100 won".
    static func won(_ amount: Int64) -> String {
        let digits = Array(String(amount.magnitude))
        var text = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { text.append(",") }
            text.append(digit)
        }
        return (amount < 0 ? "-" : "") + text + " won"
    }

    static func result(_ game: LottoGameResultDTO) -> String {
        let matched = "\(game.matched.count) matched" + (game.bonus ? " + bonus" : "")
        guard let rank = game.rank else { return "no win (\(matched))" }
        let ordinal = ["1st", "2nd", "3rd", "4th", "5th"][rank - 1]
        let prize = game.prize.map { ", \(won($0))" } ?? ""
        return "\(ordinal) prize (\(matched)\(prize))"
    }
}

/// One JSON object per line, keys sorted (stable for scripts).
enum JSONLine {
    static func encode(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}
