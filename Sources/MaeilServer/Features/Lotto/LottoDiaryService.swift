import Fluent
import Foundation
import Lotto
import SQLKit
import Vapor
import VocabCore

/// A diary entry as stored: a lotto ticket (round and games) or a speetto purchase.
struct LottoEntry: Sendable, Equatable {
    enum Kind: String, Sendable, CaseIterable {
        case lotto, speetto
    }

    var id: UUID
    var kind: Kind
    var boughtOn: CivilDay
    var round: Int?
    var games: [LottoGame]
    var source: LottoDiary.TicketSource?
    var resultURL: String?
    var speettoType: LottoDiary.SpeettoType?
    var spent: Int64
    var speettoWon: Int64?
    var note: String
    var createdAt: Date
}

/// An entry with what it won: each game's result once its draw is known.
struct LottoOutcome: Sendable {
    enum Status: String, Sendable {
        /// A lotto ticket whose draw result is not known yet.
        case pending
        case settled
        /// A speetto purchase (its winnings are typed, not drawn).
        case recorded
    }

    var entry: LottoEntry
    var draw: KnownDraw?
    var results: [GameResult]

    var status: Status {
        entry.kind == .speetto ? .recorded : draw == nil ? .pending : .settled
    }

    /// Won in all; nil while pending.
    var won: Int64? {
        switch status {
        case .recorded: entry.speettoWon ?? 0
        case .pending: nil
        case .settled: results.reduce(0) { $0 + ($1.prize ?? 0) }
        }
    }

    var bestRank: PrizeRank? { results.compactMap(\.rank).min() }

    var totals: LottoDiary.Totals {
        LottoDiary.Totals(spent: entry.spent, won: won ?? 0, pending: status == .pending ? 1 : 0)
    }
}

/// A new entry, checked and ready to store.
struct LottoEntryDraft: Sendable {
    var kind: LottoEntry.Kind
    var boughtOn: CivilDay?
    var round: Int?
    var games: [LottoGame] = []
    var source: LottoDiary.TicketSource?
    var resultURL: String?
    var serial: TicketSerial?
    var speettoType: LottoDiary.SpeettoType?
    var speettoAmount: Int64 = 0
    var speettoWon: Int64?
    var note: String = ""
}

struct LottoSettings: Sendable, Equatable {
    var nickname: String?
    var monthlyGoal: Int64?
    var reminderMinutes: Int?
}

/// Why a settings change was refused.
enum LottoSettingsProblem: Error, Equatable, Sendable {
    case nickname
    case goal
    case reminder

    var message: String {
        switch self {
        case .nickname:
            "The nickname must be 3 to 10 characters: Hangul, Latin letters or digits."
        case .goal: "The monthly goal must be a whole number of won from 1,000 to 100,000,000,000."
        case .reminder: "The reminder is off, or 10, 30 or 60 minutes before the draw."
        }
    }
}

/// One user's lotto diary: entries, their results from the draws, month sums, settings.
struct LottoDiaryService: Sendable {
    let db: any Database
    let userID: UUID
    let draws: LottoDrawStore
    let days: DayFormatter

    // MARK: Entries

    /// Stores a checked draft; a ticket already in the diary (same serial) is refused.
    func add(_ draft: LottoEntryDraft, now: Date = Date()) async throws -> LottoOutcome {
        let onSale = DrawSchedule.roundOnSale(at: Int64(now.timeIntervalSince1970))
        if let round = draft.round { try LottoDiary.checkRound(round, onSale: onSale) }
        try LottoDiary.checkNote(draft.note)
        let digest = draft.serial.map { serialDigest($0) }
        if let digest, try await hasTicket(serialDigest: digest) {
            throw LottoDiary.EntryProblem.duplicateTicket
        }
        let spent: Int64 =
            switch draft.kind {
            case .lotto:
                Int64(draft.games.count) * LottoRules.gamePrice(round: draft.round ?? onSale)
            case .speetto: draft.speettoAmount
            }
        let entry = LottoEntry(
            id: UUID(), kind: draft.kind,
            boughtOn: draft.boughtOn ?? defaultDay(round: draft.round, now: now),
            round: draft.round, games: draft.games, source: draft.source,
            resultURL: draft.resultURL, speettoType: draft.speettoType, spent: spent,
            speettoWon: draft.speettoWon, note: draft.note, createdAt: now)
        // Read before the insert: an error after it would have a client that
        // tries again store the ticket twice.
        let outcome = try await outcomes([entry])[0]
        try await db.sql().insert(into: "lotto_entries")
            .columns(
                "id", "user_id", "kind", "bought_on", "round", "games", "source", "result_url",
                "serial_digest", "speetto_type", "spent", "speetto_won", "note", "created_at"
            )
            .values(
                SQLBind(entry.id), SQLBind(userID), SQLBind(entry.kind.rawValue),
                SQLBind(entry.boughtOn.description), SQLBind(entry.round),
                SQLBind(try gamesJSON(entry.games)), SQLBind(entry.source?.rawValue),
                SQLBind(entry.resultURL), SQLBind(digest), SQLBind(entry.speettoType?.rawValue),
                SQLBind(entry.spent), SQLBind(entry.speettoWon), SQLBind(entry.note),
                SQLBind(entry.createdAt)
            )
            .run()
        return outcome
    }

