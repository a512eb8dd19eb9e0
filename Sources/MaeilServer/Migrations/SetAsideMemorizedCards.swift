import Fluent
import SQLKit
import VocabCore

/// Memorized words leave the new-card queue: their new cards are set aside
/// (`QueueState.setAside`) unless the user's settings bring them back.
struct SetAsideMemorizedCards: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("study_settings")
            .field("memorized_new", .bool, .required, .sql(.default(false)))
            .update()
        try await CardStore.setAside(forWordsWhere: "1 = 1", on: database.sql())
    }

    func revert(on database: any Database) async throws {
        try await database.sql().raw(
            "UPDATE cards SET state = \(literal: QueueState.new.rawValue) WHERE state = \(literal: QueueState.setAside.rawValue)"
        ).run()
        try await database.schema("study_settings").deleteField("memorized_new").update()
    }
}
