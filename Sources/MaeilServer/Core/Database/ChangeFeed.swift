import FluentPostgresDriver
import Foundation
import NIOConcurrencyHelpers
import Vapor

/// PostgreSQL: what a request read about a user (its token or session, the
/// user, the books and their revisions) handed to the next requests while
/// nothing it was read from has changed — on PostgreSQL each of those reads
/// is a round trip, and two of them were most of a kept page's time (12% of
/// `/healthz`'s rate against SQLite's 51%).
///
/// The database says what changed: triggers (`AddChangeNotifications`) send a
/// notification on the schema's `channel` for every change to a user's row, tokens or
/// books ("u:" and the user's id) and to a web session ("s:" and its digest),
/// from whichever process or `maeil` command made it, and one connection per
/// process listens. A value is kept under the topics it was read from and
/// dropped when one of them changes; a read that a change overtook is not
/// kept (`Ticket`). While the listening connection is down nothing is kept or
/// handed out, and everything kept is dropped, so a lost notification can
/// never leave a stale value behind.
///
/// Only reads (GET, HEAD) use kept values. A request that may have written
/// waits before it answers until its own notifications are back
/// (`settle`): its client's next request sees its change. Another process
/// learns of the change when PostgreSQL delivers the notification, well under
/// a millisecond later on one machine.
final class ChangeFeed: KeptReads {
    /// The channel of the schema the app's tables are in ("maeil_" and the
    /// MD5 of the schema's name), so installs in other schemas are not heard.
    let channel: String
    /// Kept values at most; past it, everything is dropped and kept again.
    static let entryLimit = 50_000

    /// The moment a read began, in changes seen: its result is kept only if
    /// none of its topics changed since.
    struct Ticket: Sendable {
        fileprivate let epoch: UInt64
    }

    private struct Kept {
        let value: any Sendable
        let topics: [String]
    }

    private struct State {
        var connection: PostgresConnection?
        /// Listening connections lost so far (for tests: a loss is noticed
        /// even when the next connection is live again before anyone looks).
        var connectionsLost = 0
        /// Listening, and the feed's own probe came back through it.
        var live = false
        var epoch: UInt64 = 0
        /// Reads begun before it are never kept (after a reset, or once
        /// `changedAt` was cleared).
        var floor: UInt64 = 0
        var changedAt: [String: UInt64] = [:]
        var values: [String: Kept] = [:]
        var keysByTopic: [String: Set<String>] = [:]
        var waiters: [String: CheckedContinuation<Bool, Never>] = [:]
        var step = ListenStep.waiting

        mutating func forget(_ key: String) {
            guard let kept = values.removeValue(forKey: key) else { return }
            for topic in kept.topics { keysByTopic[topic]?.remove(key) }
        }

        mutating func reset(live: Bool) {
            values = [:]
            keysByTopic = [:]
            changedAt = [:]
            epoch += 1
            floor = epoch
            self.live = live
        }
    }

    private let state = NIOLockedValueBox(State())
    private let logger: Logger
    /// How the listening connection names itself to PostgreSQL
    /// (`pg_stat_activity`): one name per process.
    let applicationName = "maeil change feed " + UUID().uuidString.prefix(8).lowercased()

    init(channel: String, logger: Logger) {
        self.channel = channel
        self.logger = logger
    }

    var isLive: Bool { state.withLockedValue { $0.live } }

    /// Where the listening is: named in the warning of a shutdown it held up.
    enum ListenStep: String, Sendable {
        case connecting = "connecting"
        case starting = "starting to listen"
        case listening = "listening"
        case closing = "closing its connection"
        case waiting = "waiting to connect again"
    }

    var listenStep: ListenStep { state.withLockedValue { $0.step } }

    /// The kept value of `key`, read with `load` (value and topics, or nil
    /// for nothing to keep) when there is none.
    func value<Value: Sendable>(
        _ key: String, load: () async throws -> (value: Value, topics: [String])?
    ) async throws -> Value? {
        let (kept, ticket): (Value?, Ticket?) = lookUp(key)
        if let kept { return kept }
        guard let loaded = try await load() else { return nil }
        if let ticket { keep(loaded.value, for: key, topics: loaded.topics, readWith: ticket) }
        return loaded.value
    }

    func keptValue<Value: Sendable>(_ key: String) -> Value? {
        lookUp(key).kept
    }

