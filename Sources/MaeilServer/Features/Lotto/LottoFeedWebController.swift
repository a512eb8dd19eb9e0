import Foundation
import Lotto
import Vapor
import VocabCore

/// The private calendar feed (`/lotto/feed/{secret}.ics`): read by calendar apps, which
/// carry no session, so the secret in the address is the only key. An unknown or revoked
/// secret is a 404.
struct LottoFeedWebController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.get("lotto", "feed", ":file", use: feed)
    }

    @Sendable func feed(req: Request) async throws -> Response {
        let file = req.parameters.get("file") ?? ""
        guard file.hasSuffix(".ics"),
            let owner = try await LottoDiaryService.feedOwner(
                token: String(file.dropLast(4)), db: req.db)
        else { throw AppError.notFound("calendar") }
        let lang =
            (try? req.query.get(String.self, at: "lang")).flatMap(UILanguage.init(rawValue:))
            ?? .ko
        let diary = LottoDiaryService(
            db: req.db, userID: owner, draws: req.lottoDraws(),
            days: req.days)
        let text = LottoWording(lang: lang).calendarFeed(
            settings: try await diary.settings(), pending: try await diary.pendingTickets(),
            owner: owner, base: req.siteOrigin
        ).render(now: Int64(Date().timeIntervalSince1970))
        let response = Response(status: .ok, body: .init(string: text))
        response.headers.contentType = HTTPMediaType(
            type: "text", subType: "calendar", parameters: ["charset": "utf-8"])
        response.headers.replaceOrAdd(name: .cacheControl, value: "private, no-cache")
        return response
    }
}
