import Foundation
import Lotto
import MaeilAPI
import Vapor
import VocabCore

/// The lotto diary for `maeil lotto`: each method does what the matching `/api/v1/lotto`
/// route does and returns the same type.
extension MaeilInstance {
    /// `GET lotto/draws/{round}`: nil when no source has the round yet.
    public func lottoDraw(round: Int) async throws -> LottoDrawDTO? {
        try await LottoDrawStore(db: app.db, logger: app.logger).draw(round: round).map(
            LottoDrawDTO.init)
    }

    /// What each game (six numbers, any order) gets in the round's draw; nil when the draw
    /// is not known yet.
    public func lottoCheck(round: Int, games: [[Int]]) async throws -> [LottoGameResultDTO]? {
        let checked = try LottoDiary.typedGames(games, mode: .manual)
        guard
            let known = try await LottoDrawStore(db: app.db, logger: app.logger).draw(round: round)
        else { return nil }
        return checked.map { LottoGameResultDTO(LottoRules.result(of: $0, in: known.draw)) }
    }

    /// Fetches the rounds drawn since the shipped history that are not stored yet (nothing
    /// when `MAEIL_LOTTO_FETCH=off`); returns the rounds missing before, and those stored.
    public func lottoSync(progress: @escaping @Sendable (Int, Int) -> Void) async throws -> (
        missing: Int, stored: [Int]
    ) {
        let store = LottoDrawStore(db: app.db, logger: app.logger)
        let latest = DrawSchedule.latestDrawnRound(at: Int64(Date().timeIntervalSince1970))
        let missing = try await store.missingRounds(upTo: latest).count
        let stored = try await app.lottoResults.sync(store: store, progress: progress)
        return (missing, stored.map(\.round))
    }

    /// Whether fetching is on (`MAEIL_LOTTO_FETCH`).
    public var lottoFetchEnabled: Bool { app.lottoResults.fetcher != nil }

    /// `POST lotto/entries`
    public func addLottoEntry(username: String, _ input: LottoEntryInput) async throws
        -> LottoEntryDTO
    {
        let user = try await user(named: username)
        let diary = LottoDiaryService(
            db: app.db, userID: try user.requireID(),
            draws: LottoDrawStore(db: app.db, logger: app.logger), days: days(of: user))
        return LottoEntryDTO(try await diary.add(try LottoEntryDraft(input)))
    }
}
