import Fluent

/// The study setting that speaks a review card's term when it shows (off until
/// the user turns it on: a page that talks unasked would surprise).
struct AddSpeakTerms: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("study_settings")
            .field("speak_terms", .bool, .required, .sql(.default(false)))
            .update()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("study_settings").deleteField("speak_terms").update()
    }
}
