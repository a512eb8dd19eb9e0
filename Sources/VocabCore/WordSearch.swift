import Foundation
import Hangul

/// Korean-aware search over a word's term, meaning and reading.
///
/// Each word stores three keys (`WordSearchKeys`), one line per field and per
/// sense of the meaning ("사과, 능금" is two senses):
/// - `text`: the folded fields (case- and diacritic-insensitive);
/// - `jamo`: the same, with Hangul split into 2-beolsik typing units, so a
///   partly typed syllable matches ("삭" finds 사과) and a two-syllable word is
///   long enough for a trigram index;
/// - `choseong`: the initial consonants ("ㅅㄱ" finds 사과) of the lines with
///   Hangul, each written twice (see `doubled`) and each line ended by a
///   newline, so the typo pass can ask for a whole line (`typoLine`);
/// - `cjk`: the lines of `jamo` with kanji or kana, each character written three times
///   (see `tripled`), so a one- or two-character query (水, 学校) is long
///   enough for a trigram index.
/// A query (`WordSearchQuery`) also tries the other keyboard layout ("tkrhk"
/// finds 사과; "메ㅔㅣㄷ" finds apple). `WordSearchMatcher` ranks a word and
/// says where the match is, for highlighting.
public struct WordSearchKeys: Sendable, Equatable {
    public var text: String
    public var jamo: String
    public var choseong: String
    public var cjk: String

    public init(term: String, meaning: String, reading: String) {
        let lines = WordSearchKeys.fields(term: term, meaning: meaning, reading: reading).map(
            SearchFolding.fold)
        text = lines.joined(separator: "\n")
        let jamoLines = lines.map { Hangul.decompose($0, splitCompounds: true) }
        jamo = jamoLines.joined(separator: "\n")
        choseong = WordSearchKeys.doubled(
            lines.filter(WordSearchKeys.holdsHangul).map { Hangul.choseong($0) + "\n" }.joined())
        cjk = WordSearchKeys.tripled(
            jamoLines.filter(WordSearchKeys.holdsCJK).joined(separator: "\n"))
    }

    /// Whether a text has kanji or kana: a line of the `cjk` key, or a short
    /// query that is looked up there.
    public static func holdsCJK(_ text: String) -> Bool {
        text.unicodeScalars.contains {
            switch $0.value {
            case 0x3040...0x30FF, 0x31F0...0x31FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
                0xF900...0xFAFF, 0xFF66...0xFF9F, 0x20000...0x3134F:
                true
            default: false
            }
        }
    }

