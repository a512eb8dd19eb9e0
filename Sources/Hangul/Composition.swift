extension Hangul {
    /// Assembles compatibility jamo into syllables, the way they would be typed:
    /// `"ㄱㅏㅄ"` and `"ㄱㅏㅂㅅ"` → `"값"`, `"ㄱㅗㅏ"` → `"과"`, `"ㄱㅏㅂㅅㅣ"` → `"갑시"`
    /// (a consonant before a vowel starts the next syllable).
    ///
    /// Compound vowels (ㅗ+ㅏ) and compound finals (ㄱ+ㅅ) are combined; a consonant is
    /// never doubled by repetition (`"ㄱㄱ"` stays `"ㄱㄱ"`). Conjoining jamo sequences
    /// (NFD) become precomposed syllables. Syllables and all other text pass through
    /// unchanged and end the syllable being assembled.
    public static func compose(_ text: String) -> String {
        var out = UTF8Sink(capacity: text.utf8.count)
        var cho = -1
        var jung = -1
        var jong = 0

        @inline(__always)
        func flush(_ out: inout UTF8Sink) {
            if cho >= 0 && jung >= 0 {
                out.append(0xAC00 + UInt32((cho * 21 + jung) * 28 + jong))
            } else if cho >= 0 {
                out.append(Jamo.compatInitial[cho])
            } else if jung >= 0 {
                out.append(0x314F + UInt32(jung))
            }
            cho = -1
            jung = -1
            jong = 0
        }

        var it = ComposedScalarIterator(text)
        while let v = it.next() {
            if v >= 0x3131 && v <= 0x314E {
                let ci = Int(Jamo.initialOfCompatConsonant[Int(v - 0x3131)])
                let fi = Int(Jamo.finalOfCompatConsonant[Int(v - 0x3131)])
                if cho >= 0 && jung >= 0 {
                    if jong == 0 && fi > 0 {
                        jong = fi
                        continue
                    }
                    if jong != 0 && ci >= 0 {
                        let combined = Jamo.combineFinal(jong, withInitial: ci)
                        if combined != 0 {
                            jong = combined
                            continue
                        }
                    }
                }
                flush(&out)
                if ci >= 0 {
                    cho = ci
                } else {
                    out.append(v)  // ㄳ, ㄺ … alone
                }
            } else if v >= 0x314F && v <= 0x3163 {
                let mi = Int(v - 0x314F)
                if jong != 0 {
                    let split = Jamo.finalSplit[jong]
                    let next: Int
                    if split.second >= 0 {
                        jong = Int(split.first)
                        next = Int(split.second)
                    } else {
                        next = Int(Jamo.initialOfFinal[jong])
                        jong = 0
                    }
                    flush(&out)
                    cho = next
                    jung = mi
                } else if jung >= 0 {
                    let combined = Jamo.combineMedial(jung, mi)
                    if combined >= 0 {
                        jung = combined
                    } else {
                        flush(&out)
                        jung = mi
                    }
                } else if cho >= 0 {
                    jung = mi
                } else {
                    jung = mi
                }
            } else {
                flush(&out)
                out.append(v)
            }
        }
        flush(&out)
        return out.string()
    }

    /// Decomposes syllables into compatibility jamo: `"값"` → `"ㄱㅏㅄ"`.
    ///
    /// With `splitCompounds`, the result is the 2-beolsik typing units: compound vowels
    /// and finals are split (`"값"` → `"ㄱㅏㅂㅅ"`, `"과"` → `"ㄱㅗㅏ"`, and a standalone
    /// `"ㅄ"` → `"ㅂㅅ"`), while doubles typed with Shift stay whole (ㄲ ㄸ ㅃ ㅆ ㅉ ㅒ ㅖ).
    /// NFD input gives the same result as NFC; lone modern conjoining jamo become
    /// compatibility jamo; everything else passes through.
    public static func decompose(_ text: String, splitCompounds: Bool = false) -> String {
        withComposedUTF8(text) { reader in
            makeUTF8String(sizeHint: reader.byteCount * 3) { out in
                HangulUTF8.compat.withUnsafeBufferPointer { table in
                    while let v = reader.next() {
                        if !splitCompounds && v &- 0xAC00 < 11172 {
                            out.appendJamo(
                                ofSyllable: Int(truncatingIfNeeded: v &- 0xAC00), from: table)
                        } else {
                            appendDecomposed(v, splitCompounds: splitCompounds, to: &out)
                        }
                    }
                }
            }
        }
    }

    /// ``decompose(_:splitCompounds:)`` of one scalar (after composition).
    @inline(__always)
    private static func appendDecomposed(
        _ v: UInt32, splitCompounds: Bool, to out: inout UTF8Writer
    ) {
        if let s = HangulSyllable(value: v) {
            s.appendCompat(splitCompounds: splitCompounds) { out.append($0) }
            return
        }
        var c = v
        if v >= 0x1100 && v <= 0x11C2 {
            let compat = Jamo.compatOfConjoining(v)
            if compat != 0 { c = compat }
        }
        if splitCompounds && c >= 0x3131 && c <= 0x3163 {
            Jamo.appendTypingUnits(ofCompat: c) { out.append($0) }
        } else {
            out.append(c)
        }
    }

    /// Decomposes precomposed syllables into conjoining jamo (the NFD form of Hangul):
    /// `"값"` → `"\u{1100}\u{1161}\u{11B9}"`. Everything else passes through.
    public static func decomposeToConjoining(_ text: String) -> String {
        var text = text
        return text.withUTF8 { bytes in
            makeUTF8String(sizeHint: bytes.count * 3) { out in
                HangulUTF8.conjoining.withUnsafeBufferPointer { table in
                    var i = 0
                    while i < bytes.count {
                        let (v, length) = decodeUTF8(bytes, at: i)
                        if v &- 0xAC00 < 11172 {
                            out.appendJamo(
                                ofSyllable: Int(truncatingIfNeeded: v &- 0xAC00), from: table)
                        } else {
                            out.appendScalarBytes(bytes, at: i, length: length)
                        }
                        i &+= length
                    }
                }
            }
        }
    }

    /// Converts conjoining jamo to compatibility jamo: sequences that form a syllable
    /// are composed (`"\u{1100}\u{1161}"` → `"가"`), lone modern conjoining jamo become
    /// compatibility jamo (`"\u{1100}"` → `"ㄱ"`, `"\u{11B9}"` → `"ㅄ"`). Old jamo,
    /// Hangul Jamo Extended and all other text pass through.
    public static func toCompatibilityJamo(_ text: String) -> String {
        var out = UTF8Sink(capacity: text.utf8.count)
        var it = ComposedScalarIterator(text)
        while let v = it.next() {
            if v >= 0x1100 && v <= 0x11C2 {
                let compat = Jamo.compatOfConjoining(v)
                out.append(compat != 0 ? compat : v)
            } else {
                out.append(v)
            }
        }
        return out.string()
    }

    /// Converts compatibility jamo to conjoining jamo: consonants become initials when
    /// they can begin a syllable (`"ㄱ"` → `"\u{1100}"`), otherwise finals
    /// (`"ㄳ"` → `"\u{11AA}"`); vowels become medials (`"ㅏ"` → `"\u{1161}"`).
    /// Syllables and all other text pass through.
    public static func toConjoiningJamo(_ text: String) -> String {
        var out = UTF8Sink(capacity: text.utf8.count)
        for scalar in text.unicodeScalars {
            let v = scalar.value
            if v >= 0x3131 && v <= 0x314E {
                let ci = Jamo.initialIndex(ofCompat: v)
                if ci >= 0 {
                    out.append(0x1100 + UInt32(ci))
                } else {
                    out.append(0x11A7 + UInt32(Jamo.finalIndex(ofCompat: v)))
                }
            } else if v >= 0x314F && v <= 0x3163 {
                out.append(0x1161 + (v - 0x314F))
            } else {
                out.append(v)
            }
        }
        return out.string()
    }

    /// The initial consonants (choseong) of the syllables: `"사과"` → `"ㅅㄱ"`,
    /// `"사과 주스!"` → `"ㅅㄱ ㅈㅅ!"`. Everything that is not a syllable is kept (a lone
    /// conjoining initial becomes its compatibility jamo), so a choseong query can be
    /// matched against the choseong of a text.
    public static func choseong(_ text: String) -> String {
        withComposedUTF8(text) { reader in
            makeUTF8String(sizeHint: reader.byteCount) { out in
                HangulUTF8.compatInitial.withUnsafeBufferPointer { initials in
                    while let v = reader.next() {
                        if v &- 0xAC00 < 11172 {
                            out.append(
                                packed: initials[Int(truncatingIfNeeded: v &- 0xAC00) / 588],
                                length: 3)
                        } else if v >= 0x1100 && v <= 0x1112 {
                            out.append(Jamo.compatInitial[Int(v - 0x1100)])
                        } else {
                            out.append(v)
                        }
                    }
                }
            }
        }
    }

    /// Whether the last character of `text` is a Hangul syllable with a final consonant
    /// (batchim): `"책"` → true, `"사과"` → false, `"abc"` and `""` → false.
    /// NFD input is handled. To choose a particle, use ``Josa``, which also reads
    /// digits and Latin letters.
    public static func hasBatchim(_ text: String) -> Bool {
        guard let v = lastComposedScalar(text), let s = HangulSyllable(value: v) else {
            return false
        }
        return s.final != 0
    }

    /// The last scalar of `text` after Hangul composition (looks at three scalars at most).
    static func lastComposedScalar(_ text: String) -> UInt32? {
        let scalars = text.unicodeScalars
        var tail: [Unicode.Scalar] = []
        var i = scalars.endIndex
        while i > scalars.startIndex && tail.count < 3 {
            i = scalars.index(before: i)
            tail.append(scalars[i])
        }
        var s = String.UnicodeScalarView()
        s.append(contentsOf: tail.reversed())
        var it = ComposedScalarIterator(String(s))
        var last: UInt32?
        while let v = it.next() { last = v }
        return last
    }
}
