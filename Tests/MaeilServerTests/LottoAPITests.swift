import ChildProcess
import Foundation
import Lotto
import MaeilAPI
import Testing
import Vapor
import VaporTesting
import VocabCore

@testable import MaeilServer

@Suite("Lotto diary API")
struct LottoAPITests {
    /// Round 868's ticket from ../shared/data/lotto/qr.tsv: line E won 1st prize.
    static let winningQR =
        "http://m.dhlottery.co.kr/?v=0868m041120213645m010306132438m142933354042m021823262731m1217284143441293818248"
    /// Round 813 (qr.do form): line E won 5th prize.
    static let fifthQR =
        "https://m.dhlottery.co.kr/qr.do?method=winQr&v=0813q112730313843q101824252728q011314242543q030619214044q1430353843440000001677"

    @Test("decode reads a ticket and stores nothing; the wrong QR gets its reason")
    func decode() async throws {
        try await withMaeilApp { app in
            let api = try await API.signUp(app)
            let response = try await api.send(
                .POST, "/api/v1/lotto/decode", json: LottoDecodeInput(qr: Self.winningQR))
            #expect(response.status == .ok)
            let ticket = try api.decode(LottoTicketDTO.self, response)
            #expect(ticket.round == 868 && ticket.drawDate == "2019-07-20")
            #expect(ticket.games.map(\.slot) == ["A", "B", "C", "D", "E"])
            #expect(ticket.games[4].numbers == [12, 17, 28, 41, 43, 44])
            #expect(
                ticket.resultURL.hasPrefix("https://m.dhlottery.co.kr/qr.do?method=winQr&v=0868"))

            for (qr, fragment) in [
                ("MSG_ESLIP1234", "purchase slip"),
                ("https://m.dhlottery.co.kr/?v=pd1234", "pension"),
                ("http://m.dhlottery.co.kr.evil/?v=0868", "not a lottery ticket address"),
            ] {
                let refused = try await api.send(
                    .POST, "/api/v1/lotto/decode", json: LottoDecodeInput(qr: qr))
                #expect(refused.status == .unprocessableEntity)
                #expect(api.errorCode(refused) == "invalid_ticket")
                #expect(refused.body.string.contains(fragment), "\(refused.body.string)")
            }
            let month = try api.decode(
                LottoMonthDTO.self, try await api.send(.GET, "/api/v1/lotto/entries?month=2019-07"))
            #expect(month.entries.isEmpty)
        }
    }

    @Test("a QR ticket is stored with its games, ranks and prizes from the history")
    func qrTicket() async throws {
        try await withMaeilApp { app in
            let api = try await API.signUp(app)
            let response = try await api.send(
                .POST, "/api/v1/lotto/entries", json: LottoEntryInput(qr: Self.winningQR))
            #expect(response.status == .created, "\(response.body.string)")
            let entry = try api.decode(LottoEntryDTO.self, response)
            #expect(entry.kind == "lotto" && entry.status == "settled" && entry.round == 868)
            // Bought for a round already drawn: by its draw day.
            #expect(entry.date == "2019-07-20")
            #expect(entry.spent == 5_000 && entry.source == "qr")
            #expect(entry.drawNumbers == [12, 17, 28, 41, 43, 44] && entry.drawBonus == 25)
            #expect(entry.games.map(\.rank) == [nil, nil, nil, nil, 1])
            let history = try #require(try LottoHistory.draw(round: 868))
            #expect(entry.games[4].prize == history.division(.first)?.prize)
            #expect(entry.won == history.division(.first)?.prize)
            #expect(entry.resultURL?.contains("0868m0411") == true)
            // The serial is in no field but the official page's address, which needs it.
            let serial = "1293818248"
            #expect(entry.resultURL?.hasSuffix(serial) == true)
            #expect(
                response.body.string.components(separatedBy: serial).count == 2,
                "the serial appears outside resultURL")

            // The same ticket twice: 409, nothing stored.
            let again = try await api.send(
                .POST, "/api/v1/lotto/entries", json: LottoEntryInput(qr: Self.winningQR))
            #expect(again.status == .conflict)
            #expect(api.errorCode(again) == "duplicate_ticket")
            let month = try api.decode(
                LottoMonthDTO.self, try await api.send(.GET, "/api/v1/lotto/entries?month=2019-07"))
            #expect(month.entries.count == 1)

            let fifth = try api.decode(
                LottoEntryDTO.self,
                try await api.send(
                    .POST, "/api/v1/lotto/entries",
                    json: LottoEntryInput(date: "2019-06-14", qr: Self.fifthQR)))
            #expect(fifth.date == "2019-06-14")
            #expect(fifth.games.map(\.rank) == [nil, nil, nil, nil, 5])
            #expect(fifth.won == 5_000 && fifth.games[4].matched.count == 3)
        }
    }

    @Test("typed tickets: pending before the draw, refused with a reason when wrong")
    func typedTickets() async throws {
        try await withMaeilApp { app in
            let api = try await API.signUp(app)
            let onSale = DrawSchedule.roundOnSale(at: Int64(Date().timeIntervalSince1970))
            let pending = try api.decode(
                LottoEntryDTO.self,
                try await api.send(
                    .POST, "/api/v1/lotto/entries",
                    json: LottoEntryInput(
                        round: onSale, games: [[45, 1, 2, 3, 4, 5], [6, 7, 8, 9, 10, 11]],
                        mode: "auto")))
            #expect(pending.status == "pending" && pending.won == nil)
            #expect(pending.games.map(\.numbers) == [[1, 2, 3, 4, 5, 45], [6, 7, 8, 9, 10, 11]])
            #expect(pending.games.map(\.mode) == ["auto", "auto"] && pending.spent == 2_000)
            #expect(pending.drawNumbers == nil)

            // Round 1049 (3 5 13 20 21 37 + 17): a typed 2nd prize.
            let second = try api.decode(
                LottoEntryDTO.self,
                try await api.send(
                    .POST, "/api/v1/lotto/entries",
                    json: LottoEntryInput(round: 1049, games: [[3, 5, 13, 20, 21, 17]])))
            #expect(second.games.first?.rank == 2 && second.games.first?.bonus == true)
            let record = try #require(try LottoHistory.draw(round: 1049))
            #expect(second.won == record.division(.second)?.prize)

            let refusals: [(LottoEntryInput, String)] = [
                (LottoEntryInput(round: 1049, games: [[1, 2, 3, 4, 5, 46]]), "46"),
                (LottoEntryInput(round: 1049, games: [[1, 2, 3, 4, 5, 5]]), "twice"),
                (LottoEntryInput(round: 1049, games: [[1, 2, 3, 4, 5]]), "six numbers"),
                (
                    LottoEntryInput(
                        round: 1049, games: Array(repeating: [1, 2, 3, 4, 5, 6], count: 6)), "five"
                ),
                (LottoEntryInput(round: 1049, games: []), "at least one"),
                (LottoEntryInput(round: onSale + 1, games: [[1, 2, 3, 4, 5, 6]]), "not on sale"),
                (LottoEntryInput(round: 0, games: [[1, 2, 3, 4, 5, 6]]), "Round 0"),
                (
                    LottoEntryInput(date: "2026-13-01", round: 1049, games: [[1, 2, 3, 4, 5, 6]]),
                    "date"
                ),
                (
                    LottoEntryInput(kind: "speetto", speettoType: 1000, amount: 1200),
                    "multiple of 500"
                ),
                (LottoEntryInput(kind: "speetto", speettoType: 700, amount: 1000), "speetto type"),
                (
                    LottoEntryInput(kind: "speetto", speettoType: 500, amount: 500, won: -1),
                    "0 or more"
                ),
                (LottoEntryInput(), "QR text"),
                (LottoEntryInput(kind: "pension"), "entry kind"),
            ]
            for (input, fragment) in refusals {
                let refused = try await api.send(.POST, "/api/v1/lotto/entries", json: input)
                #expect(refused.status == .unprocessableEntity, "\(input)")
                #expect(refused.body.string.contains(fragment), "\(refused.body.string)")
            }
            let everything = try await app.db.sql().raw(
                "SELECT COUNT(*) AS n FROM lotto_entries"
            ).first()
            #expect(try everything?.decode(column: "n", as: Int.self) == 2)
        }
    }

    @Test("speetto, the month's summary with its goal, and entries sorted by day")
    func monthSummary() async throws {
        try await withMaeilApp { app in
            let api = try await API.signUp(app)
            let settings = try await api.send(
                .PATCH, "/api/v1/lotto/settings",
                json: LottoSettingsInput(nickname: "행운가득", monthlyGoal: 20_000, reminderMinutes: 30)
            )
            #expect(settings.status == .ok, "\(settings.body.string)")
            _ = try await api.send(
                .POST, "/api/v1/lotto/entries",
                json: LottoEntryInput(
                    kind: "speetto", date: "2023-01-03", speettoType: 2000, amount: 10_000,
                    won: 4_000, note: "편의점"))
            _ = try await api.send(
                .POST, "/api/v1/lotto/entries",
                json: LottoEntryInput(
                    date: "2023-01-06", round: 1049, games: [[3, 5, 13, 40, 41, 42]]))
            // 31 December late at night is December, not January.
            _ = try await api.send(
                .POST, "/api/v1/lotto/entries",
                json: LottoEntryInput(date: "2022-12-31", round: 1048, games: [[1, 2, 3, 4, 5, 6]]))
            let month = try api.decode(
                LottoMonthDTO.self, try await api.send(.GET, "/api/v1/lotto/entries?month=2023-01"))
            #expect(month.entries.map(\.date) == ["2023-01-06", "2023-01-03"])
            #expect(month.entries.last?.status == "recorded" && month.entries.last?.note == "편의점")
            let summary = month.summary
            #expect(summary.goal == 20_000 && summary.spent == 11_000 && summary.won == 9_000)
            #expect(summary.net == -2_000 && summary.goalUsedPercent == 55 && summary.gukbap == 1)
            #expect(summary.pending == 0)
            let december = try api.decode(
                LottoMonthDTO.self, try await api.send(.GET, "/api/v1/lotto/entries?month=2022-12"))
            #expect(december.entries.count == 1 && december.summary.spent == 1_000)

            let bad = try await api.send(.GET, "/api/v1/lotto/entries?month=2023-13")
            #expect(bad.status == .badRequest)
        }
    }

    @Test("settings: the rules for the nickname, the goal and the reminder")
    func settings() async throws {
        try await withMaeilApp { app in
            let api = try await API.signUp(app)
            let empty = try api.decode(
                LottoSettingsDTO.self, try await api.send(.GET, "/api/v1/lotto/settings"))
            #expect(
                empty == LottoSettingsDTO(nickname: nil, monthlyGoal: nil, reminderMinutes: nil))
            for (input, fragment) in [
                (LottoSettingsInput(nickname: "ab"), "3 to 10"),
                (LottoSettingsInput(nickname: "열한글자닉네임입니다요"), "3 to 10"),
                (LottoSettingsInput(nickname: "hi there"), "Hangul, Latin letters or digits"),
                (LottoSettingsInput(nickname: "ㅋㅋㅋ"), "Hangul, Latin letters or digits"),
                (LottoSettingsInput(monthlyGoal: 999), "1,000 to 100,000,000,000"),
                (LottoSettingsInput(monthlyGoal: 100_000_000_001), "1,000 to 100,000,000,000"),
                (LottoSettingsInput(reminderMinutes: 15), "10, 30 or 60"),
            ] {
                let refused = try await api.send(.PATCH, "/api/v1/lotto/settings", json: input)
                #expect(refused.status == .unprocessableEntity)
                #expect(refused.body.string.contains(fragment), "\(refused.body.string)")
            }
            // A goal that is not a whole number is not JSON for an integer.
            let fraction = try await api.send(
                .PATCH, "/api/v1/lotto/settings", raw: Data(#"{"monthlyGoal": 1500.5}"#.utf8),
                contentType: .json)
            #expect(fraction.status == .badRequest)
            #expect(
                try api.decode(
                    LottoSettingsDTO.self, try await api.send(.GET, "/api/v1/lotto/settings"))
                    == empty)

            let saved = try api.decode(
                LottoSettingsDTO.self,
                try await api.send(
                    .PATCH, "/api/v1/lotto/settings",
                    json: LottoSettingsInput(nickname: "Lucky7", monthlyGoal: 100_000_000_000)))
            #expect(saved.nickname == "Lucky7" && saved.monthlyGoal == 100_000_000_000)
            let cleared = try api.decode(
                LottoSettingsDTO.self,
                try await api.send(
                    .PATCH, "/api/v1/lotto/settings",
                    json: LottoSettingsInput(reminderMinutes: 60, clear: ["monthlyGoal"])))
            #expect(cleared.nickname == "Lucky7" && cleared.monthlyGoal == nil)
            #expect(cleared.reminderMinutes == 60)
        }
    }

    @Test("draws: the shipped history, 404 for rounds nobody knows")
    func draws() async throws {
        try await withMaeilApp { app in
            let api = try await API.signUp(app)
            let draw = try api.decode(
                LottoDrawDTO.self, try await api.send(.GET, "/api/v1/lotto/draws/1049"))
            #expect(draw.numbers == [3, 5, 13, 20, 21, 37] && draw.bonus == 17)
            #expect(draw.date == "2023-01-07" && draw.source == "history")
            #expect(draw.prizes.first == LottoPrizeDTO(rank: 1, prize: 1_727_810_100, winners: 15))
            #expect(draw.totalSales == 108_444_724_000)
            for round in ["1", "1238"] {
                #expect(try await api.send(.GET, "/api/v1/lotto/draws/\(round)").status == .ok)
            }
            for round in ["0", "1239", "abc", "-3"] {
                #expect(
                    try await api.send(.GET, "/api/v1/lotto/draws/\(round)").status == .notFound)
            }
        }
    }

    @Test("the number picker keeps what is asked; impossible asks get a reason")
    func picker() async throws {
        try await withMaeilApp { app in
            let api = try await API.signUp(app)
            for _ in 0..<20 {
                let pick = try api.decode(
                    LottoPickDTO.self,
                    try await api.send(
                        .POST, "/api/v1/lotto/generator",
                        json: LottoPickInput(include: [7, 8], exclude: Array(9...40))))
                #expect(pick.numbers.contains(7) && pick.numbers.contains(8))
                #expect((pick.numbers + [pick.bonus]).allSatisfy { !(9...40).contains($0) })
                #expect(Set(pick.numbers + [pick.bonus]).count == 7)
            }
            let refused = try await api.send(
                .POST, "/api/v1/lotto/generator", json: LottoPickInput(include: [3], exclude: [3]))
            #expect(refused.status == .unprocessableEntity)
            #expect(refused.body.string.contains("both included and excluded"))
        }
    }

    @Test("another user's entry is a 404 and stays as it was")
    func otherUsers() async throws {
        try await withMaeilApp { app in
            let alice = try await API.signUp(app)
            let bob = try await API.signUp(app)
            let entry = try alice.decode(
                LottoEntryDTO.self,
                try await alice.send(
                    .POST, "/api/v1/lotto/entries", json: LottoEntryInput(qr: Self.winningQR)))
            #expect(
                try await bob.send(.GET, "/api/v1/lotto/entries/\(entry.id)").status == .notFound)
            #expect(
                try await bob.send(.DELETE, "/api/v1/lotto/entries/\(entry.id)").status == .notFound
            )
            let bobs = try bob.decode(
                LottoMonthDTO.self, try await bob.send(.GET, "/api/v1/lotto/entries?month=2019-07"))
            #expect(bobs.entries.isEmpty && bobs.summary.spent == 0)
            // The same ticket is Bob's to add too (the serial digest is per user).
            let bobsCopy = try await bob.send(
                .POST, "/api/v1/lotto/entries", json: LottoEntryInput(qr: Self.winningQR))
            #expect(bobsCopy.status == .created)
            #expect(try await alice.send(.GET, "/api/v1/lotto/entries/\(entry.id)").status == .ok)
            #expect(
                try await alice.send(.DELETE, "/api/v1/lotto/entries/\(entry.id)").status
                    == .noContent)
            #expect(
                try await alice.send(.GET, "/api/v1/lotto/entries/\(entry.id)").status == .notFound)
            #expect(try await alice.send(.GET, "/api/v1/lotto/entries/nope").status == .notFound)
        }
    }
}

