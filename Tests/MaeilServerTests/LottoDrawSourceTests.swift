import Foundation
import Logging
import Lotto
import MaeilAPI
import NIOConcurrencyHelpers
import Testing
import Vapor

@testable import MaeilServer

// MARK: - The draws the fake site serves

/// Round 1239 as the README gives it (2026-08-29). Its sales are not given there: the
/// fake site's figure is made up, and only checks which field is read.
private let draw1239 = LottoDraw(
    round: 1239, date: "2026-08-29", numbers: [11, 13, 22, 32, 33, 36], bonus: 8,
    divisions: [
        PrizeDivision(prize: 2_214_789_375, winners: 13),
        PrizeDivision(prize: 67_587_470, winners: 71),
        PrizeDivision(prize: 1_557_518, winners: 3_081),
        PrizeDivision(prize: 50_000, winners: 152_825),
        PrizeDivision(prize: 5_000, winners: 2_570_542),
    ], totalSales: 117_000_000_000)

/// Rounds 1237 and 1238 from the shipped history (draws-1-1238.json).
private let draw1238 = LottoDraw(
    round: 1238, date: "2026-08-22", numbers: [2, 13, 18, 32, 38, 42], bonus: 22,
    divisions: [
        PrizeDivision(prize: 1_197_258_718, winners: 23),
        PrizeDivision(prize: 54_636_807, winners: 84),
        PrizeDivision(prize: 1_418_700, winners: 3_235),
        PrizeDivision(prize: 50_000, winners: 156_141),
        PrizeDivision(prize: 5_000, winners: 2_549_183),
    ], totalSales: 114_537_798_000)

private let draw1237 = LottoDraw(
    round: 1237, date: "2026-08-15", numbers: [10, 20, 23, 34, 37, 40], bonus: 36,
    divisions: [
        PrizeDivision(prize: 1_214_932_680, winners: 23),
        PrizeDivision(prize: 62_096_560, winners: 75),
        PrizeDivision(prize: 1_243_590, winners: 3_745),
        PrizeDivision(prize: 50_000, winners: 172_132),
        PrizeDivision(prize: 5_000, winners: 2_663_409),
    ], totalSales: 118_363_161_000)

/// A real answer of the pre-2026 endpoint (../shared/vectors/lotto/draw-1049.json).
private let oldEndpointAnswer = """
    {"totSellamnt":108444724000,"returnValue":"success","drwNoDate":"2023-01-07",\
    "firstWinamnt":1727810100,"drwtNo6":37,"drwtNo4":20,"firstPrzwnerCo":15,"drwtNo5":21,\
    "bnusNo":17,"firstAccumamnt":25917151500,"drwNo":1049,"drwtNo2":5,"drwtNo3":13,"drwtNo1":3}
    """

/// One item of the official list, in the 2026 shape, with the fields a client does not
/// read (totals per rank, half the sales, the 1st-prize kinds) beside the ones it does.
private func officialItem(_ draw: LottoDraw, asStrings: Bool = false) -> [String: Any] {
    func value(_ number: Int64) -> Any { asStrings ? String(number) : number }
    let compactDate = draw.date.replacingOccurrences(of: "-", with: "")
    var item: [String: Any] = [
        "ltEpsd": value(Int64(draw.round)), "ltRflYmd": compactDate,
        "bnsWnNo": value(Int64(draw.bonus)),
        "wholEpsdSumNtslAmt": value(draw.totalSales ?? 0),
        "rlvtEpsdSumNtslAmt": value((draw.totalSales ?? 0) / 2),
        "winType1": 0, "winType2": 0, "winType3": 0,
    ]
    for (index, number) in draw.numbers.enumerated() {
        item["tm\(index + 1)WnNo"] = value(Int64(number))
    }
    for rank in 1...5 {
        let division = draw.divisions[rank - 1]
        item["rnk\(rank)WnNope"] = value(Int64(division?.winners ?? 0))
        item["rnk\(rank)WnAmt"] = value(division?.prize ?? 0)
        item["rnk\(rank)SumWnAmt"] = value(
            (division?.prize ?? 0) * Int64(division?.winners ?? 0))
    }
    return item
}

private func officialList(_ items: [[String: Any]]) -> String {
    json(["resultCode": NSNull(), "resultMessage": NSNull(), "data": ["list": items]])
}

/// One round in the mirror's shape (an element of draws-1-1238.json).
private func mirrorRecord(_ draw: LottoDraw) -> [String: Any] {
    [
        "draw_no": draw.round, "numbers": draw.numbers, "bonus_no": draw.bonus,
        "date": draw.date + "T00:00:00Z",
        "divisions": draw.divisions.map { division -> [String: Any] in
            division.map { ["prize": $0.prize, "winners": $0.winners] } ?? [:]
        },
        "total_sales_amount": draw.totalSales ?? 0,
        "winners_combination": ["auto": 5, "manual": 8],
    ]
}

