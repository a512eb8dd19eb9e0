import Foundation

/// Princeton WordNet 3.0 as Debian's `wordnet-base` installs it (`/usr/share/wordnet`):
/// an English word's senses, each with its part of speech, definition, examples,
/// synonyms and antonyms. The `index.*` files list each lemma's synsets by byte
/// offset into the `data.*` files (format: wndb(5WN)); an inflected form ("passports",
/// "went") is found through the `*.exc` exception lists and WordNet's suffix rules.
public final class WordNet: Sendable {
    public enum PartOfSpeech: String, Sendable, CaseIterable {
        case noun, verb, adjective, adverb

        var fileSuffix: String {
            switch self {
            case .noun: "noun"
            case .verb: "verb"
            case .adjective: "adj"
            case .adverb: "adv"
            }
        }

        /// The name a word's part-of-speech field gets, in the book's meaning language.
        public func name(in language: String) -> String {
            switch (self, language) {
            case (.noun, "ko"): "명사"
            case (.verb, "ko"): "동사"
            case (.adjective, "ko"): "형용사"
            case (.adverb, "ko"): "부사"
            case (.noun, "ja"): "名詞"
            case (.verb, "ja"): "動詞"
            case (.adjective, "ja"): "形容詞"
            case (.adverb, "ja"): "副詞"
            default: rawValue
            }
        }

        init?(synsetType: Substring) {
            switch synsetType {
            case "n": self = .noun
            case "v": self = .verb
            case "a", "s": self = .adjective
            case "r": self = .adverb
            default: return nil
            }
        }
    }

    public struct Sense: Sendable, Equatable {
        public var partOfSpeech: PartOfSpeech
        public var definition: String
        public var examples: [String]
        public var synonyms: [String]
        public var antonyms: [String]
    }

    private struct Files: Sendable {
        /// Lemma → synset offsets, most frequent sense first.
        var index: [String: [Int]]
        var data: Data
        /// Inflected form → base forms.
        var exceptions: [String: [String]]
    }

    private let files: [PartOfSpeech: Files]

    /// The dictionary in `directory`, nil when it is not installed there.
    public init?(directory: String = "/usr/share/wordnet") {
        var files: [PartOfSpeech: Files] = [:]
        for pos in PartOfSpeech.allCases {
            let base = URL(fileURLWithPath: directory)
            guard
                let index = try? Data(
                    contentsOf: base.appendingPathComponent("index.\(pos.fileSuffix)")),
                let data = try? Data(
                    contentsOf: base.appendingPathComponent("data.\(pos.fileSuffix)"),
                    options: .alwaysMapped)
            else { return nil }
            let exceptions =
                (try? Data(
                    contentsOf: base.appendingPathComponent("\(pos.fileSuffix).exc")))
            files[pos] = Files(
                index: Self.readIndex(index), data: data,
                exceptions: exceptions.map(Self.readExceptions) ?? [:])
        }
        self.files = files
    }

    /// The word's senses, nouns first, at most `limit` of each part of speech.
    public func senses(of word: String, limit: Int = 3) -> [Sense] {
        let lemma = word.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
            .split(whereSeparator: \.isWhitespace).joined(separator: "_")
        guard !lemma.isEmpty else { return [] }
        var senses: [Sense] = []
        for pos in PartOfSpeech.allCases {
            guard let file = files[pos] else { continue }
            let offsets =
                baseForms(of: lemma, in: file, pos: pos).lazy
                .compactMap { file.index[$0] }.first ?? []
            for offset in offsets.prefix(limit) {
                if let sense = sense(at: offset, in: pos, word: lemma) { senses.append(sense) }
            }
        }
        return senses
    }

    /// The lemma itself, then what the exception list or the suffix rules make of it.
    private func baseForms(of lemma: String, in file: Files, pos: PartOfSpeech) -> [String] {
        var forms = [lemma] + (file.exceptions[lemma] ?? [])
        for (suffix, ending) in Self.suffixRules[pos] ?? [] where lemma.hasSuffix(suffix) {
            forms.append(String(lemma.dropLast(suffix.count)) + ending)
        }
        return forms
    }

    /// WordNet's "morphy" detachment rules, by part of speech.
    private static let suffixRules: [PartOfSpeech: [(String, String)]] = [
        .noun: [
            ("s", ""), ("ses", "s"), ("xes", "x"), ("zes", "z"), ("ches", "ch"), ("shes", "sh"),
            ("men", "man"), ("ies", "y"),
        ],
        .verb: [
            ("s", ""), ("ies", "y"), ("es", "e"), ("es", ""), ("ed", "e"), ("ed", ""),
            ("ing", "e"), ("ing", ""),
        ],
        .adjective: [("er", ""), ("est", ""), ("er", "e"), ("est", "e")],
    ]