@Suite("Lotto diary web")
struct LottoWebTests {
    @Test("a ticket entered from its QR text in the web form: its page shows the ranks")
    func qrForm() async throws {
        try await withMaeilApp { app in
            var browser = try await WebBrowser.signUp(app, "lottoweb")
            browser.language = "ko"
            let added = try await browser.post(
                "/lotto/entries", [("kind", "qr"), ("qr", LottoAPITests.winningQR)])
            #expect(added.status == .seeOther)
            let location = try #require(added.headers.first(name: .location))
            let page = try await browser.get(location).body.string
            #expect(page.contains("로또 868회를 추가했습니다."))
            #expect(page.contains("1등 당첨"))
            #expect(page.contains("6개 일치"))
            #expect(page.contains("동행복권에서 결과 보기"))
            #expect(!page.contains("1293818248") || page.contains("qr.do?method=winQr&amp;v=0868"))

            // The month shows the ticket and its winnings; the calendar has the day.
            let month = try await browser.get("/lotto?month=2019-07").body.string
            #expect(month.contains("로또 868회") && month.contains("data-date=\"2019-07-20\""))
            // A phone's 48px cell writes the win short; its label has it whole.
            // Billions are short in a wide cell too.
            let day = try #require(month.range(of: "data-date=\"2019-07-20\""))
            let cell = month[day.upperBound...].prefix { $0 != "\n" }
            #expect(cell.contains(/aria-label="2019년 7월 20일[^"]*당첨 [0-9,]+원"/))
            #expect(cell.contains(/"lc-won lc-won-long"><span class="lc-long">\+[0-9,]+원/))
            #expect(cell.contains(/<\/span><span class="lc-short">\+[0-9.]+억<\/span>/))
            let week = try await browser.get("/lotto?week=2019-07-20").body.string
            #expect(week.contains("로또 868회"))
            // Its views are its own month and week, not the study diary's, and
            // it does not lead to the words added by date.
            for page in [month, week] {
                #expect(page.contains("href=\"/lotto?month=2019-07\"") && page.contains(">월간</a>"))
                #expect(page.contains("href=\"/lotto?week=") && page.contains(">주간</a>"))
                #expect(!page.contains("월간 학습") && !page.contains("/calendar?month="))
            }
            #expect(month.contains("aria-current=\"page\">월간</a>"))
            #expect(week.contains("aria-current=\"page\">주간</a>"))

            // The wrong QR: the reason in Korean, nothing stored.
            let slip = try await browser.post(
                "/lotto/entries", [("kind", "qr"), ("qr", "MSG_ESLIP00001")])
            #expect(slip.status == .unprocessableEntity)
            #expect(slip.body.string.contains("판매점 영수증의 QR입니다. 복권 용지에 인쇄된 QR을 스캔해 주세요."))
            let pension = try await browser.post(
                "/lotto/entries", [("kind", "qr"), ("qr", "https://m.dhlottery.co.kr/?v=pd11")])
            #expect(pension.body.string.contains("연금복권의 QR입니다."))
            let again = try await browser.post(
                "/lotto/entries", [("kind", "qr"), ("qr", LottoAPITests.winningQR)])
            #expect(again.status == .conflict)
            #expect(again.body.string.contains("이미 일기에 있는 복권입니다."))
            let count = try await app.db.sql().raw("SELECT COUNT(*) AS n FROM lotto_entries")
                .first()
            #expect(try count?.decode(column: "n", as: Int.self) == 1)
        }
    }