private func json(_ object: Any) -> String {
    // The fixtures above are plain dictionaries of numbers and strings.
    String(decoding: try! JSONSerialization.data(withJSONObject: object), as: UTF8.self)
}

// MARK: - The fake lottery site

/// A lottery site at the edge of the world: a real HTTP server on 127.0.0.1 with the
/// official endpoint and the mirror's files, one behaviour per path prefix (the base URL a
/// source is given). It notes the headers of every request to the official endpoint.
private struct FakeLotterySite {
    let base: String
    let client: any Client
    let officialHeaders: NIOLockedValueBox<[HTTPHeaders]>

    /// A long default timeout: the whole suite runs at once on two cores, and a loopback
    /// answer can then take seconds; the hang tests set their own short one.
    func official(_ scenario: String, timeout: Duration = .seconds(60)) -> OfficialDrawSource {
        OfficialDrawSource(baseURL: base + "/" + scenario, client: client, timeout: timeout)
    }

    func mirror(_ scenario: String, timeout: Duration = .seconds(60)) -> MirrorDrawSource {
        MirrorDrawSource(baseURL: base + "/" + scenario, client: client, timeout: timeout)
    }
}

private func withFakeLotterySite<T>(_ body: (FakeLotterySite) async throws -> T) async throws
    -> T
{
    let seen = NIOLockedValueBox<[HTTPHeaders]>([])
    let hang = HangingAnswers()
    return try await withLoopbackServer { app in
        app.get(":scenario", "lt645", "selectPstLt645Info.do") { req async throws -> Response in
            seen.withLockedValue { $0.append(req.headers) }
            let scenario = req.parameters.get("scenario") ?? ""
            // Like the real site, a request without its page's headers gets a page, not JSON.
            let headers = req.headers
            guard headers.first(name: "X-Requested-With") == "XMLHttpRequest",
                headers.first(name: "Referer")?.hasSuffix("/\(scenario)/lt645/result") == true,
                headers.first(name: .userAgent)?.hasPrefix("Mozilla/5.0") == true,
                headers.first(name: .accept)?.contains("application/json") == true
            else { return html(.forbidden) }
            let round = req.query[Int.self, at: "srchLtEpsd"]
            return try await officialAnswer(scenario, round: round, hang: hang)
        }
        app.get(":scenario", "lotto", "results", ":file") { req async throws -> Response in
            try await mirrorAnswer(
                req.parameters.get("scenario") ?? "", file: req.parameters.get("file") ?? "",
                hang: hang)
        }
    } _: { base, client in
        // Released before the server stops, which waits for the answers it still owes.
        defer { hang.release() }
        return try await body(FakeLotterySite(base: base, client: client, officialHeaders: seen))
    }
}

private func answer(_ text: String, _ status: HTTPResponseStatus = .ok) -> Response {
    Response(
        status: status, headers: ["Content-Type": "application/json;charset=UTF-8"],
        body: .init(string: text))
}

private func html(_ status: HTTPResponseStatus) -> Response {
    Response(
        status: status, headers: ["Content-Type": "text/html;charset=UTF-8"],
        body: .init(string: "<!DOCTYPE html>\n<html><body>서비스 점검 중입니다</body></html>"))
}

