import Crypto
import Foundation
import VocabCore

/// A Maeil book as an Anki deck, ready to be written as a schema 11 collection
/// (`AnkiSchema11`): the words, the cards of the directions the book studies, their
/// memory and review history, and the media each word keeps.
public struct AnkiDeckExport: Sendable {
    /// The book's name; "Korean › Basics" becomes the deck "Korean::Basics".
    public var bookName: String
    public var studiesForward: Bool
    public var studiesReverse: Bool
    public var notes: [Note]
    /// When the export was made: the collection's modification time.
    public var exportedAt: Date

    public init(
        bookName: String, studiesForward: Bool, studiesReverse: Bool, notes: [Note],
        exportedAt: Date
    ) {
        self.bookName = bookName
        self.studiesForward = studiesForward
        self.studiesReverse = studiesReverse
        self.notes = notes
        self.exportedAt = exportedAt
    }

    public struct Note: Sendable {
        /// The word's id: the note's guid comes from it, so exporting the book again
        /// and importing it into the same Anki updates the notes instead of doubling them.
        public var wordID: UUID
        public var word: WordDraft
        /// Media file names the word keeps: sounds play with the term, pictures show
        /// with the meaning.
        public var sounds: [String]
        public var images: [String]
        public var forward: Card?
        public var reverse: Card?

        public init(
            wordID: UUID, word: WordDraft, sounds: [String] = [], images: [String] = [],
            forward: Card? = nil, reverse: Card? = nil
        ) {
            self.wordID = wordID
            self.word = word
            self.sounds = sounds
            self.images = images
            self.forward = forward
            self.reverse = reverse
        }
    }

    /// A card as Maeil keeps it. A card never answered is new.
    public struct Card: Sendable {
        public enum State: Int, Sendable {
            case new = 0
            case learning = 1
            case review = 2
            case relearning = 3
        }

        public var state: State
        /// Out of every queue (Anki's suspended, and a memorized word's new card).
        public var suspended: Bool
        public var due: Date
        public var stability: Double?
        public var difficulty: Double?
        public var lastReview: Date?
        public var reps: Int
        public var lapses: Int
        /// Oldest first.
        public var reviews: [Review]

        public init(
            state: State, suspended: Bool = false, due: Date, stability: Double? = nil,
            difficulty: Double? = nil, lastReview: Date? = nil, reps: Int = 0, lapses: Int = 0,
            reviews: [Review] = []
        ) {
            self.state = state
            self.suspended = suspended
            self.due = due
            self.stability = stability
            self.difficulty = difficulty
            self.lastReview = lastReview
            self.reps = reps
            self.lapses = lapses
            self.reviews = reviews
        }
    }

    /// One answer: when, how (1 Again … 4 Easy), the card's state before it and the
    /// intervals it had before and got after.
    public struct Review: Sendable {
        public var time: Date
        public var rating: Int
        public var stateBefore: Card.State
        public var dueBefore: Date?
        public var lastReviewBefore: Date?
        public var dueAfter: Date
        public var stateAfter: Card.State
        public var durationMilliseconds: Int

        public init(
            time: Date, rating: Int, stateBefore: Card.State, dueBefore: Date?,
            lastReviewBefore: Date?, stateAfter: Card.State, dueAfter: Date,
            durationMilliseconds: Int
        ) {
            self.time = time
            self.rating = rating
            self.stateBefore = stateBefore
            self.dueBefore = dueBefore
            self.lastReviewBefore = lastReviewBefore
            self.stateAfter = stateAfter
            self.dueAfter = dueAfter
            self.durationMilliseconds = durationMilliseconds
        }
    }
}

/// The rows of a schema 11 collection (`collection.anki21`) holding one deck: what
/// current Anki reads from a package of the "legacy" layout, and older Anki too.
/// Field values are HTML; ids are milliseconds, made unique where two words were
/// made (or two answers given) in the same millisecond.
public struct AnkiSchema11: Sendable {
    public struct NoteRow: Sendable, Equatable {
        public var id: Int64
        public var guid: String
        public var noteTypeID: Int64
        public var modified: Int64
        public var tags: String
        public var fields: String
        public var sortField: String
        public var checksum: Int64
    }

    public struct CardRow: Sendable, Equatable {
        public var id: Int64
        public var noteID: Int64
        public var deckID: Int64
        public var ordinal: Int
        public var modified: Int64
        public var type: Int
        public var queue: Int
        public var due: Int64
        public var interval: Int
        public var factor: Int
        public var reps: Int
        public var lapses: Int
        public var left: Int
        public var data: String
    }

