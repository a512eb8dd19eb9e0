/// The hiragana → romaji tree (Hepburn, as WanaKana 5.3.1 writes it: しんぶん → shinbun,
/// きんようび → kin'youbi, まっちゃ → matcha). Katakana is turned into hiragana first.
enum KanaToRomaji {
    static let tree: ConversionTree = build()

    private static let basic: [(String, String)] = [
        ("あ", "a"), ("い", "i"), ("う", "u"), ("え", "e"), ("お", "o"),
        ("か", "ka"), ("き", "ki"), ("く", "ku"), ("け", "ke"), ("こ", "ko"),
        ("さ", "sa"), ("し", "shi"), ("す", "su"), ("せ", "se"), ("そ", "so"),
        ("た", "ta"), ("ち", "chi"), ("つ", "tsu"), ("て", "te"), ("と", "to"),
        ("な", "na"), ("に", "ni"), ("ぬ", "nu"), ("ね", "ne"), ("の", "no"),
        ("は", "ha"), ("ひ", "hi"), ("ふ", "fu"), ("へ", "he"), ("ほ", "ho"),
        ("ま", "ma"), ("み", "mi"), ("む", "mu"), ("め", "me"), ("も", "mo"),
        ("ら", "ra"), ("り", "ri"), ("る", "ru"), ("れ", "re"), ("ろ", "ro"),
        ("や", "ya"), ("ゆ", "yu"), ("よ", "yo"),
        ("わ", "wa"), ("ゐ", "wi"), ("ゑ", "we"), ("を", "wo"),
        ("ん", "n"),
        ("が", "ga"), ("ぎ", "gi"), ("ぐ", "gu"), ("げ", "ge"), ("ご", "go"),
        ("ざ", "za"), ("じ", "ji"), ("ず", "zu"), ("ぜ", "ze"), ("ぞ", "zo"),
        ("だ", "da"), ("ぢ", "ji"), ("づ", "zu"), ("で", "de"), ("ど", "do"),
        ("ば", "ba"), ("び", "bi"), ("ぶ", "bu"), ("べ", "be"), ("ぼ", "bo"),
        ("ぱ", "pa"), ("ぴ", "pi"), ("ぷ", "pu"), ("ぺ", "pe"), ("ぽ", "po"),
        // WanaKana lists ゔぁ… too, but as two-character keys its tree never reaches them:
        // ゔぁ is read ゔ + ぁ (ヴァイオリン → vuaiorin, as the vectors say).
        ("ゔ", "vu"),
    ]
    private static let symbols: [(String, String)] = [
        ("。", "."), ("、", ","), ("：", ":"), ("・", "/"), ("！", "!"), ("？", "?"),
        ("〜", "~"), ("ー", "-"), ("「", "‘"), ("」", "’"), ("『", "“"), ("』", "”"),
        ("［", "["), ("］", "]"), ("（", "("), ("）", ")"), ("｛", "{"), ("｝", "}"),
        ("　", " "),
    ]
    private static let smallY: [(String, String)] = [("ゃ", "ya"), ("ゅ", "yu"), ("ょ", "yo")]
    private static let smallYExtra: [(String, String)] = [("ぃ", "yi"), ("ぇ", "ye")]
    private static let smallVowels: [(String, String)] = [
        ("ぁ", "a"), ("ぃ", "i"), ("ぅ", "u"), ("ぇ", "e"), ("ぉ", "o"),
    ]
    /// Kana whose first romaji letter takes a y-sound after them (きゃ → kya).
    private static let yoonKana = ["き", "に", "ひ", "み", "り", "ぎ", "び", "ぴ", "ゔ", "く", "ふ"]
    /// Kana that drop their vowel instead (しゃ → sha, じぇ → je).
    private static let yoonExceptions: [(String, String)] = [
        ("し", "sh"), ("ち", "ch"), ("じ", "j"), ("ぢ", "j"),
    ]
    /// The letter a small っ doubles, by the first letter after it (っち → tchi).
    private static let doubledBy: [Character: String] = [
        "b": "b", "c": "t", "d": "d", "f": "f", "g": "g", "h": "h", "j": "j", "k": "k",
        "m": "m", "p": "p", "q": "q", "r": "r", "s": "s", "t": "t", "v": "v", "w": "w",
        "x": "x", "z": "z",
    ]
    /// Kana after ん that need an apostrophe (んい → n'i, not ni).
    private static let ambiguousAfterN = ["あ", "い", "う", "え", "お", "や", "ゆ", "よ"]

    private static func build() -> ConversionTree {
        var tree = ConversionTree()
        for (kana, romaji) in basic + symbols + smallY + smallVowels { tree.set(kana, to: romaji) }
        for kana in yoonKana {
            let first = String((tree[kana].value ?? "").prefix(1))
            for (small, romaji) in smallY + smallYExtra {
                tree.set(kana + small, to: first + romaji)
            }
        }
        for (kana, romaji) in yoonExceptions {
            for (small, y) in smallY { tree.set(kana + small, to: romaji + y.dropFirst()) }
            tree.set(kana + "ぃ", to: romaji + "yi")
            tree.set(kana + "ぇ", to: romaji + "e")
        }
        tree["っ"] = tree.mappingValues { romaji in
            guard let first = romaji.first, let double = doubledBy[first] else { return romaji }
            return double + romaji
        }
        tree.set("っ", to: "")
        for kana in ambiguousAfterN { tree.set("ん" + kana, to: "n'" + (tree[kana].value ?? kana)) }
        return tree
    }
}
