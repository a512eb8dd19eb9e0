import Foundation
import MaeilTestSupport
import Testing

@testable import Lotto

@Suite("Ranks, prizes and the draw schedule")
struct PrizeTests {
    /// A game with exactly `matches` of the draw's numbers, and the bonus when asked.
    static func game(
        matching matches: Int, bonus: Bool, in draw: LottoDraw,
        using generator: inout SplitMix64
    ) -> LottoGame {
        var numbers = Array(draw.numbers.shuffled(using: &generator).prefix(matches))
        if bonus && matches < 6 { numbers.append(draw.bonus) }
        let others = LottoRules.numberRange.filter {
            !draw.numbers.contains($0) && $0 != draw.bonus
        }.shuffled(using: &generator)
        numbers += others.prefix(6 - numbers.count)
        return LottoGame(slot: 0, mode: .auto, numbers: numbers.sorted())
    }

    @Test("600 generated games rank and pay as the shipped history says")
    func generatedGames() throws {
        let history = try ShippedHistory.load()
        #expect(history.count == 1238)
        var generator = SplitMix64(seed: 12)
        for _ in 0..<600 {
            let round = Int.random(in: 1...1238, using: &generator)
            let draw = try #require(history[round])
            let matches = Int.random(in: 0...6, using: &generator)
            let withBonus = Bool.random(using: &generator)
            let game = Self.game(matching: matches, bonus: withBonus, in: draw, using: &generator)
            let result = LottoRules.result(of: game, in: draw)
            #expect(result.matched.count == matches)
            #expect(result.hasBonus == (withBonus && matches < 6))

            let expectedRank: PrizeRank? =
                switch matches {
                case 6: .first
                case 5: withBonus ? .second : .third
                case 4: .fourth
                case 3: .fifth
                default: nil
                }
            #expect(result.rank == expectedRank, "round \(round), \(game.numbers)")
            guard let rank = expectedRank else {
                #expect(result.prize == nil)
                continue
            }
            // The prize is the record's wherever the record has one: the fixed amounts agree
            // with every record that has them.
            if let recorded = draw.division(rank)?.prize {
                #expect(result.prize == recorded, "round \(round) rank \(rank)")
            } else if rank == .fourth && round >= 401 {
                #expect(result.prize == 50_000)
            } else if rank == .fifth && round >= 88 {
                #expect(result.prize == 5_000)
            } else {
                #expect(result.prize == nil)
            }
        }
    }

    @Test("fixed prizes and prices change at rounds 88 and 401")
    func historyOfTheRules() throws {
        let history = try ShippedHistory.load()
        #expect(LottoRules.gamePrice(round: 87) == 2_000)
        #expect(LottoRules.gamePrice(round: 88) == 1_000)
        let draw400 = try #require(history[400])
        let draw401 = try #require(history[401])
        #expect(LottoRules.prize(.fourth, in: draw400) == draw400.division(.fourth)?.prize)
        #expect(LottoRules.prize(.fourth, in: draw400) != 50_000)
        #expect(LottoRules.prize(.fourth, in: draw401) == 50_000)
        let draw87 = try #require(history[87])
        #expect(LottoRules.prize(.fifth, in: draw87) == 10_000)
        // 2nd prize needs the bonus and five numbers; the bonus alone is nothing.
        #expect(LottoRules.rank(matches: 5, hasBonus: true) == .second)
        #expect(LottoRules.rank(matches: 2, hasBonus: true) == nil)
        // Round 1 had no 1st-prize winner: a 6-match game has no recorded prize.
        let round1 = try #require(history[1])
        #expect(LottoRules.prize(.first, in: round1) == nil)
    }

    @Test("every shipped draw is a valid draw, on the weekly schedule")
    func shippedDraws() throws {
        let history = try ShippedHistory.load()
        for round in 1...1238 {
            let draw = try #require(history[round])
            #expect(draw.problem == nil, "round \(round)")
            #expect(DrawSchedule.date(ofRound: round) == draw.date, "round \(round)")
        }
    }

