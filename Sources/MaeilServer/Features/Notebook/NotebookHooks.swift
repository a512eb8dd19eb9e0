import Foundation
import SQLKit
import Vapor

/// What other features do when the notebook adds words, in the same transaction
/// (study gives every new word its cards). The notebook knows nothing of them:
/// `configure` plugs them in, so the features depend on the notebook and not
/// the other way round.
struct NotebookHooks: Sendable {
    /// The new words' ids and the transaction's database.
    var wordsAdded: @Sendable ([UUID], any SQLDatabase) async throws -> Void
    /// The words matching a condition on `words w` may have been marked
    /// memorized or unmarked, on this database.
    var wordsMarked: @Sendable (SQLQueryString, any SQLDatabase) async throws -> Void = { _, _ in }

    /// For stores that never add words.
    static let none = NotebookHooks(wordsAdded: { _, _ in })
}

extension Application {
    private struct NotebookHooksKey: StorageKey { typealias Value = NotebookHooks }

    /// Set once by `configure`, before any request.
    var notebookHooks: NotebookHooks {
        get { storage[NotebookHooksKey.self] ?? .none }
        set { storage[NotebookHooksKey.self] = newValue }
    }
}
