import FSRS
import Fluent
import Foundation
import SQLKit
import VocabCore

/// A user's scheduler parameters and daily limits.
struct StudySettings: Sendable, Equatable {
    var parameters: SchedulerParameters
    var limits: StudyLimits
    /// Whether the new cards of memorized words are studied too.
    var memorizedInNew = false
    /// Whether a review card speaks its term when the term shows.
    var speakTerms = false

    static let defaults = StudySettings(
        parameters: SchedulerParameters(enableFuzzing: true), limits: StudyLimits())

    /// Nil when the settings can be used, else a clear message.
    var problem: String? {
        if let problem = limits.problem { return problem }
        do { _ = try parameters.validated() } catch { return error.description }
        return nil
    }
}

/// Reads and writes `study_settings`; a user without a row has the defaults.
struct StudySettingsStore: Sendable, ReadsInline {
    let db: any Database
    let userID: UUID
    /// Where `get` reads when not in a transaction (`Request.inlineReads`).
    var reads: (any SQLDatabase)? = nil

    func get() async throws -> StudySettings {
        guard
            let row = try await keptReader().raw(
                """
                SELECT desired_retention, weights, new_per_day, reviews_per_day, maximum_interval, fuzz,
                  memorized_new, speak_terms
                FROM study_settings WHERE user_id = \(bind: userID)
                """
            ).first()
        else { return .defaults }
        var settings = StudySettings.defaults
        settings.parameters.desiredRetention = try row.decode(
            column: "desired_retention", as: Double.self)
        let weights = try row.decode(column: "weights", as: String.self)
        if let custom = try? JSONDecoder().decode([Double].self, from: Data(weights.utf8)) {
            settings.parameters.weights = custom
        }
        settings.parameters.maximumInterval = try row.decode(
            column: "maximum_interval", as: Int.self)
        settings.parameters.enableFuzzing = try row.decode(column: "fuzz", as: Bool.self)
        settings.memorizedInNew = try row.decode(column: "memorized_new", as: Bool.self)
        settings.speakTerms = try row.decode(column: "speak_terms", as: Bool.self)
        settings.limits = StudyLimits(
            newPerDay: try row.decode(column: "new_per_day", as: Int.self),
            reviewsPerDay: try row.decode(column: "reviews_per_day", as: Int.self))
        return settings
    }

    func put(_ settings: StudySettings) async throws {
        if let problem = settings.problem { throw AppError.invalid(problem) }
        let weights =
            settings.parameters.weights == SchedulerParameters.defaultWeights
            ? "" : WordRow.json(settings.parameters.weights)
        let userID = userID
        try await db.writeTransaction { tx in
            let sql = try tx.sql()
            try await sql.raw("DELETE FROM study_settings WHERE user_id = \(bind: userID)").run()
            try await sql.raw(
                """
                INSERT INTO study_settings (user_id, desired_retention, weights, new_per_day, reviews_per_day, maximum_interval, fuzz,
                  memorized_new, speak_terms, updated_at)
                VALUES (\(bind: userID), \(bind: settings.parameters.desiredRetention), \(bind: weights),
                  \(bind: settings.limits.newPerDay), \(bind: settings.limits.reviewsPerDay),
                  \(bind: settings.parameters.maximumInterval), \(bind: settings.parameters.enableFuzzing),
                  \(bind: settings.memorizedInNew), \(bind: settings.speakTerms), \(bind: Date()))
                """
            ).run()
        }
    }
}
