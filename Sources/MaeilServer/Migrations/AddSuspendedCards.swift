import Fluent

/// Suspended cards (`QueueState.suspended`): out of every queue, the state they
/// had kept beside them so that putting one back resumes it where it was.
struct AddSuspendedCards: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("cards").field("suspended_state", .int).update()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("cards").deleteField("suspended_state").update()
    }
}