    @Test("typed numbers and speetto through the form; mistakes are named")
    func typedForm() async throws {
        try await withMaeilApp { app in
            var browser = try await WebBrowser.signUp(app, "lottotyped")
            browser.language = "ko"
            let typed = try await browser.post(
                "/lotto/entries",
                [
                    ("kind", "manual"), ("round", "1049"), ("mode", "manual"),
                    ("game1", "3 5 13 20 21 37"), ("game2", "1,2,3,4,5,46"),
                ])
            #expect(typed.status == .unprocessableEntity)
            #expect(typed.body.string.contains("B 게임: 46번은 없습니다. 번호는 1부터 45까지입니다."))
            // The typed numbers stay in the form.
            #expect(typed.body.string.contains("1,2,3,4,5,46"))
            let words = try await browser.post(
                "/lotto/entries",
                [("kind", "manual"), ("round", "1049"), ("game1", "3 5 13 20 21 sevn")])
            #expect(words.body.string.contains("번호는 여섯 개여야 합니다"))
            let fixed = try await browser.post(
                "/lotto/entries",
                [("kind", "manual"), ("round", "1049"), ("game1", "3 5 13 20 21 37")])
            #expect(fixed.status == .seeOther)
            let speetto = try await browser.post(
                "/lotto/entries",
                [("kind", "speetto"), ("speettoType", "1000"), ("amount", "1,200"), ("won", "")])
            #expect(speetto.status == .unprocessableEntity)
            #expect(speetto.body.string.contains("구매 금액은 500원 단위로"))
            let fine = try await browser.post(
                "/lotto/entries",
                [
                    ("kind", "speetto"), ("speettoType", "1000"), ("amount", "5,000"),
                    ("won", "1000"), ("date", "2023-01-07"),
                ])
            #expect(fine.status == .seeOther)
            let month = try await browser.get("/lotto?month=2023-01").body.string
            #expect(month.contains("스피또1000") && month.contains("1등 당첨"))
        }
    }

