import Foundation

/// What Maeil reads of an Anki collection, whichever schema it came in (the server
/// reads the SQL; see `AnkiCollectionReader`).
public struct AnkiCollection: Sendable {
    /// 1 for the old v1 scheduler, whose learning answers count differently.
    public var schedulerVersion: Int
    /// The collection's day 0 (`col.crt`, seconds): review cards' due days count from it.
    public var creation: Date
    public var noteTypes: [Int64: AnkiNoteType]
    public var decks: [Int64: AnkiDeck]
    public var notes: [AnkiNote]
    public var cards: [AnkiCard]
    public var reviews: [AnkiReview]

    public init(
        schedulerVersion: Int, creation: Date, noteTypes: [Int64: AnkiNoteType],
        decks: [Int64: AnkiDeck], notes: [AnkiNote], cards: [AnkiCard], reviews: [AnkiReview]
    ) {
        self.schedulerVersion = schedulerVersion
        self.creation = creation
        self.noteTypes = noteTypes
        self.decks = decks
        self.notes = notes
        self.cards = cards
        self.reviews = reviews
    }
}

public struct AnkiNoteType: Sendable, Equatable {
    public var id: Int64
    public var name: String
    public var isCloze: Bool
    /// Field names in order.
    public var fields: [String]
    /// Card templates in order (`cards.ord` indexes them), each its question format
    /// and its answer format, one after the other.
    public var templates: [String]

    public init(id: Int64, name: String, isCloze: Bool, fields: [String], templates: [String]) {
        self.id = id
        self.name = name
        self.isCloze = isCloze
        self.fields = fields
        self.templates = templates
    }
}

public struct AnkiDeck: Sendable, Equatable {
    public var id: Int64
    /// The levels of its name: "Korean::Basics" → ["Korean", "Basics"].
    public var path: [String]
    /// A filtered deck: its cards belong to their home decks (`AnkiCard.homeDeckID`).
    public var isFiltered: Bool

    public init(id: Int64, path: [String], isFiltered: Bool) {
        self.id = id
        self.path = path
        self.isFiltered = isFiltered
    }

    /// The name of the Maeil book it becomes: "Korean › Basics".
    public var bookName: String { path.joined(separator: " › ") }
}

public struct AnkiNote: Sendable, Equatable {
    public var id: Int64
    public var typeID: Int64
    public var tags: [String]
    /// Field values (HTML) in the note type's order.
    public var fields: [String]

    public init(id: Int64, typeID: Int64, tags: [String], fields: [String]) {
        self.id = id
        self.typeID = typeID
        self.tags = tags
        self.fields = fields
    }
}

public struct AnkiCard: Sendable, Equatable {
    public var id: Int64
    public var noteID: Int64
    public var deckID: Int64
    /// The deck a card in a filtered deck comes home to (`odid`), 0 when none.
    public var homeDeckID: Int64
    /// The template (standard note types) or cloze number − 1.
    public var ordinal: Int
    /// −1 suspended, −2/−3 buried, 0 new, 1 learning, 2 review, 3 day learning.
    public var queue: Int
    /// The memory state Anki's FSRS gave the card (`cards.data` `s` and `d`), when it
    /// was on: only a cross-check of Maeil's own replay of the review log.
    public var ankiStability: Double?
    public var ankiDifficulty: Double?

    public init(
        id: Int64, noteID: Int64, deckID: Int64, homeDeckID: Int64, ordinal: Int, queue: Int,
        ankiStability: Double? = nil, ankiDifficulty: Double? = nil
    ) {
        self.id = id
        self.noteID = noteID
        self.deckID = deckID
        self.homeDeckID = homeDeckID
        self.ordinal = ordinal
        self.queue = queue
        self.ankiStability = ankiStability
        self.ankiDifficulty = ankiDifficulty
    }

    public var isSuspended: Bool { queue == -1 }
    /// The deck it belongs to: its home deck while it visits a filtered one.
    public var ownDeckID: Int64 { homeDeckID != 0 ? homeDeckID : deckID }
}

/// One row of the review log.
public struct AnkiReview: Sendable, Equatable {
    /// When it was answered (the row id, milliseconds).
    public var time: Date
    public var cardID: Int64
    /// 1–4 (Again … Easy); 0 for a manual reschedule.
    public var ease: Int
    /// 0 learn, 1 review, 2 relearn, 3 filtered (cram), 4 manual, 5 rescheduled.
    public var kind: Int
    /// SM-2 ease × 10 (0 on a cram answer that did not reschedule).
    public var factor: Int
    /// Time taken to answer, milliseconds.
    public var duration: Int

    public init(time: Date, cardID: Int64, ease: Int, kind: Int, factor: Int, duration: Int) {
        self.time = time
        self.cardID = cardID
        self.ease = ease
        self.kind = kind
        self.factor = factor
        self.duration = duration
    }
}
