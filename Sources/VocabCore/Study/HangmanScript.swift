import Foundation
import Hangul

/// The alphabet a hangman answer is played in, and what one key (unit) of it is.
///
/// - `latin`: the letters a–z. A letter is a key when it folds to one of them
///   (`SearchFolding`: case, diacritics, full width), so "e" reveals e, E, é and È. A
///   letter that folds to two (ß → ss, æ → ae) is not a key and is shown from the start.
/// - `hangul`: the 2-beolsik keys: 19 consonants (ㄲ ㄸ ㅃ ㅆ ㅉ, typed with Shift, are
///   keys of their own) and 14 vowels (ㅏ ㅐ ㅑ ㅒ ㅓ ㅔ ㅕ ㅖ ㅗ ㅛ ㅜ ㅠ ㅡ ㅣ). Compound
///   vowels and finals are split into the keys that type them: 과 = ㄱ ㅗ ㅏ, 닭 = ㄷ ㅏ ㄹ ㄱ.
/// - `kana`: each kana character is a key (が, small っ and ゃ too); hiragana and
///   katakana are the same key (か = カ). The long-vowel mark ー is not a key.
public enum HangmanScript: String, Codable, Sendable, CaseIterable {
    case latin
    case hangul
    case kana

    /// The script words of a language are played in: Korean in Hangul, Japanese
    /// in kana, languages written in the Latin alphabet in it; nil for others
    /// (the answer's own characters decide).
    public init?(language: String) {
        switch language {
        case "ko": self = .hangul
        case "ja": self = .kana
        case _ where Self.latinLanguages.contains(language): self = .latin
        default: return nil
        }
    }

    private static let latinLanguages: Set<String> = [
        "en", "es", "fr", "de", "it", "pt", "vi", "id", "nl", "sv", "da", "no", "fi", "pl", "cs",
        "tr", "ro", "hu", "ms", "tl", "sw", "eo", "la", "ca", "hr", "sk", "sl", "et", "lv", "lt",
    ]

    /// Whether every character of `text` is a key of this script or a character no
    /// script plays (a space, ー), and one at least is a key.
    func spells(_ text: String) -> Bool {
        var keys = 0
        for character in text {
            if unit(of: character) != nil {
                keys += 1
            } else if Self.classify(character) != nil {
                return false
            }
        }
        return keys > 0
    }

    /// The keys of the on-screen pad, in pad order: a–z; ㄱ…ㅎ then ㅏ…ㅣ; hiragana
    /// gojūon, then dakuten and handakuten rows, then small kana.
    public var keys: [String] {
        switch self {
        case .latin: return Self.latinKeys
        case .hangul: return Self.hangulKeys
        case .kana: return Self.kanaKeys
        }
    }

    /// The key a guess stands for (folded, katakana as hiragana, conjoining jamo as
    /// compatibility jamo), or `nil` when the guess is not one key of this script.
    public func key(for guess: String) -> String? {
        guard guess.count == 1, let character = guess.first, let unit = unit(of: character) else {
            return nil
        }
        return String(unit)
    }

    /// What a guess should look like, for error messages.
    var guessHint: String {
        switch self {
        case .latin: return "guess one letter a–z"
        case .hangul:
            return "guess one jamo, a consonant ㄱ…ㅎ or a vowel ㅏ…ㅣ (ㅘ is typed as ㅗ and ㅏ)"
        case .kana: return "guess one kana"
        }
    }

    /// The script whose keys make up `character`, and the keys grouped by syllable part,
    /// or `nil` for a character no script plays (space, digit, punctuation, kanji, ー).
    static func classify(_ character: Character) -> (
        script: HangmanScript, parts: [HangmanLetter.Part]
    )? {
        guard let scalar = singleScalar(character) else { return nil }
        if let parts = hangulParts(scalar) { return (.hangul, parts) }
        if let unit = kanaUnit(scalar) {
            return (.kana, [HangmanLetter.Part(whole: unit, units: [unit])])
        }
        if let unit = latinUnit(character) {
            return (.latin, [HangmanLetter.Part(whole: unit, units: [unit])])
        }
        return nil
    }

