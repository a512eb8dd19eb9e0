/// Options for ``Hangul/romanize(_:options:)``.
public struct RomanizationOptions: Sendable, Hashable {
    /// How letters are capitalised.
    public enum Capitalization: Sendable, Hashable {
        /// All lower case: `haedoji`.
        case none
        /// The first letter of the text: `Jiphyeonjeon`.
        case firstLetter
        /// The first letter of every space-separated word: `Jongno Sinmunno`.
        case eachWord
    }

    /// Capitalisation of the result (default ``Capitalization/none``).
    public var capitalization: Capitalization
    /// ㅎ after ㄱ, ㄷ, ㅂ (and the other final stops) is written as `h`, as the rules
    /// require for nouns: 묵호 Mukho, 집현전 Jiphyeonjeon (default `true`). Set `false`
    /// for verb forms, where the pair is aspirated: 잡혀 japyeo, 굳히다 guchida.
    public var writesHAfterStops: Bool
    /// ㄴ insertion in compounds: after a final consonant, 이 야 여 요 유 are read with
    /// an added ㄴ (학여울 Hangnyeoul, 알약 allyak, 솜이불 somnibul). Spelling alone cannot
    /// tell compounds from words without insertion (금요일 geumyoil, 석유 seogyu), so this
    /// is off by default.
    public var insertsNieun: Bool

    /// Options; every parameter has the default described on its property.
    public init(
        capitalization: Capitalization = .none,
        writesHAfterStops: Bool = true,
        insertsNieun: Bool = false
    ) {
        self.capitalization = capitalization
        self.writesHAfterStops = writesHAfterStops
        self.insertsNieun = insertsNieun
    }
}

extension Hangul {
    /// Romanizes Korean text with the Revised Romanization of Korean (국어의 로마자
    /// 표기법, 2000), applying the sound changes the rules write:
    ///
    /// - liaison (설악 Seorak, 닭이 dalgi), ㅎ dropped before a vowel (좋아 joa);
    /// - nasal assimilation (백마 Baengma, 왕십리 Wangsimni, 종로 Jongno);
    /// - lateral assimilation (신라 Silla, 별내 Byeollae, 울릉 Ulleung: ㄹㄹ is `ll`), with
    ///   ㄴㄴ for a one-syllable suffix 란 량 력 례 로 론 료 류 closing a word of three or
    ///   more syllables (신문로 Sinmunno, 생산량 saengsannyang);
    /// - palatalization (해돋이 haedoji, 같이 gachi);
    /// - aspiration with ㅎ (좋고 joko, 놓다 nota), except that ㅎ after ㄱ ㄷ ㅂ is kept
    ///   as in nouns (묵호 Mukho, 집현전 Jiphyeonjeon) unless
    ///   ``RomanizationOptions/writesHAfterStops`` is off;
    /// - ㄴ/ㄹ insertion with ``RomanizationOptions/insertsNieun`` (학여울 Hangnyeoul);
    /// - tensing is not written (압구정 Apgujeong, 낙동강 Nakdonggang).
    ///
    /// Sound changes apply within a run of Hangul syllables: spaces, digits and any other
    /// character break them (1박2일 → 1bak2il) and pass through unchanged, as do lone
    /// jamo. NFD input is composed first.
    public static func romanize(
        _ text: String, options: RomanizationOptions = RomanizationOptions()
    ) -> String {
        var out = UTF8Sink(capacity: text.utf8.count)
        var word: [HangulSyllable] = []
        var initials: [Int] = []
        var finals: [FinalSound] = []
        var it = ComposedScalarIterator(text)
        while let v = it.next() {
            if let s = HangulSyllable(value: v) {
                word.append(s)
            } else {
                if !word.isEmpty {
                    romanizeWord(word, options, &initials, &finals, &out)
                    word.removeAll(keepingCapacity: true)
                }
                out.append(v)
            }
        }
        if !word.isEmpty { romanizeWord(word, options, &initials, &finals, &out) }
        switch options.capitalization {
        case .none: break
        case .firstLetter: capitalize(&out.bytes, eachWord: false)
        case .eachWord: capitalize(&out.bytes, eachWord: true)
        }
        return out.string()
    }

    private static func capitalize(_ bytes: inout [UInt8], eachWord: Bool) {
        var atStart = true
        for i in bytes.indices {
            let b = bytes[i]
            if b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D {
                if eachWord { atStart = true }
                continue
            }
            if atStart {
                if b >= 0x61 && b <= 0x7A { bytes[i] = b - 0x20 }
                atStart = false
                if !eachWord { return }
            }
        }
    }

    /// A final consonant as it sounds.
    enum FinalSound: UInt8 {
        case none, k, n, t, l, m, p, ng
    }

    // Initial consonant indices.
    private static let iG = 0, iN = 2, iD = 3, iR = 5, iM = 6, iS = 9, iSS = 10, iNG = 11
    private static let iJ = 12, iCH = 14, iK = 15, iT = 16, iP = 17, iH = 18

    /// The sound of a final consonant before a consonant or at the end of a word.
    @inline(__always)
    static func neutralized(_ final: Int) -> FinalSound {
        switch final {
        case 0: return .none
        case 1, 2, 3, 9, 24: return .k  // ㄱ ㄲ ㄳ ㄺ ㅋ
        case 4, 5, 6: return .n  // ㄴ ㄵ ㄶ
        case 7, 19, 20, 22, 23, 25, 27: return .t  // ㄷ ㅅ ㅆ ㅈ ㅊ ㅌ ㅎ
        case 8, 11, 12, 13, 15: return .l  // ㄹ ㄼ ㄽ ㄾ ㅀ
        case 10, 16: return .m  // ㄻ ㅁ
        case 14, 17, 18, 26: return .p  // ㄿ ㅂ ㅄ ㅍ
        default: return .ng  // ㅇ
        }
    }