    /// What is kept under `key`, and the ticket a value read now is kept
    /// with; neither while the feed is not listening.
    private func lookUp<Value: Sendable>(_ key: String) -> (kept: Value?, ticket: Ticket?) {
        state.withLockedValue { state in
            guard state.live else { return (nil, nil) }
            return (state.values[key]?.value as? Value, Ticket(epoch: state.epoch))
        }
    }

    private func keep(
        _ value: some Sendable, for key: String, topics: [String], readWith ticket: Ticket
    ) {
        state.withLockedValue { state in
            guard state.live, ticket.epoch >= state.floor,
                topics.allSatisfy({ (state.changedAt[$0] ?? 0) <= ticket.epoch })
            else { return }
            if state.values.count >= Self.entryLimit {
                state.values = [:]
                state.keysByTopic = [:]
            }
            state.forget(key)
            state.values[key] = Kept(value: value, topics: topics)
            for topic in topics { state.keysByTopic[topic, default: []].insert(key) }
        }
    }

    /// A notification: a topic changed, a `settle` came back, or the probe.
    func received(_ payload: String) {
        guard payload.hasPrefix("sync:") else { return changed(payload) }
        let waiter = state.withLockedValue { state -> CheckedContinuation<Bool, Never>? in
            let id = String(payload.dropFirst(5))
            if id == "probe" { state.live = state.connection != nil }
            return state.waiters.removeValue(forKey: id)
        }
        waiter?.resume(returning: true)
    }

    /// Drops what is kept under `topic`, and keeps no read begun before now.
    /// The notification does it too; a write this process makes where no
    /// `settle` follows (a page that takes its flash message is a GET)
    /// says so at once, so the next read does not wait on the notification.
    func changed(_ topic: String) {
        state.withLockedValue { state in
            state.epoch += 1
            state.changedAt[topic] = state.epoch
            if state.changedAt.count > Self.entryLimit {
                state.changedAt = [:]
                state.floor = state.epoch
            }
            for key in state.keysByTopic.removeValue(forKey: topic) ?? [] {
                state.values.removeValue(forKey: key)
            }
        }
    }

    /// Every request looks through the feed itself: a change is known when
    /// its notification arrives, with nothing to ask.
    func forOneRequest() -> (any KeptReads)? { nil }

    /// Waits until every notification committed before now has been seen
    /// here (a notification of its own comes back: PostgreSQL delivers them
    /// in commit order). If it does not come back in time, everything kept
    /// is dropped and the feed starts again.
    func settle(timeout: Duration = .seconds(2)) async {
        guard let connection = state.withLockedValue({ $0.live ? $0.connection : nil }) else {
            return
        }
        let id = UUID().uuidString
        var timer: Task<Void, Never>?
        let came = await withCheckedContinuation { continuation in
            state.withLockedValue { $0.waiters[id] = continuation }
            let giveUp: @Sendable () -> Void = { [state] in
                state.withLockedValue { $0.waiters.removeValue(forKey: id) }?.resume(
                    returning: false)
            }
            Task { [channel, logger] in
                do {
                    try await connection.queryUntilClosed(
                        "SELECT pg_notify(\(channel), \("sync:" + id))", logger: logger)
                } catch {
                    giveUp()
                }
            }
            timer = Task {
                guard (try? await Task.sleep(for: timeout)) != nil else { return }
                giveUp()
            }
        }
        timer?.cancel()  // it came back: no task waits out the timeout
        if !came {
            logger.warning("a change notification did not come back in time; kept reads dropped")
            drop(live: false)
            _ = try? await connection.close().get()
        }
    }

    /// Drops everything kept; wakes whoever waits in `settle`.
    private func drop(live: Bool) {
        let waiters = state.withLockedValue { state in
            state.reset(live: live)
            defer { state.waiters = [:] }
            return Array(state.waiters.values)
        }
        for waiter in waiters { waiter.resume(returning: false) }
    }