    /// A ticket bought for a round already drawn was bought by its draw day at the latest;
    /// one for the round on sale, today.
    func defaultDay(round: Int?, now: Date) -> CivilDay {
        let today = days.day(of: now)
        guard let round, round < DrawSchedule.roundOnSale(at: Int64(now.timeIntervalSince1970)),
            let drawDay = CivilDay(DrawSchedule.date(ofRound: round))
        else { return today }
        return min(today, drawDay)
    }

    func entry(_ id: UUID) async throws -> LottoOutcome? {
        let rows = try await selectEntries().where("id", .equal, id).all()
        return try await outcomes(rows.map(decodeEntry)).first
    }

    /// Entries bought from `first` to `last`, newest day first.
    func entries(from first: CivilDay, to last: CivilDay) async throws -> [LottoOutcome] {
        let rows = try await selectEntries()
            .where("bought_on", .greaterThanOrEqual, first.description)
            .where("bought_on", .lessThanOrEqual, last.description)
            .orderBy("bought_on", .descending).orderBy("created_at", .descending).all()
        return try await outcomes(rows.map(decodeEntry))
    }

    /// Every entry, newest first (lifetime totals, the list of wins).
    func allEntries() async throws -> [LottoOutcome] {
        let rows = try await selectEntries()
            .orderBy("bought_on", .descending).orderBy("created_at", .descending).all()
        return try await outcomes(rows.map(decodeEntry))
    }

    /// Each month's sums of the year, January first (twelve, empty months included).
    func monthlyTotals(year: Int) async throws -> [LottoDiary.Totals] {
        var months = Array(repeating: LottoDiary.Totals(), count: 12)
        guard let first = CivilDay(year: year, month: 1, day: 1),
            let last = CivilDay(year: year, month: 12, day: 31)
        else { return months }
        for outcome in try await entries(from: first, to: last) {
            months[outcome.entry.boughtOn.month - 1] =
                months[outcome.entry.boughtOn.month - 1]
                + outcome.totals
        }
        return months
    }

    /// False when the user has no such entry.
    func delete(_ id: UUID) async throws -> Bool {
        guard try await entry(id) != nil else { return false }
        try await db.sql().delete(from: "lotto_entries").where("id", .equal, id)
            .where("user_id", .equal, userID).run()
        return true
    }

    /// The entries with their draws (the user's typed draws fill rounds nobody has).
    func outcomes(_ entries: [LottoEntry]) async throws -> [LottoOutcome] {
        let rounds = Set(entries.compactMap(\.round))
        let known = try await draws.draws(rounds: rounds, userID: userID)
        return entries.map { entry in
            let draw = entry.round.flatMap { known[$0] }
            return LottoOutcome(
                entry: entry, draw: draw,
                results: draw.map { draw in
                    entry.games.map { LottoRules.result(of: $0, in: draw.draw) }
                } ?? [])
        }
    }

    func serialDigest(_ serial: TicketSerial) -> String {
        SecretDigest.sha256Hex("maeil-lotto:\(userID):\(serial.digits)")
    }

    private func hasTicket(serialDigest digest: String) async throws -> Bool {
        try await db.sql().select().column("id").from("lotto_entries")
            .where("user_id", .equal, userID).where("serial_digest", .equal, digest)
            .first() != nil
    }

    func selectEntries() throws -> SQLSelectBuilder {
        try db.sql().select()
            .columns(
                "id", "kind", "bought_on", "round", "games", "source", "result_url",
                "speetto_type", "spent", "speetto_won", "note", "created_at"
            )
            .from("lotto_entries").where("user_id", .equal, userID)
    }

    private func gamesJSON(_ games: [LottoGame]) throws -> String {
        String(decoding: try JSONEncoder().encode(games), as: UTF8.self)
    }

