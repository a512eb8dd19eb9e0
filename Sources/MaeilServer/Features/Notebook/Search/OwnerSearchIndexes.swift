import FluentKit
import Foundation
import NIOConcurrencyHelpers
import PostgresKit
import SQLKit
import Vapor

/// PostgreSQL: indexes of one owner's words alone, for an owner of many
/// words (`ServerSettings.ownerIndexWords`, 100,000 by default), beside the
/// owner-led indexes every user's words are in (`IndexSearchKeysByUser`):
/// each key column's trigrams, and the heads of its lines.
///
/// To find one owner's matches an owner-led GIN index intersects the
/// trigram's entries with the owner's, and the owner's list is decoded as it
/// is walked: 267,379 entries for EDICT's owner, most of a search's time
/// (the count of "eat": 4.7-5.6 ms of 7.9 in the index). A partial index of
/// the owner's words has no owner list to walk. Anki's 20-query mix on EDICT,
/// every search statement prepared as the search pool runs it: 102.7 against
/// 72.5 ms in all; "school" 10.3 → 3.7 ms, "study" 6.2 → 4.1. Over HTTP
/// (`bench/anki/ab.sh`, release builds in turns), the mix's median 9.05 →
/// 7.51 ms, every query faster but `*ing` (0.99). The heads index of the
/// lines that start with "eat" (the page of a broad query): 0.8-1.3 ms in
/// the owner-led index for 121 lines, 0.06-0.14 ms in the owner's own
/// (the statement 1.9-2.5 → 1.2-1.3 ms, prepared, 200 runs each). The
/// cost is the owner's later imports, which keep two more indexes: 100,000
/// words into a new book of an owner of 300,000 took 31.7 s against 28.2
/// with the trigram indexes alone (two runs each).
///
/// The planner takes a partial index only for a statement that names its
/// owner as a constant, so a big owner's searches write the owner in
/// (`ownerCondition`): one kept statement per big owner and shape. Only big
/// owners get them: each partial index is weighed in planning any
/// statement on `words` (90 of them took planning from 0.35 to 0.70 ms).
struct OwnerSearchIndexes: Sendable {
    let owner: UUID

    /// One index of the owner's words: the end of its name, and what it keeps.
    struct Kind: Sendable, Hashable {
        let suffix: String
        /// `gin (…)`'s inside.
        let keys: String
        /// Only with pg_trgm.
        let needsTrigrams: Bool

        /// A key column's trigrams: the columns with owner-led trigram
        /// indexes (`IndexSearchKeysByUser`).
        static func trigrams(of column: String) -> Kind {
            Kind(
                suffix: column.replacingOccurrences(of: "_text", with: ""),
                keys: "\(column) public.gin_trgm_ops", needsTrigrams: true)
        }

        /// A key column's line heads, spelt as `SearchIndex` asks for them.
        static func heads(of column: String) -> Kind {
            Kind(
                suffix: column.replacingOccurrences(of: "_text", with: "") + "_heads",
                keys: SearchIndex.heads(of: column), needsTrigrams: false)
        }
    }

    static let kinds: [Kind] =
        ["jamo_text", "choseong_text", "cjk_text"].map(Kind.trigrams(of:))
        + SearchIndex.headColumns.map(Kind.heads(of:))

    /// `words_owner_<owner's 32 hex digits>_<kind>`: 59 characters at most,
    /// within PostgreSQL's 63.
    func indexName(of kind: Kind) -> String {
        let hex = owner.uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        return "words_owner_\(hex)_\(kind.suffix)"
    }

    /// `w.user_id = '<owner>'`: the owner as a constant, which lets the
    /// planner use the owner's own indexes, as it matches their predicate.
    /// Its kept statements have a budget of their own
    /// (`PostgresKeptStatements.ownerNamed`).
    var ownerCondition: SQLQueryString { SQLQueryString("w." + indexPredicate) }

    /// `user_id = '<owner>'`: the owner's indexes' predicate, which the
    /// searches' `ownerCondition` must spell alike. A UUID's text is hex
    /// digits and dashes, nothing to escape.
    private var indexPredicate: String { "user_id = '\(owner.uuidString.lowercased())'" }

