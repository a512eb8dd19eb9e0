/// One row auto-fill proposes for a term: the meaning it fills and what else it brings.
public struct AutofillProposalDTO: Codable, Sendable, Equatable {
    /// `myBooks`, `course`, `edict`, `wordnet` or `deepl`.
    public var source: String
    public var meaning: String
    public var reading: String
    public var partOfSpeech: String
    /// An English definition or gloss that is not the meaning.
    public var note: String
    public var synonyms: [String]
    public var antonyms: [String]
    public var example: String

    public init(
        source: String, meaning: String, reading: String, partOfSpeech: String, note: String,
        synonyms: [String], antonyms: [String], example: String
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
}

/// A source that gave nothing this time, and why (DeepL's refusals).
public struct AutofillProblemDTO: Codable, Sendable, Equatable {
    public var source: String
    public var code: String
    public var message: String

    public init(source: String, code: String, message: String) {
        self.source = source
        self.code = code
        self.message = message
    }
}

/// `GET /api/v1/autofill`: every source's rows merged, best first.
public struct AutofillResultDTO: Codable, Sendable, Equatable {
    public var term: String
    public var from: String
    public var to: String
    /// The term's reading when a source knows it (IPA for English, kana for Japanese).
    public var reading: String
    public var proposals: [AutofillProposalDTO]
    public var problems: [AutofillProblemDTO]

    public init(
        term: String, from: String, to: String, reading: String,
        proposals: [AutofillProposalDTO], problems: [AutofillProblemDTO]
    ) {
        self.term = term
        self.from = from
        self.to = to
        self.reading = reading
        self.proposals = proposals
        self.problems = problems
    }
}
