import Foundation

/// One example sentence of a word, with its translation.
public struct WordExample: Codable, Sendable, Equatable, Hashable {
    public var sentence: String
    public var translation: String

    public init(sentence: String, translation: String = "") {
        self.sentence = sentence
        self.translation = translation
    }

    private enum CodingKeys: String, CodingKey {
        case sentence, translation
    }

    /// Decodes `{"sentence": …, "translation": …}`; a bare string is accepted as a sentence
    /// without translation. Missing fields default to "".
    public init(from decoder: any Decoder) throws {
        if let single = try? decoder.singleValueContainer(),
            let text = try? single.decode(String.self)
        {
            self.init(sentence: text)
            return
        }
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            sentence: try container.decodeIfPresent(String.self, forKey: .sentence) ?? "",
            translation: try container.decodeIfPresent(String.self, forKey: .translation) ?? "")
    }
}

/// Everything a word holds, independent of storage: what the importers produce, what the
/// exporters consume and what the server validates before writing.
public struct WordDraft: Codable, Sendable, Equatable {
    public var term: String
    public var meaning: String
    public var reading: String
    public var partOfSpeech: String
    public var note: String
    public var synonyms: [String]
    public var antonyms: [String]
    public var examples: [WordExample]
    public var tags: [String]
    public var memorized: Bool
    public var bookmarked: Bool
    public var createdAt: Date?

    public init(
        term: String,
        meaning: String = "",
        reading: String = "",
        partOfSpeech: String = "",
        note: String = "",
        synonyms: [String] = [],
        antonyms: [String] = [],
        examples: [WordExample] = [],
        tags: [String] = [],
        memorized: Bool = false,
        bookmarked: Bool = false,
        createdAt: Date? = nil
    ) {
        self.term = term
        self.meaning = meaning
        self.reading = reading
        self.partOfSpeech = partOfSpeech
        self.note = note
        self.synonyms = synonyms
        self.antonyms = antonyms
        self.examples = examples
        self.tags = tags
        self.memorized = memorized
        self.bookmarked = bookmarked
        self.createdAt = createdAt
    }

    private enum CodingKeys: String, CodingKey {
        case term, meaning, reading, partOfSpeech, note, synonyms, antonyms, examples, tags
        case memorized, bookmarked, createdAt
    }

    /// `term` is required; every other field may be missing (or null) and then takes its default.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        guard c.contains(.term) else {
            throw DecodingError.keyNotFound(
                CodingKeys.term,
                DecodingError.Context(
                    codingPath: c.codingPath, debugDescription: "missing field \"term\""))
        }
        self.term = try c.decodeIfPresent(String.self, forKey: .term) ?? ""
        self.meaning = try c.decodeIfPresent(String.self, forKey: .meaning) ?? ""
        self.reading = try c.decodeIfPresent(String.self, forKey: .reading) ?? ""
        self.partOfSpeech = try c.decodeIfPresent(String.self, forKey: .partOfSpeech) ?? ""
        self.note = try c.decodeIfPresent(String.self, forKey: .note) ?? ""
        self.synonyms = try c.decodeIfPresent([String].self, forKey: .synonyms) ?? []
        self.antonyms = try c.decodeIfPresent([String].self, forKey: .antonyms) ?? []
        self.examples = try c.decodeIfPresent([WordExample].self, forKey: .examples) ?? []
        self.tags = try c.decodeIfPresent([String].self, forKey: .tags) ?? []
        self.memorized = try c.decodeIfPresent(Bool.self, forKey: .memorized) ?? false
        self.bookmarked = try c.decodeIfPresent(Bool.self, forKey: .bookmarked) ?? false
        self.createdAt = try c.decodeIfPresent(Date.self, forKey: .createdAt)
    }

    /// Trims whitespace of all strings, drops empty list entries (and examples whose sentence
    /// and translation are both empty), and de-duplicates tags, synonyms and antonyms keeping
    /// the first occurrence.
    public func normalized() -> WordDraft {
        var copy = self
        copy.term = TextTrim.trimmed(term)
        copy.meaning = TextTrim.trimmed(meaning)
        copy.reading = TextTrim.trimmed(reading)
        copy.partOfSpeech = TextTrim.trimmed(partOfSpeech)
        copy.note = TextTrim.trimmed(note)
        copy.synonyms = Self.cleanList(synonyms)
        copy.antonyms = Self.cleanList(antonyms)
        copy.tags = Self.cleanList(tags)
        copy.examples = examples.compactMap { example in
            let cleaned = WordExample(
                sentence: TextTrim.trimmed(example.sentence),
                translation: TextTrim.trimmed(example.translation))
            return cleaned.sentence.isEmpty && cleaned.translation.isEmpty ? nil : cleaned
        }
        return copy
    }

    static func cleanList(_ list: [String]) -> [String] {
        if list.isEmpty { return list }
        var seen = Set<String>()
        var result: [String] = []
        result.reserveCapacity(list.count)
        for item in list {
            let trimmed = TextTrim.trimmed(item)
            if trimmed.isEmpty { continue }
            if seen.insert(trimmed).inserted { result.append(trimmed) }
        }
        return result
    }
}