    @Test("settings: the messages say exactly what is allowed; a good save shows on the diary")
    func settingsForm() async throws {
        try await withMaeilApp { app in
            var browser = try await WebBrowser.signUp(app, "lottoset")
            browser.language = "ko"
            let nickname = try await browser.post(
                "/lotto/settings", [("nickname", "a!"), ("goal", ""), ("reminder", "")])
            #expect(nickname.status == .unprocessableEntity)
            #expect(nickname.body.string.contains("닉네임은 한글, 영문, 숫자로 3~10자여야 합니다."))
            for goal in ["1.5", "999", "-5000", "만원", "100,000,000,001"] {
                let refused = try await browser.post(
                    "/lotto/settings", [("nickname", ""), ("goal", goal), ("reminder", "")])
                #expect(refused.status == .unprocessableEntity, "\(goal)")
                #expect(
                    refused.body.string.contains(
                        "월 목표 금액은 1,000원부터 100,000,000,000원까지 원 단위 정수로 입력해 주세요."))
            }
            let saved = try await browser.post(
                "/lotto/settings", [("nickname", "행운가득"), ("goal", "30,000원"), ("reminder", "30")])
            #expect(saved.status == .seeOther)
            let diary = try await browser.get("/lotto").body.string
            #expect(diary.contains("행운가득님의 로또 일기"))
            #expect(diary.contains("30,000원"))
        }
    }

    @Test("another user's entry page is a 404; forms need the CSRF token")
    func isolation() async throws {
        try await withMaeilApp { app in
            let alice = try await WebBrowser.signUp(app, "alicelotto")
            let bob = try await WebBrowser.signUp(app, "boblotto")
            let added = try await alice.post(
                "/lotto/entries", [("kind", "qr"), ("qr", LottoAPITests.winningQR)])
            let location = try #require(added.headers.first(name: .location))
            #expect(try await bob.get(location).status == .notFound)
            #expect(try await bob.post(location + "/delete", []).status == .notFound)
            #expect(try await alice.get(location).status == .ok)
            var noToken = alice
            noToken.csrf = ""
            #expect(try await noToken.post(location + "/delete", []).status == .forbidden)
            #expect(try await alice.post(location + "/delete", []).status == .seeOther)
            #expect(try await alice.get(location).status == .notFound)
        }
    }

    @Test("a ticket bought late on 31 December is a December ticket in the user's time zone")
    func timeZone() async throws {
        try await withMaeilApp { app in
            let service = LottoDiaryService(
                db: app.db, userID: UUID(), draws: LottoDrawStore(db: app.db, logger: app.logger),
                days: DayFormatter(timeZone: try #require(TimeZone(identifier: "America/New_York")))
            )
            // 23:50 on 31 December in New York is 04:50 on 1 January in UTC.
            let lateNight = try #require(ISO8601DateFormatter().date(from: "2023-01-01T04:50:00Z"))
            #expect(service.defaultDay(round: nil, now: lateNight).description == "2022-12-31")
            let seoul = LottoDiaryService(
                db: app.db, userID: UUID(), draws: LottoDrawStore(db: app.db, logger: app.logger),
                days: DayFormatter(timeZone: try #require(TimeZone(identifier: "Asia/Seoul"))))
            // 23:50 on 31 December in Seoul is 14:50 UTC the same day; 00:10 on 1 January is
            // still 31 December in UTC.
            let seoulNewYear = try #require(
                ISO8601DateFormatter().date(from: "2022-12-31T15:10:00Z"))
            #expect(seoul.defaultDay(round: nil, now: seoulNewYear).description == "2023-01-01")
        }
    }

    @Test("every refusal has its words in both languages")
    func wording() throws {
        let problems: [any Error] =
            [
                LottoDiary.EntryProblem.noGames, .tooManyGames(6), .round(0),
                .roundNotOnSale(9, onSale: 8), .speettoType(nil), .speettoAmount(1),
                .speettoWinnings(-1), .noteTooLong(500), .duplicateTicket, .badDate("x"),
                .noTicket, .game(0, .numberCount(5)), .game(1, .numberOutOfRange(46)),
                .game(2, .repeatedNumber),
            ]
            + [
                TicketQRError.empty, .purchaseSlip, .pensionTicket, .notTicketAddress,
                .unknownHost("x.example"), .userInfo, .port, .fragment, .whitespace,
                .repeatedPayload, .malformed, .tooShort, .tooManyGames, .roundZero,
                .unknownMode("x", 1), .unusedSlotWithNumbers(0), .numberOutOfRange(46, 0),
                .repeatedNumber(3, 2), .unsortedNumbers(4), .serialLength(7), .noGames,
            ].map { LottoDiary.EntryProblem.ticket($0) }
            + [LottoSettingsProblem.nickname, .goal, .reminder]
            + [
                NumberPicker.Problem.numberOutOfRange(46), .tooManyIncluded,
                .includedAndExcluded(3), .tooFewLeft,
            ]
        for lang in UILanguage.allCases {
            let wording = LottoWording(lang: lang)
            var seen: Set<String> = []
            for problem in problems {
                let text = try #require(wording.problem(problem))
                #expect(!text.contains("lottoQR_"), "\(problem) in \(lang): \(text)")
                #expect(!text.contains("lottoErr_"), "\(problem) in \(lang): \(text)")
                #expect(!text.contains("{"), "\(problem) in \(lang): \(text)")
                seen.insert(text)
            }
            #expect(seen.count == problems.count, "two problems share words in \(lang)")
        }
    }
}

@Suite("Lotto diary year")
struct LottoYearTests {
    @Test("the year: months' sums, months within the goal, the SVG chart and its page")
    func year() async throws {
        try await withMaeilApp { app in
            let api = try await API.signUp(app)
            _ = try await api.send(
                .PATCH, "/api/v1/lotto/settings", json: LottoSettingsInput(monthlyGoal: 3_000))
            // January: 2,000 spent, a 2nd prize won; March: 5,000 spent (over the goal).
            _ = try await api.send(
                .POST, "/api/v1/lotto/entries",
                json: LottoEntryInput(
                    date: "2023-01-06", round: 1049,
                    games: [[3, 5, 13, 20, 21, 17], [1, 2, 3, 4, 5, 6]]))
            _ = try await api.send(
                .POST, "/api/v1/lotto/entries",
                json: LottoEntryInput(
                    kind: "speetto", date: "2023-03-02", speettoType: 1000, amount: 5_000,
                    won: 0))
            let year = try api.decode(
                LottoYearDTO.self, try await api.send(.GET, "/api/v1/lotto/summary?year=2023"))
            #expect(year.months.count == 12 && year.months[0].month == "2023-01")
            #expect(year.months[0].spent == 2_000 && year.months[0].won == 48_533_992)
            #expect(year.months[2].spent == 5_000 && year.months[2].goalUsedPercent == 166)
            #expect(year.spent == 7_000 && year.net == 48_533_992 - 7_000)
            // Every month of 2023 is over: eleven kept the goal, March did not.
            #expect(year.monthsKept == 11)

            let chart = try await api.send(.GET, "/api/v1/lotto/chart?year=2023&lang=ko")
            #expect(chart.status == .ok)
            #expect(chart.headers.contentType?.subType == "svg+xml")
            let svg = chart.body.string
            #expect(svg.contains("2023년 월별 구매·당첨"))
            #expect(svg.components(separatedBy: "class=\"mc-fail\"").count == 2)
            #expect(svg.components(separatedBy: "class=\"mc-pass\"").count == 12)
            #expect(svg.contains("<polyline class=\"mc-net\""))
            #expect(svg.contains("class=\"mc-ref\""))
            #expect(svg.contains("2023년 3월: 구매 5,000원"))
            // The axis writes a loss with the minus sign the tables use, not a hyphen.
            #expect(LottoWording(lang: .ko).compactWon(-15_000) == "−1.5만")
            #expect(LottoWording(lang: .en).compactWon(-1_500) == "−1.5k")
            // A phone's calendar cell: below 만, the digits grouped as in `won`.
            #expect(LottoWording(lang: .ko).compactWon(5_000) == "5,000")
            #expect(LottoWording(lang: .ko).compactWon(3_233_804_250) == "32억")
            #expect(LottoWording(lang: .en).compactWon(500) == "500")
            #expect(LottoWording(lang: .ko).won(-5_000) == "−5,000원")

            for bad in ["1999", "abc", "10000"] {
                #expect(
                    try await api.send(.GET, "/api/v1/lotto/summary?year=\(bad)").status
                        == .badRequest)
            }
        }
    }

    @Test("the year page: the chart inline, a row a month with its verdict, a year picker")
    func yearPage() async throws {
        try await withMaeilApp { app in
            var browser = try await WebBrowser.signUp(app, "lottoyear")
            browser.language = "ko"
            _ = try await browser.post(
                "/lotto/settings", [("nickname", ""), ("goal", "3000"), ("reminder", "")])
            _ = try await browser.post(
                "/lotto/entries",
                [
                    ("kind", "speetto"), ("speettoType", "1000"), ("amount", "5000"),
                    ("won", "0"), ("date", "2023-03-02"),
                ])
            let page = try await browser.get("/lotto/year?year=2023")
            #expect(page.status == .ok)
            let html = page.body.string
            #expect(html.contains("<svg") && html.contains("id=\"lotto-year-chart\""))
            // A phone gets the same chart drawn at its width, with the same months.
            let wide = try #require(html.range(of: "id=\"lotto-year-chart\""))
            let narrow = try #require(html.range(of: "id=\"lotto-year-chart-narrow\""))
            #expect(
                html.contains("viewBox=\"0 0 640 280\"") && html.contains("viewBox=\"0 0 400 270\"")
            )
            #expect(
                html[wide.upperBound..<narrow.lowerBound].components(separatedBy: "data-month=")
                    .count
                    == html[narrow.upperBound...].components(separatedBy: "data-month=").count)
            #expect(html.contains("목표를 지킨 달: 12달 중 11달"))
            #expect(html.contains("verdict missed") && html.contains("목표 초과"))
            #expect(html.contains("href=\"/lotto/year?year=2022\""))
            // A row names its month alone; its link says the year too.
            #expect(html.contains("href=\"/lotto?month=2023-03\" aria-label=\"2023년 3월\">3월</a>"))
            // The year lost 5,000원 (the loss colour); a year with nothing is even, not a loss.
            #expect(html.contains("id=\"year-net\" class=\"loss\">−5,000원"))
            let empty = try await browser.get("/lotto/year?year=2021").body.string
            #expect(empty.contains("id=\"year-net\" class=\"even\">"))
            #expect(!empty.contains("class=\"loss\""))
            #expect(try await browser.get("/lotto/year?year=nope").status == .badRequest)
        }
    }
}

