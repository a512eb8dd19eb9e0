import Foundation
import Lotto
import NIOConcurrencyHelpers
import Vapor

/// Brings in the results of rounds drawn after the shipped history, so that pending
/// tickets settle by themselves: after each Saturday's draw (21:00, 21:30, 23:00 KST and
/// Sunday 10:00), when someone opens the diary with a ticket waiting, and on
/// `maeil lotto sync`. Only rounds no source has given yet are asked for, through one
/// `DrawFetcher` per process (it keeps the sites' pauses).
final class LottoResults: Sendable {
    let fetcher: DrawFetcher?
    private let lastOnDemand = NIOLockedValueBox<Date?>(nil)
    /// Opening the diary asks at most this often.
    static let onDemandInterval: TimeInterval = 600

    init(fetcher: DrawFetcher?) {
        self.fetcher = fetcher
    }

    /// The official site, then the public mirror, at the settings' addresses; nil when
    /// fetching is off. The client is made only when fetching is on: making `app.client`
    /// fixes its configuration, which tests still change after `configure`.
    static func fetcher(
        settings: ServerSettings, client: @autoclosure () -> any Client, logger: Logger
    ) -> DrawFetcher? {
        guard settings.lottoFetch else { return nil }
        let client = client()
        return DrawFetcher(
            sources: [
                OfficialDrawSource(baseURL: settings.dhlotteryURL, client: client),
                MirrorDrawSource(baseURL: settings.lottoMirrorURL, client: client),
            ], logger: logger)
    }

    /// Fetches and stores every round drawn by `now` that is not known yet; returns the
    /// draws stored.
    @discardableResult
    func sync(
        store: LottoDrawStore, now: Date = Date(),
        progress: @Sendable (Int, Int) -> Void = { _, _ in }
    ) async throws -> [LottoDraw] {
        guard let fetcher else { return [] }
        let latest = DrawSchedule.latestDrawnRound(at: Int64(now.timeIntervalSince1970))
        let missing = try await store.missingRounds(upTo: latest)
        guard !missing.isEmpty else { return [] }
        let fetched = await fetcher.fetchWithSources(rounds: missing, progress: progress)
        for (draw, source) in fetched {
            try await store.save(
                draw, origin: source == OfficialDrawSource.sourceName ? .official : .mirror)
        }
        return fetched.map(\.draw)
    }

    /// A sync in the background for a page that shows a ticket waiting for a drawn round,
    /// unless one started in the last ten minutes. The page does not wait for it.
    func syncSoon(app: Application, now: Date = Date()) {
        guard fetcher != nil else { return }
        let due = lastOnDemand.withLockedValue { last in
            if let last, now.timeIntervalSince(last) < Self.onDemandInterval { return false }
            last = now
            return true
        }
        guard due else { return }
        Task { [self] in
            guard let db = app.databases.database(logger: app.logger, on: app.eventLoopGroup.any())
            else { return }
            do {
                try await sync(store: LottoDrawStore(db: db, logger: app.logger))
            } catch {
                app.logger.warning("lotto results: \(error)")
            }
        }
    }
}

/// The weekly result checks, as a lifecycle handler of the server: sleeps until the next
/// check time and syncs. `now` and `sleep` are injectable, so a test runs a week in no
/// time.
struct LottoResultChecker: LifecycleHandler {
    typealias Sleep = @Sendable (Duration) async throws -> Void
    let now: @Sendable () -> Date
    let sleep: Sleep
    private let task = NIOLockedValueBox<Task<Void, Never>?>(nil)

    init(
        now: @escaping @Sendable () -> Date = { Date() },
        sleep: @escaping Sleep = { try await Task.sleep(for: $0) }
    ) {
        self.now = now
        self.sleep = sleep
    }

    func didBoot(_ app: Application) throws {
        guard app.lottoResults.fetcher != nil else { return }
        let loop = Task { [self] in
            while !Task.isCancelled {
                do {
                    try await checkOnce(app)
                } catch {
                    return  // cancelled while asleep
                }
            }
        }
        task.withLockedValue { $0 = loop }
    }

    /// Sleeps until the next check time, then syncs (a failed sync is logged and waits
    /// for the next check).
    func checkOnce(_ app: Application) async throws {
        let time = now()
        let next = DrawSchedule.nextResultCheck(after: Int64(time.timeIntervalSince1970))
        try await sleep(.seconds(max(0, Double(next) - time.timeIntervalSince1970)))
        guard let db = app.databases.database(logger: app.logger, on: app.eventLoopGroup.any())
        else { return }
        do {
            // Every process wakes at the check time; one of them asks the sites.
            guard try await ScheduledRuns.take("lotto-results", slot: next, on: db.sql()) else {
                return
            }
            let stored = try await app.lottoResults.sync(
                store: LottoDrawStore(db: db, logger: app.logger), now: now())
            if !stored.isEmpty {
                app.logger.info(
                    "lotto results: stored round(s) \(stored.map(\.round).map(String.init).joined(separator: ", "))"
                )
            }
        } catch {
            app.logger.warning("lotto results: \(error)")
        }
    }

    func shutdownAsync(_ app: Application) async {
        guard let loop = task.withLockedValue({ $0 }) else { return }
        loop.cancel()
        await loop.value
    }
}

extension Application {
    private struct LottoResultsKey: StorageKey {
        typealias Value = LottoResults
    }

    /// The process's draw fetching (none until `configure` makes it).
    var lottoResults: LottoResults {
        get { storage[LottoResultsKey.self] ?? LottoResults(fetcher: nil) }
        set { storage[LottoResultsKey.self] = newValue }
    }
}