/// Upper bounds on the size of what a user may store. Lengths count Unicode scalars
/// (code points), which is what PostgreSQL counts too.
public enum WordLimits {
    public static let term = 2000
    public static let meaning = 2000
    public static let reading = 500
    public static let partOfSpeech = 100
    public static let note = 10_000
    /// Length of one synonym, antonym or tag.
    public static let listItem = 200
    /// Number of synonyms, antonyms or tags.
    public static let listCount = 50
    /// Length of one example sentence or its translation.
    public static let exampleText = 2000
    public static let exampleCount = 20
    public static let bookName = 200
    public static let bookDescription = 2000
}

/// A field that breaks a rule: which field, which rule, and an English sentence
/// fragment for the user ("term must not be empty"). Callers that speak another
/// language word it from `kind` and `field`, never from `message`.
public struct ValidationError: Error, Sendable, Equatable, CustomStringConvertible, LocalizedError {
    public enum Kind: Sendable, Equatable {
        case empty
        /// Longer than `limit` characters.
        case tooLong(limit: Int)
        /// More than `limit` entries (examples, synonyms, …).
        case tooMany(limit: Int)
        /// A character no text field takes (`ControlCharacters`).
        case controlCharacters
        /// A number outside `lower...upper` (a review's stars).
        case outOfRange(lower: Int, upper: Int)
        /// Not a language code (`en`, `ko`, `ja`…).
        case notALanguage
    }

    /// The field's key as in the JSON form (`term`, `partOfSpeech`, `synonyms[2]`,
    /// `examples[0].sentence`, `name`, …).
    public let field: String
    public let kind: Kind
    public let message: String

    public init(field: String, kind: Kind, message: String) {
        self.field = field
        self.kind = kind
        self.message = message
    }

    /// The field's key without an index (`synonyms[2]` → `synonyms`).
    public var baseField: String { String(field.prefix { $0 != "[" && $0 != "." }) }

    /// The bound that was exceeded (characters or entries), nil for other problems.
    public var limit: Int? {
        switch kind {
        case .tooLong(let limit), .tooMany(let limit): limit
        case .empty, .controlCharacters, .outOfRange, .notALanguage: nil
        }
    }

    public var description: String { message }
    public var errorDescription: String? { message }
}

