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
        let (kept, generation): (Value?, UInt64) = try lookUp(key)
        if let kept { return kept }
        guard let loaded = try await load() else { return nil }
        state.withLockedValue { state in
            guard state.generation == generation else { return }
            if state.values.count >= Self.entryLimit { state.values = [:] }
            state.values[key] = Kept(value: loaded.value, generation: generation)
        }
        return loaded.value
    }

    func keptValue<Value: Sendable>(_ key: String) throws -> Value? {
        try lookUp(key).kept
    }

    /// What is kept under `key`, and the generation a value read now belongs to.
    private func lookUp<Value: Sendable>(_ key: String) throws -> (kept: Value?, generation: UInt64)
    {
        // Asked before the read: a commit after this is seen by the next ask,
        // so a value read now is never handed out past a later commit.
        let committed = try reads.committedSinceLastAsked()
        return state.withLockedValue { state in
            if committed { state.dropAll() }
            let kept = state.values[key].flatMap {
                $0.generation == state.generation ? $0.value as? Value : nil
            }
            return (kept, state.generation)
        }
    }

    func changed(_ topic: String) {
        state.withLockedValue { $0.dropAll() }
    }

    /// How many values are kept (for tests).
    var keptCount: Int { state.withLockedValue { $0.values.count } }
}