private func officialAnswer(_ scenario: String, round: Int?, hang: HangingAnswers) async throws
    -> Response
{
    switch scenario {
    case "good":
        return answer(officialList(round == 1239 ? [officialItem(draw1239)] : []))
    case "strings":
        return answer(officialList([officialItem(draw1239, asStrings: true)]))
    case "among":
        // The asked round after others, so that taking the first item is wrong.
        return answer(
            officialList([officialItem(draw1238), officialItem(draw1239), officialItem(draw1237)]))
    case "others":
        return answer(officialList([officialItem(draw1238), officialItem(draw1237)]))
    case "empty":
        return answer(officialList([]))
    case "fail":
        return answer(#"{"returnValue":"fail"}"#)
    case "old":
        return answer(oldEndpointAnswer)
    case "html":
        return html(.ok)
    case "html-as-json":
        return answer("  <html><body>차단</body></html>")
    case "range":
        var item = officialItem(draw1239)
        item["tm6WnNo"] = 46
        return answer(officialList([item]))
    case "bonus-repeated":
        var item = officialItem(draw1239)
        item["bnsWnNo"] = 36
        return answer(officialList([item]))
    case "nobody-first":
        var item = officialItem(draw1239)
        item["rnk1WnNope"] = 0
        item["rnk1WnAmt"] = 0
        return answer(officialList([item]))
    case "winners-no-prize":
        var item = officialItem(draw1239)
        item["rnk2WnAmt"] = 0
        return answer(officialList([item]))
    case "429":
        let response = answer(#"{"message":"Too Many Requests"}"#, .tooManyRequests)
        response.headers.replaceOrAdd(name: .retryAfter, value: "120")
        return response
    case "403":
        return html(.forbidden)
    case "500":
        return html(.internalServerError)
    case "hang":
        try await hang.holdAnswer()
        return answer(officialList([officialItem(draw1239)]))
    default:
        return html(.notFound)
    }
}

private func mirrorAnswer(_ scenario: String, file: String, hang: HangingAnswers) async throws
    -> Response
{
    // GitHub Pages answers a missing file with an HTML page and 404.
    switch (scenario, file) {
    case ("good", "1239.json"):
        return answer(json(mirrorRecord(draw1239)))
    case ("wrong", "1239.json"):
        return answer(json(mirrorRecord(draw1238)))
    case ("nobody-first", "1239.json"):
        var draw = draw1239
        draw.divisions[0] = nil
        return answer(json(mirrorRecord(draw)))
    case ("range", "1239.json"):
        var record = mirrorRecord(draw1239)
        record["numbers"] = [0, 13, 22, 32, 33, 36]
        return answer(json(record))
    case ("four-divisions", "1239.json"):
        var record = mirrorRecord(draw1239)
        record["divisions"] = Array((record["divisions"] as? [[String: Any]] ?? []).prefix(4))
        return answer(json(record))
    case ("html", _):
        return html(.ok)
    case ("429", _):
        return answer("{}", .tooManyRequests)
    case ("403", _):
        return html(.forbidden)
    case ("hang", _):
        try await hang.holdAnswer()
        return answer(json(mirrorRecord(draw1239)))
    default:
        return html(.notFound)
    }
}

/// The "hang" scenarios hold their answer until the test is over (at most two minutes), so
/// that a `.timeout` can only come from the source's deadline. A fixed delay could not
/// tell them apart on a loaded machine: CI runs hundreds of tests at once on two cores, and
/// a test there once waited 9 s for a 1-second deadline's answer to be handed back.
private final class HangingAnswers: Sendable {
    private let released = NIOLockedValueBox(false)

    func holdAnswer() async throws {
        let limit = ContinuousClock.now + .seconds(120)
        while !released.withLockedValue({ $0 }), ContinuousClock.now < limit {
            try await Task.sleep(for: .milliseconds(50))
        }
    }

    func release() { released.withLockedValue { $0 = true } }
}

/// The error a source threw, or nil when it returned a draw.
private func failure(_ source: some DrawResultSource, round: Int = 1239) async -> DrawFetchError? {
    do {
        _ = try await source.draw(round: round)
        return nil
    } catch {
        return error
    }
}

private func isBadAnswer(_ error: DrawFetchError?) -> Bool {
    if case .badAnswer = error { true } else { false }
}

// MARK: - The sources

@Suite("LottoDrawSource")
struct LottoDrawSourceTests {
    @Test func officialGoodAnswer() async throws {
        try await withFakeLotterySite { site in
            let draw = try await site.official("good").draw(round: 1239)
            #expect(draw == draw1239)
            // The whole sales, not the field that holds half of them.
            #expect(draw.totalSales == 117_000_000_000)
        }
    }

    @Test func officialSendsThePageHeaders() async throws {
        try await withFakeLotterySite { site in
            _ = try await site.official("good").draw(round: 1239)
            let headers = try #require(site.officialHeaders.withLockedValue { $0 }.last)
            #expect(headers.first(name: "Referer") == site.base + "/good/lt645/result")
            #expect(headers.first(name: "X-Requested-With") == "XMLHttpRequest")
            #expect(headers.first(name: .userAgent) == OfficialDrawSource.userAgent)
            #expect(headers.first(name: .accept) == "application/json")

            // The fake refuses a client without them, as the site does.
            let bare = try await site.client.get(
                URI(string: site.base + "/good/lt645/selectPstLt645Info.do?srchLtEpsd=1239"))
            #expect(bare.status == .forbidden)
        }
    }

    @Test func officialNumbersAsStrings() async throws {
        try await withFakeLotterySite { site in
            let draw = try await site.official("strings").draw(round: 1239)
            #expect(draw == draw1239)
        }
    }

    @Test func officialPicksTheAskedRoundFromTheList() async throws {
        try await withFakeLotterySite { site in
            let asked = try await site.official("among").draw(round: 1239)
            #expect(asked == draw1239)
            let last = try await site.official("among").draw(round: 1237)
            #expect(last == draw1237)
            #expect(await failure(site.official("others")) == .notDrawnYet)
        }
    }

    @Test func officialNotDrawnYet() async throws {
        try await withFakeLotterySite { site in
            #expect(await failure(site.official("good"), round: 1240) == .notDrawnYet)
            #expect(await failure(site.official("empty")) == .notDrawnYet)
            #expect(await failure(site.official("fail")) == .notDrawnYet)
        }
    }

    @Test func officialBadAnswers() async throws {
        try await withFakeLotterySite { site in
            for scenario in [
                "html", "html-as-json", "old", "range", "bonus-repeated", "winners-no-prize",
            ] {
                let error = await failure(site.official(scenario))
                #expect(isBadAnswer(error), "\(scenario): \(String(describing: error))")
            }
        }
    }

    @Test func officialNobodyWonFirstPrize() async throws {
        try await withFakeLotterySite { site in
            let draw = try await site.official("nobody-first").draw(round: 1239)
            #expect(draw.divisions[0] == nil)
            #expect(draw.divisions[1] == PrizeDivision(prize: 67_587_470, winners: 71))
            #expect(draw.problem == nil)
        }
    }

    @Test func officialThrottledAndFailing() async throws {
        try await withFakeLotterySite { site in
            #expect(await failure(site.official("429")) == .throttled(retryAfter: 120))
            #expect(await failure(site.official("403")) == .throttled(retryAfter: nil))
            #expect(await failure(site.official("500")) == .httpStatus(500))
            #expect(await failure(site.official("moved")) == .httpStatus(404))
        }
    }

    @Test func officialTimeout() async throws {
        try await withFakeLotterySite { site in
            // The answer is held until this test is over: only the deadline can end the wait.
            #expect(await failure(site.official("hang", timeout: .seconds(1))) == .timeout)
        }
    }

    @Test func unreachableSite() async throws {
        try await withFakeLotterySite { site in
            // Port 1 on this machine: nobody listens. The client retries a refused connection
            // until the deadline, then reports the refusal.
            let source = OfficialDrawSource(
                baseURL: "http://127.0.0.1:1", client: site.client, timeout: .seconds(2))
            let error = await failure(source)
            if case .unreachable = error {
            } else {
                Issue.record("expected unreachable, got \(String(describing: error))")
            }
        }
    }

    @Test func mirrorGoodAnswer() async throws {
        try await withFakeLotterySite { site in
            let draw = try await site.mirror("good").draw(round: 1239)
            #expect(draw == draw1239)
            let nobody = try await site.mirror("nobody-first").draw(round: 1239)
            #expect(nobody.divisions[0] == nil)
            #expect(nobody.divisions[4] == PrizeDivision(prize: 5_000, winners: 2_570_542))
        }
    }

    @Test func mirrorNotDrawnYetAndBadAnswers() async throws {
        try await withFakeLotterySite { site in
            #expect(await failure(site.mirror("good"), round: 1240) == .notDrawnYet)
            for scenario in ["wrong", "html", "range", "four-divisions"] {
                let error = await failure(site.mirror(scenario))
                #expect(isBadAnswer(error), "\(scenario): \(String(describing: error))")
            }
        }
    }

    @Test func mirrorThrottledAndTimeout() async throws {
        try await withFakeLotterySite { site in
            #expect(await failure(site.mirror("429")) == .throttled(retryAfter: nil))
            #expect(await failure(site.mirror("403")) == .throttled(retryAfter: nil))
            #expect(await failure(site.mirror("hang", timeout: .seconds(1))) == .timeout)
        }
    }

    // MARK: - The fetcher

    @Test func fetcherFallsBackToTheMirrorWhenTheOfficialSiteThrottles() async throws {
        try await withFakeLotterySite { site in
            let clock = TestClock()
            let fetcher = DrawFetcher(
                sources: [site.official("429"), site.mirror("good")], logger: clock.logger,
                now: clock.now, sleep: clock.sleep)
            let draws = await fetcher.fetch(rounds: [1239])
            #expect(draws == [draw1239])
            #expect(
                await fetcher.pausedUntil(source: OfficialDrawSource.sourceName)
                    == clock.start.addingTimeInterval(12 * 3600))
            #expect(clock.logged(.warning, containing: "throttles"))
        }
    }

    @Test func aThrottledSourceIsLeftAloneForTwelveHours() async {
        let clock = TestClock()
        let official = ScriptedSource(name: OfficialDrawSource.sourceName, clock: clock) {
            round, call in call == 1 ? .failure(.throttled(retryAfter: nil)) : .success(fake(round))
        }
        let mirror = ScriptedSource(name: MirrorDrawSource.sourceName, clock: clock) {
            round, _ in .success(fake(round))
        }
        let fetcher = DrawFetcher(
            sources: [official, mirror], logger: clock.logger, now: clock.now, sleep: clock.sleep)

        #expect(await fetcher.fetch(rounds: [1239]).map(\.round) == [1239])
        #expect(official.asked.map(\.round) == [1239])
        #expect(mirror.asked.map(\.round) == [1239])

        clock.set(clock.start.addingTimeInterval(12 * 3600 - 60))
        #expect(await fetcher.fetch(rounds: [1240]).map(\.round) == [1240])
        #expect(official.asked.count == 1)
        #expect(mirror.asked.map(\.round) == [1239, 1240])
        #expect(clock.logged(.info, containing: "not asked, paused until"))

        clock.set(clock.start.addingTimeInterval(12 * 3600 + 1))
        #expect(await fetcher.fetch(rounds: [1241]).map(\.round) == [1241])
        #expect(official.asked.map(\.round) == [1239, 1241])
        #expect(mirror.asked.count == 2)
    }

    @Test func requestsAreAtLeastThreeSecondsApart() async {
        let clock = TestClock()
        // 1240 is a bad answer at the official site, so the mirror is asked right after.
        let official = ScriptedSource(name: OfficialDrawSource.sourceName, clock: clock) {
            round, _ in round == 1240 ? .failure(.badAnswer("html")) : .success(fake(round))
        }
        let mirror = ScriptedSource(name: MirrorDrawSource.sourceName, clock: clock) {
            round, _ in .success(fake(round))
        }
        let fetcher = DrawFetcher(
            sources: [official, mirror], logger: clock.logger, now: clock.now, sleep: clock.sleep)
        var progress: [String] = []
        let draws = await fetcher.fetch(rounds: [1239, 1240, 1241]) { done, total in
            progress.append("\(done)/\(total)")
        }
        #expect(draws.map(\.round) == [1239, 1240, 1241])
        #expect(progress == ["1/3", "2/3", "3/3"])
        // A second call right after the first waits its turn too.
        _ = await fetcher.fetch(rounds: [1242])

        let times = (official.asked + mirror.asked).map(\.at).sorted()
        #expect(times.count == 5)
        for (earlier, later) in zip(times, times.dropFirst()) {
            #expect(later.timeIntervalSince(earlier) >= 3, "\(earlier) → \(later)")
        }
        #expect(clock.sleeps.count == 4)
        #expect(clock.sleeps.allSatisfy { $0 >= .seconds(3) })
    }

    @Test func failuresBackOffExponentially() async {
        let clock = TestClock()
        let failing = NIOLockedValueBox(true)
        let official = ScriptedSource(name: OfficialDrawSource.sourceName, clock: clock) {
            round, _ in failing.withLockedValue { $0 } ? .failure(.timeout) : .success(fake(round))
        }
        let mirror = ScriptedSource(name: MirrorDrawSource.sourceName, clock: clock) {
            round, _ in .success(fake(round))
        }
        let fetcher = DrawFetcher(
            sources: [official, mirror], logger: clock.logger, now: clock.now, sleep: clock.sleep)
        let name = OfficialDrawSource.sourceName

        func pauseLength() async -> TimeInterval? {
            guard let last = official.asked.last?.at else { return nil }
            return await fetcher.pausedUntil(source: name)?.timeIntervalSince(last)
        }
        _ = await fetcher.fetch(rounds: [1239])
        #expect(await pauseLength() == 60)
        clock.advance(by: 61)
        _ = await fetcher.fetch(rounds: [1240])
        #expect(official.asked.count == 2)
        #expect(await pauseLength() == 120)
        clock.advance(by: 121)
        _ = await fetcher.fetch(rounds: [1241])
        #expect(await pauseLength() == 240)

        // An answer ends the run of failures: the next one starts again at a minute.
        clock.advance(by: 241)
        failing.withLockedValue { $0 = false }
        #expect(await fetcher.fetch(rounds: [1242]).map(\.round) == [1242])
        #expect(await fetcher.pausedUntil(source: name) == nil)
        failing.withLockedValue { $0 = true }
        _ = await fetcher.fetch(rounds: [1243])
        #expect(await pauseLength() == 60)
        #expect(official.asked.count == 5)
    }

    @Test func theBackoffStopsGrowingAtAnHour() async {
        let clock = TestClock()
        let official = ScriptedSource(name: OfficialDrawSource.sourceName, clock: clock) {
            _, _ in .failure(.unreachable("refused"))
        }
        let fetcher = DrawFetcher(
            sources: [official], logger: clock.logger, now: clock.now, sleep: clock.sleep)
        var lengths: [TimeInterval] = []
        for round in 1239...1246 {
            _ = await fetcher.fetch(rounds: [round])
            let until = await fetcher.pausedUntil(source: OfficialDrawSource.sourceName)
            lengths.append(until?.timeIntervalSince(clock.now()) ?? 0)
            clock.advance(by: lengths.last ?? 0)
        }
        #expect(lengths == [60, 120, 240, 480, 960, 1920, 3600, 3600])
    }

    @Test func stopsWhenEverySourceIsPaused() async {
        let clock = TestClock()
        let official = ScriptedSource(name: OfficialDrawSource.sourceName, clock: clock) {
            _, _ in .failure(.throttled(retryAfter: nil))
        }
        let mirror = ScriptedSource(name: MirrorDrawSource.sourceName, clock: clock) {
            _, _ in .failure(.throttled(retryAfter: 60))
        }
        let fetcher = DrawFetcher(
            sources: [official, mirror], logger: clock.logger, now: clock.now, sleep: clock.sleep)
        var progress: [Int] = []
        let draws = await fetcher.fetch(rounds: [1239, 1240, 1241]) { done, _ in
            progress.append(done)
        }
        #expect(draws.isEmpty)
        #expect(official.asked.count == 1)
        #expect(mirror.asked.count == 1)
        #expect(progress == [1])
        #expect(clock.logged(.notice, containing: "every source is paused"))
    }

    @Test func roundsAfterOneNotOutYetAreNotAsked() async {
        let clock = TestClock()
        let official = ScriptedSource(name: OfficialDrawSource.sourceName, clock: clock) {
            round, _ in round >= 1240 ? .failure(.notDrawnYet) : .success(fake(round))
        }
        let mirror = ScriptedSource(name: MirrorDrawSource.sourceName, clock: clock) {
            _, _ in .failure(.notDrawnYet)
        }
        let fetcher = DrawFetcher(
            sources: [official, mirror], logger: clock.logger, now: clock.now, sleep: clock.sleep)
        let draws = await fetcher.fetch(rounds: [1239, 1240, 1241])
        #expect(draws.map(\.round) == [1239])
        #expect(official.asked.map(\.round) == [1239, 1240])
        #expect(mirror.asked.map(\.round) == [1240])
        // Not drawn yet is news, not a failure: nobody is paused.
        #expect(await fetcher.pausedUntil(source: OfficialDrawSource.sourceName) == nil)
        #expect(await fetcher.pausedUntil(source: MirrorDrawSource.sourceName) == nil)
    }

    @Test func reconcilePrefersTheOfficialDraw() {
        let clock = TestClock()
        var mirrorDraw = draw1239
        mirrorDraw.numbers = [11, 13, 22, 32, 33, 37]
        let official = OfficialDrawSource.sourceName
        let mirror = MirrorDrawSource.sourceName
        #expect(
            DrawFetcher.reconcile(
                mirrorDraw, from: mirror, draw1239, from: official, logger: clock.logger)
                == draw1239)
        #expect(
            DrawFetcher.reconcile(
                draw1239, from: official, mirrorDraw, from: mirror, logger: clock.logger)
                == draw1239)
        #expect(clock.logged(.error, containing: "keeping \(official)'s"))
        #expect(
            DrawFetcher.reconcile(
                draw1239, from: mirror, draw1239, from: official, logger: clock.logger)
                == draw1239)
    }

    @Test func aRoundAskedTwiceKeepsTheOfficialAnswer() async {
        let clock = TestClock()
        var changed = draw1239
        changed.bonus = 9
        let mirrorDraw = changed
        // The official site fails the first time, so the first answer is the mirror's.
        let official = ScriptedSource(name: OfficialDrawSource.sourceName, clock: clock) {
            _, call in call == 1 ? .failure(.badAnswer("html")) : .success(draw1239)
        }
        let mirror = ScriptedSource(name: MirrorDrawSource.sourceName, clock: clock) {
            _, _ in .success(mirrorDraw)
        }
        let fetcher = DrawFetcher(
            sources: [official, mirror], logger: clock.logger, now: clock.now, sleep: clock.sleep)
        let draws = await fetcher.fetch(rounds: [1239, 1239])
        #expect(draws == [draw1239])
        #expect(official.asked.count == 2)
        #expect(mirror.asked.count == 1)
        #expect(clock.logged(.error, containing: "says 11,13,22,32,33,36 + 9"))
    }
}