    /// Every character three times ("学校" → "学学学校校校"), as `doubled` does
    /// for choseong: a tripled needle matches only aligned with the tripled
    /// text, and even one character is three, enough for a trigram.
    public static func tripled(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            out.append(scalar)
            if scalar != "\n" {
                out.append(scalar)
                out.append(scalar)
            }
        }
        return String(out)
    }

    /// The form of a query the `cjk` key is searched with, when the query is
    /// too short for the trigram index in typing units but has kanji or kana.
    public static func shortCJKNeedle(_ query: WordSearchQuery) -> String? {
        guard query.jamo.unicodeScalars.count < 3, holdsCJK(query.jamo) else { return nil }
        return tripled(query.jamo)
    }

    /// Whether a line has Hangul (syllables or jamo). Only such lines go into
    /// the choseong key: a choseong query is initial consonants, so it can
    /// only ever match there. The rest (English, Japanese) would be indexed
    /// twice for nothing: on 50,000 EDICT entries that doubled copy was 2/3 of
    /// the trigram index and made the import's indexing 2.5 times slower.
    public static func holdsHangul(_ line: String) -> Bool {
        line.unicodeScalars.contains {
            switch $0.value {
            case 0xAC00...0xD7A3, 0x1100...0x11FF, 0x3131...0x318E, 0xA960...0xA97F,
                0xD7B0...0xD7FF:
                true
            default: false
            }
        }
    }

    /// Every character twice ("ㅅㄱ" → "ㅅㅅㄱㄱ"). The choseong key is stored
    /// this way and choseong queries are doubled the same way, so a
    /// two-consonant query becomes four characters, long enough for a trigram
    /// index. A doubled needle can only match aligned with the doubled text.
    public static func doubled(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            out.append(scalar)
            if scalar != "\n" { out.append(scalar) }
        }
        return String(out)
    }

    /// The searchable pieces of a word: the term, each sense of the meaning,
    /// the reading. The meaning breaks into senses at separators outside
    /// brackets, and a sense is a line without its leading notes ("(n)
    /// school" is "school"; `SenseNotes`), as `WordSearchMatcher` ranks it;
    /// the whole meaning stays a line, notes and all. A term or reading with
    /// leading notes, rare, is a line with them and one without.
    public static func fields(term: String, meaning: String, reading: String) -> [String] {
        var fields = [term] + withoutNotes(term)
        // By scalar, not by Character: a CRLF line break is one Character.
        let scalars = meaning.unicodeScalars
        var start = scalars.startIndex
        for end in SenseNotes.senseBreaks(in: scalars) + [scalars.endIndex] {
            let sense = TextTrim.trimmed(String(Substring(scalars[start..<end])))
            if !sense.isEmpty { fields.append(withoutNotes(sense).first ?? sense) }
            if end < scalars.endIndex { start = scalars.index(after: end) }
        }
        if !meaning.isEmpty, !fields.contains(meaning) { fields.append(meaning) }
        fields += [reading] + withoutNotes(reading)
        return fields.filter { !$0.isEmpty }
    }

    /// The text past its leading notes, when it has some and more than them.
    private static func withoutNotes(_ text: String) -> [String] {
        let plain = SenseNotes.afterLeadingNotes(text)
        return plain.isEmpty || plain.startIndex == text.startIndex ? [] : [String(plain)]
    }
}

/// A search query in every form it is matched in.
public struct WordSearchQuery: Sendable, Equatable {
    /// The folded query, matched against `WordSearchKeys.text`.
    public let folded: String
    /// Typing units, matched against `WordSearchKeys.jamo`.
    public let jamo: String
    /// Set when the query is only initial consonants (ㄱ…ㅎ): matched against `choseong`.
    public let choseong: String?
    /// The query as if typed in the other layout (Latin keys → Hangul, or Hangul → Latin keys), folded.
    public let otherLayout: String?
    /// `otherLayout` in typing units.
    public let otherLayoutJamo: String?
    /// `jamo` as scalar values, for the typo test against many lines.
    private let jamoUnits: [UInt32]

    public init(_ typed: String) {
        let raw = Self.withoutEndWildcards(typed)
        folded = SearchFolding.fold(raw)
        jamo = Hangul.decompose(folded, splitCompounds: true)
        let scalars = folded.unicodeScalars
        let allChoseong =
            !scalars.isEmpty
            && scalars.allSatisfy {
                ($0.value >= 0x3131 && $0.value <= 0x314E) || $0 == " "
            } && scalars.contains { $0 != " " }
        choseong = allChoseong ? folded : nil
        otherLayout = WordSearchQuery.otherLayout(
            of: raw, folded: folded)
        otherLayoutJamo = otherLayout.map { Hangul.decompose($0, splitCompounds: true) }
        jamoUnits = Hangul.typingUnitScalars(jamo)
    }

    /// The query without `*` at its ends. Search already finds the text
    /// anywhere in a line, so `run*` and `*ing` ask what `run` and `ing` do,
    /// as they do in Anki, where people learned to type them; taken as
    /// characters they matched nothing.
    static func withoutEndWildcards(_ typed: String) -> String {
        typed.trimmingCharacters(in: CharacterSet(charactersIn: "*").union(.whitespaces))
    }

    /// The query in the other layout, when it is long enough to be a layout
    /// mistake: one or two keys ("ㅅㄱ" → "tr") are more likely meant as typed,
    /// and would match a large share of all words with no index to help.
    private static func otherLayout(of raw: String, folded: String) -> String? {
        guard let other = otherLayoutAnyLength(of: raw, folded: folded),
            Hangul.decompose(other, splitCompounds: true).unicodeScalars.count >= 3
        else { return nil }
        return other
    }

