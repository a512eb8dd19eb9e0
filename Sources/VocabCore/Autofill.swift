import Foundation

/// Where an auto-fill proposal came from, in the order the merge ranks them: what the
/// user wrote before first, then the app's own course data, EDICT, the online
/// translator, and WordNet's definitions.
public enum AutofillSource: String, Sendable, Codable, CaseIterable {
    /// The user's own books: the meanings they gave this term before.
    case myBooks
    /// The starter book and the Japanese course.
    case course
    /// EDICT, for Japanese terms.
    case edict
    /// DeepL's machine translation.
    case deepl
    /// WordNet, for English terms: definitions, which fill the meaning only in a book
    /// of English meanings, so after the rows that translate.
    case wordnet
}

/// One row the user can pick: the meaning it fills and the other fields it brings.
public struct AutofillProposal: Sendable, Equatable {
    public var source: AutofillSource
    public var meaning: String
    public var reading: String
    public var partOfSpeech: String
    /// An English definition (WordNet) or a gloss that is not the meaning.
    public var note: String
    public var synonyms: [String]
    public var antonyms: [String]
    public var example: String

    public init(
        source: AutofillSource, meaning: String, reading: String = "", partOfSpeech: String = "",
        note: String = "", synonyms: [String] = [], antonyms: [String] = [], example: String = ""
    ) {
        self.source = source
        self.meaning = meaning
        self.reading = reading
        self.partOfSpeech = partOfSpeech
        self.note = note
        self.synonyms = synonyms
        self.antonyms = antonyms
        self.example = example
    }

    /// What the row shows: its meaning, else its definition.
    public var label: String { meaning.isEmpty ? note : meaning }
}

public enum Autofill {
    /// Every source's proposals as one list: by source (`AutofillSource`'s order), each
    /// meaning once — the first source's row, later ones only filling its blanks — and
    /// rows with nothing to show left out.
    public static func merged(_ proposals: [AutofillProposal], limit: Int = 12)
        -> [AutofillProposal]
    {
        let order = Dictionary(
            uniqueKeysWithValues: AutofillSource.allCases.enumerated().map { ($1, $0) })
        let sorted = proposals.enumerated().sorted {
            (order[$0.element.source] ?? 0, $0.offset) < (order[$1.element.source] ?? 0, $1.offset)
        }.map(\.element)
        var merged: [AutofillProposal] = []
        var byKey: [String: Int] = [:]
        for proposal in sorted {
            let key = proposal.label.lowercased().filter { !$0.isWhitespace && !$0.isPunctuation }
            guard !key.isEmpty else { continue }
            if let index = byKey[key] {
                var kept = merged[index]
                if kept.reading.isEmpty { kept.reading = proposal.reading }
                if kept.partOfSpeech.isEmpty { kept.partOfSpeech = proposal.partOfSpeech }
                if kept.example.isEmpty { kept.example = proposal.example }
                merged[index] = kept
                continue
            }
            byKey[key] = merged.count
            merged.append(proposal)
        }
        return Array(merged.prefix(limit))
    }

    /// WordNet's senses as rows: for a book whose meanings are English the definition
    /// is the meaning; otherwise it goes to the note and the meaning is left to the
    /// user. The part of speech is named in the meaning's language (명사, 動詞…).
    public static func proposals(from senses: [WordNet.Sense], meaningLanguage: String)
        -> [AutofillProposal]
    {
        senses.map { sense in
            AutofillProposal(
                source: .wordnet, meaning: meaningLanguage == "en" ? sense.definition : "",
                partOfSpeech: sense.partOfSpeech.name(in: meaningLanguage),
                note: meaningLanguage == "en" ? "" : sense.definition,
                synonyms: sense.synonyms, antonyms: sense.antonyms,
                example: sense.examples.first ?? "")
        }
    }
}