extension WordDraft {
    /// Checks the draft as it is (call `normalized()` first to trim): the term must not be
    /// empty after trimming, every `WordLimits` bound holds, and no string contains a control
    /// character (`ControlCharacters`; PostgreSQL cannot even store NUL).
    public func validate() throws(ValidationError) {
        if TextTrim.trimmed(term).isEmpty {
            throw ValidationError(field: "term", kind: .empty, message: "term must not be empty")
        }
        try Self.check(term, field: "term", label: "term", limit: WordLimits.term)
        try Self.check(meaning, field: "meaning", label: "meaning", limit: WordLimits.meaning)
        try Self.check(reading, field: "reading", label: "reading", limit: WordLimits.reading)
        try Self.check(
            partOfSpeech, field: "partOfSpeech", label: "part of speech",
            limit: WordLimits.partOfSpeech)
        try Self.check(note, field: "note", label: "note", limit: WordLimits.note)
        try Self.checkList(synonyms, field: "synonyms", label: "synonym")
        try Self.checkList(antonyms, field: "antonyms", label: "antonym")
        try Self.checkList(tags, field: "tags", label: "tag")
        if examples.count > WordLimits.exampleCount {
            throw ValidationError(
                field: "examples", kind: .tooMany(limit: WordLimits.exampleCount),
                message:
                    "a word can have at most \(WordLimits.exampleCount) examples, not \(examples.count)"
            )
        }
        for (index, example) in examples.enumerated() {
            try Self.check(
                example.sentence, field: "examples[\(index)].sentence",
                label: "example \(index + 1)", limit: WordLimits.exampleText)
            try Self.check(
                example.translation, field: "examples[\(index)].translation",
                label: "the translation of example \(index + 1)", limit: WordLimits.exampleText)
        }
    }

    static func check(_ value: String, field: String, label: String, limit: Int)
        throws(ValidationError)
    {
        let length = value.unicodeScalars.count
        if length > limit {
            throw ValidationError(
                field: field, kind: .tooLong(limit: limit),
                message: "\(label) is longer than \(limit) characters (\(length))")
        }
        if ControlCharacters.occur(in: value) {
            throw ValidationError(
                field: field, kind: .controlCharacters,
                message: "\(label) must not contain control characters")
        }
    }

    static func checkList(_ list: [String], field: String, label: String) throws(ValidationError) {
        if list.count > WordLimits.listCount {
            throw ValidationError(
                field: field, kind: .tooMany(limit: WordLimits.listCount),
                message:
                    "a word can have at most \(WordLimits.listCount) \(field), not \(list.count)")
        }
        for (index, item) in list.enumerated() {
            try check(
                item, field: "\(field)[\(index)]", label: "\(label) \(index + 1)",
                limit: WordLimits.listItem)
        }
    }
}

/// Validation of a word book's name and description.
public enum BookValidation {
    /// The name must not be empty after trimming; name and description within
    /// `WordLimits.bookName` / `WordLimits.bookDescription`.
    public static func validate(name: String, description: String) throws(ValidationError) {
        if TextTrim.trimmed(name).isEmpty {
            throw ValidationError(
                field: "name", kind: .empty, message: "book name must not be empty")
        }
        try WordDraft.check(name, field: "name", label: "book name", limit: WordLimits.bookName)
        try WordDraft.check(
            description, field: "description", label: "book description",
            limit: WordLimits.bookDescription)
    }
}

/// Fast whitespace trimming (no Foundation bridging; returns the string itself when there is
/// nothing to trim).
enum TextTrim {
    @inline(__always)
    static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x20, 0x09, 0x0A, 0x0B, 0x0C, 0x0D: return true
        case 0..<0x80: return false
        default: return scalar.properties.isWhitespace || scalar.value == 0xFEFF
        }
    }

    static func trimmed(_ s: String) -> String {
        let scalars = s.unicodeScalars
        guard let first = scalars.first, let last = scalars.last else { return s }
        if !isSpace(first) && !isSpace(last) { return s }
        var start = scalars.startIndex
        var end = scalars.endIndex
        while start < end, isSpace(scalars[start]) { start = scalars.index(after: start) }
        while end > start {
            let before = scalars.index(before: end)
            if isSpace(scalars[before]) { end = before } else { break }
        }
        return String(scalars[start..<end])
    }
}
