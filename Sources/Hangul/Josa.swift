/// A Korean particle (조사) whose form depends on how the preceding word ends:
/// after a final consonant (batchim) or after a vowel.
///
/// ```swift
/// Josa.subject.form(after: "사과")      // "가"
/// Josa.object.attach(to: "책")          // "책을"
/// Josa.direction.attach(to: "서울")      // "서울로"   (ㄹ takes 로)
/// Josa.subject.attach(to: "1")          // "1이"     (일)
/// Josa.topic.attach(to: "漢字")          // "漢字은(는)" (cannot tell: both forms)
/// ```
///
/// How the end of the word is read:
/// - Hangul syllables by their final consonant (NFD accepted); compatibility jamo by
///   their names (ㄱ 기역 → consonant, ㄹ 리을 → ㄹ, ㅏ → vowel).
/// - Digits in Sino-Korean: the last non-zero digit (1 일, 2 이, 3 삼, 6 육, 7 칠, 8 팔 …)
///   or, for trailing zeros, the unit (10 십, 100 백, 1000 천, 10000 만, 10⁸ 억, 10¹² 조,
///   10¹⁶ 경); 0 alone is 영. Commas between digits are ignored.
/// - Latin letters by a small table: single letters and all-capital acronyms by the
///   letter's Korean name (L 엘, M 엠, N 엔, R 알 end in a consonant); words ending in
///   -ng, -m(e), -n(e), -k, -ck, -p, -b read with a final consonant, -l, -le with ㄹ,
///   anything else with a vowel (apple 애플 → ㄹ, computer 컴퓨터 → vowel).
/// - Trailing spaces and punctuation are skipped (`"사과)"` reads 과).
/// - Anything else (Hanja, kana, emoji, empty text) cannot be told: ``form(after:)``
///   then returns both forms, as Korean writing does (`이(가)`, `(으)로`).
public enum Josa: String, CaseIterable, Sendable {
    /// Subject particle 이/가.
    case subject = "이/가"
    /// Object particle 을/를.
    case object = "을/를"
    /// Topic particle 은/는.
    case topic = "은/는"
    /// "And/with" particle 과/와.
    case and = "과/와"
    /// Direction or means particle 으로/로 (ㄹ takes 로: 서울로, 연필로).
    case direction = "으로/로"
    /// "Or" particle 이나/나.
    case or = "이나/나"
    /// Colloquial "with" particle 이랑/랑.
    case with = "이랑/랑"
    /// Polite copula 이에요/예요.
    case copula = "이에요/예요"
    /// Vocative particle 아/야.
    case vocative = "아/야"
    /// Quotative 이라고/라고.
    case quotative = "이라고/라고"
    /// Plain copula 이야/야.
    case plainCopula = "이야/야"
    /// Enumerating 이며/며.
    case enumerating = "이며/며"

    /// The form used after a final consonant (이, 을, 은, 과, 으로 …).
    public var afterConsonant: String {
        let raw = rawValue
        return String(raw[..<(raw.firstIndex(of: "/") ?? raw.endIndex)])
    }

    /// The form used after a vowel (가, 를, 는, 와, 로 …).
    public var afterVowel: String {
        let raw = rawValue
        guard let slash = raw.firstIndex(of: "/") else { return raw }
        return String(raw[raw.index(after: slash)...])
    }

    /// The form written when the ending cannot be told: 이(가), 을(를), (으)로, (이)나 …
    public var undecided: String {
        switch self {
        case .direction: return "(으)로"
        case .or: return "(이)나"
        case .with: return "(이)랑"
        case .quotative: return "(이)라고"
        case .enumerating: return "(이)며"
        case .plainCopula: return "(이)야"
        default: return "\(afterConsonant)(\(afterVowel))"
        }
    }

    /// A particle from any of its spellings: `"이/가"`, `"이"`, `"가"`, `"을(를)"`,
    /// `"(으)로"`, `"로"` … or `nil` when unknown.
    public init?(_ text: String) {
        let key = text.filter { !$0.isWhitespace }
        for josa in Josa.allCases {
            let a = josa.afterConsonant
            let b = josa.afterVowel
            if key == josa.rawValue || key == a || key == b || key == "\(b)/\(a)"
                || key == "\(a)(\(b))" || key == "\(b)(\(a))" || key == josa.undecided
            {
                self = josa
                return
            }
        }
        return nil
    }

    /// The form of the particle after `word`: 사과 → 가, 책 → 이, 서울 → 로 (for
    /// ``direction``), or ``undecided`` when the ending cannot be told.
    public func form(after word: String) -> String {
        switch WordEnding(of: word) {
        case .vowel: return afterVowel
        case .rieul: return self == .direction ? afterVowel : afterConsonant
        case .consonant: return afterConsonant
        case .unknown: return undecided
        }
    }

    /// `word` followed by the right form of the particle: 사과 → 사과를.
    public func attach(to word: String) -> String {
        word + form(after: word)
    }
}

/// How a word ends when read aloud in Korean.
enum WordEnding: Equatable {
    case vowel
    case consonant
    /// The final consonant ㄹ (it takes 로, not 으로).
    case rieul
    case unknown

