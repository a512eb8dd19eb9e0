/// Hangul jamo: the Unicode constants of modern Hangul and conversions between
/// compatibility jamo (U+3131–U+3163, what a keyboard shows: ㄱ, ㅏ, ㅄ) and conjoining
/// jamo (U+1100–U+11FF, what NFD text is made of: ᄀ, ᅡ, ᆹ).
///
/// Only the modern jamo that make up the 11,172 precomposed syllables are converted;
/// every other scalar (old jamo, Hangul Jamo Extended-A/B, fillers) is left alone.
public enum Jamo {
    /// U+AC00 가, the first precomposed syllable.
    public static let syllableBase: UInt32 = 0xAC00
    /// U+D7A3 힣, the last precomposed syllable.
    public static let syllableLast: UInt32 = 0xD7A3
    /// Number of modern initial consonants (choseong).
    public static let initialCount = 19
    /// Number of modern vowels (jungseong).
    public static let medialCount = 21
    /// Number of final slots, including "no final" at index 0 (jongseong).
    public static let finalCount = 28

    /// The 19 initial consonants as compatibility jamo, in Unicode syllable order
    /// (ㄱ ㄲ ㄴ ㄷ ㄸ ㄹ ㅁ ㅂ ㅃ ㅅ ㅆ ㅇ ㅈ ㅉ ㅊ ㅋ ㅌ ㅍ ㅎ).
    public static let initials: [Unicode.Scalar] = compatInitial.map(scalar)
    /// The 21 vowels as compatibility jamo, in Unicode syllable order (ㅏ … ㅣ).
    public static let medials: [Unicode.Scalar] = (0..<21).map { scalar(0x314F + UInt32($0)) }
    /// The 28 final slots as compatibility jamo, in Unicode syllable order; index 0 (no
    /// final) is `nil`.
    public static let finals: [Unicode.Scalar?] = compatFinal.map {
        $0 == 0 ? nil : Unicode.Scalar($0)
    }

    /// Whether `scalar` is a precomposed Hangul syllable (U+AC00–U+D7A3).
    @inlinable
    public static func isSyllable(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= 0xAC00 && scalar.value <= 0xD7A3
    }

    /// Whether `scalar` is a modern compatibility consonant (ㄱ…ㅎ, including ㄲ and ㄳ).
    @inlinable
    public static func isCompatibilityConsonant(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= 0x3131 && scalar.value <= 0x314E
    }

    /// Whether `scalar` is a modern compatibility vowel (ㅏ…ㅣ, including ㅘ).
    @inlinable
    public static func isCompatibilityVowel(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= 0x314F && scalar.value <= 0x3163
    }

    /// The compatibility jamo for a modern conjoining jamo (ᄀ → ㄱ, ᅡ → ㅏ, ᆹ → ㅄ), or
    /// `nil` when `scalar` is not a modern conjoining jamo.
    public static func compatibility(fromConjoining scalar: Unicode.Scalar) -> Unicode.Scalar? {
        let c = compatOfConjoining(scalar.value)
        return c == 0 ? nil : Unicode.Scalar(c)
    }

    /// The conjoining initial consonant for a compatibility consonant (ㄱ → ᄀ), or `nil`
    /// when it cannot begin a syllable (ㄳ, ㄺ, …) or is not a consonant.
    public static func conjoiningInitial(fromCompatibility scalar: Unicode.Scalar) -> Unicode
        .Scalar?
    {
        let i = initialIndex(ofCompat: scalar.value)
        return i < 0 ? nil : Unicode.Scalar(0x1100 + UInt32(i))
    }

    /// The conjoining vowel for a compatibility vowel (ㅏ → ᅡ), or `nil`.
    public static func conjoiningMedial(fromCompatibility scalar: Unicode.Scalar) -> Unicode.Scalar?
    {
        let i = medialIndex(ofCompat: scalar.value)
        return i < 0 ? nil : Unicode.Scalar(0x1161 + UInt32(i))
    }

    /// The conjoining final consonant for a compatibility consonant (ㄱ → ᆨ, ㅄ → ᆹ), or
    /// `nil` when it cannot end a syllable (ㄸ, ㅃ, ㅉ) or is not a consonant.
    public static func conjoiningFinal(fromCompatibility scalar: Unicode.Scalar) -> Unicode.Scalar?
    {
        let i = finalIndex(ofCompat: scalar.value)
        return i <= 0 ? nil : Unicode.Scalar(0x11A7 + UInt32(i))
    }