    /// Listens until cancelled, connecting again (after 0.1 s, doubling to
    /// 5 s) whenever the connection is lost.
    func listen(configuration: PostgresConnection.Configuration, on group: any EventLoopGroup) async
    {
        var configuration = configuration
        configuration.options.additionalStartupParameters.append(
            ("application_name", applicationName))
        var delay = Duration.milliseconds(100)
        while !Task.isCancelled {
            do {
                state.withLockedValue { $0.step = .connecting }
                let connection = try await PostgresConnection.connect(
                    on: group.any(), configuration: configuration, id: 0, logger: logger)
                state.withLockedValue {
                    $0.connection = connection
                    $0.step = .starting
                }
                do {
                    try await withTaskCancellationHandler {
                        try await connection.listen(on: channel) { notifications in
                            state.withLockedValue { $0.step = .listening }
                            // Live once a notification of its own comes back.
                            try await connection.queryUntilClosed(
                                "SELECT pg_notify(\(channel), 'sync:probe')", logger: logger)
                            delay = .milliseconds(100)
                            for try await notification in notifications {
                                received(notification.payload)
                            }
                        }
                    } onCancel: {
                        connection.close().whenComplete { _ in }
                    }
                } catch {
                    log(error)
                }
                drop(live: false)
                state.withLockedValue {
                    $0.connection = nil
                    $0.connectionsLost += 1
                    $0.step = .closing
                }
                try? await connection.close().get()
            } catch {
                log(error)
            }
            state.withLockedValue { $0.step = .waiting }
            try? await Task.sleep(for: delay)
            delay = min(delay * 2, .seconds(5))
        }
    }

    private func log(_ error: any Error) {
        if !Task.isCancelled {
            logger.debug("change notifications: \(String(reflecting: error))")
        }
    }

    /// How many values are kept (for tests).
    var keptCount: Int { state.withLockedValue { $0.values.count } }

    /// How many listening connections were lost (for tests).
    var connectionsLost: Int { state.withLockedValue { $0.connectionsLost } }
}

/// Starts the feed's listening with the app and stops it before the
/// databases close.
struct ChangeFeedListener: LifecycleHandler {
    /// How long shutting down waits for the listening to stop.
    let stopWithin: Duration
    private let listen: @Sendable (Application) async -> Void
    /// Where the listening is, for the warning.
    private let step: @Sendable () -> String
    private let task = NIOLockedValueBox<Task<Void, Never>?>(nil)

    init(feed: ChangeFeed, configuration: PostgresConnection.Configuration) {
        self.init(
            stopWithin: .seconds(10), step: { feed.listenStep.rawValue },
            listen: { app in
                await feed.listen(configuration: configuration, on: app.eventLoopGroup)
            })
    }

    /// Runs `listen` from boot until shutdown cancels it.
    init(
        stopWithin: Duration, step: @escaping @Sendable () -> String = { "listening" },
        listen: @escaping @Sendable (Application) async -> Void
    ) {
        self.stopWithin = stopWithin
        self.step = step
        self.listen = listen
    }

    func didBoot(_ app: Application) throws {
        let started = Task { [listen] in await listen(app) }
        task.withLockedValue { $0 = started }
    }

    /// Cancelling closes the listening connection, which ends the listening
    /// at once. Should anything in it still wait on the closed connection
    /// (a query did: `queryUntilClosed`), the listening is left behind after
    /// `stopWithin` rather than holding the server's shutdown for good.
    func shutdownAsync(_ app: Application) async {
        guard let running = task.withLockedValue({ $0 }) else { return }
        running.cancel()
        if await !running.ended(within: stopWithin) {
            app.logger.warning(
                "the change feed did not stop within \(stopWithin) (\(step())); shutting down without it"
            )
        }
    }
}

/// A request that may have written (anything but GET and HEAD) answers once
/// the feed has seen its changes, so its client's next read is never older
/// than its write (`ChangeFeed.settle`).
struct SettleWritesMiddleware: Middleware {
    let feed: ChangeFeed

    func respond(to request: Request, chainingTo next: any Responder) -> EventLoopFuture<Response> {
        guard !request.onlyReads else { return next.respond(to: request) }
        return request.eventLoop.makeFutureWithTask { [feed] in
            do {
                let response = try await next.respond(to: request).get()
                await feed.settle()
                return response
            } catch {
                await feed.settle()
                throw error
            }
        }
    }
}

extension Application {
    private struct ChangeFeedKey: StorageKey { typealias Value = ChangeFeed }

    /// PostgreSQL's change feed (also the app's `keptReads`); nil on SQLite.
    var changeFeed: ChangeFeed? {
        get { storage[ChangeFeedKey.self] }
        set { storage[ChangeFeedKey.self] = newValue }
    }
}
