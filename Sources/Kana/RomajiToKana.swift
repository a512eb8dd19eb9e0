/// The romaji → hiragana tree, with WanaKana 5.3.1's spellings (Hepburn, Kunrei and
/// the common IME spellings all read; see ../shared/vectors/kana/wanakana.tsv).
enum RomajiToKana {
    /// The default tree: a lone `n` at the end is ん, `nn` is ん + ん.
    static let tree: ConversionTree = build()

    /// The tree for live typing: `nn` is one ん and `n ` (n, space) is ん, so a lone `n`
    /// can wait for its vowel.
    static let typingTree: ConversionTree = {
        var tree = Self.tree
        tree.set("nn", to: "ん")
        tree.set("n ", to: "ん")
        return tree
    }()

    /// Consonant + vowel, the base of every spelling.
    private static let syllables: [(consonant: String, kana: [Character: String])] = [
        ("k", ["a": "か", "i": "き", "u": "く", "e": "け", "o": "こ"]),
        ("s", ["a": "さ", "i": "し", "u": "す", "e": "せ", "o": "そ"]),
        ("t", ["a": "た", "i": "ち", "u": "つ", "e": "て", "o": "と"]),
        ("n", ["a": "な", "i": "に", "u": "ぬ", "e": "ね", "o": "の"]),
        ("h", ["a": "は", "i": "ひ", "u": "ふ", "e": "へ", "o": "ほ"]),
        ("m", ["a": "ま", "i": "み", "u": "む", "e": "め", "o": "も"]),
        ("y", ["a": "や", "u": "ゆ", "o": "よ"]),
        ("r", ["a": "ら", "i": "り", "u": "る", "e": "れ", "o": "ろ"]),
        ("w", ["a": "わ", "i": "ゐ", "e": "ゑ", "o": "を"]),
        ("g", ["a": "が", "i": "ぎ", "u": "ぐ", "e": "げ", "o": "ご"]),
        ("z", ["a": "ざ", "i": "じ", "u": "ず", "e": "ぜ", "o": "ぞ"]),
        ("d", ["a": "だ", "i": "ぢ", "u": "づ", "e": "で", "o": "ど"]),
        ("b", ["a": "ば", "i": "び", "u": "ぶ", "e": "べ", "o": "ぼ"]),
        ("p", ["a": "ぱ", "i": "ぴ", "u": "ぷ", "e": "ぺ", "o": "ぽ"]),
        ("v", ["a": "ゔぁ", "i": "ゔぃ", "u": "ゔ", "e": "ゔぇ", "o": "ゔぉ"]),
    ]
    private static let vowels: [(String, String)] = [
        ("a", "あ"), ("i", "い"), ("u", "う"), ("e", "え"), ("o", "お"),
    ]
    private static let smallVowels: [(String, String)] = [
        ("a", "ぁ"), ("i", "ぃ"), ("u", "ぅ"), ("e", "ぇ"), ("o", "ぉ"),
    ]
    private static let smallY: [(String, String)] = [
        ("ya", "ゃ"), ("yi", "ぃ"), ("yu", "ゅ"), ("ye", "ぇ"), ("yo", "ょ"),
    ]
    /// Consonants that take a small ゃ/ゅ/ょ after their い-row kana (kya → きゃ).
    private static let yoonConsonants: [(String, String)] = [
        ("k", "き"), ("s", "し"), ("t", "ち"), ("n", "に"), ("h", "ひ"), ("m", "み"),
        ("r", "り"), ("g", "ぎ"), ("z", "じ"), ("d", "ぢ"), ("b", "び"), ("p", "ぴ"),
        ("v", "ゔ"), ("q", "く"), ("f", "ふ"),
    ]
    /// Spellings whose vowel becomes a small vowel after this kana (fa → ふぁ, tsa → つぁ).
    private static let smallVowelSpellings: [(String, String)] = [
        ("wh", "う"), ("kw", "く"), ("qw", "く"), ("q", "く"), ("gw", "ぐ"), ("sw", "す"),
        ("ts", "つ"), ("th", "て"), ("tw", "と"), ("dh", "で"), ("dw", "ど"), ("fw", "ふ"),
        ("f", "ふ"),
    ]
    private static let symbols: [(String, String)] = [
        (".", "。"), (",", "、"), (":", "："), ("/", "・"), ("!", "！"), ("?", "？"),
        ("~", "〜"), ("-", "ー"), ("‘", "「"), ("’", "」"), ("“", "『"), ("”", "』"),
        ("[", "［"), ("]", "］"), ("(", "（"), (")", "）"), ("{", "｛"), ("}", "｝"),
    ]
    /// Other spellings that read as another (sha as sya, chi as ti), in the order they
    /// are copied: each copies the other's subtree as it stands at that moment.
    private static let aliases: [(spelling: String, readsAs: String)] = [
        ("sh", "sy"), ("ch", "ty"), ("cy", "ty"), ("chy", "ty"), ("shy", "sy"), ("j", "zy"),
        ("jy", "zy"), ("shi", "si"), ("chi", "ti"), ("tsu", "tu"), ("ji", "zi"), ("fu", "hu"),
    ]
    /// Small kana typed with a leading x or l (xtu, ltsu → っ; xka → ヵ).
    private static let smallLetters: [(String, String)] =
        [("tu", "っ"), ("wa", "ゎ"), ("ka", "ヵ"), ("ke", "ヶ")] + smallVowels + smallY
    private static let irregular: [(String, String)] = [
        ("yi", "い"), ("wu", "う"), ("ye", "いぇ"), ("wi", "うぃ"), ("we", "うぇ"), ("kwa", "くぁ"),
        ("whu", "う"), ("tha", "てゃ"), ("thu", "てゅ"), ("tho", "てょ"), ("dha", "でゃ"),
        ("dhu", "でゅ"), ("dho", "でょ"),
    ]
    /// Consonants that double into っ (kka → っか); n does not (nn is two ん).
    private static let doublingConsonants =
        yoonConsonants.map(\.0).filter { $0 != "n" } + ["c", "y", "w", "j"]

