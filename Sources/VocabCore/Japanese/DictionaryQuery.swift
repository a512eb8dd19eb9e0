import Foundation
import Kana

/// How well a dictionary entry matches a query; lower is better.
public enum DictionaryMatch: Int, Comparable, Sendable {
    /// The headword, reading or a whole gloss is the query ("eat" ↔ "to eat").
    case exact
    /// One of them starts with it.
    case prefix
    /// One of them holds it.
    case substring
    /// A gloss holds each of its words, apart.
    case words

    public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
}

/// A query of the Japanese dictionary: by kanji, kana, romaji (read through the kana
/// engine, がくせい for "gakusei") or English.
public struct DictionaryQuery: Sendable {
    public static let maximumLength = 100

    /// As typed, trimmed.
    public let text: String
    /// The forms to look up among headwords and readings: the text if it has kana or
    /// kanji, in hiragana and katakana too; or the romaji turned into kana.
    public let japaneseForms: [String]
    /// The romaji read as hiragana, when the text was romaji.
    public let kana: String?
    /// The text in lower case, when it has Latin letters (to look up among glosses).
    public let english: String?
    /// The English words, for an index of gloss words.
    public let englishWords: [String]

    public init(_ raw: String) {
        text = raw.trimmingCharacters(in: .whitespaces)
        let scalars = text.unicodeScalars
        let hasJapanese = scalars.contains { Kana.isKana($0) || Kana.isKanji($0) }
        var forms: [String] = []
        var kana: String?
        let hasLatin = scalars.contains { ("a"..."z").contains($0) || ("A"..."Z").contains($0) }
        if hasJapanese {
            forms = [text, Kana.toHiragana(text), Kana.toKatakana(text)]
        } else if hasLatin {
            let hiragana = Kana.toHiragana(text.lowercased())
            if scalars.allSatisfy({ $0.isASCII }),
                hiragana.unicodeScalars.allSatisfy({ Kana.isKana($0) })
            {
                kana = hiragana
                forms = [hiragana, Kana.toKatakana(hiragana)]
            }
        } else {
            // Digits, symbols, full-width letters: headwords such as "100%" or "ＣＤ".
            forms = [text]
        }
        var seen: Set<String> = []
        japaneseForms = forms.filter { !$0.isEmpty && seen.insert($0).inserted }
        self.kana = kana
        english = hasLatin ? text.lowercased() : nil
        englishWords =
            hasLatin
            ? text.lowercased().split { !($0.isLetter || $0.isNumber) }.map(String.init) : []
    }

    /// How `entry` matches, or nil when it does not.
    public func match(_ entry: EDICTEntry) -> DictionaryMatch? {
        score(entry)?.match
    }

    /// The match and the gloss it was found in (0 for the headword or reading): an
    /// entry whose first sense matches comes before one where a later sense does.
    func score(_ entry: EDICTEntry) -> (match: DictionaryMatch, gloss: Int)? {
        var best: (match: DictionaryMatch, gloss: Int)?
        var gloss = 0
        func consider(_ match: DictionaryMatch) {
            if best.map({ (match, gloss) < ($0.match, $0.gloss) }) ?? true {
                best = (match, gloss)
            }
        }
        for form in japaneseForms {
            for field in [entry.term, entry.reading] where !field.isEmpty {
                if field == form {
                    consider(.exact)
                } else if field.hasPrefix(form) {
                    consider(.prefix)
                } else if field.contains(form) {
                    consider(.substring)
                }
            }
        }
        if let english {
            for (index, text) in entry.glosses.enumerated() {
                gloss = index
                let core = Self.core(of: text)
                if core == english || core == "to " + english {
                    consider(.exact)
                } else if core.hasPrefix(english) || core.hasPrefix("to " + english) {
                    consider(.prefix)
                } else if core.contains(english) {
                    consider(.substring)
                } else if !englishWords.isEmpty,
                    englishWords.allSatisfy({ text.lowercased().contains($0) })
                {
                    // Apart, or only in a remark ("(esp. a university student)").
                    consider(.words)
                }
            }
        }
        return best
    }

    /// A gloss without its tags and remarks, in lower case: "(n) (1) student (esp. a
    /// university student)" → "student".
    static func core(of gloss: String) -> String {
        var text = ""
        var depth = 0
        for character in gloss {
            if character == "(" {
                depth += 1
            } else if character == ")" && depth > 0 {
                depth -= 1
            } else if depth == 0 {
                text.append(character)
            }
        }
        return text.split(separator: " ").joined(separator: " ").lowercased()
    }

    /// Best first: the match, then common words, then the earlier sense, then shorter
    /// headwords, then file order.
    public static func ranked<T>(
        _ candidates: [(entry: EDICTEntry, order: Int, value: T)], by query: DictionaryQuery,
        limit: Int
    ) -> [(match: DictionaryMatch, value: T)] {
        candidates.compactMap { candidate in
            query.score(candidate.entry).map {
                (match: $0.match, gloss: $0.gloss, candidate: candidate)
            }
        }
        .sorted { a, b in
            if a.match != b.match { return a.match < b.match }
            if a.candidate.entry.common != b.candidate.entry.common {
                return a.candidate.entry.common
            }
            if a.gloss != b.gloss { return a.gloss < b.gloss }
            let (la, lb) = (a.candidate.entry.term.count, b.candidate.entry.term.count)
            if la != lb { return la < lb }
            return a.candidate.order < b.candidate.order
        }
        .prefix(limit)
        .map { (match: $0.match, value: $0.candidate.value) }
    }
}