    /// Whether a syllable is one of the suffixes after which ㄴ+ㄹ reads ㄴㄴ.
    @inline(__always)
    private static func isNieunSuffix(_ s: HangulSyllable) -> Bool {
        guard s.initial == iR else { return false }
        switch (s.medial, s.final) {
        case (0, 4), (2, 21), (6, 1), (7, 0), (8, 0), (8, 4), (12, 0), (17, 0): return true
        default: return false
        }
    }

    /// The sound change at the boundary between a final and the next initial: the new
    /// final sound and the new initial.
    @inline(__always)
    private static func boundary(
        final f: Int, initial i: Int, medial v: Int, nieunSuffix: Bool,
        _ options: RomanizationOptions
    ) -> (FinalSound, Int) {
        if f == 0 { return (.none, i) }
        // What remains of a final with ㅎ once the ㅎ is gone (ㅎ, ㄶ, ㅀ).
        let withH = f == 27 || f == 6 || f == 15
        let rest: FinalSound = f == 27 ? .none : (f == 6 ? .n : .l)
        var initial = i
        if i == iNG {
            let yVowel = v == 20 || v == 2 || v == 6 || v == 12 || v == 17
            if options.insertsNieun && yVowel && f != 27 {
                initial = iN  // ㄴ insertion, then the consonant rules below
            } else {
                if withH { return (.none, f == 27 ? iNG : (f == 6 ? iN : iR)) }
                if f == 21 { return (.ng, iNG) }
                let split = Jamo.finalSplit[f]
                if split.second >= 0 {
                    var second = Int(split.second)
                    if second == iT && v == 20 { second = iCH }
                    return (neutralized(Int(split.first)), second)
                }
                var moved = Int(Jamo.initialOfFinal[f])
                if v == 20 {
                    if f == 7 { moved = iJ }  // 해돋이 → 해도지
                    if f == 25 { moved = iCH }  // 같이 → 가치
                }
                return (.none, moved)
            }
        }
        if initial == iH {
            if withH { return (rest, iH) }
            if options.writesHAfterStops { return (neutralized(f), iH) }
            switch f {
            case 1, 2, 3, 24: return (.none, iK)
            case 9: return (.l, iK)
            case 17, 18, 26: return (.none, iP)
            case 11, 14: return (.l, iP)
            case 22, 23: return (.none, iCH)
            case 5: return (.n, iCH)
            case 7, 25: return (.none, v == 20 ? iCH : iT)
            case 19, 20: return (.none, iT)
            case 13: return (.l, v == 20 ? iCH : iT)
            default: return (neutralized(f), iH)
            }
        }
        var sound: FinalSound
        if withH {
            switch initial {
            case iG: return (rest, iK)
            case iD: return (rest, iT)
            case iJ: return (rest, iCH)
            case iS, iSS: return (rest, initial)
            case iN: return f == 15 ? (.l, iR) : (.n, iN)
            default: sound = f == 27 ? .t : rest
            }
        } else {
            sound = neutralized(f)
            if f == 9 && initial == iG { sound = .l }  // 맑게 → 말께
        }
        switch initial {
        case iR:
            switch sound {
            case .k: return (.ng, iN)
            case .t: return (.n, iN)
            case .p, .m: return (.m, iN)
            case .ng: return (.ng, iN)
            case .n: return nieunSuffix ? (.n, iN) : (.l, iR)
            default: return (sound, iR)
            }
        case iN, iM:
            switch sound {
            case .k: return (.ng, initial)
            case .t: return (.n, initial)
            case .p: return (.m, initial)
            case .l: return initial == iN ? (.l, iR) : (.l, initial)
            default: return (sound, initial)
            }
        default:
            return (sound, initial)
        }
    }

    private static let initialLetters: [StaticString] = [
        "g", "kk", "n", "d", "tt", "r", "m", "b", "pp", "s", "ss", "", "j", "jj", "ch", "k", "t",
        "p", "h",
    ]
    private static let vowelLetters: [StaticString] = [
        "a", "ae", "ya", "yae", "eo", "e", "yeo", "ye", "o", "wa", "wae", "oe", "yo", "u", "wo",
        "we", "wi",
        "yu", "eu", "ui", "i",
    ]
    private static let finalLetters: [StaticString] = ["", "k", "n", "t", "l", "m", "p", "ng"]

    private static func romanizeWord(
        _ word: [HangulSyllable], _ options: RomanizationOptions,
        _ initials: inout [Int], _ finals: inout [FinalSound], _ out: inout UTF8Sink
    ) {
        let n = word.count
        initials.removeAll(keepingCapacity: true)
        finals.removeAll(keepingCapacity: true)
        for s in word { initials.append(s.initial) }
        for k in 0..<n {
            if k == n - 1 {
                finals.append(neutralized(word[k].final))
            } else {
                let next = word[k + 1]
                let suffix = k + 1 == n - 1 && n >= 3 && isNieunSuffix(next)
                let (sound, initial) = boundary(
                    final: word[k].final, initial: next.initial, medial: next.medial,
                    nieunSuffix: suffix, options)
                finals.append(sound)
                initials[k + 1] = initial
            }
        }
        for k in 0..<n {
            let initial = initials[k]
            if initial == iR && k > 0 && finals[k - 1] == .l {
                out.append(ascii: "l")
            } else {
                out.append(ascii: initialLetters[initial])
            }
            out.append(ascii: vowelLetters[word[k].medial])
            out.append(ascii: finalLetters[Int(finals[k].rawValue)])
        }
    }
}