    private static func build() -> ConversionTree {
        var tree = ConversionTree()
        for (vowel, kana) in vowels { tree.set(vowel, to: kana) }
        for (consonant, kanaByVowel) in syllables {
            for (vowel, kana) in kanaByVowel { tree.set(consonant + String(vowel), to: kana) }
        }
        for (consonant, iKana) in yoonConsonants {
            for (spelling, small) in smallY { tree.set(consonant + spelling, to: iKana + small) }
        }
        for (symbol, kana) in symbols { tree.set(symbol, to: kana) }
        for (prefix, kana) in smallVowelSpellings {
            for (vowel, small) in smallVowels { tree.set(prefix + vowel, to: kana + small) }
        }
        for spelling in ["n", "n'", "xn"] { tree.set(spelling, to: "ん") }
        // c reads as k, but ch, cy are their own (set by the aliases below).
        tree["c"] = tree["k"]
        for (spelling, other) in aliases { tree[spelling] = tree[other] }
        for (spelling, kana) in smallLetters {
            tree.set("x" + spelling, to: kana)
            let small = tree["x" + spelling]
            tree["l" + spelling] = small
            for alternative in alternativeSpellings(of: spelling) {
                tree["l" + alternative] = small
                tree["x" + alternative] = small
            }
        }
        for (spelling, kana) in irregular { tree.set(spelling, to: kana) }
        for consonant in doublingConsonants {
            let doubled = tree[consonant].mappingValues { "っ" + $0 }
            tree[consonant + consonant] = doubled
        }
        return tree
    }

    /// The other ways to type `spelling` (tu → tsu, ka → ca).
    private static func alternativeSpellings(of spelling: String) -> [String] {
        (aliases + [("c", "k")]).compactMap { alias, readsAs in
            spelling.hasPrefix(readsAs)
                ? alias + spelling.dropFirst(readsAs.count) : nil
        }
    }
}