    init(of word: String) {
        let scalars = Array(word.unicodeScalars)
        var end = scalars.count
        while end > 0 {
            let s = scalars[end - 1]
            if s.properties.isAlphabetic || (s.value >= 0x30 && s.value <= 0x39) { break }
            end -= 1
        }
        guard end > 0 else {
            self = .unknown
            return
        }
        let last = scalars[end - 1].value
        if (last >= 0x1100 && last <= 0x11FF) || (last >= 0xAC00 && last <= 0xD7A3) {
            var tail = String.UnicodeScalarView()
            tail.append(contentsOf: scalars[max(0, end - 3)..<end])
            var it = ComposedScalarIterator(String(tail))
            var v: UInt32 = 0
            while let n = it.next() { v = n }
            if let s = HangulSyllable(value: v) {
                self = s.final == 0 ? .vowel : (s.final == 8 ? .rieul : .consonant)
            } else {
                self = WordEnding(compat: Jamo.compatOfConjoining(v))
            }
        } else if last >= 0x3131 && last <= 0x3163 {
            self = WordEnding(compat: last)
        } else if last >= 0x30 && last <= 0x39 {
            self = WordEnding(digits: scalars[..<end])
        } else if (last | 0x20) >= 0x61 && (last | 0x20) <= 0x7A {
            self = WordEnding(latin: scalars[..<end])
        } else {
            self = .unknown
        }
    }

    init(compat c: UInt32) {
        if c == 0x3139 {
            self = .rieul  // 리을
        } else if c >= 0x3131 && c <= 0x314E {
            self = .consonant  // 기역, 니은, 디귿 … all end in a consonant
        } else if c >= 0x314F && c <= 0x3163 {
            self = .vowel
        } else {
            self = .unknown
        }
    }

    /// Sino-Korean reading of the trailing number.
    init(digits scalars: ArraySlice<Unicode.Scalar>) {
        var zeros = 0
        var i = scalars.endIndex
        var lastNonZero: UInt32 = 0
        while i > scalars.startIndex {
            let v = scalars[i - 1].value
            if v == 0x30 {
                zeros += 1
            } else if v >= 0x31 && v <= 0x39 {
                lastNonZero = v
                break
            } else if v == 0x2C, i - 1 > scalars.startIndex,
                (0x30...0x39).contains(scalars[i - 2].value)
            {
                // a thousands separator between digits
            } else {
                break
            }
            i -= 1
        }
        if lastNonZero == 0 {
            self = .consonant  // 영
        } else if zeros == 0 {
            switch lastNonZero {
            case 0x31, 0x37, 0x38: self = .rieul  // 일, 칠, 팔
            case 0x33, 0x36: self = .consonant  // 삼, 육
            default: self = .vowel  // 이, 사, 오, 구
            }
        } else {
            switch zeros {
            case 1, 2, 3: self = .consonant  // 십, 백, 천
            case 4...7: self = .consonant  // 만
            case 8...11: self = .consonant  // 억
            case 12...15: self = .vowel  // 조
            case 16...19: self = .consonant  // 경
            default: self = .unknown
            }
        }
    }

    /// English (or romanized) word read as loanword Hangul, by a small ending table.
    init(latin scalars: ArraySlice<Unicode.Scalar>) {
        var start = scalars.endIndex
        while start > scalars.startIndex {
            let v = scalars[start - 1].value | 0x20
            guard v >= 0x61 && v <= 0x7A else { break }
            start -= 1
        }
        let word = scalars[start...]
        let allCaps = word.allSatisfy { $0.value >= 0x41 && $0.value <= 0x5A }
        let lower = String(String.UnicodeScalarView(word)).lowercased()
        if word.count == 1 || allCaps {
            switch lower.last {
            case "l", "r": self = .rieul  // 엘, 알
            case "m", "n": self = .consonant  // 엠, 엔
            default: self = .vowel
            }
            return
        }
        if lower.hasSuffix("l") || lower.hasSuffix("le") {
            self = .rieul
        } else if lower.hasSuffix("ng") || lower.hasSuffix("m") || lower.hasSuffix("me")
            || lower.hasSuffix("n") || lower.hasSuffix("ne") || lower.hasSuffix("k")
            || lower.hasSuffix("p") || lower.hasSuffix("b")
        {
            self = .consonant
        } else {
            self = .vowel
        }
    }
}

extension Josa {
    /// The undecided forms, longest first, so "(이)라고" is taken before "(이)랑".
    private static let undecidedForms = allCases.map { ($0, Array($0.undecided.unicodeScalars)) }
        .sorted { $0.1.count > $1.1.count }

    /// `text` with every undecided particle (`을(를)`, `이(가)`, `(으)로` …) written
    /// in the one form that fits the word before it: `“사과”을(를)` → `“사과”를`,
    /// `책이(가)` → `책이`. Where the ending cannot be told, the undecided form
    /// stays, as Korean writing has it. For messages whose words are filled in
    /// at run time.
    public static func resolve(in text: String) -> String {
        // Every undecided form has a parenthesis; most UI strings have none.
        guard text.utf8.contains(UInt8(ascii: "(")) else { return text }
        let forms = undecidedForms
        guard forms.contains(where: { text.contains(String(String.UnicodeScalarView($0.1))) })
        else { return text }
        let scalars = Array(text.unicodeScalars)
        var output = String.UnicodeScalarView()
        var i = 0
        outer: while i < scalars.count {
            for (josa, form) in forms
            where scalars[i] == form[0] && i + form.count <= scalars.count
                && Array(scalars[i..<(i + form.count)]) == form
            {
                output.append(contentsOf: josa.form(after: String(output)).unicodeScalars)
                i += form.count
                continue outer
            }
            output.append(scalars[i])
            i += 1
        }
        return String(output)
    }
}