@Suite("Lotto calendar feed")
struct LottoFeedTests {
    @Test(
        "a secret feed address: the events with the reminder; renewed or revoked, the old one is gone"
    )
    func feed() async throws {
        try await withMaeilApp { app in
            let api = try await API.signUp(app)
            _ = try await api.send(
                .PATCH, "/api/v1/lotto/settings",
                json: LottoSettingsInput(nickname: "행운가득", reminderMinutes: 60))
            let onSale = DrawSchedule.roundOnSale(at: Int64(Date().timeIntervalSince1970))
            let ticket = try api.decode(
                LottoEntryDTO.self,
                try await api.send(
                    .POST, "/api/v1/lotto/entries",
                    json: LottoEntryInput(round: onSale, games: [[1, 2, 3, 4, 5, 6]])))
            let made = try await api.send(
                .POST, "/api/v1/lotto/calendar-feed?lang=ko", headers: ["Host": "maeil.example"])
            #expect(made.status == .created)
            let feed = try api.decode(LottoFeedDTO.self, made)
            #expect(feed.url.hasPrefix("http://maeil.example/lotto/feed/"))
            #expect(feed.webcalURL.hasPrefix("webcal://maeil.example/lotto/feed/"))
            let path = String(feed.url.dropFirst("http://maeil.example".count))

            // Calendar apps carry no token and no cookie.
            let calendar = try await app.testing().sendRequest(.GET, path)
            #expect(calendar.status == .ok)
            #expect(calendar.headers.contentType?.subType == "calendar")
            let text = calendar.body.string.replacingOccurrences(of: "\r\n ", with: "")
            #expect(text.contains("X-WR-CALNAME:행운가득님의 로또 일기"))
            #expect(text.contains("SUMMARY:로또 6/45 추첨"))
            #expect(text.contains("TRIGGER:-PT60M"))
            #expect(text.contains("UID:lotto-ticket-\(ticket.id.uuidString.lowercased())@maeil"))
            #expect(text.contains("SUMMARY:로또 \(onSale)회 결과 발표"))

            // Another user's feed, a made-up secret, a wrong suffix: 404.
            let other = try await API.signUp(app)
            let theirs = try other.decode(
                LottoFeedDTO.self, try await other.send(.POST, "/api/v1/lotto/calendar-feed"))
            #expect(!theirs.url.hasSuffix(String(path.split(separator: "/").last ?? "")))
            for bad in [
                "/lotto/feed/" + String(repeating: "a", count: 48) + ".ics", "/lotto/feed/x.ics",
                String(path.split(separator: "?")[0].dropLast(4)),
            ] {
                #expect(try await app.testing().sendRequest(.GET, bad).status == .notFound)
            }

            // A new address replaces the old; revoking ends both.
            let renewed = try api.decode(
                LottoFeedDTO.self, try await api.send(.POST, "/api/v1/lotto/calendar-feed"))
            #expect(try await app.testing().sendRequest(.GET, path).status == .notFound)
            let newPath = String(
                renewed.url.drop(while: { $0 != "/" }).dropFirst(2).drop(while: { $0 != "/" }))
            #expect(try await app.testing().sendRequest(.GET, newPath).status == .ok)
            #expect(try await api.send(.DELETE, "/api/v1/lotto/calendar-feed").status == .noContent)
            #expect(try await app.testing().sendRequest(.GET, newPath).status == .notFound)
        }
    }
}

