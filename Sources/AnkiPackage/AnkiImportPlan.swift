import Foundation
import VocabCore

/// A collection as Maeil's books and words: each deck a book ("Korean › Basics"),
/// each note a word in the deck of its first card, its fields mapped by
/// `AnkiFieldMapping` and turned into text (`AnkiText`), its tags kept, the media it
/// names listed, and its first two cards linked to the word's two review directions.
public struct AnkiImportPlan: Sendable {
    public struct Book: Sendable {
        public var name: String
        public var words: [Word]
        /// The languages its note types' templates speak the term and the meaning
        /// in (`{{tts ja_JP:Expression}}`), when they say.
        public var termLanguage: String?
        public var meaningLanguage: String?
    }

    public struct Word: Sendable {
        public var noteID: Int64
        public var draft: WordDraft
        /// Media files the note's fields name (sounds, then images), as in the package.
        public var media: [String]
        /// The Anki card behind each review direction: forward (template 1, or the
        /// cloze) and reverse (template 2).
        public var forwardCard: AnkiCard?
        public var reverseCard: AnkiCard?
        /// Every card of the note is suspended: the word's cards Anki has no
        /// counterpart of (the reverse of a one-card note) are too.
        public var isSuspended: Bool
    }

    public var books: [Book]
    /// Notes left out because their term came out empty (a field of pictures only).
    public var notesWithoutTerm: Int

    public var wordCount: Int { books.reduce(0) { $0 + $1.words.count } }

    /// Refuses a mapping that leaves a note type in use without a term field.
    public init(_ collection: AnkiCollection, mapping: AnkiFieldMapping) throws(AnkiImportError) {
        let cardsByNote = Dictionary(grouping: collection.cards, by: \.noteID).mapValues {
            $0.sorted { $0.ordinal < $1.ordinal }
        }
        var byDeck: [Int64: [Word]] = [:]
        var languages: [Int64: (term: String?, meaning: String?)] = [:]
        var deckOrder: [Int64] = []
        var withoutTerm = 0
        for note in collection.notes {
            guard let type = collection.noteTypes[note.typeID] else {
                throw .unknownNoteType(note.typeID)
            }
            let roles = mapping.roles[type.id] ?? AnkiFieldMapping.defaultRoles(for: type.fields)
            guard roles.contains(.term) else { throw .noTermField(noteType: type.name) }
            let spoken = AnkiText.spokenLanguages(type.templates.joined(separator: "\n"))
            func language(of role: AnkiFieldRole) -> String? {
                roles.firstIndex(of: role).flatMap { index in
                    index < type.fields.count ? spoken[type.fields[index]] : nil
                }
            }
            // A note's id is when it was made (ms): the word keeps that date.
            let made = Date(timeIntervalSince1970: Double(note.id) / 1000)
            var draft = WordDraft(
                term: "", tags: note.tags,
                createdAt: made.timeIntervalSince1970 > 0 && made < Date() ? made : nil)
            var notes: [String] = []
            for (index, html) in note.fields.enumerated() where index < roles.count {
                let text = AnkiText.plain(html)
                guard !text.isEmpty else { continue }
                switch roles[index] {
                case .term: draft.term = text
                case .meaning: draft.meaning = text
                case .reading: draft.reading = text
                case .example: draft.examples.append(WordExample(sentence: text))
                case .note: notes.append(text)
                case .skip: break
                }
            }
            draft.note = notes.joined(separator: "\n")
            guard !draft.term.isEmpty else {
                withoutTerm += 1
                continue
            }
            let cards = cardsByNote[note.id] ?? []
            let deck = cards.first?.ownDeckID ?? 0
            if byDeck[deck] == nil { deckOrder.append(deck) }
            let known = languages[deck] ?? (nil, nil)
            languages[deck] = (
                known.term ?? language(of: .term), known.meaning ?? language(of: .meaning)
            )
            byDeck[deck, default: []].append(
                Word(
                    noteID: note.id, draft: draft.normalized(),
                    media: note.fields.flatMap(AnkiText.mediaNames).reduce(into: []) {
                        if !$0.contains($1) { $0.append($1) }
                    },
                    forwardCard: cards.first { $0.ordinal == 0 },
                    reverseCard: type.isCloze ? nil : cards.first { $0.ordinal == 1 },
                    isSuspended: !cards.isEmpty && cards.allSatisfy(\.isSuspended)))
        }
        books = deckOrder.map { id in
            Book(
                name: collection.decks[id].map(\.bookName).flatMap { $0.isEmpty ? nil : $0 }
                    ?? "Anki", words: byDeck[id] ?? [], termLanguage: languages[id]?.term,
                meaningLanguage: languages[id]?.meaning)
        }
        notesWithoutTerm = withoutTerm
    }
}

/// Why a readable package cannot be imported as asked.
public enum AnkiImportError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A note of a note type the collection does not define.
    case unknownNoteType(Int64)
    /// A note type whose fields were all mapped away from the term.
    case noTermField(noteType: String)
    /// The collection has no notes at all.
    case noNotes

    public var description: String {
        switch self {
        case .unknownNoteType(let id):
            "a note uses note type \(id), which the package does not define"
        case .noTermField(let name): "no field of the note type \"\(name)\" is mapped to the term"
        case .noNotes: "the package has no notes to import"
        }
    }
}
