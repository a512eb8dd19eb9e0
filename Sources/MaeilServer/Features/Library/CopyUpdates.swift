import Fluent
import Foundation
import SQLKit
import Vapor
import VocabCore

/// What a copy can take from its original now (`CopiedWords.Updates`), with
/// the original it would come from.
struct CopyUpdates: Sendable {
    var copyID: UUID
    var copyName: String
    var original: LibraryBook
    var updates: CopiedWords.Updates
}

/// How many words a pull added and rewrote, and how many of the copier's
/// edited words it left alone.
struct PullResult: Sendable, Equatable {
    var added = 0
    var updated = 0
    var keptEdits = 0
}

extension LibraryStore {
    /// The reader's copies of `originalID`, newest first.
    func copies(of originalID: UUID) async throws -> [UUID] {
        try await reader().raw(
            """
            SELECT id FROM books WHERE user_id = \(bind: readerID) AND copied_from = \(bind: originalID)
            ORDER BY created_at DESC
            """
        ).all().map { try $0.decode(column: "id", as: StoredUUID.self).value }
    }

    /// What the reader's copy `copyID` can take from its original; nil when the
    /// book is not a copy or its original is no longer shared. Counted once per
    /// state of the two books (their revisions), then kept (`copyUpdateCounts`).
    func updates(ofCopy copyID: UUID, words: WordStore, cache: CopyUpdateCache? = nil)
        async throws -> CopyUpdates?
    {
        let copy = try await BookStore(db: db, userID: readerID).summary(copyID)
        guard let originalID = copy.copiedFrom,
            let original = try? await book(originalID), original.ownerID != readerID
        else { return nil }
        let originalRevision = try await revision(of: originalID)
        let key = CopyUpdateCacheKey(
            copyID: copyID, copyRevision: copy.revision, originalRevision: originalRevision)
        if let kept = cache?.value(for: key) {
            return CopyUpdates(
                copyID: copyID, copyName: copy.name, original: original, updates: kept)
        }
        let updates = try await Self.compare(
            copyID: copyID, original: original, readerID: readerID, db: db, words: words
        ).updates
        cache?.set(updates, bytes: 64 + 16 * (updates.new.count + updates.changed.count), for: key)
        return CopyUpdates(
            copyID: copyID, copyName: copy.name, original: original, updates: updates)
    }

    /// Takes the original's new words and its changes to words the copier left
    /// as they were, in one transaction; the copier's edits and deletions stay.
    func pull(intoCopy copyID: UUID, words: WordStore) async throws -> PullResult {
        let copy = try await BookStore(db: db, userID: readerID).summary(copyID)
        guard let originalID = copy.copiedFrom else {
            throw AppError.notFound("shared original of this book")
        }
        // The original must still be shared (a 404 otherwise, as for its page).
        let original = try await book(originalID)
        let readerID = readerID
        return try await db.writeTransaction { tx in
            let store = WordStore(db: tx, userID: readerID, days: words.days, hooks: words.hooks)
            let (updates, originals, copyWordIDs) = try await Self.compare(
                copyID: copyID, original: original, readerID: readerID, db: tx, words: store)
            let byID = Dictionary(uniqueKeysWithValues: originals.map { ($0.id.uuidString, $0) })
            let new = updates.new.compactMap { byID[$0] }
            try await Self.addCopies(of: new, to: copyID, words: store)
            let sql = try tx.sql()
            for key in updates.changed {
                guard let (id, draft) = byID[key], let wordID = copyWordIDs[key] else { continue }
                try await store.updateKeepingStudy(wordID, with: draft)
                try await sql.raw(
                    """
                    UPDATE copied_words SET fingerprint = \(bind: draft.normalized().contentFingerprint)
                    WHERE book_id = \(bind: copyID) AND original_word_id = \(bind: id)
                    """
                ).run()
            }
            return PullResult(
                added: new.count, updated: updates.changed.count,
                keptEdits: updates.keptEdits.count)
        }
    }

    private func revision(of bookID: UUID) async throws -> Int {
        try await reader().raw("SELECT revision FROM books WHERE id = \(bind: bookID)").first()?
            .decode(column: "revision", as: Int.self) ?? 0
    }

    /// The original's words and the copy's links, compared; with the copy's
    /// word for each linked original word (by the original's id).
    private static func compare(
        copyID: UUID, original: LibraryBook, readerID: UUID, db: any Database, words: WordStore
    ) async throws -> (
        updates: CopiedWords.Updates, originals: [(id: UUID, draft: WordDraft)],
        copyWordIDs: [String: UUID]
    ) {
        let originals = try await WordStore(
            db: db, userID: original.ownerID, days: words.days, hooks: words.hooks
        ).identifiedDrafts(inBook: original.id)
        var copyWords: [UUID: String] = [:]
        for (id, draft) in try await words.identifiedDrafts(inBook: copyID) {
            copyWords[id] = draft.contentFingerprint
        }
        var copyWordIDs: [String: UUID] = [:]
        let links = try await db.sql().raw(
            "SELECT original_word_id, word_id, fingerprint FROM copied_words WHERE book_id = \(bind: copyID)"
        ).all().map { row in
            let originalID = try row.decode(column: "original_word_id", as: StoredUUID.self).value
                .uuidString
            let wordID = try row.decode(column: "word_id", as: StoredUUID.self).value
            copyWordIDs[originalID] = wordID
            return CopiedWords.Link(
                originalID: originalID,
                syncedFingerprint: try row.decode(column: "fingerprint", as: String.self),
                copyFingerprint: copyWords[wordID])
        }
        let updates = CopiedWords.updates(
            original: originals.map {
                CopiedWords.Original(id: $0.id.uuidString, fingerprint: $0.draft.contentFingerprint)
            },
            links: links)
        return (updates, originals, copyWordIDs)
    }
}

/// Counted updates by the state of a copy and its original: a copy's page
/// shows them without reading both books again until either changes.
typealias CopyUpdateCache = ByteLimitedCache<CopyUpdateCacheKey, CopiedWords.Updates>

struct CopyUpdateCacheKey: Hashable, Sendable {
    var copyID: UUID
    var copyRevision: Int
    var originalRevision: Int
}

extension Application {
    private struct CopyUpdatesKey: StorageKey { typealias Value = CopyUpdateCache }

    /// Counted copy updates (set at start).
    var copyUpdates: CopyUpdateCache {
        get { storage[CopyUpdatesKey.self] ?? CopyUpdateCache(byteLimit: 0) }
        set { storage[CopyUpdatesKey.self] = newValue }
    }
}