// MARK: - Test doubles for the fetcher

/// A valid draw for any round: only which round and which source matter here.
private func fake(_ round: Int) -> LottoDraw {
    LottoDraw(
        round: round, date: DrawSchedule.date(ofRound: round), numbers: [1, 2, 3, 4, 5, 6],
        bonus: 7, divisions: [nil, nil, nil, nil, nil], totalSales: nil)
}

/// The injected clock: it moves only when the fetcher sleeps or the test moves it, and it
/// keeps what the fetcher logged.
private final class TestClock: Sendable {
    let start = Date(timeIntervalSince1970: 1_788_000_000)
    private let time: NIOLockedValueBox<Date>
    private let slept = NIOLockedValueBox<[Duration]>([])
    private let lines = NIOLockedValueBox<[(Logger.Level, String)]>([])

    init() { time = NIOLockedValueBox(start) }

    var now: @Sendable () -> Date { { [time] in time.withLockedValue { $0 } } }

    var sleep: DrawFetcher.Sleep {
        { [time, slept] duration in
            slept.withLockedValue { $0.append(duration) }
            let parts = duration.components
            let seconds = TimeInterval(parts.seconds) + TimeInterval(parts.attoseconds) / 1e18
            time.withLockedValue { $0 = $0.addingTimeInterval(seconds) }
        }
    }