    private static func otherLayoutAnyLength(of raw: String, folded: String) -> String? {
        let scalars = raw.unicodeScalars
        let isLatinKeys =
            !scalars.isEmpty
            && scalars.allSatisfy {
                ($0.value >= 0x61 && $0.value <= 0x7A) || ($0.value >= 0x41 && $0.value <= 0x5A)
                    || $0 == " "
            }
        if isLatinKeys {
            let hangul = Hangul.qwertyToHangul(raw)
            // Only when the keys make Hangul syllables (not just loose jamo).
            guard
                hangul.unicodeScalars.contains(where: { $0.value >= 0xAC00 && $0.value <= 0xD7A3 })
            else { return nil }
            return SearchFolding.fold(hangul)
        }
        let hasHangul = scalars.contains {
            ($0.value >= 0xAC00 && $0.value <= 0xD7A3) || ($0.value >= 0x3131 && $0.value <= 0x3163)
        }
        let allHangulOrSpace = scalars.allSatisfy {
            ($0.value >= 0xAC00 && $0.value <= 0xD7A3) || ($0.value >= 0x3131 && $0.value <= 0x3163)
                || $0 == " "
        }
        guard hasHangul, allHangulOrSpace else { return nil }
        let keys = SearchFolding.fold(Hangul.hangulToQwerty(raw))
        return keys == folded ? nil : keys
    }

    /// Whether a fuzzy pass runs: one-jamo typos for Korean words of two or
    /// more syllables, one or two wrong letters for Latin words of six or more
    /// (shorter queries would match too much).
    public var allowsFuzzy: Bool { fuzzyChoseong != nil || latinTypoLimit != nil }

    /// How many letters a Latin query may have wrong (left out, added, or
    /// changed): one from six letters (abandn → abandon, resilent →
    /// resilient), two from nine (acommodate → accommodate); nil for other
    /// queries.
    public var latinTypoLimit: Int? {
        let scalars = folded.unicodeScalars
        guard
            scalars.allSatisfy({ ($0.value >= 0x61 && $0.value <= 0x7A) || $0 == " " || $0 == "-" })
        else { return nil }
        switch scalars.count {
        case ..<6: return nil
        case ..<9: return 1
        default: return 2
        }
    }

    /// The Latin query cut into `latinTypoLimit + 1` pieces of three letters
    /// or more: a line that many letters away holds one of them whole, the
    /// first at its start and the others anywhere, so a trigram index finds
    /// the candidates. Empty for other queries.
    public var latinTypoPieces: [String] {
        guard let limit = latinTypoLimit else { return [] }
        let letters = Array(folded.unicodeScalars)
        let count = limit + 1
        return (0..<count).map { index in
            var piece = String.UnicodeScalarView()
            piece.append(
                contentsOf: letters[
                    letters.count * index / count..<letters.count * (index + 1) / count])
            return String(piece)
        }
    }

    /// The initial consonants of a query made of Hangul syllables (two or more).
    /// A typo in a vowel or a final consonant keeps them, so they find the
    /// candidates for the typo pass cheaply through the choseong index.
    public var fuzzyChoseong: String? {
        let scalars = folded.unicodeScalars
        let syllables = scalars.filter { $0.value >= 0xAC00 && $0.value <= 0xD7A3 }.count
        guard syllables >= 2,
            scalars.allSatisfy({ ($0.value >= 0xAC00 && $0.value <= 0xD7A3) || $0 == " " })
        else {
            return nil
        }
        return Hangul.choseong(folded)
    }

    /// The line of a word's `WordSearchKeys.choseong` that a typo in a vowel
    /// or a final consonant leaves as it is: the query's initials, doubled,
    /// with the line's end. The typo test compares whole lines, so only lines
    /// equal to this can hold such a typo (about one in six of those that
    /// merely contain the initials, on 300,000 words).
    public var typoLine: String? {
        fuzzyChoseong.map { WordSearchKeys.doubled($0) + "\n" }
    }