    /// Builds the owner's indexes that are missing, without blocking anyone's
    /// writes (`CREATE INDEX CONCURRENTLY`, outside any transaction, on one
    /// connection). Another process building them at the same time holds
    /// the owner's advisory lock, and this one leaves them to it. A build
    /// that failed half-way left an invalid index, dropped and built again.
    /// Without pg_trgm, only the heads. Returns the names of the indexes it built.
    @discardableResult
    func build(on sql: any SQLDatabase) async throws -> [String] {
        let trigrams =
            try await sql.raw(
                "SELECT COUNT(*) AS n FROM pg_extension WHERE extname = 'pg_trgm'"
            ).first()?.decode(column: "n", as: Int.self) == 1
        let lock = SearchIndex.searchID(owner)
        guard
            try await sql.raw("SELECT pg_try_advisory_lock(\(bind: lock)) AS taken").first()?
                .decode(column: "taken", as: Bool.self) == true
        else { return [] }
        var built: [String] = []
        do {
            for kind in Self.kinds where trigrams || !kind.needsTrigrams {
                let name = indexName(of: kind)
                switch try await validity(of: name, on: sql) {
                case true?: continue
                case false?:
                    try await sql.raw("DROP INDEX CONCURRENTLY IF EXISTS \(ident: name)").run()
                case nil: break
                }
                try await sql.raw(
                    """
                    CREATE INDEX CONCURRENTLY \(ident: name) ON words
                    USING gin (\(unsafeRaw: kind.keys)) WHERE \(unsafeRaw: indexPredicate)
                    """
                ).run()
                built.append(name)
            }
        } catch {
            _ = try? await sql.raw("SELECT pg_advisory_unlock(\(bind: lock))").run()
            throw error
        }
        try await sql.raw("SELECT pg_advisory_unlock(\(bind: lock))").run()
        return built
    }

    /// The names of the owner's indexes that exist and are valid (usable by
    /// the planner).
    func built(on sql: any SQLDatabase) async throws -> [String] {
        var names: [String] = []
        for kind in Self.kinds {
            let name = indexName(of: kind)
            if try await validity(of: name, on: sql) == true { names.append(name) }
        }
        return names
    }

    /// Whether the index is valid; nil when there is none, in the schema
    /// `words` is found in.
    private func validity(of name: String, on sql: any SQLDatabase) async throws -> Bool? {
        try await sql.raw(
            """
            SELECT i.indisvalid AS valid FROM pg_index i
            JOIN pg_class c ON c.oid = i.indexrelid
            WHERE i.indrelid = to_regclass('words') AND c.relname = \(bind: name)
            """
        ).first()?.decode(column: "valid", as: Bool.self)
    }

    /// Drops the indexes of owners who are no longer users (an account
    /// deleted), without blocking anyone's reads or writes. Returns how many.
    @discardableResult
    static func dropOrphans(on sql: any SQLDatabase) async throws -> Int {
        // "words_owner_" is 12 characters; PostgreSQL reads 32 hex digits as a uuid.
        let names = try await sql.raw(
            """
            SELECT c.relname AS name FROM pg_index i
            JOIN pg_class c ON c.oid = i.indexrelid
            WHERE i.indrelid = to_regclass('words') AND c.relname LIKE 'words\\_owner\\_%'
            AND NOT EXISTS (
                SELECT 1 FROM users u WHERE u.id = CASE
                    WHEN substr(c.relname, 13, 32) ~ '^[0-9a-f]{32}$' THEN substr(c.relname, 13, 32)::uuid
                END)
            """
        ).all().map { try $0.decode(column: "name", as: String.self) }
        for name in names {
            try await sql.raw("DROP INDEX CONCURRENTLY IF EXISTS \(ident: name)").run()
        }
        return names.count
    }

    /// Owners of `words` words or more, by their books' counts.
    static func owners(ofAtLeast words: Int, on sql: any SQLDatabase) async throws -> [UUID] {
        try await sql.raw(
            """
            SELECT user_id FROM books GROUP BY user_id
            HAVING SUM(word_count) >= \(bind: words)
            """
        ).all().map { try $0.decode(column: "user_id", as: UUID.self) }
    }
}

/// PostgreSQL: builds the indexes big owners lack, in the background of a
/// running server: when it starts (their words came before these indexes, or
/// from a portable backup) and then every `ServerSettings.ownerIndexInterval`
/// (an import, through the API or `maeil import`, took an owner past the
/// mark), one owner after another, and drops those of deleted accounts. An
/// import does not wait for them: its words are found through the owner-led
/// indexes until then. A pass that failed (two concurrent builds of partial
/// indexes wait on each other, and one can be chosen to fail) is tried again
/// at the next. Each pass has a connection of its own, outside the request
/// pools, since a build takes one for half a minute. Shutting down cancels a
/// build in flight (the invalid index it leaves is built again next time).
struct OwnerSearchIndexBuilder: LifecycleHandler {
    let configuration: SQLPostgresConfiguration