    /// The synset at a byte offset of the data file, seen from `word` (its synonyms are
    /// the synset's other words; its antonyms, the words its "!" pointers name).
    private func sense(at offset: Int, in pos: PartOfSpeech, word: String) -> Sense? {
        guard let file = files[pos], let line = Self.line(at: offset, in: file.data),
            let bar = line.firstIndex(of: "|")
        else { return nil }
        let fields = line[..<bar].split(separator: " ")
        guard fields.count > 4, let type = PartOfSpeech(synsetType: fields[2]),
            let wordCount = Int(fields[3], radix: 16)
        else { return nil }
        var words: [String] = []
        var cursor = 4
        for _ in 0..<wordCount where cursor + 1 < fields.count {
            words.append(Self.wordText(fields[cursor]))
            cursor += 2
        }
        let position = words.firstIndex {
            $0.lowercased() == word.replacingOccurrences(of: "_", with: " ")
        }
        var antonyms: [String] = []
        if cursor < fields.count, let pointerCount = Int(fields[cursor]) {
            cursor += 1
            for _ in 0..<pointerCount where cursor + 3 < fields.count {
                let (symbol, target, targetType, link) = (
                    fields[cursor], fields[cursor + 1], fields[cursor + 2], fields[cursor + 3]
                )
                cursor += 4
                guard symbol == "!", let source = Int(link.prefix(2), radix: 16),
                    let targetWord = Int(link.suffix(2), radix: 16),
                    source == 0 || position.map({ $0 + 1 == source }) == true,
                    let targetPOS = PartOfSpeech(synsetType: targetType),
                    let targetOffset = Int(target),
                    let targetLine = files[targetPOS].flatMap({
                        Self.line(at: targetOffset, in: $0.data)
                    })
                else { continue }
                let targetFields = targetLine.split(separator: " ")
                let index = 4 + 2 * max(targetWord - 1, 0)
                if index < targetFields.count {
                    antonyms.append(Self.wordText(targetFields[index]))
                }
            }
        }
        let gloss = line[line.index(after: bar)...].trimmingCharacters(in: .whitespaces)
        var definition: [String] = []
        var examples: [String] = []
        for part in gloss.components(separatedBy: "; ") {
            let text = part.trimmingCharacters(in: .whitespaces)
            if text.hasPrefix("\"") {
                examples.append(text.trimmingCharacters(in: CharacterSet(charactersIn: "\"")))
            } else if !text.isEmpty {
                definition.append(text)
            }
        }
        return Sense(
            partOfSpeech: type, definition: definition.joined(separator: "; "),
            examples: examples,
            synonyms: words.enumerated().filter { $0.offset != position }.map(\.element),
            antonyms: antonyms)
    }

    /// A word as the data file spells it: `ice_cream` → "ice cream", `happy(a)` → "happy".
    private static func wordText(_ raw: Substring) -> String {
        var text = raw.replacingOccurrences(of: "_", with: " ")
        if let paren = text.firstIndex(of: "("), text.hasSuffix(")") {
            text = String(text[..<paren])
        }
        return text
    }

    private static func line(at offset: Int, in data: Data) -> String? {
        guard offset >= 0, offset < data.count else { return nil }
        let start = data.startIndex + offset
        let end = data[start...].firstIndex(of: UInt8(ascii: "\n")) ?? data.endIndex
        return String(data: data[start..<end], encoding: .utf8)
    }

    /// `lemma pos synset_cnt p_cnt [ptr…] sense_cnt tagsense_cnt offset…`; the licence
    /// header's lines start with spaces.
    private static func readIndex(_ data: Data) -> [String: [Int]] {
        var index: [String: [Int]] = [:]
        for line in data.split(separator: UInt8(ascii: "\n")) where line.first != 0x20 {
            let fields = line.split(separator: 0x20)
            guard fields.count > 4, let synsets = Int(ascii: fields[2]),
                let pointers = Int(ascii: fields[3])
            else { continue }
            let first = 4 + pointers + 2
            guard first + synsets <= fields.count else { continue }
            index[String(decoding: fields[0], as: UTF8.self)] = fields[first..<first + synsets]
                .compactMap { Int(ascii: $0) }
        }
        return index
    }

    /// `inflected base…` per line.
    private static func readExceptions(_ data: Data) -> [String: [String]] {
        var exceptions: [String: [String]] = [:]
        for line in data.split(separator: UInt8(ascii: "\n")) {
            let fields = line.split(separator: 0x20).map { String(decoding: $0, as: UTF8.self) }
            if fields.count > 1 { exceptions[fields[0], default: []] += fields.dropFirst() }
        }
        return exceptions
    }
}

extension Int {
    fileprivate init?(ascii bytes: Data.SubSequence) {
        self.init(String(decoding: bytes, as: UTF8.self))
    }
}
