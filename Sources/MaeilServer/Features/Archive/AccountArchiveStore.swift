import Fluent
import Foundation
import MaeilAPI
import SQLKit

/// The parts of an account the archive carries that have no store of their own to
/// read or write them in bulk: book limits, mistake notes, saved games, the lotto
/// diary. Every statement is scoped to `userID`.
struct AccountArchiveStore: Sendable {
    let db: any Database
    let userID: UUID

    func bookLimits() async throws -> [UUID: (newPerDay: Int?, reviewsPerDay: Int?)] {
        var limits: [UUID: (newPerDay: Int?, reviewsPerDay: Int?)] = [:]
        for row in try await db.sql().raw(
            """
            SELECT book_id, new_per_day, reviews_per_day FROM book_study_limits
            WHERE user_id = \(bind: userID)
            """
        ).all() {
            limits[try row.decode(column: "book_id", as: UUID.self)] = (
                try row.decode(column: "new_per_day", as: Int?.self),
                try row.decode(column: "reviews_per_day", as: Int?.self)
            )
        }
        return limits
    }

    func setBookLimits(_ bookID: UUID, newPerDay: Int?, reviewsPerDay: Int?) async throws {
        guard newPerDay != nil || reviewsPerDay != nil else { return }
        try await db.sql().raw(
            """
            INSERT INTO book_study_limits (book_id, user_id, new_per_day, reviews_per_day)
            VALUES (\(bind: bookID), \(bind: userID), \(bind: newPerDay), \(bind: reviewsPerDay))
            """
        ).run()
    }

    func mistakes() async throws -> [AccountArchiveDTO.Mistake] {
        try await db.sql().raw(
            """
            SELECT word_id, source, count, last_at FROM mistakes WHERE user_id = \(bind: userID)
            ORDER BY last_at, word_id, source
            """
        ).all().map { row in
            AccountArchiveDTO.Mistake(
                wordID: try row.decode(column: "word_id", as: UUID.self),
                source: try row.decode(column: "source", as: String.self),
                count: try row.decode(column: "count", as: Int.self),
                lastAt: try row.decode(column: "last_at", as: Date.self))
        }
    }

    func addMistakes(_ mistakes: [(wordID: UUID, mistake: AccountArchiveDTO.Mistake)])
        async throws
    {
        for (wordID, mistake) in mistakes {
            try await db.sql().raw(
                """
                INSERT INTO mistakes (user_id, word_id, source, count, last_at)
                VALUES (\(bind: userID), \(bind: wordID), \(bind: mistake.source),
                  \(bind: mistake.count), \(bind: mistake.lastAt))
                """
            ).run()
        }
    }

    func games() async throws -> [AccountArchiveDTO.Game] {
        try await db.sql().raw(
            """
            SELECT id, kind, book_id, state, score, total, finished, started_at, finished_at, played_on
            FROM game_sessions WHERE user_id = \(bind: userID) ORDER BY started_at, id
            """
        ).all().map { row in
            AccountArchiveDTO.Game(
                id: try row.decode(column: "id", as: UUID.self),
                kind: try row.decode(column: "kind", as: String.self),
                bookID: try row.decode(column: "book_id", as: UUID?.self),
                state: try row.decode(column: "state", as: String.self),
                score: try row.decode(column: "score", as: Int.self),
                total: try row.decode(column: "total", as: Int.self),
                finished: try row.decode(column: "finished", as: Bool.self),
                startedAt: try row.decode(column: "started_at", as: Date.self),
                finishedAt: try row.decode(column: "finished_at", as: Date?.self),
                playedOn: try row.decode(column: "played_on", as: String.self))
        }
    }

    func addGame(_ game: AccountArchiveDTO.Game) async throws {
        try await db.sql().raw(
            """
            INSERT INTO game_sessions (id, user_id, kind, book_id, state, score, total, finished,
              started_at, finished_at, played_on)
            VALUES (\(bind: game.id), \(bind: userID), \(bind: game.kind), \(bind: game.bookID),
              \(bind: game.state), \(bind: game.score), \(bind: game.total), \(bind: game.finished),
              \(bind: game.startedAt), \(bind: game.finishedAt), \(bind: game.playedOn))
            """
        ).run()
    }