    public struct ReviewRow: Sendable, Equatable {
        public var id: Int64
        public var cardID: Int64
        public var ease: Int
        public var interval: Int
        public var lastInterval: Int
        public var factor: Int
        public var time: Int
        public var type: Int
    }

    /// `col`'s one row.
    public var creation: Int64
    public var modified: Int64
    public var conf: String
    public var models: String
    public var decks: String
    public var deckConfigs: String
    public var notes: [NoteRow]
    public var cards: [CardRow]
    public var reviews: [ReviewRow]

    /// The collection's tables and indexes, as Anki makes them.
    public static let schema = [
        """
        CREATE TABLE col (id integer PRIMARY KEY, crt integer NOT NULL, mod integer NOT NULL,
          scm integer NOT NULL, ver integer NOT NULL, dty integer NOT NULL, usn integer NOT NULL,
          ls integer NOT NULL, conf text NOT NULL, models text NOT NULL, decks text NOT NULL,
          dconf text NOT NULL, tags text NOT NULL)
        """,
        """
        CREATE TABLE notes (id integer PRIMARY KEY, guid text NOT NULL, mid integer NOT NULL,
          mod integer NOT NULL, usn integer NOT NULL, tags text NOT NULL, flds text NOT NULL,
          sfld integer NOT NULL, csum integer NOT NULL, flags integer NOT NULL, data text NOT NULL)
        """,
        """
        CREATE TABLE cards (id integer PRIMARY KEY, nid integer NOT NULL, did integer NOT NULL,
          ord integer NOT NULL, mod integer NOT NULL, usn integer NOT NULL, type integer NOT NULL,
          queue integer NOT NULL, due integer NOT NULL, ivl integer NOT NULL,
          factor integer NOT NULL, reps integer NOT NULL, lapses integer NOT NULL,
          left integer NOT NULL, odue integer NOT NULL, odid integer NOT NULL,
          flags integer NOT NULL, data text NOT NULL)
        """,
        """
        CREATE TABLE revlog (id integer PRIMARY KEY, cid integer NOT NULL, usn integer NOT NULL,
          ease integer NOT NULL, ivl integer NOT NULL, lastIvl integer NOT NULL,
          factor integer NOT NULL, time integer NOT NULL, type integer NOT NULL)
        """,
        "CREATE TABLE graves (usn integer NOT NULL, oid integer NOT NULL, type integer NOT NULL)",
        "CREATE INDEX ix_notes_usn ON notes (usn)",
        "CREATE INDEX ix_cards_usn ON cards (usn)",
        "CREATE INDEX ix_revlog_usn ON revlog (usn)",
        "CREATE INDEX ix_cards_nid ON cards (nid)",
        "CREATE INDEX ix_cards_sched ON cards (did, queue, due)",
        "CREATE INDEX ix_revlog_cid ON revlog (cid)",
        "CREATE INDEX ix_notes_csum ON notes (csum)",
    ]

    /// The note type's fields, in order.
    public static let fieldNames = ["Term", "Meaning", "Reading", "Example", "Note"]

