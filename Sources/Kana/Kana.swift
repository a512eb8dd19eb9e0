/// Kana conversion with the rules and default options of WanaKana 5.3.1: romaji to
/// hiragana or katakana, kana to Hepburn romaji, and the IME mode used while typing.
/// Every row of ../shared/vectors/kana/wanakana.tsv holds. Text that is not kana or
/// romaji (kanji, Hangul, emoji) passes through unchanged.
///
///     Kana.toHiragana("gakkou")    // がっこう
///     Kana.toKatakana("ka-do")     // カード
///     Kana.toRomaji("きんようび")    // kin'youbi
///     Kana.typing("gakusein")      // がくせいn  (the n waits for the next key)
public enum Kana {
    /// Romaji and katakana to hiragana. A katakana long mark becomes the vowel it
    /// lengthens (ラーメン → らあめん; コーヒー → こうひい).
    public static func toHiragana(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        if isMixed(scalars) {
            return romajiToKana(katakanaToHiragana(scalars).lowercased(), tree: RomajiToKana.tree)
        }
        if isRomaji(scalars) || startsWithEnglishPunctuation(scalars) {
            return romajiToKana(text.lowercased(), tree: RomajiToKana.tree)
        }
        return katakanaToHiragana(scalars)
    }

    /// Romaji and hiragana to katakana (ka-do → カード).
    public static func toKatakana(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        if isMixed(scalars) || isRomaji(scalars) || startsWithEnglishPunctuation(scalars) {
            return hiraganaToKatakana(romajiToKana(text.lowercased(), tree: RomajiToKana.tree))
        }
        return hiraganaToKatakana(text)
    }

    /// Kana to Hepburn romaji (しんぶん → shinbun, まっちゃ → matcha, ん before a vowel
    /// or y → n'). A katakana long mark doubles the vowel (コーヒー → koohii).
    public static func toRomaji(_ text: String) -> String {
        let hiragana = Array(
            katakanaToHiragana(Array(text.unicodeScalars), forRomaji: true).unicodeScalars)
        return KanaToRomaji.tree.chunks(of: hiragana, convertEnding: true)
            .map { $0.output ?? "" }.joined()
    }

    /// Romaji to kana as typed into a Japanese field (WanaKana's IME mode): `nn` and
    /// `n'` are ん, and an ending that could still become something else (a lone `n`,
    /// `k`, `ky`) is left as typed until the next key. Runs typed in upper case become
    /// katakana (KANA → カナ); kana already in the text stays.
    public static func typing(_ text: String) -> String {
        romajiToKana(text, tree: RomajiToKana.typingTree, convertEnding: false)
    }

    /// Romaji to hiragana, except that runs typed in upper case become katakana.
    public static func toKana(_ text: String) -> String {
        romajiToKana(text, tree: RomajiToKana.tree)
    }

    // MARK: - Conversions

    private static func romajiToKana(
        _ text: String, tree: ConversionTree, convertEnding: Bool = true
    ) -> String {
        let original = Array(text.unicodeScalars)
        // Lowered scalar by scalar, so that every position is the original's: a
        // scalar whose lower case is longer (İ → i̇) is no romaji letter and stays
        // as it is. (Lowering the whole text shifted the positions after it, and
        // the chunks then reached past the original's end: a crash, found by
        // `scripts/fuzz.sh kana`, on a dictionary search for "İ…".)
        let lowered = original.map(Self.lowered)
        var output = ""
        for chunk in tree.chunks(of: lowered, convertEnding: convertEnding) {
            guard let kana = chunk.output else {
                output.unicodeScalars.append(contentsOf: original[chunk.range])
                continue
            }
            let upperCase = original[chunk.range].allSatisfy { ("A"..."Z").contains($0) }
            output += upperCase ? hiraganaToKatakana(kana) : kana
        }
        return output
    }

    private static func lowered(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        if scalar.isASCII {
            return ("A"..."Z").contains(scalar)
                ? Unicode.Scalar(UInt8(scalar.value) + 0x20) : scalar
        }
        let lower = scalar.properties.lowercaseMapping.unicodeScalars
        guard let only = lower.first, lower.count == 1 else { return scalar }
        return only
    }

    /// Vowels a long mark stands for after a kana, by the kana's last romaji letter.
    private static let longVowels: [Character: Unicode.Scalar] = [
        "a": "あ", "i": "い", "u": "う", "e": "え", "o": "う",
    ]

