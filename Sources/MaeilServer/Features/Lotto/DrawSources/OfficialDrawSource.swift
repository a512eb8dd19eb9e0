import Foundation
import Lotto
import Vapor

/// The operator's own result JSON (dhlottery.co.kr, since the January 2026 renewal). The
/// site throttles and blocks IPs, so it is asked the way its result page asks: one round,
/// with the page's headers.
struct OfficialDrawSource: DrawResultSource {
    static let defaultBaseURL = "https://www.dhlottery.co.kr"
    static let sourceName = "dhlottery"
    /// The endpoint answers its own page's script; other clients are refused.
    static let userAgent =
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) "
        + "Chrome/126.0.0.0 Safari/537.36"

    var name: String { Self.sourceName }
    let baseURL: String
    let http: DrawSourceHTTP

    init(
        baseURL: String = OfficialDrawSource.defaultBaseURL, client: any Client,
        timeout: Duration = .seconds(10)
    ) {
        self.baseURL = baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL
        self.http = DrawSourceHTTP(client: client, timeout: timeout)
    }

    func draw(round: Int) async throws(DrawFetchError) -> LottoDraw {
        guard round >= 1 else { throw .badAnswer("there is no round \(round)") }
        let headers: HTTPHeaders = [
            "Referer": baseURL + "/lt645/result",
            "X-Requested-With": "XMLHttpRequest",
            "User-Agent": Self.userAgent,
            "Accept": "application/json",
        ]
        // A 404 here is the site moving its endpoint (the old one went that way), not news.
        let body = try await http.json(
            baseURL + "/lt645/selectPstLt645Info.do?srchLtEpsd=\(round)", headers: headers,
            notFound: .httpStatus(404))
        let answer: Answer
        do {
            answer = try JSONDecoder().decode(Answer.self, from: body)
        } catch {
            throw .badAnswer("not the result JSON: \(String(describing: error).prefix(160))")
        }
        // The pre-2026 endpoint's word for a round not drawn yet.
        if answer.returnValue == "fail" { throw .notDrawnYet }
        guard let list = answer.data?.list else {
            let said = [answer.resultCode, answer.resultMessage].compactMap { $0 }
            throw .badAnswer(
                "no data.list" + (said.isEmpty ? "" : " (\(said.joined(separator: ": ")))"))
        }
        // The list may hold neighbouring rounds, and which ones is not settled.
        guard let item = list.first(where: { $0.integers["ltEpsd"] == Int64(round) }) else {
            throw .notDrawnYet
        }
        return try item.draw(asked: round)
    }

    private struct Answer: Decodable {
        var resultCode: String?
        var resultMessage: String?
        var returnValue: String?
        var data: Payload?

        enum CodingKeys: CodingKey {
            case resultCode, resultMessage, returnValue, data
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            // A code may be a number or a string; only its text is shown.
            resultCode =
                (try? container.decodeIfPresent(String.self, forKey: .resultCode))
                ?? (try? container.decodeIfPresent(LooseInteger.self, forKey: .resultCode))
                .map { String($0.value) }
            resultMessage = try? container.decodeIfPresent(String.self, forKey: .resultMessage)
            returnValue = try? container.decodeIfPresent(String.self, forKey: .returnValue)
            data = try container.decodeIfPresent(Payload.self, forKey: .data)
        }
    }

    private struct Payload: Decodable {
        var list: [Item]?
    }

    /// One round of the list, read field by field so that a field we do not use, in a
    /// type we did not expect, cannot spoil the ones we do.
    private struct Item: Decodable {
        var integers: [String: Int64] = [:]
        var strings: [String: String] = [:]

        struct Key: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Key.self)
            for key in container.allKeys {
                if let number = try? container.decode(LooseInteger.self, forKey: key) {
                    integers[key.stringValue] = number.value
                }
                if let text = try? container.decode(String.self, forKey: key) {
                    strings[key.stringValue] = text
                }
            }
        }

        func draw(asked round: Int) throws(DrawFetchError) -> LottoDraw {
            func required(_ field: String) throws(DrawFetchError) -> Int64 {
                guard let value = integers[field] else { throw .badAnswer("no \(field)") }
                return value
            }
            var numbers: [Int64] = []
            for index in 1...6 { numbers.append(try required("tm\(index)WnNo")) }
            let bonus = try required("bnsWnNo")
            guard
                let date = (strings["ltRflYmd"] ?? integers["ltRflYmd"].map { String($0) })
                    .flatMap(DrawAnswer.date(compact:))
            else { throw .badAnswer("no draw date (ltRflYmd)") }
            var divisions: [PrizeDivision?] = []
            for rank in 1...5 {
                divisions.append(
                    try DrawAnswer.division(
                        rank: rank, prize: integers["rnk\(rank)WnAmt"],
                        winners: integers["rnk\(rank)WnNope"]))
            }
            // `rlvtEpsdSumNtslAmt` is half of the sales, whatever its name suggests.
            return try DrawAnswer.checked(
                round: try required("ltEpsd"), asked: round, date: date, numbers: numbers,
                bonus: bonus, divisions: divisions, totalSales: integers["wholEpsdSumNtslAmt"])
        }
    }
}