    public init(_ deck: AnkiDeckExport) {
        let now = Self.milliseconds(deck.exportedAt)
        let seconds = now / 1000
        let noteType = NoteType(forward: deck.studiesForward, reverse: deck.studiesReverse)
        // Day 0 of due days: the start (UTC) of the day of the oldest date the deck
        // holds, so that no review card is due before it.
        let dates = deck.notes.flatMap { note in
            [note.word.createdAt ?? deck.exportedAt]
                + [note.forward, note.reverse].compactMap { $0?.due }
        }
        let oldest = min(dates.min() ?? deck.exportedAt, deck.exportedAt)
        let creation = Int64((oldest.timeIntervalSince1970 / 86_400).rounded(.down)) * 86_400
        self.creation = creation
        modified = now
        let deckID = Self.deckID(deck.bookName)

        var notes: [NoteRow] = []
        var cards: [CardRow] = []
        var reviews: [ReviewRow] = []
        var lastNoteID: Int64 = 0
        var newPosition = 0
        let ordered = deck.notes.sorted {
            ($0.word.createdAt ?? deck.exportedAt) < ($1.word.createdAt ?? deck.exportedAt)
        }
        for note in ordered {
            // Two ms apart at least: each card's id is its note's plus its template's.
            let noteID = max(
                Self.milliseconds(note.word.createdAt ?? deck.exportedAt), lastNoteID + 2)
            lastNoteID = noteID
            // The sort field is the term's text as Anki strips it: sounds stay.
            let sortField = ([note.word.term] + note.sounds.map { "[sound:\($0)]" })
                .joined(separator: " ")
            notes.append(
                NoteRow(
                    id: noteID, guid: Self.guid(note.wordID), noteTypeID: noteType.id,
                    modified: seconds, tags: Self.tags(note.word.tags),
                    fields: Self.fields(of: note).joined(separator: "\u{1F}"),
                    sortField: sortField, checksum: Self.checksum(sortField)))
            newPosition += 1
            for (ordinal, card) in noteType.cards(of: note).enumerated() {
                let cardID = noteID + Int64(ordinal)
                cards.append(
                    Self.cardRow(
                        card, id: cardID, noteID: noteID, deckID: deckID, ordinal: ordinal,
                        modified: seconds, newPosition: newPosition, creation: creation))
                for review in card?.reviews ?? [] {
                    reviews.append(
                        Self.reviewRow(review, id: Self.milliseconds(review.time), cardID: cardID))
                }
            }
        }
        self.notes = notes
        self.cards = cards
        self.reviews = reviews.sorted { $0.id < $1.id }
        // Answers of different cards may share a millisecond: ids must stay unique.
        for index in self.reviews.indices.dropFirst()
        where self.reviews[index].id <= self.reviews[index - 1].id {
            self.reviews[index].id = self.reviews[index - 1].id + 1
        }
        models = Self.json([String(noteType.id): noteType.json(deckID: deckID, modified: seconds)])
        decks = Self.json([
            "1": Self.deckJSON(id: 1, name: "Default", modified: 0),
            String(deckID): Self.deckJSON(
                id: deckID, name: Self.deckName(deck.bookName), modified: seconds),
        ])
        deckConfigs = Self.json(["1": Self.defaultDeckConfig])
        conf = Self.json([
            "schedVer": 2, "sched2021": true, "activeDecks": [deckID], "curDeck": deckID,
            "curModel": noteType.id, "nextPos": newPosition + 1, "newSpread": 0,
            "collapseTime": 1200, "timeLim": 0, "estTimes": true, "dueCounts": true,
            "addToCur": true, "sortType": "noteFld", "sortBackwards": false,
            "dayLearnFirst": false, "creationOffset": 0,
        ])
    }

    /// Deck levels: " › " in Maeil, "::" in Anki.
    static func deckName(_ bookName: String) -> String {
        bookName.replacingOccurrences(of: " › ", with: "::")
    }

    /// A stable deck id from its name (Anki finds decks by name on import anyway).
    static func deckID(_ bookName: String) -> Int64 {
        let digest = SHA256.hash(data: Data(deckName(bookName).utf8))
        let value = digest.prefix(6).reduce(Int64(0)) { $0 << 8 | Int64($1) }
        return 1_000_000_000_000 + value % 1_000_000_000_000
    }

    static func milliseconds(_ date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
    }

    // MARK: notes

    /// Term (with its sounds), Meaning (with its pictures), Reading, Example, Note.
    static func fields(of note: AnkiDeckExport.Note) -> [String] {
        let word = note.word
        let sounds = note.sounds.map { "[sound:\($0)]" }.joined(separator: " ")
        let images = note.images.map { "<img src=\"\(html($0))\">" }.joined()
        let examples = word.examples.map { example in
            example.translation.isEmpty
                ? html(example.sentence)
                : "\(html(example.sentence))<br>\(html(example.translation))"
        }
        return [
            html(word.term) + (sounds.isEmpty ? "" : " " + sounds),
            [html(word.meaning), images].filter { !$0.isEmpty }.joined(separator: "<br>"),
            html(word.reading),
            examples.joined(separator: "<br><br>"),
            html(word.note),
        ]
    }