    /// The 2-beolsik typing units of a compatibility jamo: compound vowels and compound
    /// finals are split (ㅘ → ㅗㅏ, ㅄ → ㅂㅅ); doubles typed with Shift stay whole (ㄲ, ㅆ,
    /// ㅒ). Any other scalar is returned alone.
    public static func typingUnits(of scalar: Unicode.Scalar) -> [Unicode.Scalar] {
        var out: [Unicode.Scalar] = []
        appendTypingUnits(ofCompat: scalar.value) { out.append(Jamo.scalar($0)) }
        return out
    }

    /// The scalar of a code point from the Hangul tables (never a surrogate, so always
    /// one; U+FFFD stands in rather than a crash should a table ever be wrong).
    @inline(__always)
    static func scalar(_ value: UInt32) -> Unicode.Scalar {
        Unicode.Scalar(value) ?? "\u{FFFD}"
    }

    // MARK: - Internal tables (UInt32 code points, indices as in Unicode syllable order)

    /// Compatibility jamo of the 19 initials.
    static let compatInitial: [UInt32] = [
        0x3131, 0x3132, 0x3134, 0x3137, 0x3138, 0x3139, 0x3141, 0x3142, 0x3143, 0x3145,
        0x3146, 0x3147, 0x3148, 0x3149, 0x314A, 0x314B, 0x314C, 0x314D, 0x314E,
    ]

    /// Compatibility jamo of the 28 final slots (0 = none).
    static let compatFinal: [UInt32] = [
        0, 0x3131, 0x3132, 0x3133, 0x3134, 0x3135, 0x3136, 0x3137, 0x3139, 0x313A,
        0x313B, 0x313C, 0x313D, 0x313E, 0x313F, 0x3140, 0x3141, 0x3142, 0x3144, 0x3145,
        0x3146, 0x3147, 0x3148, 0x314A, 0x314B, 0x314C, 0x314D, 0x314E,
    ]

    /// For each compatibility consonant U+3131…U+314E: initial index (or -1).
    static let initialOfCompatConsonant: [Int8] = [
        0, 1, -1, 2, -1, -1, 3, 4, 5, -1, -1, -1, -1, -1, -1, -1, 6, 7, 8, -1,
        9, 10, 11, 12, 13, 14, 15, 16, 17, 18,
    ]

    /// For each compatibility consonant U+3131…U+314E: final index (or 0).
    static let finalOfCompatConsonant: [Int8] = [
        1, 2, 3, 4, 5, 6, 7, 0, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 0, 18,
        19, 20, 21, 22, 0, 23, 24, 25, 26, 27,
    ]

    /// For each final index: the final index of the first part and the initial index of
    /// the second part of a compound final (ㄳ → ㄱ + ㅅ), or (0, -1) when not compound.
    static let finalSplit: [(first: Int8, second: Int8)] = [
        (0, -1), (0, -1), (0, -1), (1, 9), (0, -1), (4, 12), (4, 18), (0, -1), (0, -1), (8, 0),
        (8, 6), (8, 7), (8, 9), (8, 16), (8, 17), (8, 18), (0, -1), (0, -1), (17, 9), (0, -1),
        (0, -1), (0, -1), (0, -1), (0, -1), (0, -1), (0, -1), (0, -1), (0, -1),
    ]

    /// For each medial index: the two medial indices of a compound vowel typed with two
    /// keys (ㅘ → ㅗ + ㅏ), or (-1, -1).
    static let medialSplit: [(first: Int8, second: Int8)] = [
        (-1, -1), (-1, -1), (-1, -1), (-1, -1), (-1, -1), (-1, -1), (-1, -1), (-1, -1),
        (-1, -1), (8, 0), (8, 1), (8, 20), (-1, -1), (-1, -1), (13, 4), (13, 5), (13, 20),
        (-1, -1), (-1, -1), (18, 20), (-1, -1),
    ]

    /// Final index for a single initial index (ㄱ → ᆨ); 0 for ㄸ, ㅃ, ㅉ.
    static let finalOfInitial: [Int8] = [
        1, 2, 4, 7, 0, 8, 16, 17, 0, 19, 20, 21, 22, 0, 23, 24, 25, 26, 27,
    ]