    var sleeps: [Duration] { slept.withLockedValue { $0 } }

    func set(_ date: Date) { time.withLockedValue { $0 = date } }

    func advance(by seconds: TimeInterval) {
        time.withLockedValue { $0 = $0.addingTimeInterval(seconds) }
    }

    var logger: Logger {
        Logger(label: "lotto-test") { [lines] _ in CapturingLogHandler(lines: lines) }
    }

    func logged(_ level: Logger.Level, containing text: String) -> Bool {
        lines.withLockedValue { $0.contains { $0.0 == level && $0.1.contains(text) } }
    }
}

private struct CapturingLogHandler: LogHandler {
    let lines: NIOLockedValueBox<[(Logger.Level, String)]>
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        lines.withLockedValue { $0.append((event.level, event.message.description)) }
    }
}

/// A source that answers from a script given the round and the how-manieth call it is,
/// and notes each request with the clock's time.
private final class ScriptedSource: DrawResultSource {
    let name: String
    private let clock: TestClock
    private let script: @Sendable (Int, Int) -> Result<LottoDraw, DrawFetchError>
    private let requests = NIOLockedValueBox<[(round: Int, at: Date)]>([])

    init(
        name: String, clock: TestClock,
        script: @escaping @Sendable (Int, Int) -> Result<LottoDraw, DrawFetchError>
    ) {
        self.name = name
        self.clock = clock
        self.script = script
    }

