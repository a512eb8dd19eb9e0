/// One precomposed modern Hangul syllable (U+AC00–U+D7A3), seen as its three parts.
///
/// Indices follow Unicode syllable order: `initial` 0..<19 (ㄱ ㄲ ㄴ …), `medial` 0..<21
/// (ㅏ ㅐ ㅑ …), `final` 0..<28 where 0 means "no final consonant".
///
/// ```swift
/// let s = HangulSyllable("값")!   // or HangulSyllable(scalar)
/// s.jamo()                      // ["ㄱ", "ㅏ", "ㅄ"]
/// s.jamo(splitCompounds: true)  // ["ㄱ", "ㅏ", "ㅂ", "ㅅ"]
/// HangulSyllable(initial: "ㄱ", medial: "ㅏ", final: "ㅄ")?.character  // "값"
/// ```
public struct HangulSyllable: Hashable, Sendable, CustomStringConvertible {
    /// Initial consonant index, 0..<19.
    public let initial: Int
    /// Vowel index, 0..<21.
    public let medial: Int
    /// Final consonant index, 0..<28 (0 = none).
    public let final: Int

    /// A syllable from its indices, or `nil` when an index is out of range.
    public init?(initial: Int, medial: Int, final: Int = 0) {
        guard (0..<19).contains(initial), (0..<21).contains(medial), (0..<28).contains(final) else {
            return nil
        }
        self.initial = initial
        self.medial = medial
        self.final = final
    }

    /// The syllable a scalar encodes, or `nil` when it is not a precomposed syllable.
    public init?(_ scalar: Unicode.Scalar) {
        self.init(value: scalar.value)
    }

    /// The syllable a one-syllable text encodes (`"값"`; NFD `"\u{1100}\u{1161}\u{11B9}"`
    /// is accepted too), or `nil` for anything else.
    public init?(_ text: String) {
        var it = ComposedScalarIterator(text)
        guard let v = it.next(), it.next() == nil else { return nil }
        self.init(value: v)
    }

    /// A syllable from compatibility jamo (`"ㄱ"`, `"ㅏ"`, `"ㅄ"`), or `nil` when they do
    /// not form a modern syllable (for example a final ㄸ).
    public init?(initial: Unicode.Scalar, medial: Unicode.Scalar, final: Unicode.Scalar? = nil) {
        let i = Jamo.initialIndex(ofCompat: initial.value)
        let m = Jamo.medialIndex(ofCompat: medial.value)
        var f = 0
        if let final {
            f = Jamo.finalIndex(ofCompat: final.value)
            guard f > 0 else { return nil }
        }
        guard i >= 0, m >= 0 else { return nil }
        self.init(initial: i, medial: m, final: f)
    }

    @inline(__always)
    init?(value v: UInt32) {
        guard v >= 0xAC00 && v <= 0xD7A3 else { return nil }
        let s = Int(v - 0xAC00)
        initial = s / 588
        medial = (s % 588) / 28
        final = s % 28
    }

    /// The precomposed scalar.
    public var scalar: Unicode.Scalar {
        // Always valid: indices are range-checked at construction.
        Jamo.scalar(value)
    }

    var value: UInt32 {
        0xAC00 + UInt32((initial * 21 + medial) * 28 + final)
    }

    /// The syllable as a character.
    public var character: Character { Character(scalar) }

    public var description: String { String(character) }

    /// Whether the syllable has a final consonant (batchim).
    public var hasFinal: Bool { final != 0 }

    /// The initial consonant as a compatibility jamo (ㄱ).
    public var initialJamo: Unicode.Scalar { Jamo.initials[initial] }
    /// The vowel as a compatibility jamo (ㅏ).
    public var medialJamo: Unicode.Scalar { Jamo.medials[medial] }
    /// The final consonant as a compatibility jamo (ㅄ), or `nil`.
    public var finalJamo: Unicode.Scalar? { Jamo.finals[final] }

    /// The same syllable with another final (0 removes it), or `nil` when out of range.
    public func withFinal(_ final: Int) -> HangulSyllable? {
        HangulSyllable(initial: initial, medial: medial, final: final)
    }

    /// The compatibility jamo of the syllable: 값 → ㄱ ㅏ ㅄ. With `splitCompounds`, the
    /// 2-beolsik typing units: compound vowels and finals are split (값 → ㄱ ㅏ ㅂ ㅅ,
    /// 과 → ㄱ ㅗ ㅏ), doubles typed with Shift stay whole (까 → ㄲ ㅏ).
    public func jamo(splitCompounds: Bool = false) -> [Unicode.Scalar] {
        var out: [Unicode.Scalar] = []
        appendCompat(splitCompounds: splitCompounds) { out.append(Jamo.scalar($0)) }
        return out
    }

    /// The conjoining jamo (NFD form) of the syllable: 값 → ᄀ ᅡ ᆹ.
    public var conjoiningJamo: [Unicode.Scalar] {
        var out = [Jamo.scalar(0x1100 + UInt32(initial)), Jamo.scalar(0x1161 + UInt32(medial))]
        if final != 0 { out.append(Jamo.scalar(0x11A7 + UInt32(final))) }
        return out
    }

    @inline(__always)
    func appendCompat(splitCompounds: Bool, _ body: (UInt32) -> Void) {
        body(Jamo.compatInitial[initial])
        let m = 0x314F + UInt32(medial)
        if splitCompounds {
            Jamo.appendTypingUnits(ofCompat: m, body)
        } else {
            body(m)
        }
        if final != 0 {
            let f = Jamo.compatFinal[final]
            if splitCompounds {
                Jamo.appendTypingUnits(ofCompat: f, body)
            } else {
                body(f)
            }
        }
    }
}
