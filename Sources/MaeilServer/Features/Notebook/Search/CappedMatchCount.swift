import Foundation
import SQLKit

/// PostgreSQL: a search's matches counted up to the cap by reading the
/// owner's words in order, where that is cheaper than the trigram index.
///
/// - The trigram index (GIN) lists every match before the first can be
///   counted, about 0.3 µs a match: EDICT's "ing" is in 58,612 of 267,379
///   words, 20 ms to list for a count that stops at 1,000.
/// - The owner's words read in order (`created_at, id`, an index of each)
///   stop at the cap, about 1 µs a word read: "ing" after 4,400 words, 4.6 ms.
///
/// PostgreSQL cannot choose between them: it takes the LIKE to be as common
/// in one user's words as in everyone's (beside two other users' 400,000
/// Korean words it expected 16,143 of EDICT's words to hold "ing"), and
/// searches run without sequential scans (`PostgresSearchPool`). So a probe
/// reads the owner's first `probeRows` words (0.1 ms) for the share `f`
/// that matches, and the words are read in order only where that is
/// cheaper for the `n` words searched: `0.3 · f · n` against `1 · cap / f`.
/// The ordered read gives up after `budgetRows` words, and the index then
/// counts, so a first stretch of words unlike the rest costs at most that
/// read. Counts and pages are the same either way; only the work differs.
///
/// The probe and the ordered read are statements of their own, kept
/// prepared: their plans are the same whatever the query, and planned with
/// each search they cost more than the probe saved all but the broadest
/// needles (folded into the statement that counts through the index, 1 ms
/// more planning for every such search).
struct CappedMatchCount {
    /// Words read to estimate the share of matches.
    static let probeRows = 100
    /// Words the ordered read gives up after.
    static let budgetRows = 10_000
    /// The ordered read's cost of a word against the index's cost of a match.
    static let costRatio = 3.5

    /// `words w` conditions (the owner's first), the search's ` AND …`, and the cap.
    let filter: SQLQueryString
    let condition: SQLQueryString
    let cap: Int
    /// How many words `filter` leaves at most, as the books count them (the
    /// owner's, or the book's): too few, and nothing is probed.
    let words: Int

    /// What each step found: the probe's matches (nil where the words are
    /// too few to probe) and the ordered read's (nil where it was not taken).
    struct Steps: Equatable {
        var probe: Int?
        var inOrder: Int?
    }

    /// The cap when reading in order reached it; nil where the trigram
    /// index should count.
    func countedInOrder(on sql: any SQLDatabase) async throws -> Int? {
        try await steps(on: sql).inOrder.flatMap { $0 >= cap ? $0 : nil }
    }

    func steps(on sql: any SQLDatabase) async throws -> Steps {
        var steps = Steps()
        guard Double(words) > Self.costRatio * Double(cap) else { return steps }
        let kept = sql.keepingStatementsPrepared()
        // The LIKEs are an aggregate's FILTER here and a column in the
        // ordered read, which PostgreSQL does not weigh: the plans stay the
        // same for any query (as a WHERE, 0.2-0.4 ms of estimates for each plan).
        let hits =
            try await kept.raw(
                """
                SELECT COUNT(*) FILTER (WHERE TRUE\(condition)) AS hits FROM \(inOrder(Self.probeRows))
                """
            ).first()?.decode(column: "hits", as: Int.self) ?? 0
        steps.probe = hits
        guard Self.readsInOrder(hits: hits, words: words, cap: cap) else { return steps }
        let found = try await kept.raw(
            """
            SELECT COUNT(*) AS hits FROM (SELECT 1 FROM (
              SELECT CASE WHEN TRUE\(condition) THEN 1 END AS hit FROM \(inOrder(Self.budgetRows))
            ) read WHERE read.hit IS NOT NULL LIMIT \(literal: cap)) matches
            """
        ).first()
        steps.inOrder = try found?.decode(column: "hits", as: Int.self) ?? 0
        return steps
    }

    /// Whether reading `words` words in order costs less than listing the
    /// matches through the index, for `hits` of the first `probeRows`: the
    /// share f where f² · n > costRatio · cap, and whose cap the ordered
    /// read should reach within three quarters of its budget.
    static func readsInOrder(hits: Int, words: Int, cap: Int) -> Bool {
        let share = Double(hits) / Double(probeRows)
        return share * share * Double(words) > costRatio * Double(cap)
            && Double(cap) <= 0.75 * Double(budgetRows) * share
    }

    /// `(…) w`: the first `rows` words of `filter`, oldest first.
    private func inOrder(_ rows: Int) -> SQLQueryString {
        "(SELECT w.* FROM words w WHERE \(filter) ORDER BY w.created_at, w.id LIMIT \(literal: rows)) w"
    }
}
