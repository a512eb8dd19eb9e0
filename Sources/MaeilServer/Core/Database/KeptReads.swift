import Vapor

/// What a read found about a user (a token or session, the user, the books
/// and their revisions), handed to the next reads while nothing it was read
/// from has changed. Each database knows of changes its own way: PostgreSQL
/// notifies every process of each change (`ChangeFeed`); SQLite counts every
/// commit of any connection, this process's or a `maeil` command's
/// (`SQLiteKeptReads`).
protocol KeptReads: Sendable {
    /// The kept value of `key`, read with `load` (value and the topics it
    /// was read from, or nil for nothing to keep) when there is none.
    func value<Value: Sendable>(
        _ key: String, load: () async throws -> (value: Value, topics: [String])?
    ) async throws -> Value?

    /// The value kept under `key` now, if there is one of that type: nothing
    /// is read. A middleware that finds what it needs goes on without
    /// starting a task (`configure` has why).
    func keptValue<Value: Sendable>(_ key: String) throws -> Value?

    /// This process wrote to what `topic` names: nothing kept under it is
    /// handed out again.
    func changed(_ topic: String)

    /// What one request looks through, when it needs its own: SQLite's asks
    /// whether anything committed once per request. Nil: these serve every
    /// request as they are.
    func forOneRequest() -> (any KeptReads)?
}

extension Optional where Wrapped == any KeptReads {
    /// What `read` finds, kept under `key` and its `topics` for the next
    /// reads when values are kept; otherwise simply what `read` finds.
    func value<Value: Sendable>(
        _ key: String, topics: (Value) -> [String], read: () async throws -> Value?
    ) async throws -> Value? {
        guard let kept = self else { return try await read() }
        return try await kept.value(key) { try await read().map { ($0, topics($0)) } }
    }

    /// The value kept under `key` now, if values are kept and there is one
    /// (a failure to ask counts as none: the caller then reads).
    func keptValue<Value: Sendable>(_ key: String) -> Value? {
        guard let kept = self else { return nil }
        return try? kept.keptValue(key)
    }
}

extension Application {
    private struct KeptReadsKey: StorageKey { typealias Value = any KeptReads }

    /// Where reads are kept: PostgreSQL's change feed, or SQLite's commit count.
    var keptReads: (any KeptReads)? {
        get { storage[KeptReadsKey.self] }
        set { storage[KeptReadsKey.self] = newValue }
    }
}

extension Request {
    /// GET and HEAD: the requests that use kept values, and that need not
    /// wait for their own notifications (nothing else may be one without the other).
    var onlyReads: Bool { method == .GET || method == .HEAD }

    /// Where this request may take kept values from: a read's. The same
    /// view for the whole request, so that SQLite asks once whether anything
    /// committed, where a web page looks up four kept values.
    var keptReads: (any KeptReads)? {
        guard onlyReads, let shared = application.keptReads else { return nil }
        if let view = storage[RequestKeptReadsKey.self] { return view }
        guard let view = shared.forOneRequest() else { return shared }
        storage[RequestKeptReadsKey.self] = view
        return view
    }
}

private enum RequestKeptReadsKey: StorageKey { typealias Value = any KeptReads }