@Suite("Lotto typed draws")
struct LottoTypedDrawTests {
    @Test("typed winning numbers settle the typist's tickets only, until a source has the round")
    func typedDraw() async throws {
        try await withMaeilApp { app in
            let api = try await API.signUp(app)
            let other = try await API.signUp(app)
            // Round 1239 (11 13 22 32 33 36 + 8) is drawn, not shipped, and not fetched here.
            let ticket = try api.decode(
                LottoEntryDTO.self,
                try await api.send(
                    .POST, "/api/v1/lotto/entries",
                    json: LottoEntryInput(
                        round: 1239, games: [[11, 13, 22, 40, 41, 42], [11, 13, 22, 32, 33, 8]])))
            #expect(ticket.status == "pending")
            for (input, status) in [
                (
                    LottoManualDrawInput(numbers: [1, 2, 3, 4, 5], bonus: 6),
                    HTTPStatus.unprocessableEntity
                ),
                (
                    LottoManualDrawInput(numbers: [1, 2, 3, 4, 5, 6], bonus: 6),
                    .unprocessableEntity
                ),
                (
                    LottoManualDrawInput(numbers: [1, 2, 3, 4, 5, 46], bonus: 7),
                    .unprocessableEntity
                ),
            ] {
                #expect(
                    try await api.send(.PUT, "/api/v1/lotto/draws/1239", json: input).status
                        == status)
            }
            let onSale = DrawSchedule.roundOnSale(at: Int64(Date().timeIntervalSince1970))
            let good = LottoManualDrawInput(numbers: [36, 11, 13, 22, 32, 33], bonus: 8)
            #expect(
                try await api.send(.PUT, "/api/v1/lotto/draws/\(onSale)", json: good).status
                    == .unprocessableEntity)
            #expect(
                try await api.send(.PUT, "/api/v1/lotto/draws/1049", json: good).status == .conflict
            )

            let typed = try await api.send(.PUT, "/api/v1/lotto/draws/1239", json: good)
            #expect(typed.status == .ok, "\(typed.body.string)")
            #expect(try api.decode(LottoDrawDTO.self, typed).source == "manual")
            let settled = try api.decode(
                LottoEntryDTO.self, try await api.send(.GET, "/api/v1/lotto/entries/\(ticket.id)"))
            #expect(settled.status == "settled")
            // 3 matches: 5th, fixed at 5,000; 5 + bonus: 2nd, whose prize a typed draw lacks.
            #expect(settled.games.map(\.rank) == [5, 2])
            #expect(settled.games.map(\.prize) == [5_000, nil])
            // The other user does not see it.
            #expect(try await other.send(.GET, "/api/v1/lotto/draws/1239").status == .notFound)

            // The official result, when it comes, wins.
            let official = LottoDraw(
                round: 1239, date: "2026-08-29", numbers: [11, 13, 22, 32, 33, 36], bonus: 8,
                divisions: [
                    PrizeDivision(prize: 2_214_789_375, winners: 13),
                    PrizeDivision(prize: 67_587_470, winners: 71),
                    PrizeDivision(prize: 1_557_518, winners: 3_081),
                    PrizeDivision(prize: 50_000, winners: 152_825),
                    PrizeDivision(prize: 5_000, winners: 2_570_542),
                ], totalSales: nil)
            try await LottoDrawStore(db: app.db, logger: app.logger).save(
                official, origin: .official)
            let final = try api.decode(
                LottoEntryDTO.self, try await api.send(.GET, "/api/v1/lotto/entries/\(ticket.id)"))
            #expect(final.games.map(\.prize) == [5_000, 67_587_470])
            #expect(final.won == 67_592_470)
        }
    }

    @Test("the ticket page offers the typing form while the result is missing")
    func typedDrawForm() async throws {
        try await withMaeilApp { app in
            var browser = try await WebBrowser.signUp(app, "lottotype")
            browser.language = "ko"
            let added = try await browser.post(
                "/lotto/entries",
                [("kind", "manual"), ("round", "1239"), ("game1", "11 13 22 40 41 42")])
            let location = try #require(added.headers.first(name: .location))
            let page = try await browser.get(location).body.string
            #expect(page.contains("당첨 번호 직접 입력") && page.contains("결과 확인 중"))
            let wrong = try await browser.post(
                location + "/draw", [("numbers", "11 13 22 32 33"), ("bonus", "8")])
            #expect(wrong.status == .unprocessableEntity)
            #expect(wrong.body.string.contains("서로 다른 숫자 여섯 개"))
            let right = try await browser.post(
                location + "/draw", [("numbers", "11, 13, 22, 32, 33, 36"), ("bonus", "8")])
            #expect(right.status == .seeOther)
            let settled = try await browser.get(location).body.string
            #expect(settled.contains("5등 당첨") && !settled.contains("id=\"draw-form\""))
            #expect(settled.contains("직접 입력한 당첨 번호로 계산했습니다."))
        }
    }
}

