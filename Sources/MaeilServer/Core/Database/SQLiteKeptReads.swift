import NIOConcurrencyHelpers

/// SQLite: what a read found about a user, handed to the next reads until any
/// connection commits. SQLite counts the commits of every other connection to
/// the file (`PRAGMA data_version`: this process's pool, a `maeil` command, a
/// backup's restore), and each read connection asks before a kept value is
/// handed out. A token and a book's revision were two indexed reads on every
/// kept page; asking is one statement that reads no table.
///
/// Coarse on purpose: any commit drops everything kept, so there is nothing to
/// get wrong about which write touched which value. While writes come often,
/// values are rarely handed out and each read costs that one statement more.
final class SQLiteKeptReads: KeptReads {
    /// Kept values at most; past it, everything is dropped and kept again.
    static let entryLimit = 50_000

    private struct Kept {
        let value: any Sendable
        let generation: UInt64
    }

    private struct State {
        /// Raised whenever a commit is seen, or this process says it wrote.
        var generation: UInt64 = 0
        var values: [String: Kept] = [:]

        mutating func dropAll() {
            generation += 1
            values = [:]
        }
    }

    private let reads: SQLiteReads
    private let state = NIOLockedValueBox(State())

    init(reads: SQLiteReads) {
        self.reads = reads
    }

    func value<Value: Sendable>(
        _ key: String, load: () async throws -> (value: Value, topics: [String])?
    ) async throws -> Value? {
        try askForCommits()
        return try await keptOrLoaded(key, load: load)
    }

    func keptValue<Value: Sendable>(_ key: String) throws -> Value? {
        try askForCommits()
        return lookUp(key).kept
    }

    /// The value kept under `key`, else what `load` reads, kept (once asked).
    private func keptOrLoaded<Value: Sendable>(
        _ key: String, load: () async throws -> (value: Value, topics: [String])?
    ) async throws -> Value? {
        let (kept, generation): (Value?, UInt64) = lookUp(key)
        if let kept { return kept }
        guard let loaded = try await load() else { return nil }
        state.withLockedValue { state in
            guard state.generation == generation else { return }
            if state.values.count >= Self.entryLimit { state.values = [:] }
            state.values[key] = Kept(value: loaded.value, generation: generation)
        }
        return loaded.value
    }

    /// What is kept under `key`, and the generation a value read now belongs to.
    private func lookUp<Value: Sendable>(_ key: String) -> (kept: Value?, generation: UInt64) {
        state.withLockedValue { state in
            let kept = state.values[key].flatMap {
                $0.generation == state.generation ? $0.value as? Value : nil
            }
            return (kept, state.generation)
        }
    }

    func changed(_ topic: String) {
        state.withLockedValue { $0.dropAll() }
    }

    /// Asked before the read: a commit after this is seen by the next ask,
    /// so a value read now is never handed out past a later commit.
    private func askForCommits() throws {
        if try reads.committedSinceLastAsked() { state.withLockedValue { $0.dropAll() } }
    }

    func forOneRequest() -> (any KeptReads)? { OneRequest(shared: self) }

    /// One request's view: it asks SQLite at its first look only. A commit
    /// by another connection after that is seen by the next request; this
    /// one overlapped it, so it may answer as if it came first. A write this
    /// process announces (`changed`) drops everything at once, as before.
    /// Each ask opens a read of the WAL: a kept JSON page asked twice, a web
    /// page four times (6% of a kept JSON page's time).
    private final class OneRequest: KeptReads {
        private let shared: SQLiteKeptReads
        private let asked = NIOLockedValueBox(false)

        init(shared: SQLiteKeptReads) { self.shared = shared }

        func value<Value: Sendable>(
            _ key: String, load: () async throws -> (value: Value, topics: [String])?
        ) async throws -> Value? {
            try askOnce()
            return try await shared.keptOrLoaded(key, load: load)
        }

        func keptValue<Value: Sendable>(_ key: String) throws -> Value? {
            try askOnce()
            return shared.lookUp(key).kept
        }

        /// Marked asked only once SQLite answered: after a failed ask the
        /// next look asks again.
        private func askOnce() throws {
            guard !asked.withLockedValue({ $0 }) else { return }
            try shared.askForCommits()
            asked.withLockedValue { $0 = true }
        }

        func changed(_ topic: String) { shared.changed(topic) }

        func forOneRequest() -> (any KeptReads)? { nil }
    }

    /// How many values are kept (for tests).
    var keptCount: Int { state.withLockedValue { $0.values.count } }
}
