import Foundation
import Lotto
import MaeilAPI
import Vapor
import VocabCore

/// The lotto diary's API: tickets and speetto purchases with their results, draws, a
/// month's summary, the diary's settings, QR decoding and the number picker.
struct LottoAPIController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.on(.lottoDecode, use: decode)
        routes.on(.lottoDecodePhoto, body: .collect(maxSize: "20mb"), use: decodePhoto)
        routes.on(.lottoDraw, use: draw)
        routes.on(.typeLottoDraw, use: typeDraw)
        routes.on(.lottoEntries, use: entries)
        routes.on(.addLottoEntry, use: add)
        routes.on(.lottoEntry, use: entry)
        routes.on(.deleteLottoEntry, use: delete)
        routes.on(.lottoSettings, use: settings)
        routes.on(.updateLottoSettings, use: updateSettings)
        routes.on(.lottoPick, use: pick)
        routes.on(.lottoYear, use: year)
        routes.on(.lottoChart, use: chart)
        routes.on(.newLottoFeed, use: newFeed)
        routes.on(.deleteLottoFeed, use: deleteFeed)
    }

    /// A new secret address for the calendar feed (the old one stops working).
    @Sendable func newFeed(req: Request) async throws -> Response {
        let token = try await req.lottoDiary().newFeedToken()
        let lang =
            (try? req.query.get(String.self, at: "lang")).flatMap(UILanguage.init(rawValue:))
            ?? req.uiLanguage
        let url = LottoDiaryService.feedAddress(token: token, lang: lang, origin: req.siteOrigin)
        return try await LottoFeedDTO(
            url: url, webcalURL: "webcal" + url.drop(while: { $0 != ":" })
        ).encodeResponse(status: .created, for: req)
    }

    @Sendable func deleteFeed(req: Request) async throws -> HTTPStatus {
        try await req.lottoDiary().revokeFeed()
        return .noContent
    }

    @Sendable func year(req: Request) async throws -> LottoYearDTO {
        let year = try req.lottoYear()
        let diary = try req.lottoDiary()
        return LottoYearDTO(
            year: year, months: try await diary.monthlyTotals(year: year),
            goal: try await diary.settings().monthlyGoal, today: diary.days.day(of: Date()))
    }

    /// The year's chart as SVG (`?year=&lang=en|ko`).
    @Sendable func chart(req: Request) async throws -> Response {
        let year = try req.lottoYear()
        let diary = try req.lottoDiary()
        let lang =
            (try? req.query.get(String.self, at: "lang")).flatMap(UILanguage.init(rawValue:))
            ?? req.uiLanguage
        let svg = LottoWording(lang: lang).yearChart(
            year: year, months: try await diary.monthlyTotals(year: year),
            goal: try await diary.settings().monthlyGoal, today: diary.days.day(of: Date())
        ).render()
        let response = Response(status: .ok, body: .init(string: svg))
        response.headers.contentType = HTTPMediaType(
            type: "image", subType: "svg+xml", parameters: ["charset": "utf-8"])
        response.headers.replaceOrAdd(name: .cacheControl, value: "private, no-cache")
        return response
    }

    /// Reads a ticket's QR text without storing anything.
    @Sendable func decode(req: Request) async throws -> LottoTicketDTO {
        let input = try req.content.decode(LottoDecodeInput.self)
        do {
            return LottoTicketDTO(try LottoTicket.decode(qr: input.qr))
        } catch {
            throw LottoDiary.EntryProblem.ticket(error)
        }
    }

    /// Reads the ticket in a photo (the body, or a multipart `file`) without storing it;
    /// `resultURL` is then a QR text `entries` accepts.
    @Sendable func decodePhoto(req: Request) async throws -> LottoTicketDTO {
        let (data, _) = try UploadedFile.read(from: req)
        return LottoTicketDTO(try await req.ticketPhotos().ticket(inPhoto: data))
    }

    @Sendable func draw(req: Request) async throws -> LottoDrawDTO {
        let round = try req.lottoRound()
        guard
            let known = try await req.lottoDraws().draws(
                rounds: [round], userID: try req.requireUserID())[round]
        else { throw AppError.notFound("draw") }
        return LottoDrawDTO(known)
    }

    /// Winning numbers typed for a drawn round no source has yet (this user's only).
    @Sendable func typeDraw(req: Request) async throws -> LottoDrawDTO {
        let round = try req.lottoRound()
        let input = try req.content.decode(LottoManualDrawInput.self)
        let userID = try req.requireUserID()
        try await req.lottoDraws().saveManual(
            round: round, numbers: input.numbers, bonus: input.bonus, userID: userID)
        return try await draw(req: req)
    }

    @Sendable func entries(req: Request) async throws -> LottoMonthDTO {
        let month = try req.lottoMonth()
        let diary = try req.lottoDiary()
        let outcomes = try await diary.entries(from: month.firstDay, to: month.lastDay)
        return LottoMonthDTO(
            summary: LottoMonthSummaryDTO(
                month: month, totals: outcomes.map(\.totals).reduce(.init(), +),
                goal: try await diary.settings().monthlyGoal),
            entries: outcomes.map(LottoEntryDTO.init))
    }

    @Sendable func add(req: Request) async throws -> Response {
        let input = try req.content.decode(LottoEntryInput.self)
        let outcome = try await req.lottoDiary().add(try LottoEntryDraft(input))
        return try await LottoEntryDTO(outcome).encodeResponse(status: .created, for: req)
    }

    @Sendable func entry(req: Request) async throws -> LottoEntryDTO {
        guard let outcome = try await req.lottoDiary().entry(try req.lottoEntryID()) else {
            throw AppError.notFound("entry")
        }
        return LottoEntryDTO(outcome)
    }

    @Sendable func delete(req: Request) async throws -> HTTPStatus {
        guard try await req.lottoDiary().delete(try req.lottoEntryID()) else {
            throw AppError.notFound("entry")
        }
        return .noContent
    }

    @Sendable func settings(req: Request) async throws -> LottoSettingsDTO {
        LottoSettingsDTO(try await req.lottoDiary().settings())
    }

    @Sendable func updateSettings(req: Request) async throws -> LottoSettingsDTO {
        let input = try req.content.decode(LottoSettingsInput.self)
        let diary = try req.lottoDiary()
        var settings = try await diary.settings()
        if let nickname = input.nickname { settings.nickname = nickname }
        if let goal = input.monthlyGoal { settings.monthlyGoal = goal }
        if let minutes = input.reminderMinutes { settings.reminderMinutes = minutes }
        for field in input.clear ?? [] {
            switch field {
            case "nickname": settings.nickname = nil
            case "monthlyGoal": settings.monthlyGoal = nil
            case "reminderMinutes": settings.reminderMinutes = nil
            default: throw AppError.invalid("\(field) is not a setting that can be cleared")
            }
        }
        try await diary.save(settings)
        return LottoSettingsDTO(settings)
    }

    @Sendable func pick(req: Request) async throws -> LottoPickDTO {
        let input = try req.content.decode(LottoPickInput.self)
        var generator = SystemRandomNumberGenerator()
        let pick = try NumberPicker.pick(
            including: Set(input.include ?? []), excluding: Set(input.exclude ?? []),
            using: &generator)
        return LottoPickDTO(
            numbers: pick.numbers, bonus: pick.bonus,
            round: DrawSchedule.roundOnSale(at: Int64(Date().timeIntervalSince1970)))
    }
}