    /// Logged after the first pass over the big owners and after any pass
    /// that built something (benchmarks wait for it).
    static let readyMessage = "Big owners' search indexes are ready"

    private final class State: Sendable {
        let task = NIOLockedValueBox<Task<Void, Never>?>(nil)
        /// The backend of the pass in flight, to cancel when the server stops.
        let pass = NIOLockedValueBox<(backend: Int32?, stopping: Bool)>((nil, false))
    }
    private let state = State()

    func didBoot(_ app: Application) throws {
        let words = app.maeilSettings.ownerIndexWords
        let interval = app.maeilSettings.ownerIndexInterval
        let logger = app.logger
        let group = app.eventLoopGroup
        let run = Task { [state, configuration] in
            var first = true
            // As the session sweeper does: a process that stops at once
            // (a test, a failed start) opens no connection for it.
            try? await Task.sleep(for: .seconds(1))
            while !Task.isCancelled {
                let start = ContinuousClock.now
                do {
                    let (owners, built) = try await Self.pass(
                        configuration, on: group, words: words, state: state, logger: logger)
                    if first || built > 0 {
                        // Notice, as the server's start is: a first build
                        // keeps a core busy for about half a minute per owner.
                        let seconds = (start.duration(to: .now) / .milliseconds(100)).rounded() / 10
                        logger.notice(
                            """
                            \(Self.readyMessage) (owners of \(words) words or more: \(owners); \
                            indexes built: \(built), in \(seconds) s)
                            """)
                    }
                    first = false
                } catch {
                    if !Task.isCancelled {
                        logger.warning("big owners' search indexes were not built: \(error)")
                    }
                }
                try? await Task.sleep(for: interval)
            }
        }
        state.task.withLockedValue { $0 = run }
    }

    /// One pass on a connection of its own: the deleted owners' indexes
    /// dropped, the big owners' missing ones built. Returns how many owners
    /// are big and how many indexes were built.
    private static func pass(
        _ configuration: SQLPostgresConfiguration, on group: any EventLoopGroup, words: Int,
        state: State, logger: Logger
    ) async throws -> (Int, Int) {
        var core = configuration.coreConfiguration
        core.options.additionalStartupParameters.append(
            ("application_name", "maeil search indexes"))
        let connection = try await PostgresConnection.connect(
            on: group.any(), configuration: core, id: 0, logger: logger)
        do {
            let result = try await pass(
                connection.sql(queryLogLevel: nil), configuration: configuration, words: words,
                state: state)
            try await connection.close()
            return result
        } catch {
            try? await connection.close()
            throw error
        }
    }

    private static func pass(
        _ sql: some SQLDatabase, configuration: SQLPostgresConfiguration, words: Int,
        state: State
    ) async throws -> (Int, Int) {
        if let searchPath = configuration.searchPath {
            try await sql.raw("SET search_path TO \(idents: searchPath, joinedBy: ",")").run()
        }
        let backend = try await sql.raw("SELECT pg_backend_pid() AS pid").first()?
            .decode(column: "pid", as: Int32.self)
        let stopping = state.pass.withLockedValue {
            $0.backend = backend
            return $0.stopping
        }
        defer { state.pass.withLockedValue { $0.backend = nil } }
        if stopping { throw CancellationError() }
        try await OwnerSearchIndexes.dropOrphans(on: sql)
        let owners = try await OwnerSearchIndexes.owners(ofAtLeast: words, on: sql)
        var built = 0
        for owner in owners {
            try Task.checkCancellation()
            built += try await OwnerSearchIndexes(owner: owner).build(on: sql).count
        }
        return (owners.count, built)
    }

    /// Stops the passes, cancels a build in flight, and waits for the pass
    /// to end, at most `stopWithin`: the databases close right after the
    /// handlers. A pass still waiting then (a statement written as its own
    /// connection closed is never answered) is left behind rather than
    /// holding the server's shutdown for good, as a CI run's test app once was.
    func shutdownAsync(_ app: Application) async {
        guard let run = state.task.withLockedValue({ $0 }) else { return }
        run.cancel()
        let backend = state.pass.withLockedValue {
            $0.stopping = true
            return $0.backend
        }
        if let backend,
            let db = app.databases.database(logger: app.logger, on: app.eventLoopGroup.any())
        {
            _ = try? await db.sql().raw("SELECT pg_cancel_backend(\(bind: backend))").run()
        }
        if await !run.ended(within: Self.stopWithin) {
            app.logger.warning(
                "the big owners' search indexes did not stop within \(Self.stopWithin); shutting down without them"
            )
        }
    }

    static let stopWithin = Duration.seconds(20)
}
