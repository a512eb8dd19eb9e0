import Foundation
import Lotto
import Vapor

/// A public mirror of the official results (smok95.github.io), one file a round, in the
/// shape of the shipped history's source. It is asked when the official site is throttling
/// or broken; a static site, it answers 404 for a round it does not have yet.
struct MirrorDrawSource: DrawResultSource {
    static let defaultBaseURL = "https://smok95.github.io"
    static let sourceName = "smok95-mirror"

    var name: String { Self.sourceName }
    let baseURL: String
    let http: DrawSourceHTTP

    init(
        baseURL: String = MirrorDrawSource.defaultBaseURL, client: any Client,
        timeout: Duration = .seconds(10)
    ) {
        self.baseURL = baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL
        self.http = DrawSourceHTTP(client: client, timeout: timeout)
    }

    func draw(round: Int) async throws(DrawFetchError) -> LottoDraw {
        guard round >= 1 else { throw .badAnswer("there is no round \(round)") }
        let body = try await http.json(
            baseURL + "/lotto/results/\(round).json",
            headers: ["Accept": "application/json", "User-Agent": "Maeil (lotto diary)"],
            notFound: .notDrawnYet)
        let record: Record
        do {
            record = try JSONDecoder().decode(Record.self, from: body)
        } catch {
            throw .badAnswer("not a draw record: \(String(describing: error).prefix(160))")
        }
        guard let date = DrawAnswer.date(iso: record.date) else {
            throw .badAnswer("date \(record.date)")
        }
        guard record.divisions.count == PrizeRank.allCases.count else {
            throw .badAnswer("\(record.divisions.count) prize divisions")
        }
        var divisions: [PrizeDivision?] = []
        for (index, division) in record.divisions.enumerated() {
            divisions.append(
                try DrawAnswer.division(
                    rank: index + 1, prize: division.prize?.value, winners: division.winners?.value
                ))
        }
        return try DrawAnswer.checked(
            round: record.drawNumber.value, asked: round, date: date,
            numbers: record.numbers.map(\.value), bonus: record.bonus.value,
            divisions: divisions, totalSales: record.totalSales?.value)
    }

    private struct Record: Decodable {
        var drawNumber: LooseInteger
        var numbers: [LooseInteger]
        var bonus: LooseInteger
        /// "2026-08-29T00:00:00Z": the day in Korea, whatever the Z says.
        var date: String
        /// Five, `{}` where nobody won.
        var divisions: [Division]
        var totalSales: LooseInteger?

        enum CodingKeys: String, CodingKey {
            case drawNumber = "draw_no"
            case numbers
            case bonus = "bonus_no"
            case date, divisions
            case totalSales = "total_sales_amount"
        }
    }

    private struct Division: Decodable {
        var prize: LooseInteger?
        var winners: LooseInteger?
    }
}