    /// Initial index for a final index (ᆨ → ᄀ); for a compound final, its second part.
    static let initialOfFinal: [Int8] = [
        -1, 0, 1, 9, 2, 12, 18, 3, 5, 0, 6, 7, 9, 16, 17, 18, 6, 7, 9, 9,
        10, 11, 12, 14, 15, 16, 17, 18,
    ]

    @inline(__always)
    static func initialIndex(ofCompat c: UInt32) -> Int {
        guard c >= 0x3131 && c <= 0x314E else { return -1 }
        return Int(initialOfCompatConsonant[Int(c - 0x3131)])
    }

    @inline(__always)
    static func finalIndex(ofCompat c: UInt32) -> Int {
        guard c >= 0x3131 && c <= 0x314E else { return -1 }
        return Int(finalOfCompatConsonant[Int(c - 0x3131)])
    }

    @inline(__always)
    static func medialIndex(ofCompat c: UInt32) -> Int {
        guard c >= 0x314F && c <= 0x3163 else { return -1 }
        return Int(c - 0x314F)
    }

    /// Compatibility jamo of a modern conjoining jamo, or 0.
    @inline(__always)
    static func compatOfConjoining(_ v: UInt32) -> UInt32 {
        switch v {
        case 0x1100...0x1112: return compatInitial[Int(v - 0x1100)]
        case 0x1161...0x1175: return 0x314F + (v - 0x1161)
        case 0x11A8...0x11C2: return compatFinal[Int(v - 0x11A7)]
        default: return 0
        }
    }

    /// Calls `body` with the typing units of a compatibility jamo (or the scalar itself).
    @inline(__always)
    static func appendTypingUnits(ofCompat c: UInt32, _ body: (UInt32) -> Void) {
        if c >= 0x314F && c <= 0x3163 {
            let s = medialSplit[Int(c - 0x314F)]
            if s.first >= 0 {
                body(0x314F + UInt32(s.first))
                body(0x314F + UInt32(s.second))
                return
            }
        } else if c >= 0x3131 && c <= 0x314E {
            let f = Int(finalOfCompatConsonant[Int(c - 0x3131)])
            if f > 0 {
                let s = finalSplit[f]
                if s.second >= 0 {
                    body(compatFinal[Int(s.first)])
                    body(compatInitial[Int(s.second)])
                    return
                }
            }
        }
        body(c)
    }
}

extension Jamo {
    /// The compound final made of a final and a following initial consonant
    /// (ㄱ + ㅅ → ㄳ), or 0. Only the 11 compound finals of modern Hangul combine;
    /// a consonant never combines with itself.
    @inline(__always)
    static func combineFinal(_ final: Int, withInitial initial: Int) -> Int {
        switch (final, initial) {
        case (1, 9): return 3  // ㄱ ㅅ → ㄳ
        case (4, 12): return 5  // ㄴ ㅈ → ㄵ
        case (4, 18): return 6  // ㄴ ㅎ → ㄶ
        case (8, 0): return 9  // ㄹ ㄱ → ㄺ
        case (8, 6): return 10  // ㄹ ㅁ → ㄻ
        case (8, 7): return 11  // ㄹ ㅂ → ㄼ
        case (8, 9): return 12  // ㄹ ㅅ → ㄽ
        case (8, 16): return 13  // ㄹ ㅌ → ㄾ
        case (8, 17): return 14  // ㄹ ㅍ → ㄿ
        case (8, 18): return 15  // ㄹ ㅎ → ㅀ
        case (17, 9): return 18  // ㅂ ㅅ → ㅄ
        default: return 0
        }
    }

    /// The compound vowel made of two vowels (ㅗ + ㅏ → ㅘ), or -1.
    @inline(__always)
    static func combineMedial(_ a: Int, _ b: Int) -> Int {
        switch (a, b) {
        case (8, 0): return 9  // ㅗ ㅏ → ㅘ
        case (8, 1): return 10  // ㅗ ㅐ → ㅙ
        case (8, 20): return 11  // ㅗ ㅣ → ㅚ
        case (13, 4): return 14  // ㅜ ㅓ → ㅝ
        case (13, 5): return 15  // ㅜ ㅔ → ㅞ
        case (13, 20): return 16  // ㅜ ㅣ → ㅟ
        case (18, 20): return 19  // ㅡ ㅣ → ㅢ
        default: return -1
        }
    }
}