    /// Where a typo in an initial consonant can be: for each syllable, the
    /// query's typing units before that syllable's initial and after it
    /// (자과 → "" ㅈ "ㅏㄱㅗㅏ", "ㅈㅏ" ㄱ "ㅗㅏ"). `fuzzyChoseong` cannot find such
    /// typos, as they change the choseong; a line that holds one is `before`,
    /// one other initial, then `after`. Empty for queries longer than
    /// `maxInitialTypoSyllables` syllables.
    public var initialTypoGaps: [InitialTypoGap] {
        guard fuzzyChoseong != nil else { return [] }
        let scalars = Array(folded.unicodeScalars)
        let syllables = scalars.indices.filter { Jamo.isSyllable(scalars[$0]) }
        guard syllables.count <= Self.maxInitialTypoSyllables else { return [] }
        func typingUnits(_ part: ArraySlice<Unicode.Scalar>) -> String {
            var text = String.UnicodeScalarView()
            text.append(contentsOf: part)
            return Hangul.decompose(String(text), splitCompounds: true)
        }
        return syllables.compactMap { position in
            let units = Array(typingUnits(scalars[position...position]).unicodeScalars)
            guard let initial = units.first else { return nil }
            var after = String.UnicodeScalarView()
            after.append(contentsOf: units.dropFirst())
            return InitialTypoGap(
                before: typingUnits(scalars[..<position]), initial: initial,
                after: String(after) + typingUnits(scalars[(position + 1)...]))
        }
    }

    public static let maxInitialTypoSyllables = 6

    /// Whether a line of a word's `WordSearchKeys.jamo` (a term, a sense or the
    /// reading) is a typo away from the query: one typing unit for Korean,
    /// `latinTypoLimit` letters for Latin. The typo pass's test.
    public func isTypoAway(fromJamoKey key: String) -> Bool {
        guard allowsFuzzy else { return false }
        let limit = latinTypoLimit ?? 1
        // Split on the byte: splitting a String into Characters was two thirds
        // of the test's time, and the typo pass tests hundreds of keys. One
        // unit more, fewer or changed moves the length by four bytes at most.
        return key.utf8.split(separator: UInt8(ascii: "\n")).contains { line in
            abs(line.count - jamo.utf8.count) <= 4 * limit
                && Hangul.jamoDistance(
                    typingUnits: jamoUnits, String(decoding: line, as: UTF8.self), limit: limit)
                    != nil
        }
    }

    /// The typing units of the query cut in two halves, each at least three
    /// units long (nil when shorter): one typo leaves the left half whole at
    /// the start of the line that holds it, or the right half whole inside
    /// it, so a line one typo away contains one of them where said. Three
    /// units each, so a trigram index can look them up.
    public var typoHalves: (left: String, right: String)? {
        guard fuzzyChoseong != nil else { return nil }
        let units = Array(jamo.unicodeScalars)
        let middle = units.count / 2
        guard middle >= 3, units.count - middle >= 3 else { return nil }
        var left = String.UnicodeScalarView()
        left.append(contentsOf: units[..<middle])
        var right = String.UnicodeScalarView()
        right.append(contentsOf: units[middle...])
        return (String(left), String(right))
    }
}

/// One syllable of a query whose initial consonant a typo may have changed
/// (`WordSearchQuery.initialTypoGaps`), in typing units.
public struct InitialTypoGap: Sendable, Equatable {
    public var before: String
    /// The query's own initial there.
    public var initial: Unicode.Scalar
    public var after: String

    /// The query with this initial swapped for each other one (자과 → 사과, …).
    public var variants: [String] {
        otherInitials.map { before + String($0) + after }
    }

    /// Three typing units around the swapped initial, one per other initial
    /// (the initial and the two units after it where there are two): a line
    /// with a variant holds one of them, so a trigram index narrows the lines
    /// by a side too short to look up (퓧횿's second gap: after "ㅛㅊ", 2,065
    /// lines starting with "ㅍㅜㅣㅎ" of 300,000 words, none of them with
    /// one of these). Empty when the query has no two units around it.
    public var windows: [String] {
        let after = Array(after.unicodeScalars.prefix(2))
        let before = Array(before.unicodeScalars.suffix(2 - after.count))
        guard before.count + after.count == 2 else { return [] }
        return otherInitials.map {
            String(String.UnicodeScalarView(before + [$0] + after))
        }
    }

