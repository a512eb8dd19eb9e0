import FluentKit
import PostgresKit
import SQLKit
import Vapor

/// PostgreSQL: the pool a search's statements run on, whose connections plan
/// with `plannerSettings`, sent when each connects.
///
/// PostgreSQL weighs a search's LIMIT against its guess of how many words
/// match, and for a guess of thousands reads every word rather than the
/// trigram index (a match count of "STU" among 300,000 words: 335 ms, 326
/// matches). Set for each search instead (`SET LOCAL` in a transaction), the
/// setting cost three more round trips (BEGIN, SET, COMMIT): 0.6 ms of the
/// 7.5 ms median of Anki's search mix on EDICT. The other statements keep the
/// planner's full choice, so they are on a pool of their own.
enum PostgresSearchPool {
    static let id = DatabaseID(string: "psql-search")
    /// Half the main pool's four: a search keeps PostgreSQL's core busy for
    /// its whole statement, and a process opens these beside the main pool's
    /// (against PostgreSQL's `max_connections`, 100 by default).
    static let connectionsPerEventLoop = 2

    /// How a search's statements are planned.
    ///
    /// - No sequential scans (above).
    /// - A page read at random costs 1.1 sequential ones, not 4: the words a
    ///   search reads are in memory. At 4 the planner thought the trigram
    ///   index cheap for any guess, and for a match count of a trigram in
    ///   every fifth word ("*ing", 58,612 of EDICT's 267,379) built a bitmap
    ///   of all of them (13 ms) where walking the user's words in an index's
    ///   order meets its thousand in 4,300 (2.7 ms). At 1.1 a guess of 8% of
    ///   the user's words still reads the index and one of 14% walks: of the
    ///   554 statements of Anki's mix and 300 Korean queries, that count
    ///   alone changed its plan.
    static let plannerSettings = [("enable_seqscan", "off"), ("random_page_cost", "1.1")]

    /// The search pool's connections: `main`'s, planning with `plannerSettings`.
    static func configuration(from main: SQLPostgresConfiguration) -> SQLPostgresConfiguration {
        var search = main
        search.coreConfiguration.options.additionalStartupParameters += plannerSettings
        return search
    }

    /// One statement that sets `plannerSettings` for the rest of a
    /// transaction (a search in one already open).
    static let setForTransaction: SQLQueryString = SQLQueryString(
        "SELECT "
            + plannerSettings.map { "set_config('\($0.0)', '\($0.1)', true)" }
            .joined(separator: ", "))
}

extension Request {
    /// Where a search runs on PostgreSQL (`PostgresSearchPool`); nil on SQLite.
    var searchDatabase: (any Database)? {
        application.databases.configuration(for: PostgresSearchPool.id) == nil
            ? nil : db(PostgresSearchPool.id)
    }
}
