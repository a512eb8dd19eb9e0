import Foundation
import Logging
import Lotto

/// Fetches the results of rounds newer than the shipped history, asking its sources in
/// order (the official site first) and politely, since the official site throttles and
/// blocks IPs that ask too often: one request at a time, at least `spacing` apart; a
/// throttled source left alone for 12 hours; one that times out or cannot be reached
/// backed off. The pauses live in the actor, so they outlast a call.
actor DrawFetcher {
    struct Policy: Sendable {
        /// From the end of one request to the start of the next, whichever the sources.
        var spacing: Duration = .seconds(3)
        /// How long a source that answered 403 or 429 is left alone (longer if it asks).
        var throttlePause: Duration = .seconds(12 * 3600)
        /// The first pause after a timeout or a failed connection, doubled each time after.
        var firstBackoff: Duration = .seconds(60)
        var longestBackoff: Duration = .seconds(3600)
    }

    typealias Sleep = @Sendable (Duration) async throws -> Void

    private struct Pause {
        var until: Date
        var reason: String
    }

    private enum Outcome {
        case draw(LottoDraw, source: String)
        /// Some source said the round is not out, and none had it.
        case notDrawn
        case noAnswer
        case cancelled
    }

    let sources: [any DrawResultSource]
    let policy: Policy
    private let now: @Sendable () -> Date
    private let sleep: Sleep
    private let logger: Logger
    private var lastRequest: Date?
    private var pauses: [String: Pause] = [:]
    /// Timeouts and failed connections in a row, per source: the next backoff's exponent.
    private var failures: [String: Int] = [:]
    /// Calls take turns: two at once would ask the sites twice as often.
    private var busy = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    /// `now` and `sleep` are injectable so that tests can run twelve hours in no time.
    init(
        sources: [any DrawResultSource], logger: Logger, policy: Policy = Policy(),
        now: @escaping @Sendable () -> Date = { Date() },
        sleep: @escaping Sleep = { try await Task.sleep(for: $0) }
    ) {
        self.sources = sources
        self.logger = logger
        self.policy = policy
        self.now = now
        self.sleep = sleep
    }

    /// Until when a source is left alone, or nil when it may be asked.
    func pausedUntil(source name: String) -> Date? {
        pause(of: name)?.until
    }

    /// The draws of `rounds` that some source had, by round. A round is asked of each source
    /// in turn until one has it; once every source is paused the rest are left for a later
    /// call, and once a round is not out yet, neither is any later one. `progress` gets the
    /// rounds done and the rounds asked after each round.
    func fetch(rounds: [Int], progress: (Int, Int) -> Void = { _, _ in }) async -> [LottoDraw] {
        await fetchWithSources(rounds: rounds, progress: progress).map(\.draw)
    }

    /// The same, each draw with the name of the source it came from.
    func fetchWithSources(rounds: [Int], progress: (Int, Int) -> Void = { _, _ in }) async
        -> [(draw: LottoDraw, source: String)]
    {
        await takeTurn()
        defer { passTurn() }
        var answers: [Int: (draw: LottoDraw, source: String)] = [:]
        var notOutFrom: Int?
        for (index, round) in rounds.enumerated() {
            if let notOutFrom, round >= notOutFrom {
                logger.info("lotto round \(round): not asked, round \(notOutFrom) is not out yet")
                progress(index + 1, rounds.count)
                continue
            }
            if sources.allSatisfy({ pause(of: $0.name) != nil }) {
                let why = sources.compactMap { source in
                    pause(of: source.name).map { "\(source.name): \($0.reason)" }
                }
                logger.notice(
                    "lotto draws: every source is paused (\(why.joined(separator: "; "))); \(rounds.count - index) round(s) left for later"
                )
                break
            }
            switch await ask(round) {
            case .draw(let draw, let source):
                if let earlier = answers[round] {
                    let kept = Self.reconcile(
                        earlier.draw, from: earlier.source, draw, from: source, logger: logger)
                    answers[round] = (kept, kept == draw ? source : earlier.source)
                } else {
                    answers[round] = (draw, source)
                }
            case .notDrawn:
                notOutFrom = min(notOutFrom ?? round, round)
            case .noAnswer:
                logger.warning("lotto round \(round): no source had it; left for a later call")
            case .cancelled:
                return answers.values.sorted { $0.draw.round < $1.draw.round }
            }
            progress(index + 1, rounds.count)
        }
        return answers.values.sorted { $0.draw.round < $1.draw.round }
    }

    /// One draw from two sources. They should agree; when they do not, the official one is
    /// kept (it is the operator's own record), or else the first, and the difference is
    /// logged, numbers as an error, prizes, date or sales as a notice.
    static func reconcile(
        _ a: LottoDraw, from sourceA: String, _ b: LottoDraw, from sourceB: String,
        logger: Logger
    ) -> LottoDraw {
        if a == b { return a }
        let official = OfficialDrawSource.sourceName
        let keepB = sourceB == official && sourceA != official
        let (kept, keptFrom, dropped, droppedFrom) =
            keepB ? (b, sourceB, a, sourceA) : (a, sourceA, b, sourceB)
        func describe(_ draw: LottoDraw) -> String {
            draw.numbers.map(String.init).joined(separator: ",") + " + \(draw.bonus)"
        }
        if a.numbers != b.numbers || a.bonus != b.bonus {
            logger.error(
                "lotto round \(a.round): \(keptFrom) says \(describe(kept)), \(droppedFrom) says \(describe(dropped)); keeping \(keptFrom)'s"
            )
        } else {
            logger.notice(
                "lotto round \(a.round): \(keptFrom) and \(droppedFrom) differ in prizes, date or sales; keeping \(keptFrom)'s"
            )
        }
        return kept
    }

    /// The round from the first source that has it, pausing the sources that fail.
    private func ask(_ round: Int) async -> Outcome {
        var notDrawn = false
        for source in sources {
            if let pause = pause(of: source.name) {
                logger.info(
                    "lotto round \(round): \(source.name) not asked, paused until \(pause.until) (\(pause.reason))"
                )
                continue
            }
            guard await waitForTurn() else { return .cancelled }
            let result: Result<LottoDraw, DrawFetchError>
            do {
                result = .success(try await source.draw(round: round))
            } catch {
                result = .failure(error)
            }
            lastRequest = now()
            switch result {
            case .success(let draw):
                failures[source.name] = nil
                if draw.date != DrawSchedule.date(ofRound: round) {
                    logger.warning(
                        "lotto round \(round): \(source.name) dates it \(draw.date), the schedule \(DrawSchedule.date(ofRound: round))"
                    )
                }
                return .draw(draw, source: source.name)
            case .failure(.notDrawnYet):
                failures[source.name] = nil
                notDrawn = true
                logger.info("lotto round \(round): \(source.name) does not have it yet")
            case .failure(.throttled(let retryAfter)):
                let asked = Duration.seconds(retryAfter ?? 0)
                let length = max(policy.throttlePause, asked)
                pauseSource(source.name, for: length, reason: "throttled")
                logger.warning(
                    "lotto round \(round): \(source.name) throttles us (403/429); left alone for \(length)"
                )
            case .failure(.cancelled):
                return .cancelled
            case .failure(let error):
                if Self.backsOff(error) {
                    let count = (failures[source.name] ?? 0) + 1
                    failures[source.name] = count
                    let length = backoff(count)
                    pauseSource(source.name, for: length, reason: "\(error)")
                    logger.warning(
                        "lotto round \(round): \(source.name) failed (\(error)); backed off for \(length)"
                    )
                } else {
                    logger.warning(
                        "lotto round \(round): \(source.name) answered badly (\(error)); trying the next source"
                    )
                }
            }
        }
        return notDrawn ? .notDrawn : .noAnswer
    }

    /// Timeouts, failed connections and server errors: the site is down or struggling,
    /// and asking again at once would not help it. A bad answer is only skipped.
    private static func backsOff(_ error: DrawFetchError) -> Bool {
        switch error {
        case .timeout, .unreachable: true
        case .httpStatus(let status): status >= 500
        default: false
        }
    }

    private func backoff(_ failuresInARow: Int) -> Duration {
        var length = policy.firstBackoff
        for _ in 1..<max(failuresInARow, 1) where length < policy.longestBackoff {
            length *= 2
        }
        return min(length, policy.longestBackoff)
    }

    private func pause(of name: String) -> Pause? {
        guard let pause = pauses[name] else { return nil }
        return pause.until > now() ? pause : nil
    }

    private func pauseSource(_ name: String, for length: Duration, reason: String) {
        pauses[name] = Pause(until: now().addingTimeInterval(Self.seconds(length)), reason: reason)
    }

    /// Sleeps until `spacing` has passed since the last request; false when cancelled.
    private func waitForTurn() async -> Bool {
        if let lastRequest {
            let left = Self.seconds(policy.spacing) - now().timeIntervalSince(lastRequest)
            if left > 0 {
                do {
                    try await sleep(.milliseconds(Int64((left * 1000).rounded(.up))))
                } catch {
                    return false
                }
            }
        }
        return !Task.isCancelled
    }

    private func takeTurn() async {
        if busy {
            await withCheckedContinuation { waiting.append($0) }
        } else {
            busy = true
        }
    }

    private func passTurn() {
        if waiting.isEmpty {
            busy = false
        } else {
            waiting.removeFirst().resume()
        }
    }

    private static func seconds(_ duration: Duration) -> TimeInterval {
        let parts = duration.components
        return TimeInterval(parts.seconds) + TimeInterval(parts.attoseconds) / 1e18
    }
}