    func lotto() async throws -> AccountArchiveDTO.Lotto {
        let sql = try db.sql()
        let settings = try await sql.raw(
            """
            SELECT nickname, monthly_goal, reminder_minutes FROM lotto_settings
            WHERE user_id = \(bind: userID)
            """
        ).first()
        let entries = try await sql.raw(
            """
            SELECT kind, bought_on, round, games, source, result_url, serial_digest, speetto_type,
              spent, speetto_won, note, created_at
            FROM lotto_entries WHERE user_id = \(bind: userID) ORDER BY created_at, id
            """
        ).all().map { row in
            AccountArchiveDTO.LottoEntry(
                kind: try row.decode(column: "kind", as: String.self),
                boughtOn: try row.decode(column: "bought_on", as: String.self),
                round: try row.decode(column: "round", as: Int?.self),
                games: try row.decode(column: "games", as: String.self),
                source: try row.decode(column: "source", as: String?.self),
                resultURL: try row.decode(column: "result_url", as: String?.self),
                serialDigest: try row.decode(column: "serial_digest", as: String?.self),
                speettoType: try row.decode(column: "speetto_type", as: Int?.self),
                spent: try row.decode(column: "spent", as: Int.self),
                speettoWon: try row.decode(column: "speetto_won", as: Int?.self),
                note: try row.decode(column: "note", as: String.self),
                createdAt: try row.decode(column: "created_at", as: Date.self))
        }
        let draws = try await sql.raw(
            """
            SELECT round, draw FROM lotto_manual_draws WHERE user_id = \(bind: userID) ORDER BY round
            """
        ).all().map { row in
            AccountArchiveDTO.ManualDraw(
                round: try row.decode(column: "round", as: Int.self),
                draw: try row.decode(column: "draw", as: String.self))
        }
        return AccountArchiveDTO.Lotto(
            nickname: try settings?.decode(column: "nickname", as: String?.self),
            monthlyGoal: try settings?.decode(column: "monthly_goal", as: Int?.self),
            reminderMinutes: try settings?.decode(column: "reminder_minutes", as: Int?.self),
            entries: entries, manualDraws: draws)
    }

    /// The diary's entries (a ticket the account has already, by its serial, is kept
    /// once), its settings when the account has none, and typed draws it lacks.
    /// Returns how many entries were added.
    func addLotto(_ lotto: AccountArchiveDTO.Lotto) async throws -> Int {
        let sql = try db.sql()
        var added = 0
        for entry in lotto.entries {
            let rows = try await sql.raw(
                """
                INSERT INTO lotto_entries (id, user_id, kind, bought_on, round, games, source, result_url,
                  serial_digest, speetto_type, spent, speetto_won, note, created_at)
                VALUES (\(bind: UUID()), \(bind: userID), \(bind: entry.kind), \(bind: entry.boughtOn),
                  \(bind: entry.round), \(bind: entry.games), \(bind: entry.source), \(bind: entry.resultURL),
                  \(bind: entry.serialDigest), \(bind: entry.speettoType), \(bind: entry.spent),
                  \(bind: entry.speettoWon), \(bind: entry.note), \(bind: entry.createdAt))
                ON CONFLICT (user_id, serial_digest) DO NOTHING
                RETURNING id
                """
            ).all()
            added += rows.count
        }
        if lotto.nickname != nil || lotto.monthlyGoal != nil || lotto.reminderMinutes != nil {
            try await sql.raw(
                """
                INSERT INTO lotto_settings (user_id, nickname, monthly_goal, reminder_minutes)
                VALUES (\(bind: userID), \(bind: lotto.nickname), \(bind: lotto.monthlyGoal),
                  \(bind: lotto.reminderMinutes))
                ON CONFLICT (user_id) DO NOTHING
                """
            ).run()
        }
        for draw in lotto.manualDraws {
            try await sql.raw(
                """
                INSERT INTO lotto_manual_draws (user_id, round, draw)
                VALUES (\(bind: userID), \(bind: draw.round), \(bind: draw.draw))
                ON CONFLICT (user_id, round) DO NOTHING
                """
            ).run()
        }
        return added
    }
}
