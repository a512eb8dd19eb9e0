/// What a copy of a shared book can take from its original later: the words
/// added since, and the words changed since that the copier left as they were.
/// A word the copier edited is theirs: a change to the original never
/// overwrites it. A word the copier deleted stays deleted; a word deleted
/// from the original stays in the copy.
///
/// Words are compared by their content (`WordDraft.contentFingerprint`): what
/// a word says, not how it is studied, so memorizing or bookmarking a word on
/// either side is not an edit.
public enum CopiedWords {
    /// A word of the original, by its id there.
    public struct Original: Sendable, Equatable {
        public var id: String
        public var fingerprint: String

        public init(id: String, fingerprint: String) {
            self.id = id
            self.fingerprint = fingerprint
        }
    }

    /// What the copy remembers of an original word: its content when copied
    /// or last pulled, and the copy's word now (nil when the copier deleted it).
    public struct Link: Sendable, Equatable {
        public var originalID: String
        public var syncedFingerprint: String
        public var copyFingerprint: String?

        public init(originalID: String, syncedFingerprint: String, copyFingerprint: String?) {
            self.originalID = originalID
            self.syncedFingerprint = syncedFingerprint
            self.copyFingerprint = copyFingerprint
        }
    }

    public struct Updates: Sendable, Equatable {
        /// Original words the copy never had, in the original's order.
        public var new: [String] = []
        /// Original words changed since, whose copy is unedited: to take.
        public var changed: [String] = []
        /// Original words changed since, whose copy the copier edited: left alone.
        public var keptEdits: [String] = []

        public var isEmpty: Bool { new.isEmpty && changed.isEmpty }
    }

    public static func updates(original: [Original], links: [Link]) -> Updates {
        let linked = Dictionary(links.map { ($0.originalID, $0) }, uniquingKeysWith: { a, _ in a })
        var updates = Updates()
        for word in original {
            guard let link = linked[word.id] else {
                updates.new.append(word.id)
                continue
            }
            guard word.fingerprint != link.syncedFingerprint,
                let copy = link.copyFingerprint
            else { continue }  // unchanged upstream, or deleted by the copier
            if copy == link.syncedFingerprint {
                updates.changed.append(word.id)
            } else if copy != word.fingerprint {
                updates.keptEdits.append(word.id)
            }
        }
        return updates
    }
}

extension WordDraft {
    /// A digest of what the word says (every text field, examples and tags),
    /// not of how it is studied: equal for equal content (64-bit FNV-1a of a
    /// length-prefixed form, as hex).
    public var contentFingerprint: String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func add(_ text: String) {
            for byte in String(text.utf8.count).utf8 {
                hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
            }
            hash = (hash ^ 0x3A) &* 0x100_0000_01b3
            for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        }
        for field in [term, meaning, reading, partOfSpeech, note] { add(field) }
        for list in [synonyms, antonyms, tags] {
            add(String(list.count))
            list.forEach(add)
        }
        add(String(examples.count))
        for example in examples {
            add(example.sentence)
            add(example.translation)
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