    /// Katakana to hiragana. A long mark after katakana becomes the vowel it lengthens:
    /// お-row kana take う (コー → こう), or お when the result is read as romaji (koo);
    /// after ん or っ it disappears, and at the start or after other text it stays.
    static func katakanaToHiragana(_ scalars: [Unicode.Scalar], forRomaji: Bool = false) -> String {
        var output = String.UnicodeScalarView()
        var previousKana: Unicode.Scalar?
        for (index, scalar) in scalars.enumerated() {
            if scalar == middleDot || (scalar == longMark && index == 0) || scalar == "ヵ"
                || scalar == "ヶ"
            {
                output.append(scalar)
            } else if scalar == longMark, let previous = previousKana {
                let lastLetter = toRomaji(String(previous)).last
                if forRomaji && lastLetter == "o" && isKatakana(scalars[index - 1]) {
                    output.append("お")
                } else if let lastLetter, let vowel = longVowels[lastLetter] {
                    output.append(vowel)
                }
            } else if scalar != longMark && isKatakana(scalar) {
                let hiragana = shifted(scalar, by: -katakanaOffset)
                previousKana = hiragana
                output.append(hiragana)
            } else {
                previousKana = nil
                output.append(scalar)
            }
        }
        return String(output)
    }

    /// Hiragana to katakana; everything else (romaji, the long mark and ・ included)
    /// stays: for comparing kana whatever its script.
    public static func hiraganaToKatakana(_ text: String) -> String {
        var output = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar != longMark && isHiragana(scalar) {
                output.append(shifted(scalar, by: katakanaOffset))
            } else {
                output.append(scalar)
            }
        }
        return String(output)
    }

    // MARK: - Character classes

    /// Hiragana or katakana (the long mark included).
    public static func isKana(_ scalar: Unicode.Scalar) -> Bool {
        isHiragana(scalar) || isKatakana(scalar)
    }

    /// A CJK ideograph (the unified block, extension A, compatibility ideographs) or 々.
    public static func isKanji(_ scalar: Unicode.Scalar) -> Bool {
        (0x4E00...0x9FFF).contains(scalar.value) || (0x3400...0x4DBF).contains(scalar.value)
            || (0xF900...0xFAFF).contains(scalar.value) || scalar == "々"
    }

    static let longMark: Unicode.Scalar = "ー"
    static let middleDot: Unicode.Scalar = "・"
    private static let katakanaOffset: Int32 = 0x30A1 - 0x3041

    /// The same kana in the other script (the blocks are parallel).
    private static func shifted(_ scalar: Unicode.Scalar, by offset: Int32) -> Unicode.Scalar {
        Unicode.Scalar(UInt32(Int32(scalar.value) + offset)) ?? scalar
    }

    /// Hiragana ぁ–ゖ and the long mark.
    static func isHiragana(_ scalar: Unicode.Scalar) -> Bool {
        scalar == longMark || (0x3041...0x3096).contains(scalar.value)
    }

    /// Katakana ァ–ー (the long mark included).
    static func isKatakana(_ scalar: Unicode.Scalar) -> Bool {
        (0x30A1...0x30FC).contains(scalar.value)
    }

    /// ASCII and the macron vowels (Ā ē …): what WanaKana reads as romaji.
    static func isRomaji(_ scalar: Unicode.Scalar) -> Bool {
        romajiRanges.contains { $0.contains(scalar.value) }
    }

    private static let romajiRanges: [ClosedRange<UInt32>] = [
        0x0000...0x007F, 0x0100...0x0101, 0x0112...0x0113, 0x012A...0x012B, 0x014C...0x014D,
        0x016A...0x016B,
    ]
    private static let englishPunctuation: [ClosedRange<UInt32>] = [
        0x20...0x2F, 0x3A...0x3F, 0x5B...0x60, 0x7B...0x7E, 0x2018...0x2019, 0x201C...0x201D,
    ]

    /// Not empty, and romaji only.
    static func isRomaji(_ scalars: [Unicode.Scalar]) -> Bool {
        !scalars.isEmpty && scalars.allSatisfy(isRomaji)
    }

    /// Kana and romaji together (kanji allowed).
    static func isMixed(_ scalars: [Unicode.Scalar]) -> Bool {
        scalars.contains { isHiragana($0) || isKatakana($0) } && scalars.contains(where: isRomaji)
    }

    /// WanaKana tests the whole text as if it were one character: only the first counts.
    private static func startsWithEnglishPunctuation(_ scalars: [Unicode.Scalar]) -> Bool {
        guard let first = scalars.first else { return false }
        return englishPunctuation.contains { $0.contains(first.value) }
    }
}