    var asked: [(round: Int, at: Date)] { requests.withLockedValue { $0 } }

    func draw(round: Int) async throws(DrawFetchError) -> LottoDraw {
        let call = requests.withLockedValue {
            $0.append((round, clock.now()))
            return $0.count
        }
        return try script(round, call).get()
    }
}

@Suite("Lotto results settle by themselves")
struct LottoSettlingTests {
    /// `clock` set to Saturday 2026-08-29 20:40 KST, five minutes after round
    /// 1239's draw, and `app` fetching results from `site` on it.
    fileprivate static func fetch(
        _ site: FakeLotterySite, for app: Application, fiveMinutesAfterRound1239On clock: TestClock
    ) {
        clock.set(
            Date(timeIntervalSince1970: TimeInterval(DrawSchedule.drawTime(ofRound: 1239) + 5 * 60))
        )
        app.lottoResults = LottoResults(
            fetcher: DrawFetcher(
                sources: [site.official("good"), site.mirror("good")],
                logger: clock.logger, now: clock.now, sleep: clock.sleep))
    }

    @Test("the Saturday check sleeps until 21:00 KST, fetches round 1239 and settles a ticket")
    func theWeeklyCheckSettlesAPendingTicket() async throws {
        try await withFakeLotterySite { site in
            try await withMaeilApp { app in
                let clock = TestClock()
                Self.fetch(site, for: app, fiveMinutesAfterRound1239On: clock)
                let api = try await API.signUp(app)
                let added = try api.decode(
                    LottoEntryDTO.self,
                    try await api.send(
                        .POST, "/api/v1/lotto/entries",
                        json: LottoEntryInput(
                            round: 1239, games: [[11, 13, 22, 32, 33, 8], [1, 2, 3, 4, 5, 6]])))
                #expect(added.status == "pending" && added.won == nil)

                let checker = LottoResultChecker(now: clock.now, sleep: clock.sleep)
                try await checker.checkOnce(app)
                // It slept until 21:00 KST (12:00 UTC) before asking.
                let asked = DrawSchedule.drawTime(ofRound: 1239) + 25 * 60
                #expect(Int64(clock.now().timeIntervalSince1970) >= asked)
                #expect(clock.sleeps.first == .seconds(20 * 60))
                #expect(site.officialHeaders.withLockedValue { $0.count } == 1)

                let settled = try api.decode(
                    LottoEntryDTO.self,
                    try await api.send(.GET, "/api/v1/lotto/entries/\(added.id)"))
                #expect(settled.status == "settled")
                #expect(settled.drawNumbers == [11, 13, 22, 32, 33, 36] && settled.drawBonus == 8)
                // Five numbers and the bonus: 2nd prize, from the official record.
                #expect(settled.games.map(\.rank) == [2, nil])
                #expect(settled.won == 67_587_470)
                let draw = try api.decode(
                    LottoDrawDTO.self, try await api.send(.GET, "/api/v1/lotto/draws/1239"))
                #expect(draw.source == "official")

                // The next check asks for nothing: the round is stored and never fetched again.
                try await checker.checkOnce(app)
                #expect(site.officialHeaders.withLockedValue { $0.count } == 1)
            }
        }
    }

