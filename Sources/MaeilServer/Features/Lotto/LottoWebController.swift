import Foundation
import Lotto
import MaeilAPI
import Vapor
import VocabCore

/// The lotto diary in the web app: the month (or week) with its calendar, sums and
/// entries; adding a ticket from its QR text, typed, or a speetto purchase; an entry's
/// page with each game's matches and prize; the settings; the number picker.
struct LottoWebController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        let lotto = routes.grouped("lotto")
        lotto.get(use: diary)
        lotto.get("new", use: newEntry)
        lotto.post("entries", use: addEntry)
        lotto.get("entries", ":id", use: entry)
        lotto.post("entries", ":id", "delete", use: deleteEntry)
        lotto.post("entries", ":id", "draw", use: typeDraw)
        lotto.get("settings", use: settings)
        lotto.post("settings", use: saveSettings)
        lotto.post("settings", "feed", use: newFeed)
        lotto.post("settings", "feed", "delete", use: revokeFeed)
        lotto.get("generator", use: generator)
        lotto.get("year", use: year)
    }

    // MARK: The diary

    struct Cell: Encodable, Sendable {
        /// 0 for the blanks before the 1st and after the last day of a month.
        var day: Int
        var date: String
        var label: String
        var isToday: Bool
        var spentText: String
        var wonText: String
        /// The win as a phone's month cell fits it: "5,000", "32억".
        var wonShort: String
        /// 1억 and up: written short in a wide month cell too, where
        /// "+3,233,804,250원" left 원 on a line of its own.
        var wonIsLong: Bool
        var hasEntries: Bool
        var isWin: Bool
        var weekday: String
        var shortTitle: String
        var entries: [LottoEntryView]
        /// The week of the day (from the month).
        var weekHref: String

        static let blank = Cell(
            day: 0, date: "", label: "", isToday: false, spentText: "", wonText: "",
            wonShort: "", wonIsLong: false, hasEntries: false, isWin: false, weekday: "",
            shortTitle: "", entries: [],
            weekHref: "")
    }

    typealias Link = NavLink

    struct DiaryData: Encodable, Sendable {
        var heading: String
        var isWeek: Bool
        var title: String
        var views: [Link]
        var previous: Link
        var next: Link
        var current: Link?
        var weekdays: [String]
        var weeks: [[Cell]]
        var days: [Cell]
        var summary: LottoSummaryView
        var summaryTitle: String
        var entries: [LottoEntryView]
        var hasEntries: Bool
        var lifetime: LottoSummaryView
        var wins: [LottoEntryView]
        var nextDrawText: String
    }

    @Sendable func diary(req: Request) async throws -> Response {
        let now = Date()
        let diary = try req.lottoDiary()
        let wording = LottoWording(lang: req.uiLanguage)
        let today = diary.days.day(of: now)
        let grid = try req.calendarGrid(today: today)
        let navigation = CalendarNavigation(
            grid: grid, today: today, lang: req.uiLanguage, family: .lotto,
            monthPath: Self.path(month:), weekPath: Self.path(week:))
        let settings = try await diary.settings()
        // The month's sums follow the month its switch opens (a week that
        // holds today: today's month).
        let month = navigation.month
        let everything = try await diary.allEntries()
        let monthEntries = everything.filter {
            $0.entry.boughtOn >= month.firstDay && $0.entry.boughtOn <= month.lastDay
        }
        let shown = everything.filter { grid.contains($0.entry.boughtOn) }
        let drawn = DrawSchedule.latestDrawnRound(at: Int64(now.timeIntervalSince1970))
        if everything.contains(where: { $0.status == .pending && ($0.entry.round ?? 0) <= drawn }) {
            req.application.lottoResults.syncSoon(app: req.application, now: now)
        }
        let byDay = Dictionary(grouping: shown, by: \.entry.boughtOn)
        let cells = grid.weeks.map { week in
            week.map { day in
                day.map { cell($0, byDay[$0] ?? [], today: today, wording: wording, now: now) }
                    ?? .blank
            }
        }
        let nextRound = DrawSchedule.roundOnSale(at: Int64(now.timeIntervalSince1970))
        let nextDay = CivilDay(DrawSchedule.date(ofRound: nextRound)) ?? today
        let data = DiaryData(
            heading: settings.nickname.map { wording.text("lottoHeadingNamed", ["name": $0]) }
                ?? wording.text("lottoTitle"),
            isWeek: navigation.isWeek, title: navigation.title, views: navigation.views,
            previous: navigation.previous, next: navigation.next, current: navigation.current,
            weekdays: CalendarLabels.weekdayKeys.map { req.text($0) },
            weeks: cells, days: cells.flatMap { $0 }.filter { $0.day != 0 },
            summary: wording.summary(
                monthEntries.map(\.totals).reduce(.init(), +), goal: settings.monthlyGoal),
            summaryTitle: wording.text(
                "lottoMonthSummary", ["month": CalendarLabels.monthTitle(month, req.uiLanguage)]),
            entries: shown.map { wording.entryView($0, now: now) },
            hasEntries: !shown.isEmpty,
            lifetime: wording.summary(everything.map(\.totals).reduce(.init(), +), goal: nil),
            wins: everything.filter { ($0.won ?? 0) > 0 }.prefix(20).map {
                wording.entryView($0, now: now)
            },
            nextDrawText: wording.text(
                "lottoNextDraw",
                [
                    "round": String(nextRound),
                    "date": CalendarLabels.shortDay(nextDay, req.uiLanguage),
                ]))
        return try await req.renderPage(
            "lotto/diary", title: "lottoTitle", nav: "lotto", data: data)
    }

    static func path(month day: CivilDay) -> String { "/lotto?month=\(day.monthText)" }
    static func path(week day: CivilDay) -> String { "/lotto?week=\(day)" }
    private func cell(
        _ day: CivilDay, _ outcomes: [LottoOutcome], today: CivilDay, wording: LottoWording,
        now: Date
    ) -> Cell {
        let totals = outcomes.map(\.totals).reduce(.init(), +)
        let title = CalendarLabels.dayTitle(day, wording.lang)
        let parts =
            outcomes.isEmpty
            ? [wording.text("lottoNoEntries")]
            : [
                wording.text("lottoSpentLabel") + " " + wording.won(totals.spent),
                wording.text("lottoWonLabel") + " " + wording.won(totals.won),
            ]
        return Cell(
            day: day.day, date: day.description,
            label: title + ": " + parts.joined(separator: ", "),
            isToday: day == today, spentText: outcomes.isEmpty ? "" : wording.won(totals.spent),
            wonText: totals.won > 0 ? wording.won(totals.won) : "",
            wonShort: totals.won > 0 ? wording.compactWon(totals.won) : "",
            wonIsLong: totals.won >= 100_000_000,
            hasEntries: !outcomes.isEmpty,
            isWin: totals.won > 0,
            weekday: wording.text(CalendarLabels.weekdayKeys[day.weekday]),
            shortTitle: CalendarLabels.shortDay(day, wording.lang),
            entries: outcomes.map { wording.entryView($0, now: now) },
            weekHref: Self.path(week: day))
    }

    // MARK: Adding an entry

    struct EntryForm: Content {
        var kind: String?
        var date: String?
        var qr: String?
        var round: String?
        var mode: String?
        /// "3 5 13 20 21 37" per game line.
        var game1: String?
        var game2: String?
        var game3: String?
        var game4: String?
        var game5: String?
        var speettoType: String?
        var amount: String?
        var won: String?
        var note: String?
        var source: String?

        var gameLines: [String] {
            [game1, game2, game3, game4, game5].map { $0 ?? "" }
        }
    }

    struct NewEntryData: Encodable, Sendable {
        var tab: String
        /// Whether this server can read ticket photos, and if not, what to install.
        var photoReady: Bool
        var photoUnavailable: String
        var form: FormValues
        var error: String?
        var modes: [Choice]
        var speettoTypes: [Choice]
        var onSaleRound: Int
        var today: String
    }

    struct FormValues: Encodable, Sendable {
        var date: String
        var qr: String
        var round: String
        var games: [String]
        var speettoType: String
        var amount: String
        var won: String
        var note: String
        var mode: String
        var source: String
    }

    struct Choice: Encodable, Sendable {
        var value: String
        var label: String
        var selected: Bool
    }

    @Sendable func newEntry(req: Request) async throws -> Response {
        let tab = (try? req.query.get(String.self, at: "tab")) ?? "qr"
        let form = EntryForm(
            kind: nil, date: nil, qr: nil, round: try? req.query.get(String.self, at: "round"),
            mode: try? req.query.get(String.self, at: "mode"),
            game1: try? req.query.get(String.self, at: "numbers"), game2: nil, game3: nil,
            game4: nil, game5: nil, speettoType: nil, amount: nil, won: nil, note: nil,
            source: try? req.query.get(String.self, at: "source"))
        return try await renderNew(req, tab: tab, form: form, error: nil, status: .ok)
    }

    /// The photo upload, in the group of routes whose form bodies may be large.
    struct Uploads: RouteCollection {
        func boot(routes: any RoutesBuilder) throws {
            routes.post("lotto", "entries", "photo", use: LottoWebController().addPhoto)
        }
    }

    struct PhotoForm: Content {
        var photo: File?
        var date: String?
        var note: String?
    }

    /// A ticket from a photo: its QR read on the server, then stored like a pasted one.
    @Sendable func addPhoto(req: Request) async throws -> Response {
        let form = try req.content.decode(PhotoForm.self)
        let wording = LottoWording(lang: req.uiLanguage)
        let values = EntryForm(
            kind: "photo", date: form.date, qr: nil, round: nil, mode: nil, game1: nil,
            game2: nil, game3: nil, game4: nil, game5: nil, speettoType: nil, amount: nil,
            won: nil, note: form.note, source: nil)
        do {
            guard let photo = form.photo, photo.data.readableBytes > 0 else {
                throw PhotoProblem.notAnImage(format: nil)
            }
            let ticket = try await req.ticketPhotos().ticket(inPhoto: Data(buffer: photo.data))
            let draft = try LottoEntryDraft(
                LottoEntryInput(date: form.date, qr: ticket.officialResultURL, note: form.note))
            let outcome = try await req.lottoDiary().add(draft)
            req.flash(wording.text("lottoAdded", ["title": wording.title(outcome.entry)]))
            return req.redirect(to: "/lotto/entries/\(outcome.entry.id.uuidString)")
        } catch {
            guard let message = wording.problem(error) else { throw error }
            let status = (error as? any ReportableError)?.status ?? .unprocessableEntity
            return try await renderNew(
                req, tab: "photo", form: values, error: message, status: status)
        }
    }

    private func renderNew(
        _ req: Request, tab: String, form: EntryForm, error: String?, status: HTTPStatus
    ) async throws -> Response {
        let wording = LottoWording(lang: req.uiLanguage)
        let now = Date()
        let onSale = DrawSchedule.roundOnSale(at: Int64(now.timeIntervalSince1970))
        let mode = form.mode ?? GameMode.manual.rawValue
        let type = form.speettoType ?? "1000"
        let availability = TicketPhotoReader.availability()
        let data = NewEntryData(
            tab: ["qr", "photo", "manual", "speetto"].contains(tab) ? tab : "qr",
            photoReady: availability == .ready,
            photoUnavailable: {
                guard case .missing(let libraries, let install) = availability else { return "" }
                return wording.text(
                    "lottoPhotoUnavailable",
                    ["libraries": libraries.joined(separator: ", "), "install": install])
            }(),
            form: FormValues(
                date: form.date ?? "", qr: form.qr ?? "", round: form.round ?? String(onSale),
                games: form.gameLines, speettoType: type, amount: form.amount ?? "",
                won: form.won ?? "", note: form.note ?? "", mode: mode, source: form.source ?? ""),
            error: error,
            modes: GameMode.allCases.map {
                Choice(value: $0.rawValue, label: wording.mode($0), selected: $0.rawValue == mode)
            },
            speettoTypes: LottoDiary.SpeettoType.allCases.map {
                Choice(
                    value: String($0.rawValue),
                    label: wording.text("lottoSpeettoTitle", ["type": String($0.rawValue)]),
                    selected: String($0.rawValue) == type)
            },
            onSaleRound: onSale, today: try req.lottoDiary().days.day(of: now).description)
        return try await req.renderPage(
            "lotto/new", title: "lottoAddTitle", nav: "lotto", data: data, status: status)
    }

    @Sendable func addEntry(req: Request) async throws -> Response {
        let form = try req.content.decode(EntryForm.self)
        let kind = form.kind ?? "qr"
        let wording = LottoWording(lang: req.uiLanguage)
        do {
            var draft = try LottoEntryDraft(try input(from: form, kind: kind))
            if form.source == LottoDiary.TicketSource.generator.rawValue, draft.source == .manual {
                draft.source = .generator
            }
            let outcome = try await req.lottoDiary().add(draft)
            req.flash(wording.text("lottoAdded", ["title": wording.title(outcome.entry)]))
            return req.redirect(to: "/lotto/entries/\(outcome.entry.id.uuidString)")
        } catch {
            guard let message = wording.problem(error) else { throw error }
            let status: HTTPStatus =
                (error as? LottoDiary.EntryProblem) == .duplicateTicket
                ? .conflict : .unprocessableEntity
            return try await renderNew(req, tab: kind, form: form, error: message, status: status)
        }
    }

    /// The form as the API's input: numbers typed with spaces, commas or dots between them.
    private func input(from form: EntryForm, kind: String) throws -> LottoEntryInput {
        var input = LottoEntryInput(
            kind: kind == "speetto" ? "speetto" : "lotto", date: form.date,
            note: form.note)
        switch kind {
        case "speetto":
            input.speettoType = Int(form.speettoType ?? "")
            let amount = (form.amount ?? "").isEmpty ? "0" : form.amount ?? ""
            guard let spent = LottoDiary.parseAmount(amount) else {
                throw LottoDiary.EntryProblem.speettoAmount(0)
            }
            input.amount = spent
            let wonText = (form.won ?? "").isEmpty ? "0" : form.won ?? ""
            guard let won = LottoDiary.parseAmount(wonText) else {
                throw LottoDiary.EntryProblem.speettoWinnings(-1)
            }
            input.won = won
        case "manual":
            let lines = form.gameLines.filter {
                !$0.trimmingCharacters(in: .whitespaces).isEmpty
            }
            var games: [[Int]] = []
            for (index, line) in lines.enumerated() {
                let parts = line.split(whereSeparator: { " ,./\t".contains($0) })
                let numbers = parts.compactMap { Int($0) }
                guard numbers.count == parts.count else {
                    throw LottoDiary.EntryProblem.game(index, .numberCount(parts.count))
                }
                games.append(numbers)
            }
            input.games = games
            guard let round = Int((form.round ?? "").trimmingCharacters(in: .whitespaces)) else {
                throw LottoDiary.EntryProblem.round(0)
            }
            input.round = round
            input.mode = form.mode
        default:
            input.qr = form.qr ?? ""
            if input.qr?.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty != false {
                throw LottoDiary.EntryProblem.ticket(.empty)
            }
        }
        return input
    }

    // MARK: An entry

    struct EntryData: Encodable, Sendable {
        var entry: LottoEntryView
        var games: [LottoGameView]
        var isLotto: Bool
        var isSettled: Bool
        var drawBalls: [LottoBallView]
        var bonusBall: LottoBallView?
        var drawTitle: String
        var resultURL: String?
        var monthHref: String
        var sourceText: String
        var prizeNote: String
        /// Drawn, but no source has the result yet: the user may type it.
        var canTypeDraw: Bool
        var drawError: String?
    }

    @Sendable func entry(req: Request) async throws -> Response {
        try await renderEntry(req, drawError: nil, status: .ok)
    }

    private func renderEntry(_ req: Request, drawError: String?, status: HTTPStatus)
        async throws -> Response
    {
        guard let outcome = try await req.lottoDiary().entry(try req.lottoEntryID()) else {
            throw AppError.notFound("entry")
        }
        let wording = LottoWording(lang: req.uiLanguage)
        let drawn = DrawSchedule.latestDrawnRound(at: Int64(Date().timeIntervalSince1970))
        let draw = outcome.draw?.draw
        let data = EntryData(
            entry: wording.entryView(outcome, now: Date()), games: wording.gameViews(outcome),
            isLotto: outcome.entry.kind == .lotto, isSettled: outcome.status == .settled,
            drawBalls: draw?.numbers.map { LottoBallView($0) } ?? [],
            bonusBall: draw.map { LottoBallView($0.bonus, bonus: true) },
            drawTitle: outcome.entry.round.map { round in
                wording.text(
                    "lottoDrawOf",
                    [
                        "round": String(round),
                        "date": CivilDay(DrawSchedule.date(ofRound: round)).map {
                            CalendarLabels.dayTitle($0, wording.lang)
                        } ?? "",
                    ])
            } ?? "",
            resultURL: outcome.entry.resultURL,
            monthHref: Self.path(month: outcome.entry.boughtOn),
            sourceText: outcome.entry.source.map(wording.source) ?? "",
            prizeNote: outcome.draw?.origin == .manual ? wording.text("lottoManualDrawNote") : "",
            canTypeDraw: outcome.status == .pending && (outcome.entry.round ?? .max) <= drawn,
            drawError: drawError)
        return try await req.renderPage(
            "lotto/entry", title: "lottoEntryTitle", nav: "lotto", data: data, status: status)
    }

    struct DrawForm: Content {
        var numbers: String?
        var bonus: String?
    }

    /// The winning numbers typed on a ticket waiting for a drawn round's result.
    @Sendable func typeDraw(req: Request) async throws -> Response {
        let diary = try req.lottoDiary()
        guard let outcome = try await diary.entry(try req.lottoEntryID()),
            let round = outcome.entry.round
        else { throw AppError.notFound("entry") }
        let form = try req.content.decode(DrawForm.self)
        let numbers = (form.numbers ?? "").split(whereSeparator: { " ,./\t".contains($0) })
        let bonus = Int((form.bonus ?? "").trimmingCharacters(in: .whitespaces))
        do {
            guard numbers.allSatisfy({ Int($0) != nil }), let bonus else {
                throw ManualDrawProblem.numbers(.numberCount(numbers.count))
            }
            try await req.lottoDraws().saveManual(
                round: round, numbers: numbers.compactMap { Int($0) }, bonus: bonus,
                userID: diary.userID)
            return req.redirect(to: "/lotto/entries/\(outcome.entry.id.uuidString)")
        } catch let problem as ManualDrawProblem {
            return try await renderEntry(
                req, drawError: LottoWording(lang: req.uiLanguage).manualDrawProblem(problem),
                status: problem == .known(round) ? .conflict : .unprocessableEntity)
        }
    }

    @Sendable func deleteEntry(req: Request) async throws -> Response {
        let diary = try req.lottoDiary()
        let id = try req.lottoEntryID()
        guard let outcome = try await diary.entry(id), try await diary.delete(id) else {
            throw AppError.notFound("entry")
        }
        let wording = LottoWording(lang: req.uiLanguage)
        req.flash(wording.text("lottoDeleted", ["title": wording.title(outcome.entry)]))
        return req.redirect(to: Self.path(month: outcome.entry.boughtOn))
    }

    // MARK: Settings

    struct SettingsForm: Content {
        var nickname: String?
        var goal: String?
        var reminder: String?
    }

    struct SettingsData: Encodable, Sendable {
        var nickname: String
        var goal: String
        var reminders: [Choice]
        var error: String?
        var errorField: String
        var hasFeed: Bool
        /// Right after it is made: the feed's address (only its digest is kept).
        var feedURL: String?
        var webcalURL: String?
    }

    @Sendable func settings(req: Request) async throws -> Response {
        let settings = try await req.lottoDiary().settings()
        return try await renderSettings(
            req,
            form: SettingsForm(
                nickname: settings.nickname, goal: settings.monthlyGoal.map(String.init),
                reminder: settings.reminderMinutes.map(String.init)),
            error: nil, status: .ok)
    }

    private func renderSettings(
        _ req: Request, form: SettingsForm, error: LottoSettingsProblem?, status: HTTPStatus
    ) async throws -> Response {
        let wording = LottoWording(lang: req.uiLanguage)
        let reminder = form.reminder ?? ""
        let feedURL: String? = req.session.data["lottoFeedURL"]
        req.session.data["lottoFeedURL"] = nil
        let data = SettingsData(
            nickname: form.nickname ?? "", goal: form.goal ?? "",
            reminders: [Choice(value: "", label: wording.text("lottoReminderOff"), selected: false)]
                + LottoDiary.reminderChoices.map {
                    Choice(
                        value: String($0),
                        label: wording.text("lottoReminderBefore", ["n": String($0)]),
                        selected: String($0) == reminder)
                },
            error: error.flatMap(wording.problem), errorField: error.map { "\($0)" } ?? "",
            hasFeed: try await req.lottoDiary().hasFeed(), feedURL: feedURL,
            webcalURL: feedURL.map { "webcal" + $0.drop(while: { $0 != ":" }) })
        return try await req.renderPage(
            "lotto/settings", title: "lottoSettingsTitle", nav: "lotto", data: data,
            status: status)
    }

    @Sendable func saveSettings(req: Request) async throws -> Response {
        let form = try req.content.decode(SettingsForm.self)
        let nickname = (form.nickname ?? "").trimmingCharacters(in: .whitespaces)
        let goalText = (form.goal ?? "").trimmingCharacters(in: .whitespaces)
        do {
            var goal: Int64?
            if !goalText.isEmpty {
                guard let parsed = LottoDiary.parseAmount(goalText) else {
                    throw LottoSettingsProblem.goal
                }
                goal = parsed
            }
            let reminder = form.reminder.flatMap { $0.isEmpty ? nil : $0 }
            var minutes: Int?
            if let reminder {
                guard let parsed = Int(reminder) else { throw LottoSettingsProblem.reminder }
                minutes = parsed
            }
            try await req.lottoDiary().save(
                LottoSettings(
                    nickname: nickname.isEmpty ? nil : nickname, monthlyGoal: goal,
                    reminderMinutes: minutes))
            req.flash("lottoSettingsSaved")
            return req.redirect(to: "/lotto")
        } catch let problem as LottoSettingsProblem {
            return try await renderSettings(
                req, form: form, error: problem, status: .unprocessableEntity)
        }
    }

    /// A new secret address for the calendar feed, shown once on the settings page.
    @Sendable func newFeed(req: Request) async throws -> Response {
        let token = try await req.lottoDiary().newFeedToken()
        req.session.data["lottoFeedURL"] = LottoDiaryService.feedAddress(
            token: token, lang: req.uiLanguage, origin: req.siteOrigin)
        req.flash("lottoFeedMade")
        return req.redirect(to: "/lotto/settings#feed")
    }

    @Sendable func revokeFeed(req: Request) async throws -> Response {
        try await req.lottoDiary().revokeFeed()
        req.flash("lottoFeedRevoked")
        return req.redirect(to: "/lotto/settings#feed")
    }

    // MARK: The year

    struct MonthRow: Encodable, Sendable {
        /// "3월": the page is the year's, and a phone's narrow column fits no more.
        var name: String
        /// "2026년 3월", for the link's accessible name.
        var title: String
        var href: String
        var spentText: String
        var wonText: String
        var netText: String
        var netTone: String
        /// "kept", "missed" or "" (no goal, or a month still to come).
        var verdict: String
        var verdictText: String
    }

    struct YearData: Encodable, Sendable {
        var year: Int
        var title: String
        var previous: Link
        var next: Link
        var years: [Choice]
        var chart: String
        /// The same chart drawn for a phone, where the wide one's text would shrink to half.
        var narrowChart: String
        var months: [MonthRow]
        var summary: LottoSummaryView
        var keptText: String
    }

    @Sendable func year(req: Request) async throws -> Response {
        let year = try req.lottoYear()
        let diary = try req.lottoDiary()
        let wording = LottoWording(lang: req.uiLanguage)
        let today = diary.days.day(of: Date())
        let months = try await diary.monthlyTotals(year: year)
        let goal = try await diary.settings().monthlyGoal
        let dto = LottoYearDTO(year: year, months: months, goal: goal, today: today)
        let rows = months.enumerated().map { index, totals in
            let month = CalendarMonth(year: year, month: index + 1) ?? CalendarMonth(today)
            let started = month.firstDay <= today
            let kept = started ? totals.keptGoal(goal) : nil
            return MonthRow(
                name: req.text("month\(month.month)"),
                title: CalendarLabels.monthTitle(month, req.uiLanguage),
                href: Self.path(month: month.firstDay), spentText: wording.won(totals.spent),
                wonText: wording.won(totals.won), netText: wording.signedWon(totals.net),
                netTone: NetTone.of(totals.net),
                verdict: kept.map { $0 ? "kept" : "missed" } ?? "",
                verdictText: kept.map { wording.text($0 ? "lottoGoalKept" : "lottoGoalMissed") }
                    ?? "–")
        }
        let yearText = { (year: Int) in wording.text("lottoYearOf", ["year": String(year)]) }
        let chart = wording.yearChart(year: year, months: months, goal: goal, today: today)
        let data = YearData(
            year: year, title: yearText(year),
            previous: Link(
                href: "/lotto/year?year=\(max(year - 1, 2002))", label: yearText(year - 1),
                selected: false),
            next: Link(
                href: "/lotto/year?year=\(year + 1)", label: yearText(year + 1), selected: false),
            years: (2002...max(today.year, year)).reversed().map {
                Choice(value: String($0), label: yearText($0), selected: $0 == year)
            },
            chart: chart.render(), narrowChart: chart.narrowed().render(),
            months: rows, summary: wording.summary(months.reduce(.init(), +), goal: nil),
            keptText: dto.monthsKept.map { kept in
                wording.text(
                    "lottoMonthsKept",
                    [
                        "kept": String(kept),
                        "total": String(rows.filter { !$0.verdict.isEmpty }.count),
                    ])
            } ?? "")
        return try await req.renderPage(
            "lotto/year", title: "lottoYearTitle", nav: "lotto", data: data)
    }

    // MARK: The number picker

    struct GeneratorData: Encodable, Sendable {
        var include: String
        var exclude: String
        var balls: [LottoBallView]
        var bonus: LottoBallView?
        var error: String?
        var round: Int
        var saveHref: String
        var roundText: String
    }

    @Sendable func generator(req: Request) async throws -> Response {
        let wording = LottoWording(lang: req.uiLanguage)
        let includeText = (try? req.query.get(String.self, at: "include")) ?? ""
        let excludeText = (try? req.query.get(String.self, at: "exclude")) ?? ""
        let round = DrawSchedule.roundOnSale(at: Int64(Date().timeIntervalSince1970))
        var data = GeneratorData(
            include: includeText, exclude: excludeText, balls: [], bonus: nil, error: nil,
            round: round, saveHref: "",
            roundText: wording.text("lottoGeneratorRound", ["round": String(round)]))
        var status = HTTPStatus.ok
        do {
            let include = try Self.numbers(includeText)
            let exclude = try Self.numbers(excludeText)
            var generator = SystemRandomNumberGenerator()
            let pick = try NumberPicker.pick(
                including: include, excluding: exclude, using: &generator)
            data.balls = pick.numbers.map { LottoBallView($0) }
            data.bonus = LottoBallView(pick.bonus, bonus: true)
            let numbers = pick.numbers.map(String.init).joined(separator: " ")
            data.saveHref =
                "/lotto/new?tab=manual&source=generator&mode=auto&round=\(round)&numbers="
                + (numbers.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")
        } catch {
            guard let message = wording.problem(error) else { throw error }
            data.error = message
            status = .unprocessableEntity
        }
        return try await req.renderPage(
            "lotto/generator", title: "lottoGeneratorTitle", nav: "lotto", data: data,
            status: status)
    }

    /// "7, 12 45" → {7, 12, 45}; a word that is not a number is out of range.
    static func numbers(_ text: String) throws -> Set<Int> {
        var found: Set<Int> = []
        for part in text.split(whereSeparator: { " ,./\t".contains($0) }) {
            guard let number = Int(part) else { throw NumberPicker.Problem.numberOutOfRange(0) }
            found.insert(number)
        }
        return found
    }
}