    private var otherInitials: [Unicode.Scalar] { Jamo.initials.filter { $0 != initial } }
}

/// How a word matched, best first.
public enum WordMatchKind: Int, Sendable, Comparable, CaseIterable, Codable {
    case exact = 0
    case prefix, substring, partial, choseong, otherLayout, fuzzy

    public var name: String {
        switch self {
        case .exact: "exact"
        case .prefix: "prefix"
        case .substring: "substring"
        case .partial: "partial"
        case .choseong: "choseong"
        case .otherLayout: "layout"
        case .fuzzy: "fuzzy"
        }
    }

    public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
}

/// A match inside one piece of text: which characters to highlight.
public struct WordTextMatch: Sendable, Equatable {
    public var kind: WordMatchKind
    /// Character offsets (Swift `Character`s) of the highlighted runs.
    public var ranges: [Range<Int>]
}

public enum WordSearchMatcher {
    /// The best way `query` matches `text` (a term, meaning or reading), with
    /// the characters to highlight; nil when it does not match.
    public static func match(_ query: WordSearchQuery, in text: String, fuzzy: Bool = false)
        -> WordTextMatch?
    {
        guard !query.folded.isEmpty, !text.isEmpty else { return nil }
        let characters = Array(text)
        // Per character: its folded form, its typing units, its choseong.
        let folded = characters.map { $0.isWhitespace ? " " : SearchFolding.fold(String($0)) }
        var best: WordTextMatch?
        func consider(_ kind: WordMatchKind, _ ranges: [Range<Int>]) {
            guard !ranges.isEmpty else { return }
            if let found = best, found.kind <= kind { return }
            best = WordTextMatch(kind: kind, ranges: ranges)
        }

        let senses = senseRanges(characters)
        let hits = occurrences(of: query.folded, in: folded)
        if !hits.isEmpty {
            let whole = hits.filter { hit in senses.contains { $0 == hit } }
            let prefix = hits.filter { hit in senses.contains { $0.lowerBound == hit.lowerBound } }
            consider(!whole.isEmpty ? .exact : !prefix.isEmpty ? .prefix : .substring, hits)
        }
        if best == nil {
            let jamo = folded.map { Hangul.decompose($0, splitCompounds: true) }
            consider(.partial, occurrences(of: query.jamo, in: jamo))
            if let choseong = query.choseong {
                consider(.choseong, occurrences(of: choseong, in: folded.map(Hangul.choseong)))
            }
            if let other = query.otherLayout, let otherJamo = query.otherLayoutJamo {
                var ranges = occurrences(of: other, in: folded)
                if ranges.isEmpty { ranges = occurrences(of: otherJamo, in: jamo) }
                consider(.otherLayout, ranges)
            }
            if best == nil, fuzzy, query.allowsFuzzy {
                let target = Hangul.decompose(query.folded, splitCompounds: true)
                let matched = senses.filter { sense in
                    let piece = jamo[sense].joined()
                    return Hangul.jamoDistance(target, piece, limit: 1) != nil
                }
                consider(.fuzzy, matched)
            }
        }
        return best
    }

    /// A title's and description's search text, one line each of: the
    /// folded texts, their typing units, and their initial consonants. A
    /// query matches as `match` finds it (folded, a partly typed syllable,
    /// choseong, the other layout) where one of `needles` is in this text,
    /// so a database can look for it with `LIKE` alone.
    public static func titleKeys(_ texts: [String]) -> String {
        let folded = texts.map(SearchFolding.fold).filter { !$0.isEmpty }
        let lines =
            folded + folded.map { Hangul.decompose($0, splitCompounds: true) }
            + folded.filter(WordSearchKeys.holdsHangul).map { Hangul.choseong($0) }
        return lines.joined(separator: "\n")
    }