    @Test("opening the diary with a ticket waiting for a drawn round fetches it in the background")
    func openingTheDiarySettles() async throws {
        try await withFakeLotterySite { site in
            try await withMaeilApp { app in
                let clock = TestClock()
                app.lottoResults = LottoResults(
                    fetcher: DrawFetcher(
                        sources: [site.official("good"), site.mirror("good")],
                        logger: clock.logger, now: clock.now, sleep: clock.sleep))
                let browser = try await WebBrowser.signUp(app, "lottoopen")
                let added = try await browser.post(
                    "/lotto/entries",
                    [
                        ("kind", "manual"), ("round", "1239"), ("date", "2026-08-28"),
                        ("game1", "11 13 22 32 33 36"),
                    ])
                let location = try #require(added.headers.first(name: .location))
                #expect(
                    try await browser.get(location).body.string.contains("Waiting for the result"))
                #expect(try await browser.get("/lotto?month=2026-08").status == .ok)
                var settled = false
                for _ in 0..<100 where !settled {
                    try await Task.sleep(for: .milliseconds(50))
                    settled = try await browser.get(location).body.string.contains("1st prize")
                }
                #expect(settled, "the ticket settled after the diary was opened")
            }
        }
    }

    @Test("garbage from every source stores nothing and the ticket stays pending")
    func garbageStoresNothing() async throws {
        try await withFakeLotterySite { site in
            try await withMaeilApp { app in
                let clock = TestClock()
                clock.set(
                    Date(
                        timeIntervalSince1970: TimeInterval(
                            DrawSchedule.drawTime(ofRound: 1239) + 3600)))
                app.lottoResults = LottoResults(
                    fetcher: DrawFetcher(
                        sources: [site.official("range"), site.mirror("html")],
                        logger: clock.logger, now: clock.now, sleep: clock.sleep))
                let stored = try await app.lottoResults.sync(
                    store: LottoDrawStore(db: app.db, logger: app.logger), now: clock.now())
                #expect(stored.isEmpty)
                let count = try await app.db.sql().raw("SELECT COUNT(*) AS n FROM lotto_draws")
                    .first()
                #expect(try count?.decode(column: "n", as: Int.self) == 0)
            }
        }
    }
}