    /// Plain text as a field's HTML: markup characters escaped, lines as `<br>`.
    static func html(_ text: String) -> String {
        guard text.utf8.contains(where: { [0x26, 0x3C, 0x3E, 0x22, 0x0A, 0x0D].contains($0) })
        else { return text }
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "\n", "\r\n": out += "<br>"
            default: out.append(character)
            }
        }
        return out
    }

    /// Anki's tag list: space-separated with a space on each side; a tag has no spaces.
    static func tags(_ tags: [String]) -> String {
        let clean = tags.map { $0.split(whereSeparator: \.isWhitespace).joined(separator: "_") }
            .filter { !$0.isEmpty }
        return clean.isEmpty ? "" : " \(clean.joined(separator: " ")) "
    }

    /// The first 32 bits of the SHA-1 of the sort field: Anki's duplicate check.
    static func checksum(_ sortField: String) -> Int64 {
        let digest = Insecure.SHA1.hash(data: Data(sortField.utf8))
        return digest.prefix(4).reduce(Int64(0)) { $0 << 8 | Int64($1) }
    }

    /// Anki's guid alphabet (91 characters) over the word id's first 64 bits.
    private static let guidAlphabet = Array(
        "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!#$%&()*+,-./:;<=>?@[]^_`{|}~"
    )

    static func guid(_ id: UUID) -> String {
        let alphabet = guidAlphabet
        var value = withUnsafeBytes(of: id.uuid) { bytes in
            bytes.prefix(8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        }
        var out = ""
        repeat {
            out.append(alphabet[Int(value % 91)])
            value /= 91
        } while value > 0
        return String(out.reversed())
    }

    // MARK: cards

    /// A card's row: new ones by position, learning ones by the second they are due,
    /// review ones by the day (counted from `creation`), with FSRS's memory in `data`
    /// so Anki's FSRS goes on from it.
    static func cardRow(
        _ card: AnkiDeckExport.Card?, id: Int64, noteID: Int64, deckID: Int64, ordinal: Int,
        modified: Int64, newPosition: Int, creation: Int64
    ) -> CardRow {
        var row = CardRow(
            id: id, noteID: noteID, deckID: deckID, ordinal: ordinal, modified: modified, type: 0,
            queue: 0, due: Int64(newPosition), interval: 0, factor: 0, reps: 0, lapses: 0,
            left: 0, data: "{}")
        guard let card else { return row }
        row.reps = card.reps
        row.lapses = card.lapses
        let dueSeconds = Int64(card.due.timeIntervalSince1970.rounded(.down))
        switch card.state {
        case .new:
            break
        case .learning, .relearning:
            row.type = card.state.rawValue
            row.queue = 1
            row.due = dueSeconds
            // Steps left: one today, one in all (Anki: today × 1000 + total).
            row.left = 1001
        case .review:
            row.type = 2
            row.queue = 2
            row.due = (dueSeconds - creation) / 86_400
        }
        if card.state != .new {
            row.factor = 2500
            if let lastReview = card.lastReview {
                row.interval = max(
                    card.state == .review ? 1 : 0,
                    Int(((card.due.timeIntervalSince(lastReview)) / 86_400).rounded()))
            }
            // Written by hand: JSONSerialization for each of a big book's cards was a
            // quarter of an export's time.
            var fields: [String] = []
            if let stability = card.stability { fields.append("\"s\":\(rounded(stability))") }
            if let difficulty = card.difficulty { fields.append("\"d\":\(rounded(difficulty))") }
            if let lastReview = card.lastReview {
                fields.append("\"lrt\":\(Int64(lastReview.timeIntervalSince1970.rounded(.down)))")
            }
            row.data = "{" + fields.joined(separator: ",") + "}"
        }
        if card.suspended { row.queue = -1 }
        return row
    }

    /// An answer as `revlog` keeps it: intervals in days, or negative seconds while
    /// learning; its kind from the state it was answered in.
    static func reviewRow(_ review: AnkiDeckExport.Review, id: Int64, cardID: Int64)
        -> ReviewRow
    {
        func interval(_ state: AnkiDeckExport.Card.State, due: Date?, from start: Date?) -> Int {
            guard let due, let start, state != .new else { return 0 }
            let seconds = due.timeIntervalSince(start)
            return state == .review
                ? max(1, Int((seconds / 86_400).rounded())) : -Int(seconds.rounded())
        }
        let kind =
            switch review.stateBefore {
            case .new, .learning: 0
            case .review: 1
            case .relearning: 2
            }
        return ReviewRow(
            id: id, cardID: cardID, ease: min(max(review.rating, 1), 4),
            interval: interval(review.stateAfter, due: review.dueAfter, from: review.time),
            lastInterval: interval(
                review.stateBefore, due: review.dueBefore, from: review.lastReviewBefore),
            factor: review.stateAfter == .review ? 2500 : 0,
            time: min(max(review.durationMilliseconds, 0), 60_000), type: kind)
    }

    private static func rounded(_ value: Double) -> Double { (value * 10_000).rounded() / 10_000 }

    // MARK: JSON of `col`

    static func json(_ value: Any) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys]))
        return data.flatMap { String(data: $0, encoding: .utf8) } ?? "{}"
    }

    static func deckJSON(id: Int64, name: String, modified: Int64) -> [String: Any] {
        [
            "id": id, "name": name, "mod": modified, "usn": -1, "desc": "", "dyn": 0, "conf": 1,
            "collapsed": false, "browserCollapsed": false, "extendNew": 0, "extendRev": 0,
            "lrnToday": [0, 0], "revToday": [0, 0], "newToday": [0, 0], "timeToday": [0, 0],
        ]
    }

    /// Anki's default deck options, as its own exports carry them.
    static var defaultDeckConfig: [String: Any] {
        [
            "id": 1, "name": "Default", "mod": 0, "usn": 0, "maxTaken": 60, "autoplay": true,
            "timer": 0, "replayq": true, "dyn": false,
            "new": [
                "bury": false, "delays": [1.0, 10.0], "initialFactor": 2500, "ints": [1, 4, 0],
                "order": 1, "perDay": 20,
            ],
            "rev": [
                "bury": false, "ease4": 1.3, "ivlFct": 1.0, "maxIvl": 36500, "perDay": 200,
                "hardFactor": 1.2,
            ],
            "lapse": [
                "delays": [10.0], "leechAction": 1, "leechFails": 8, "minInt": 1, "mult": 0.0,
            ],
        ]
    }

    /// The note type: Maeil's five fields and a template per direction the book
    /// studies (a book that studies one way gets no template Anki would make the
    /// other way's cards from). Each variant has its own fixed id.
    struct NoteType {
        var forward: Bool
        var reverse: Bool

        init(forward: Bool, reverse: Bool) {
            self.forward = forward || !reverse
            self.reverse = reverse
        }

        var id: Int64 { 1_742_000_000_000 + (forward ? 1 : 0) + (reverse ? 2 : 0) }

        var name: String {
            switch (forward, reverse) {
            case (true, true): "Maeil (both ways)"
            case (false, true): "Maeil (meaning → term)"
            default: "Maeil"
            }
        }

        /// The note's cards in template order.
        func cards(of note: AnkiDeckExport.Note) -> [AnkiDeckExport.Card?] {
            (forward ? [note.forward] : []) + (reverse ? [note.reverse] : [])
        }

        private static let details = """
            {{#Reading}}<div class="reading">{{Reading}}</div>{{/Reading}}\
            {{#Example}}<div class="example">{{Example}}</div>{{/Example}}\
            {{#Note}}<div class="note">{{Note}}</div>{{/Note}}
            """

        func json(deckID: Int64, modified: Int64) -> [String: Any] {
            var templates: [[String: Any]] = []
            if forward {
                templates.append(
                    template(
                        "Term → Meaning", question: "{{Term}}",
                        answer: "{{FrontSide}}<hr id=answer>{{Meaning}}" + Self.details))
            }
            if reverse {
                templates.append(
                    template(
                        "Meaning → Term", question: "{{Meaning}}",
                        answer: "{{FrontSide}}<hr id=answer>{{Term}}" + Self.details))
            }
            for index in templates.indices { templates[index]["ord"] = index }
            let fields: [[String: Any]] = AnkiSchema11.fieldNames.enumerated().map {
                [
                    "name": $1, "ord": $0, "sticky": false, "rtl": false, "font": "Arial",
                    "size": 20, "media": [String](),
                ]
            }
            return [
                "id": id, "name": name, "type": 0, "mod": modified, "usn": -1, "sortf": 0,
                "did": deckID, "tmpls": templates, "flds": fields, "tags": [String](),
                "vers": [String](), "latexsvg": false,
                "css": """
                .card { font-family: sans-serif; font-size: 22px; text-align: center; \
                color: black; background-color: white; }
                .reading, .example, .note { font-size: 16px; margin-top: 12px; color: #555; }
                """,
                "latexPre": """
                \\documentclass[12pt]{article}
                \\special{papersize=3in,5in}
                \\usepackage[utf8]{inputenc}
                \\usepackage{amssymb,amsmath}
                \\pagestyle{empty}
                \\setlength{\\parindent}{0in}
                \\begin{document}

                """,
                "latexPost": "\\end{document}",
                // Which fields each template needs: its question's.
                "req": templates.indices.map { index -> [Any] in
                    [index, "any", [forward && index == 0 ? 0 : 1]]
                },
            ]
        }

        private func template(_ name: String, question: String, answer: String) -> [String: Any] {
            [
                "name": name, "qfmt": question, "afmt": answer, "bqfmt": "", "bafmt": "",
                "did": NSNull(),
            ]
        }
    }
}
