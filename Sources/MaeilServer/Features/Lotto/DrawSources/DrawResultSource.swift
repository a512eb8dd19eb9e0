import Foundation
import Lotto
import NIOCore
import Vapor

/// Where results of rounds newer than the shipped history come from. A source answers
/// with a draw only after checking it (the round asked for, six valid numbers and a
/// bonus), so the fetcher and the diary never see half a result.
protocol DrawResultSource: Sendable {
    /// Names the source in logs and in the fetcher's pauses.
    var name: String { get }
    func draw(round: Int) async throws(DrawFetchError) -> LottoDraw
}

/// Why a source gave no draw. The fetcher reads it to choose between waiting for the
/// next week, leaving the source alone for a while, and asking the next source.
enum DrawFetchError: Error, Equatable, Sendable {
    /// The source has no result for the round yet.
    case notDrawnYet
    /// 403 or 429: the site wants fewer requests (`retryAfter` in seconds, when it says).
    case throttled(retryAfter: Int?)
    /// An answer that is not a result: HTML, another shape, the wrong round, impossible
    /// numbers.
    case badAnswer(String)
    case timeout
    case unreachable(String)
    case httpStatus(Int)
    /// Our own task was cancelled: nothing is wrong with the source.
    case cancelled
}

/// One GET through Vapor's client with its own deadline, the answer's status and the
/// transport's failures turned into `DrawFetchError`; what the two sources share.
struct DrawSourceHTTP: Sendable {
    var client: any Client
    /// The whole request, connecting included: a site that accepts and never answers
    /// must not hold a fetch forever.
    var timeout: Duration

    /// The JSON body of a 2xx answer. `notFound` is what a 404 means for this source.
    func json(
        _ url: String, headers: HTTPHeaders, notFound: DrawFetchError
    ) async throws(DrawFetchError) -> Data {
        let request = ClientRequest(
            method: .GET, url: URI(string: url), headers: headers, body: nil,
            timeout: TimeAmount(timeout))
        let response: ClientResponse
        do {
            response = try await client.send(request)
        } catch {
            throw Self.failure(error)
        }
        switch response.status.code {
        case 200..<300: break
        case 403, 429:
            let seconds = response.headers.first(name: .retryAfter).flatMap {
                Int($0.trimmingCharacters(in: .whitespaces))
            }
            throw .throttled(retryAfter: seconds)
        case 404: throw notFound
        default: throw .httpStatus(Int(response.status.code))
        }
        let body = response.body.map { Data($0.readableBytesView) } ?? Data()
        // The official site answers blocked or broken requests with a page, status 200.
        let contentType = response.headers.first(name: .contentType)?.lowercased() ?? ""
        let firstByte = body.first { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }
        if contentType.contains("html") || firstByte == UInt8(ascii: "<") {
            throw .badAnswer("an HTML page instead of JSON")
        }
        guard firstByte != nil else { throw .badAnswer("an empty answer") }
        return body
    }

    /// A transport failure as the fetcher needs it: timeouts apart (they back off the
    /// same way, but the log should say which), anything else unreachable.
    static func failure(_ error: any Error) -> DrawFetchError {
        if let error = error as? DrawFetchError { return error }
        if error is CancellationError || Task.isCancelled { return .cancelled }
        if isOutgoingTimeout(error) { return .timeout }
        return .unreachable(String(String(describing: error).prefix(200)))
    }
}

/// What both sources do with the numbers they read: dates, divisions and the final check.
enum DrawAnswer {
    /// "2026-08-29" from "20260829", or nil when it is not a calendar date.
    static func date(compact text: String) -> String? {
        let digits = Array(text.trimmingCharacters(in: .whitespaces))
        guard digits.count == 8, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber)
        else { return nil }
        return date(
            iso: String(digits[0..<4]) + "-" + String(digits[4..<6]) + "-"
                + String(digits[6..<8]))
    }

    /// "2026-08-29" from "2026-08-29" or "2026-08-29T00:00:00Z", or nil when it is not a
    /// calendar date (a round trip through the day count rejects 2026-02-30).
    static func date(iso text: String) -> String? {
        let day = text.prefix(10)
        let parts = day.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            let year = Int(parts[0]), let month = Int(parts[1]), let dayOfMonth = Int(parts[2]),
            (1...12).contains(month), (1...31).contains(dayOfMonth)
        else { return nil }
        let normal = DrawSchedule.civilDate(
            daysSinceEpoch: DrawSchedule.daysSinceEpoch(year: year, month: month, day: dayOfMonth)
        )
        return normal == day ? normal : nil
    }

    /// A rank's division: nil when nobody won it (both sources then say 0 or nothing);
    /// winners without a prize is a broken answer, not an unknown prize.
    static func division(rank: Int, prize: Int64?, winners: Int64?)
        throws(DrawFetchError) -> PrizeDivision?
    {
        guard let winners, winners != 0 else { return nil }
        guard winners > 0, let count = Int(exactly: winners) else {
            throw .badAnswer("rank \(rank): \(winners) winners")
        }
        guard let prize, prize > 0 else {
            throw .badAnswer("rank \(rank): \(count) winners and no prize")
        }
        return PrizeDivision(prize: prize, winners: count)
    }

    /// The draw, if it is the round asked for and a possible draw. The numbers are sorted
    /// first: the order they came out of the machine is not part of the result.
    static func checked(
        round: Int64, asked: Int, date: String, numbers: [Int64], bonus: Int64,
        divisions: [PrizeDivision?], totalSales: Int64?
    ) throws(DrawFetchError) -> LottoDraw {
        guard round == Int64(asked) else { throw .badAnswer("round \(round) instead of \(asked)") }
        guard let bonus = Int(exactly: bonus) else { throw .badAnswer("bonus \(bonus)") }
        var small: [Int] = []
        for number in numbers {
            guard let number = Int(exactly: number) else { throw .badAnswer("number \(number)") }
            small.append(number)
        }
        let draw = LottoDraw(
            round: asked, date: date, numbers: small.sorted(), bonus: bonus,
            divisions: divisions, totalSales: totalSales.flatMap { $0 > 0 ? $0 : nil })
        if let problem = draw.problem {
            throw .badAnswer("round \(asked) is not a possible draw: \(problem)")
        }
        return draw
    }
}

/// A whole number that arrives as a JSON number or as a string ("13", "2,214,789,375"):
/// the official JSON has carried both.
struct LooseInteger: Decodable, Sendable, Equatable {
    var value: Int64

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let number = try? container.decode(Int64.self) {
            value = number
        } else if let number = try? container.decode(Double.self), number == number.rounded(),
            let whole = Int64(exactly: number)
        {
            value = whole
        } else if let text = try? container.decode(String.self),
            let number = Int64(
                text.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: ",", with: ""))
        {
            value = number
        } else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "not a whole number")
        }
    }
}