extension LottoSettlingTests {
    /// Two servers on one database wake for the same Saturday check: the
    /// lottery site is asked once, and the ticket settles for both.
    @Test func theWeeklyCheckAsksOnceForTwoServers() async throws {
        try await withFakeLotterySite { site in
            let settings = freshSettings()
            try await withMaeilApp(settings: settings) { first in
                try await withMaeilApp(settings: settings, dropAfter: false) { second in
                    // A clock each, as two machines have: a shared fake clock would
                    // move on for one server while the other still reads it.
                    let clocks = [TestClock(), TestClock()]
                    for (app, clock) in zip([first, second], clocks) {
                        Self.fetch(site, for: app, fiveMinutesAfterRound1239On: clock)
                    }
                    let api = try await API.signUp(first)
                    let added = try api.decode(
                        LottoEntryDTO.self,
                        try await api.send(
                            .POST, "/api/v1/lotto/entries",
                            json: LottoEntryInput(round: 1239, games: [[11, 13, 22, 32, 33, 8]])))
                    async let one: Void = LottoResultChecker(
                        now: clocks[0].now, sleep: clocks[0].sleep
                    ).checkOnce(first)
                    async let other: Void = LottoResultChecker(
                        now: clocks[1].now, sleep: clocks[1].sleep
                    ).checkOnce(second)
                    _ = try await (one, other)
                    #expect(site.officialHeaders.withLockedValue { $0.count } == 1)
                    let settled = try api.decode(
                        LottoEntryDTO.self,
                        try await api.send(.GET, "/api/v1/lotto/entries/\(added.id)"))
                    #expect(settled.status == "settled")
                }
            }
        }
    }
}