    @Test("the draws the vectors confirm")
    func vectorDraws() throws {
        let history = try ShippedHistory.load()
        let text = try String(
            contentsOf: SharedFolder.file("vectors/lotto/draws.tsv"), encoding: .utf8)
        let rows = text.split(separator: "\n").filter { !$0.hasPrefix("#") }
        #expect(rows.count == 5)
        for row in rows {
            let fields = row.split(separator: "\t").map(String.init)
            let round = try #require(Int(fields[0]))
            let draw = try #require(history[round])
            #expect(draw.date == fields[1])
            #expect(draw.numbers.map(String.init).joined(separator: ",") == fields[2])
            #expect(String(draw.bonus) == fields[3])
        }
    }

    @Test("the latest drawn round turns at Saturday 20:35 in Korea")
    func latestRound() {
        // Round 1238: 2026-08-22 20:35 KST = 11:35 UTC.
        let draw1238 =
            DrawSchedule.daysSinceEpoch(year: 2026, month: 8, day: 22) * 86_400
            + (11 * 60 + 35) * 60
        #expect(DrawSchedule.drawTime(ofRound: 1238) == draw1238)
        #expect(DrawSchedule.latestDrawnRound(at: draw1238 - 1) == 1237)
        #expect(DrawSchedule.latestDrawnRound(at: draw1238) == 1238)
        #expect(DrawSchedule.latestDrawnRound(at: draw1238 + 7 * 86_400 - 1) == 1238)
        #expect(DrawSchedule.roundOnSale(at: draw1238 + 60) == 1239)
        #expect(DrawSchedule.latestDrawnRound(at: DrawSchedule.drawTime(ofRound: 1) - 1) == 0)
        #expect(DrawSchedule.date(ofRound: 1239) == "2026-08-29")
        #expect(DrawSchedule.civilDate(daysSinceEpoch: 0) == "1970-01-01")
        #expect(DrawSchedule.civilDate(daysSinceEpoch: -1) == "1969-12-31")
    }

    @Test("results are looked for at 21:00, 21:30 and 23:00 on Saturday and 10:00 on Sunday")
    func resultChecks() {
        let draw = DrawSchedule.drawTime(ofRound: 1239)  // 2026-08-29 20:35 KST
        let minute: Int64 = 60
        #expect(DrawSchedule.nextResultCheck(after: draw - 3600) == draw + 25 * minute)
        #expect(DrawSchedule.nextResultCheck(after: draw + 25 * minute) == draw + 55 * minute)
        #expect(DrawSchedule.nextResultCheck(after: draw + 60 * minute) == draw + 145 * minute)
        #expect(DrawSchedule.nextResultCheck(after: draw + 145 * minute) == draw + 805 * minute)
        // After Sunday 10:00, the next Saturday 21:00.
        #expect(
            DrawSchedule.nextResultCheck(after: draw + 806 * minute)
                == DrawSchedule.drawTime(ofRound: 1240) + 25 * minute)
        // 21:00 KST is 12:00 UTC.
        #expect((draw + 25 * minute) % 86_400 == 12 * 3600)
    }

    @Test("hand-typed games: six distinct numbers 1–45")
    func typedGames() {
        #expect(LottoRules.problem(withGame: [1, 2, 3, 4, 5, 45]) == nil)
        #expect(LottoRules.problem(withGame: [45, 2, 3, 4, 5, 1]) == nil)
        #expect(LottoRules.problem(withGame: [1, 2, 3, 4, 5]) == .numberCount(5))
        #expect(LottoRules.problem(withGame: [1, 2, 3, 4, 5, 46]) == .numberOutOfRange(46))
        #expect(LottoRules.problem(withGame: [1, 2, 3, 4, 5, 5]) == .repeatedNumber)
    }

    @Test("the number picker keeps what is asked and leaves out the rest")
    func picker() throws {
        var generator = SplitMix64(seed: 3)
        for _ in 0..<500 {
            let pick = try NumberPicker.pick(
                including: [7, 45], excluding: Set(1...30).subtracting([7]), using: &generator)
            #expect(pick.numbers.count == 6)
            #expect(Set(pick.numbers).count == 6)
            #expect(pick.numbers == pick.numbers.sorted())
            #expect(pick.numbers.contains(7) && pick.numbers.contains(45))
            #expect(!pick.numbers.contains(pick.bonus))
            #expect((pick.numbers + [pick.bonus]).allSatisfy { $0 == 7 || $0 > 30 })
        }
        #expect(throws: NumberPicker.Problem.numberOutOfRange(46)) {
            try NumberPicker.pick(including: [46], using: &generator)
        }
        #expect(throws: NumberPicker.Problem.tooManyIncluded) {
            try NumberPicker.pick(including: Set(1...7), using: &generator)
        }
        #expect(throws: NumberPicker.Problem.includedAndExcluded(3)) {
            try NumberPicker.pick(including: [3], excluding: [3], using: &generator)
        }
        #expect(throws: NumberPicker.Problem.tooFewLeft) {
            try NumberPicker.pick(excluding: Set(1...39), using: &generator)
        }
        let full = try NumberPicker.pick(excluding: Set(1...38), using: &generator)
        #expect(Set(full.numbers + [full.bonus]) == Set(39...45))
    }
}

