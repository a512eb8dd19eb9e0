import Fluent
import Foundation
import Lotto
import SQLKit
import Vapor

/// Where a draw's result came from.
enum DrawOrigin: String, Sendable, CaseIterable {
    /// Shipped with the app (`Resources/Lotto/draws.json`).
    case history
    /// The lottery's own result JSON.
    case official
    /// The public mirror.
    case mirror
    /// Typed in by the user for their own tickets.
    case manual
}

struct KnownDraw: Sendable, Equatable {
    var draw: LottoDraw
    var origin: DrawOrigin
}

/// The shipped history of draws (rounds 1–1238), read once on first use.
enum LottoHistory {
    private static let loaded: Result<[LottoDraw], any Error> = Result {
        let draws = try JSONDecoder().decode(
            [LottoDraw].self, from: MaeilResources.data("Lotto/draws.json"))
        guard draws.enumerated().allSatisfy({ $0.offset + 1 == $0.element.round }) else {
            throw HistoryError.gap
        }
        return draws
    }

    enum HistoryError: Error { case gap }

    static func draws() throws -> [LottoDraw] { try loaded.get() }

    static func draw(round: Int) throws -> LottoDraw? {
        let draws = try draws()
        return draws.indices.contains(round - 1) ? draws[round - 1] : nil
    }

    static var lastRound: Int { (try? draws().count) ?? 0 }
}

/// Draw results: the shipped history, the draws fetched since (shared by every user, as
/// public facts) and the winning numbers a user typed for a round nobody had yet (that
/// user's only). A stored draw is never fetched again.
struct LottoDrawStore: Sendable {
    let db: any Database
    let logger: Logger

    /// The draws of `rounds` that are known to everyone.
    func draws(rounds: Set<Int>) async throws -> [Int: KnownDraw] {
        var found: [Int: KnownDraw] = [:]
        var later: [Int] = []
        for round in rounds {
            if let draw = try LottoHistory.draw(round: round) {
                found[round] = KnownDraw(draw: draw, origin: .history)
            } else if round > 0 {
                later.append(round)
            }
        }
        guard !later.isEmpty else { return found }
        let rows = try await db.sql().select().columns("round", "draw", "source")
            .from("lotto_draws").where("round", .in, later).all()
        for row in rows {
            let stored = try decodeRow(row)
            found[stored.draw.round] = stored
        }
        return found
    }

    func draw(round: Int) async throws -> KnownDraw? {
        try await draws(rounds: [round])[round]
    }

    /// The same, with the user's own typed draws filling rounds nobody else has.
    func draws(rounds: Set<Int>, userID: UUID) async throws -> [Int: KnownDraw] {
        var found = try await draws(rounds: rounds)
        let missing = rounds.subtracting(found.keys)
        guard !missing.isEmpty else { return found }
        let rows = try await db.sql().select().columns("round", "draw")
            .from("lotto_manual_draws").where("user_id", .equal, userID)
            .where("round", .in, Array(missing)).all()
        for row in rows {
            let draw = try JSONDecoder().decode(
                LottoDraw.self, from: Data(try row.decode(column: "draw", as: String.self).utf8))
            found[draw.round] = KnownDraw(draw: draw, origin: .manual)
        }
        return found
    }

    /// Stores a fetched draw. A round already stored keeps its draw, unless the official
    /// source now says otherwise; a disagreement is logged either way.
    func save(_ draw: LottoDraw, origin: DrawOrigin) async throws {
        guard draw.problem == nil, try LottoHistory.draw(round: draw.round) == nil else { return }
        let json = String(decoding: try JSONEncoder().encode(draw), as: UTF8.self)
        if let existing = try await draws(rounds: [draw.round])[draw.round] {
            guard existing.draw != draw else { return }
            logger.warning(
                "lotto: \(origin.rawValue) and \(existing.origin.rawValue) disagree on round \(draw.round)"
            )
            guard origin == .official, existing.origin != .official else { return }
            try await db.sql().update("lotto_draws").set("draw", to: json)
                .set("source", to: origin.rawValue).where("round", .equal, draw.round).run()
            return
        }
        try await db.sql().insert(into: "lotto_draws")
            .columns("round", "draw", "source", "stored_at")
            .values(
                SQLBind(draw.round), SQLBind(json), SQLBind(origin.rawValue), SQLBind(Date())
            )
            .ignoringConflicts()
            .run()
    }

    /// Winning numbers a user typed for a drawn round no source has yet: used for that
    /// user's tickets only, until a source gives the round. Prizes of 1st–3rd stay unknown.
    func saveManual(round: Int, numbers: [Int], bonus: Int, userID: UUID, now: Date = Date())
        async throws
    {
        let latest = DrawSchedule.latestDrawnRound(at: Int64(now.timeIntervalSince1970))
        guard round >= 1, round <= latest else { throw ManualDrawProblem.notDrawnYet(round) }
        guard try await draw(round: round) == nil else { throw ManualDrawProblem.known(round) }
        let draw = LottoDraw(
            round: round, date: DrawSchedule.date(ofRound: round), numbers: numbers.sorted(),
            bonus: bonus, divisions: Array(repeating: nil, count: PrizeRank.allCases.count),
            totalSales: nil)
        if let problem = draw.problem { throw ManualDrawProblem.numbers(problem) }
        let json = String(decoding: try JSONEncoder().encode(draw), as: UTF8.self)
        try await db.sql().insert(into: "lotto_manual_draws").columns("user_id", "round", "draw")
            .values(SQLBind(userID), SQLBind(round), SQLBind(json))
            .onConflict(with: ["user_id", "round"]) { $0.set(excludedValueOf: "draw") }
            .run()
    }

    /// Rounds after the shipped history, up to `latest`, that no source has given yet.
    func missingRounds(upTo latest: Int) async throws -> [Int] {
        let first = LottoHistory.lastRound + 1
        guard latest >= first else { return [] }
        let stored = try await db.sql().select().column("round").from("lotto_draws")
            .where("round", .greaterThanOrEqual, first).all()
            .map { try $0.decode(column: "round", as: Int.self) }
        return Array(Set(first...latest).subtracting(stored)).sorted()
    }

    private func decodeRow(_ row: any SQLRow) throws -> KnownDraw {
        let draw = try JSONDecoder().decode(
            LottoDraw.self, from: Data(try row.decode(column: "draw", as: String.self).utf8))
        let origin = DrawOrigin(rawValue: try row.decode(column: "source", as: String.self))
        return KnownDraw(draw: draw, origin: origin ?? .mirror)
    }
}

/// Why typed winning numbers were refused.
enum ManualDrawProblem: Error, Equatable, Sendable {
    case notDrawnYet(Int)
    /// The round's result is known already: typed numbers are not needed.
    case known(Int)
    case numbers(DrawProblem)

    var message: String {
        switch self {
        case .notDrawnYet(let round): "Round \(round) has not been drawn yet."
        case .known(let round): "Round \(round)'s result is already known."
        case .numbers(let problem):
            switch problem {
            case .numberCount(let count): "A draw has six numbers, not \(count)."
            case .numberOutOfRange(let number): "\(number) is not a number from 1 to 45."
            default: "The six numbers and the bonus must all be different."
            }
        }
    }
}

extension Request {
    func lottoDraws() -> LottoDrawStore {
        LottoDrawStore(db: db, logger: logger)
    }
}