    /// What to look for in `titleKeys` text: a text matches `query` (without
    /// typos) exactly when it holds one of these.
    public static func titleNeedles(_ query: WordSearchQuery) -> [String] {
        var needles = [query.folded, query.jamo]
        if let other = query.otherLayout { needles.append(other) }
        if let other = query.otherLayoutJamo { needles.append(other) }
        return Array(Set(needles.filter { !$0.isEmpty })).sorted()
    }

    /// Pieces of which a text a typo away from `query` holds at least one:
    /// a one-jamo typo leaves one half of the query's typing units whole.
    public static func typoNeedles(_ query: WordSearchQuery) -> [String] {
        let units = Array(query.jamo.unicodeScalars)
        guard units.count >= 4 else { return [] }
        let middle = units.count / 2
        return [units[..<middle], units[middle...]].map {
            var text = String.UnicodeScalarView()
            text.append(contentsOf: $0)
            return String(text)
        }
    }

    /// Whether `query` matches a title or a description as `match` matches a
    /// word's field, or one of its words (split at spaces) is a typo away
    /// from the query: their senses are phrases, so a typo in one word of
    /// "Daily English" ("englsh") is not a typo of the whole.
    public static func matchesTitle(_ query: WordSearchQuery, _ text: String) -> Bool {
        if match(query, in: text, fuzzy: true) != nil { return true }
        guard query.allowsFuzzy else { return false }
        let words = text.split(whereSeparator: \.isWhitespace)
        return words.count > 1
            && words.contains { match(query, in: String($0), fuzzy: true) != nil }
    }

    /// The best match over a word's fields, or nil.
    public static func match(
        _ query: WordSearchQuery, term: String, meaning: String, reading: String,
        fuzzy: Bool = false
    )
        -> WordMatchKind?
    {
        [term, meaning, reading].compactMap { match(query, in: $0, fuzzy: fuzzy)?.kind }.min()
    }

    /// Runs of characters where the concatenation of `pieces` contains `needle`,
    /// mapped back to character offsets; non-overlapping, left to right.
    static func occurrences(of needle: String, in pieces: [String]) -> [Range<Int>] {
        let target = Array(needle.unicodeScalars)
        guard !target.isEmpty else { return [] }
        var scalars: [Unicode.Scalar] = []
        var origin: [Int] = []
        for (index, piece) in pieces.enumerated() {
            for scalar in piece.unicodeScalars {
                // Collapse runs of spaces, as folding does.
                if scalar == " ", scalars.last == " " { continue }
                scalars.append(scalar)
                origin.append(index)
            }
        }
        var ranges: [Range<Int>] = []
        var start = 0
        while start + target.count <= scalars.count {
            if scalars[start..<(start + target.count)].elementsEqual(target) {
                ranges.append(origin[start]..<(origin[start + target.count - 1] + 1))
                start += target.count
            } else {
                start += 1
            }
        }
        return ranges
    }

    /// The senses of a text ("사과, 능금" → two; `SenseNotes.senseBreaks`), as
    /// character ranges past their leading notes, without the separators
    /// and spaces around them.
    static func senseRanges(_ characters: [Character]) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var start = 0
        func close(_ end: Int) {
            var lo = start
            var hi = end
            while lo < hi, characters[lo].isWhitespace { lo += 1 }
            while hi > lo, characters[hi - 1].isWhitespace { hi -= 1 }
            // Past its leading notes, as `WordSearchKeys.fields` keeps it.
            let plain = SenseNotes.afterLeadingNotes(characters[lo..<hi])
            if !plain.isEmpty { lo = plain.startIndex }
            if lo < hi { ranges.append(lo..<hi) }
        }
        for i in SenseNotes.senseBreaks(in: characters) {
            close(i)
            start = i + 1
        }
        close(characters.count)
        if ranges.count > 1 {
            // The whole text counts as a sense too ("a, b" typed in full is exact).
            var lo = 0
            var hi = characters.count
            while lo < hi, characters[lo].isWhitespace { lo += 1 }
            while hi > lo, characters[hi - 1].isWhitespace { hi -= 1 }
            if lo < hi { ranges.append(lo..<hi) }
        }
        return ranges
    }
}