@Suite("Lotto ticket photos over HTTP")
struct LottoPhotoRouteTests {
    /// A PNG of `text` as a QR code, made by qrencode; nil (recorded outside CI as a skip)
    /// when qrencode or the photo libraries are missing.
    static func qrPNG(_ text: String) async throws -> Data? {
        guard TicketPhotoReader.availability() == .ready, TicketPhotoTests.missingTools == nil
        else {
            if TicketPhotoTests.isCI { Issue.record("CI must have qrencode and libzbar0") }
            return nil
        }
        // A process: off Swift's cooperative threads.
        return try await TicketPhotoTests.blocking { try makePNG(text) }
    }

    static func makePNG(_ text: String) throws -> Data {
        let file = FileManager.default.temporaryDirectory
            .appendingPathComponent("maeil-qr-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: file) }
        _ = try ChildProcess("/usr/bin/env", ["qrencode", "-s", "6", "-o", file.path, text])
            .runBlocking()
        return try Data(contentsOf: file)
    }

    static func multipart(_ fields: [(String, String)], photo: Data, boundary: String) -> ByteBuffer
    {
        var body = Data()
        for (name, value) in fields {
            body += Data(
                "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n"
                    .utf8)
        }
        body += Data(
            "--\(boundary)\r\nContent-Disposition: form-data; name=\"photo\"; filename=\"ticket.png\"\r\nContent-Type: image/png\r\n\r\n"
                .utf8)
        body += photo
        body += Data("\r\n--\(boundary)--\r\n".utf8)
        return ByteBuffer(data: body)
    }

    @Test("the API reads a ticket photo; a receipt's QR, a text file and a blank image are refused")
    func api() async throws {
        guard let photo = try await Self.qrPNG(LottoAPITests.winningQR),
            let receipt = try await Self.qrPNG("MSG_ESLIP0123456789")
        else { return }
        try await withMaeilApp { app in
            let api = try await API.signUp(app)
            let read = try await api.send(
                .POST, "/api/v1/lotto/decode-photo", raw: photo, contentType: .png)
            #expect(read.status == .ok, "\(read.body.string)")
            let ticket = try api.decode(LottoTicketDTO.self, read)
            #expect(ticket.round == 868 && ticket.games.count == 5)
            // Its resultURL is a QR text the entries accept.
            let added = try await api.send(
                .POST, "/api/v1/lotto/entries", json: LottoEntryInput(qr: ticket.resultURL))
            #expect(added.status == .created)

            let slip = try await api.send(
                .POST, "/api/v1/lotto/decode-photo", raw: receipt, contentType: .png)
            #expect(slip.status == .unprocessableEntity && api.errorCode(slip) == "invalid_ticket")
            #expect(slip.body.string.contains("purchase slip"))
            let text = try await api.send(
                .POST, "/api/v1/lotto/decode-photo", raw: Data("not a photo".utf8),
                contentType: .plainText)
            #expect(text.status == .unsupportedMediaType)
            let blank = try await api.send(
                .POST, "/api/v1/lotto/decode-photo",
                raw: TicketPhotoTests.png(width: 40, height: 40),
                contentType: .png)
            #expect(blank.status == .unprocessableEntity || blank.status == .unsupportedMediaType)
            let huge = try await api.send(
                .POST, "/api/v1/lotto/decode-photo", raw: Data(count: 11 * 1024 * 1024),
                contentType: .png)
            #expect(huge.status == .payloadTooLarge)
        }
    }

    @Test("the web form: a photo becomes a ticket; a photo without a ticket says why, in Korean")
    func web() async throws {
        guard let photo = try await Self.qrPNG(LottoAPITests.winningQR),
            let receipt = try await Self.qrPNG("MSG_ESLIP0123456789")
        else { return }
        try await withMaeilApp { app in
            var browser = try await WebBrowser.signUp(app, "lottophoto")
            browser.language = "ko"
            var headers = browser.headers
            headers.replaceOrAdd(name: .contentType, value: "multipart/form-data; boundary=XyZ")
            let wrong = try await app.testing().sendRequest(
                .POST, "/lotto/entries/photo", headers: headers,
                body: Self.multipart([("_csrf", browser.csrf)], photo: receipt, boundary: "XyZ"))
            #expect(wrong.status == .unprocessableEntity)
            #expect(wrong.body.string.contains("판매점 영수증의 QR입니다"))
            let added = try await app.testing().sendRequest(
                .POST, "/lotto/entries/photo", headers: headers,
                body: Self.multipart(
                    [("_csrf", browser.csrf), ("note", "사진으로")], photo: photo, boundary: "XyZ"))
            #expect(added.status == .seeOther)
            let page = try await browser.get(try #require(added.headers.first(name: .location)))
            #expect(page.body.string.contains("1등 당첨") && page.body.string.contains("사진으로"))
            let noToken = try await app.testing().sendRequest(
                .POST, "/lotto/entries/photo", headers: headers,
                body: Self.multipart([], photo: photo, boundary: "XyZ"))
            #expect(noToken.status == .forbidden)
            #expect(
                try await browser.get("/lotto/new?tab=photo").body.string.contains("id=\"photo\""))
        }
    }
}