@Suite("The calendar feed")
struct CalendarFeedTests {
    func feed(reminder: Int?) -> DrawCalendarFeed {
        DrawCalendarFeed(
            calendarName: "행운가득님의 로또 일기", drawTitle: "로또 6/45 추첨",
            drawDescription: "매주 토요일, 오후 8시 35분; 한국 시간", resultsTitle: "결과 발표",
            reminderMinutes: reminder, reminderText: "30분 뒤 추첨",
            tickets: [
                DrawCalendarFeed.Ticket(
                    id: "abc", round: 1252, title: "로또 1252회 결과 발표",
                    url: "https://maeil.example/lotto/entries/ABC")
            ], owner: "u1")
    }

    @Test("weekly draw with its alarm, weekly results, a ticket's own event; CRLF, folded lines")
    func render() {
        let text = feed(reminder: 30).render(now: DrawSchedule.drawTime(ofRound: 1250))
        #expect(text.hasPrefix("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n"))
        #expect(text.hasSuffix("END:VCALENDAR\r\n"))
        let lines = text.components(separatedBy: "\r\n")
        #expect(lines.allSatisfy { $0.utf8.count <= 75 })
        #expect(!text.replacingOccurrences(of: "\r\n", with: "").contains("\n"))
        let unfolded = text.replacingOccurrences(of: "\r\n ", with: "")
        #expect(
            unfolded.contains(
                "DTSTART:20021207T113500Z\r\nDURATION:PT10M\r\nRRULE:FREQ=WEEKLY;BYDAY=SA"))
        #expect(unfolded.contains("TRIGGER:-PT30M"))
        #expect(unfolded.contains("DESCRIPTION:매주 토요일\\, 오후 8시 35분\\; 한국 시간"))
        #expect(unfolded.contains("UID:lotto-ticket-abc@maeil"))
        // Round 1252 is drawn 2026-11-28 at 11:35 UTC; its results event is at 12:00 UTC.
        #expect(unfolded.contains("DTSTART:20261128T120000Z"))
        #expect(unfolded.contains("URL:https://maeil.example/lotto/entries/ABC"))
        #expect(unfolded.components(separatedBy: "BEGIN:VEVENT").count == 4)
        #expect(unfolded.components(separatedBy: "BEGIN:VALARM").count == 3)
        // No reminder: the weekly draw has no alarm; the ticket keeps its own.
        let quiet = feed(reminder: nil).render(now: 0).replacingOccurrences(of: "\r\n ", with: "")
        #expect(quiet.components(separatedBy: "BEGIN:VALARM").count == 2)
        #expect(!quiet.contains("TRIGGER:-PT"))
    }

    @Test("folding never splits a character; times are UTC")
    func folding() {
        let long = "SUMMARY:" + String(repeating: "로또", count: 40)
        let folded = DrawCalendarFeed.fold(long)
        #expect(folded.components(separatedBy: "\r\n").allSatisfy { $0.utf8.count <= 75 })
        #expect(folded.replacingOccurrences(of: "\r\n ", with: "") == long)
        #expect(DrawCalendarFeed.utc(0) == "19700101T000000Z")
        #expect(DrawCalendarFeed.utc(-1) == "19691231T235959Z")
        #expect(DrawCalendarFeed.text("a,b;c\\d\ne") == "a\\,b\\;c\\\\d\\ne")
    }
}
