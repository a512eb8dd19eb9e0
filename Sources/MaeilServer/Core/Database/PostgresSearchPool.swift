import FluentKit
import PostgresKit
import Vapor

/// PostgreSQL: the pool a search's statements run on, whose connections plan
/// without sequential scans (`enable_seqscan = off`, sent when each connects)
/// and for any values (`plan_cache_mode = force_generic_plan`).
///
/// PostgreSQL weighs a search's LIMIT against its guess of how many words
/// match, and for a guess of thousands reads every word rather than the
/// trigram index (a match count of "STU" among 300,000 words: 335 ms, 326
/// matches). Set for each search instead (`SET LOCAL` in a transaction), the
/// setting cost three more round trips (BEGIN, SET, COMMIT): 0.6 ms of the
/// 7.5 ms median of Anki's search mix on EDICT. The other statements keep the
/// planner's full choice, so they are on a pool of their own.
///
/// A plan for any values is what lets a search's statement be kept prepared
/// (`keepingStatementsPrepared`) and planned once: PostgreSQL otherwise
/// plans again for each query's patterns, its estimates of them no better
/// than a guess here (a LIKE within one user's words, see
/// `CappedMatchCount`), and planning took 1 ms of the 7 ms median of Anki's
/// search mix (EDICT, three users). The statements that stay unprepared
/// skip those estimates too: each LIKE matched against a histogram of 100
/// keys, 0.2-0.4 ms of a statement's planning. Measured against the same
/// build without it, interleaved: the mix's p50 6.72 -> 6.36 ms, the Korean
/// kinds' 8.25 -> 7.15 ms with none slower, and the same pages.
enum PostgresSearchPool {
    static let id = DatabaseID(string: "psql-search")
    /// Half the main pool's four: a search keeps PostgreSQL's core busy for
    /// its whole statement, and a process opens these beside the main pool's
    /// (against PostgreSQL's `max_connections`, 100 by default).
    static let connectionsPerEventLoop = 2

    /// The search pool's connections: `main`'s, planning without sequential scans.
    static func configuration(from main: SQLPostgresConfiguration) -> SQLPostgresConfiguration {
        var search = main
        search.coreConfiguration.options.additionalStartupParameters.append(
            ("enable_seqscan", "off"))
        search.coreConfiguration.options.additionalStartupParameters.append(
            ("plan_cache_mode", "force_generic_plan"))
        return search
    }
}

extension Request {
    /// Where a search runs on PostgreSQL (`PostgresSearchPool`); nil on SQLite.
    var searchDatabase: (any Database)? {
        application.databases.configuration(for: PostgresSearchPool.id) == nil
            ? nil : db(PostgresSearchPool.id)
    }
}