    /// The single key `character` is in this script, or `nil`.
    func unit(of character: Character) -> Unicode.Scalar? {
        switch self {
        case .latin:
            return Self.latinUnit(character)
        case .hangul:
            guard let scalar = Self.singleScalar(character) else { return nil }
            let compat = Jamo.compatibility(fromConjoining: scalar) ?? scalar
            return Self.hangulKeySet.contains(compat) ? compat : nil
        case .kana:
            return Self.singleScalar(character).flatMap(Self.kanaUnit)
        }
    }

    // MARK: - Per script

    /// The one scalar of a character in NFC (が typed as か + ゛ is one), or `nil`.
    private static func singleScalar(_ character: Character) -> Unicode.Scalar? {
        let scalars = character.unicodeScalars
        if scalars.count == 1 { return scalars.first }
        let composed = String(character).precomposedStringWithCanonicalMapping.unicodeScalars
        return composed.count == 1 ? composed.first : nil
    }

    private static func latinUnit(_ character: Character) -> Unicode.Scalar? {
        let folded = SearchFolding.fold(String(character)).unicodeScalars
        guard folded.count == 1, let unit = folded.first, ("a"..."z").contains(unit) else {
            return nil
        }
        return unit
    }

    /// Hiragana as itself, katakana as its hiragana; ヷ ヸ ヹ ヺ (no hiragana) as themselves.
    private static func kanaUnit(_ scalar: Unicode.Scalar) -> Unicode.Scalar? {
        switch scalar.value {
        case 0x3041...0x3096: return scalar
        case 0x30A1...0x30F6: return Unicode.Scalar(scalar.value - 0x60)
        case 0x30F7...0x30FA: return scalar
        default: return nil
        }
    }

    /// A syllable as initial, vowel and final, each with its typing keys; a lone
    /// compatibility jamo (ㅋ, ㅘ) as one part.
    private static func hangulParts(_ scalar: Unicode.Scalar) -> [HangmanLetter.Part]? {
        if let syllable = HangulSyllable(scalar) {
            var parts = [
                HangmanLetter.Part(whole: syllable.initialJamo, units: [syllable.initialJamo]),
                HangmanLetter.Part(
                    whole: syllable.medialJamo, units: Jamo.typingUnits(of: syllable.medialJamo)),
            ]
            if let final = syllable.finalJamo {
                parts.append(HangmanLetter.Part(whole: final, units: Jamo.typingUnits(of: final)))
            }
            return parts
        }
        let compat = Jamo.compatibility(fromConjoining: scalar) ?? scalar
        guard Jamo.isCompatibilityConsonant(compat) || Jamo.isCompatibilityVowel(compat) else {
            return nil
        }
        let units = Jamo.typingUnits(of: compat)
        guard units.allSatisfy(hangulKeySet.contains) else { return nil }
        return [HangmanLetter.Part(whole: compat, units: units)]
    }

    // MARK: - Keys

    private static let latinKeys: [String] = (UInt8(ascii: "a")...UInt8(ascii: "z")).map {
        String(UnicodeScalar($0))
    }

    /// The vowels typed with one key: every vowel that is its own typing unit.
    private static let hangulKeyScalars: [Unicode.Scalar] =
        Jamo.initials + Jamo.medials.filter { Jamo.typingUnits(of: $0) == [$0] }

    private static let hangulKeys: [String] = hangulKeyScalars.map { String($0) }

    private static let hangulKeySet = Set(hangulKeyScalars)

    private static let kanaKeys: [String] = [
        "あいうえお", "かきくけこ", "さしすせそ", "たちつてと", "なにぬねの", "はひふへほ", "まみむめも", "やゆよ",
        "らりるれろ", "わをん", "がぎぐげご", "ざじずぜぞ", "だぢづでど", "ばびぶべぼ", "ぱぴぷぺぽ", "ゔ",
        "ぁぃぅぇぉ", "っゃゅょゎ",
    ].flatMap { $0.map { String($0) } }
}