    func decodeEntry(_ row: any SQLRow) throws -> LottoEntry {
        let day = try row.decode(column: "bought_on", as: String.self)
        return LottoEntry(
            id: try row.decode(column: "id", as: UUID.self),
            kind: LottoEntry.Kind(rawValue: try row.decode(column: "kind", as: String.self))
                ?? .lotto,
            boughtOn: CivilDay(day) ?? .first,
            round: try row.decode(column: "round", as: Int?.self),
            games: try JSONDecoder().decode(
                [LottoGame].self,
                from: Data(try row.decode(column: "games", as: String.self).utf8)),
            source: try row.decode(column: "source", as: String?.self).flatMap(
                LottoDiary.TicketSource.init(rawValue:)),
            resultURL: try row.decode(column: "result_url", as: String?.self),
            speettoType: try row.decode(column: "speetto_type", as: Int?.self).flatMap(
                LottoDiary.SpeettoType.init(rawValue:)),
            spent: try row.decode(column: "spent", as: Int64.self),
            speettoWon: try row.decode(column: "speetto_won", as: Int64?.self),
            note: try row.decode(column: "note", as: String.self),
            createdAt: try row.decode(column: "created_at", as: Date.self))
    }

    // MARK: Settings

    func settings() async throws -> LottoSettings {
        guard
            let row = try await db.sql().select()
                .columns("nickname", "monthly_goal", "reminder_minutes")
                .from("lotto_settings").where("user_id", .equal, userID).first()
        else { return LottoSettings() }
        return LottoSettings(
            nickname: try row.decode(column: "nickname", as: String?.self),
            monthlyGoal: try row.decode(column: "monthly_goal", as: Int64?.self),
            reminderMinutes: try row.decode(column: "reminder_minutes", as: Int?.self))
    }

    /// Checks and stores the settings whole.
    func save(_ settings: LottoSettings) async throws {
        if let nickname = settings.nickname, !LottoDiary.isValidNickname(nickname) {
            throw LottoSettingsProblem.nickname
        }
        if let goal = settings.monthlyGoal, !LottoDiary.goalRange.contains(goal) {
            throw LottoSettingsProblem.goal
        }
        if let minutes = settings.reminderMinutes, !LottoDiary.reminderChoices.contains(minutes) {
            throw LottoSettingsProblem.reminder
        }
        try await db.sql().insert(into: "lotto_settings")
            .columns("user_id", "nickname", "monthly_goal", "reminder_minutes")
            .values(
                SQLBind(userID), SQLBind(settings.nickname), SQLBind(settings.monthlyGoal),
                SQLBind(settings.reminderMinutes)
            )
            .onConflict(with: ["user_id"]) {
                $0.set(excludedValueOf: "nickname").set(excludedValueOf: "monthly_goal")
                    .set(excludedValueOf: "reminder_minutes")
            }
            .run()
    }
}

// MARK: The calendar feed

extension LottoDiaryService {
    /// A new secret address for the user's calendar feed; the previous one stops working.
    /// Only a digest is stored, so the address is shown once.
    func newFeedToken() async throws -> String {
        let token = [UInt8].random(count: 24).hex
        try await ensureSettingsRow()
        try await db.sql().update("lotto_settings")
            .set("calendar_token_digest", to: SecretDigest.sha256Hex(token))
            .where("user_id", .equal, userID).run()
        return token
    }

    func revokeFeed() async throws {
        try await db.sql().update("lotto_settings").set(
            "calendar_token_digest", to: SQLLiteral.null
        )
        .where("user_id", .equal, userID).run()
    }

    func hasFeed() async throws -> Bool {
        try await db.sql().select().column("user_id").from("lotto_settings")
            .where("user_id", .equal, userID).where(
                "calendar_token_digest", .isNot, SQLLiteral.null
            )
            .first() != nil
    }

    /// The feed's address for a secret, in the language its events are written in.
    static func feedAddress(token: String, lang: UILanguage, origin: String) -> String {
        origin + "/lotto/feed/" + token + ".ics?lang=" + lang.rawValue
    }

    /// The owner of a feed address, or nil for an unknown or revoked one.
    static func feedOwner(token: String, db: any Database) async throws -> UUID? {
        guard token.count == 48, token.allSatisfy(\.isHexDigit) else { return nil }
        return try await db.sql().select().column("user_id").from("lotto_settings")
            .where("calendar_token_digest", .equal, SecretDigest.sha256Hex(token)).first()?
            .decode(column: "user_id", as: UUID.self)
    }

    /// The tickets still waiting for their draw: the feed's "results are out" events.
    func pendingTickets() async throws -> [LottoOutcome] {
        let rows = try await selectEntries()
            .where("round", .greaterThanOrEqual, LottoHistory.lastRound + 1)
            .orderBy("round").all()
        return try await outcomes(rows.map(decodeEntry)).filter { $0.status == .pending }
    }

    private func ensureSettingsRow() async throws {
        try await db.sql().insert(into: "lotto_settings").columns("user_id")
            .values(SQLBind(userID)).ignoringConflicts().run()
    }
}

extension Request {
    func lottoDiary() throws -> LottoDiaryService {
        LottoDiaryService(
            db: db, userID: try requireUserID(), draws: lottoDraws(),
            days: days)
    }
}
