/// A 2-beolsik (두벌식) Hangul input context that behaves exactly like libhangul's
/// keyboard `"2"` with its default options (no auto-reorder, no doubling by a repeated
/// key, choseong pairs such as ㄱ+ㅅ combine into a final).
///
/// Feed it QWERTY keys one at a time; it composes the syllable being typed (`preedit`)
/// and hands out finished text (`commit`), as an input method does:
///
/// ```swift
/// var ic = HangulInputContext()
/// for key in "dkssud" { _ = ic.process(key); print(ic.commit, terminator: "") }
/// print(ic.flush())   // 안녕
/// ```
///
/// Behaviour, as in libhangul:
/// - Shift doubles: R→ㄲ, E→ㄸ, Q→ㅃ, T→ㅆ, W→ㅉ, O→ㅒ, P→ㅖ; other upper-case letters
///   act as lower-case ones. Typing a consonant twice gives two consonants (`rr` → ㄱㄱ).
/// - Compound vowels (ㅗ+ㅏ=ㅘ …) and compound finals (ㄱ+ㅅ=ㄳ …) combine; a vowel after
///   a final moves the final (or the second half of a compound final) to a new
///   syllable (`rkqtdl` → 값이). ㄸ, ㅃ, ㅉ cannot be finals and start a new syllable.
/// - A vowel typed first, or a consonant after a lone vowel, stays apart (`kr` → ㅏㄱ).
/// - ``backspace()`` removes the last jamo typed, compound parts one at a time.
/// - Keys the automaton does not use (digits, space, punctuation, anything non-ASCII)
///   commit the syllable being composed and return `false`: the caller inserts the key
///   itself. The ASCII Backspace control character (U+0008) acts as ``backspace()``.
public struct HangulInputContext: Sendable, Hashable {
    // Buffer: indices in Unicode syllable order; -1 (initial, medial) or 0 (final) = none.
    private var cho: Int8 = -1
    private var jung: Int8 = -1
    private var jong: Int8 = 0
    // Stack of the jamo pushed for the current syllable (8 bits each, newest highest):
    // 0x20|initial, 0x40|medial, 0x80|final.
    private var stack: UInt64 = 0
    private var depth: Int8 = 0
    // Text committed by the last call (at most three scalars).
    private var c0: UInt32 = 0
    private var c1: UInt32 = 0
    private var c2: UInt32 = 0
    private var commitCount: Int8 = 0

    /// A context with nothing being composed.
    public init() {}

    // MARK: - Public API

    /// Processes one key given as an ASCII code. Returns `true` when the key was used
    /// (a jamo key, or Backspace U+0008 that removed a jamo); `false` when it was not,
    /// in which case the syllable being composed has been committed and the caller
    /// should insert the key itself.
    public mutating func process(_ key: UInt8) -> Bool {
        commitCount = 0
        if key == 0x08 { return backspaceInternal() }
        return processCode(Self.keyCode(key))
    }

    /// Processes one key given as a character (see ``process(_:)-(UInt8)``). Characters
    /// that are not a single ASCII scalar are not used: the syllable being composed is
    /// committed and `false` is returned.
    public mutating func process(_ key: Character) -> Bool {
        if let a = key.asciiValue, key.unicodeScalars.count == 1 {
            return process(a)
        }
        commitCount = 0
        return processCode(0)
    }

    /// Removes the last jamo of the syllable being composed (한 → 하, 과 → 고, 닭 → 달).
    /// Returns `false` when nothing is being composed, so the caller can delete the
    /// previous character of its own text. Clears ``commit``.
    public mutating func backspace() -> Bool {
        commitCount = 0
        return backspaceInternal()
    }

    /// The syllable being composed (empty when none), for display.
    public var preedit: String {
        var sink = UTF8Sink(capacity: 12)
        render { sink.append($0) }
        return sink.string()
    }

    /// Text committed by the last ``process(_:)-(UInt8)`` call, as libhangul's
    /// `hangul_ic_get_commit_string`: finished syllables to append to the caller's
    /// text. It does not include an unused key itself. Cleared by every
    /// ``process(_:)-(UInt8)``, ``backspace()``, ``flush()`` and ``reset()``.
    public var commit: String {
        var sink = UTF8Sink(capacity: 12)
        forEachCommitted { sink.append($0) }
        return sink.string()
    }

    /// Whether nothing is being composed.
    public var isEmpty: Bool { cho < 0 && jung < 0 && jong == 0 }

    /// Ends composition: returns the syllable being composed and empties the context
    /// (as libhangul's `hangul_ic_flush`; ``commit`` is cleared).
    public mutating func flush() -> String {
        let text = preedit
        clearBuffer()
        commitCount = 0
        return text
    }

    /// Drops the syllable being composed and any commit text.
    public mutating func reset() {
        clearBuffer()
        commitCount = 0
    }

    /// Types `keys` into a fresh context and returns the resulting text: everything
    /// committed, unused keys inserted as they are, and the final flush. When
    /// `backspace` is given, that character stands for the Backspace key: it removes one
    /// jamo of the syllable being composed or, when nothing is being composed, the last
    /// character of the text (as an editor does). This is exactly what the libhangul
    /// reference tool `hic_lines` prints: `type("rkfrk<")` → `"갈ㄱ"`.
    ///
    /// Keys are read scalar by scalar; non-ASCII scalars pass through unchanged.
    public static func type(_ keys: String, backspace: Character? = "<") -> String {
        var bs: UInt32 = 0xFFFF_FFFF
        if let backspace, backspace.unicodeScalars.count == 1, let s = backspace.unicodeScalars.first {
            bs = s.value
        }
        var ic = HangulInputContext()
        var out = UTF8Sink(capacity: keys.utf8.count * 2)
        for scalar in keys.unicodeScalars {
            let v = scalar.value
            if v == bs {
                if !ic.backspace() { out.removeLastScalar() }
                continue
            }
            let used: Bool
            if v < 0x80 {
                used = ic.process(UInt8(truncatingIfNeeded: v))
            } else {
                ic.commitCount = 0
                used = ic.processCode(0)
            }
            ic.forEachCommitted { out.append($0) }
            if !used { out.append(v) }
        }
        ic.render { out.append($0) }
        return out.string()
    }

    // MARK: - Keyboard

    /// The jamo of a key on the 2-beolsik layout: 0x20|initial, 0x40|medial, or 0.
    @inline(__always)
    static func keyCode(_ key: UInt8) -> UInt8 {
        switch key {
        case UInt8(ascii: "r"): return 0x20 | 0  // ㄱ
        case UInt8(ascii: "R"): return 0x20 | 1  // ㄲ
        case UInt8(ascii: "s"), UInt8(ascii: "S"): return 0x20 | 2  // ㄴ
        case UInt8(ascii: "e"): return 0x20 | 3  // ㄷ
        case UInt8(ascii: "E"): return 0x20 | 4  // ㄸ
        case UInt8(ascii: "f"), UInt8(ascii: "F"): return 0x20 | 5  // ㄹ
        case UInt8(ascii: "a"), UInt8(ascii: "A"): return 0x20 | 6  // ㅁ
        case UInt8(ascii: "q"): return 0x20 | 7  // ㅂ
        case UInt8(ascii: "Q"): return 0x20 | 8  // ㅃ
        case UInt8(ascii: "t"): return 0x20 | 9  // ㅅ
        case UInt8(ascii: "T"): return 0x20 | 10  // ㅆ
        case UInt8(ascii: "d"), UInt8(ascii: "D"): return 0x20 | 11  // ㅇ
        case UInt8(ascii: "w"): return 0x20 | 12  // ㅈ
        case UInt8(ascii: "W"): return 0x20 | 13  // ㅉ
        case UInt8(ascii: "c"), UInt8(ascii: "C"): return 0x20 | 14  // ㅊ
        case UInt8(ascii: "z"), UInt8(ascii: "Z"): return 0x20 | 15  // ㅋ
        case UInt8(ascii: "x"), UInt8(ascii: "X"): return 0x20 | 16  // ㅌ
        case UInt8(ascii: "v"), UInt8(ascii: "V"): return 0x20 | 17  // ㅍ
        case UInt8(ascii: "g"), UInt8(ascii: "G"): return 0x20 | 18  // ㅎ
        case UInt8(ascii: "k"), UInt8(ascii: "K"): return 0x40 | 0  // ㅏ
        case UInt8(ascii: "o"): return 0x40 | 1  // ㅐ
        case UInt8(ascii: "i"), UInt8(ascii: "I"): return 0x40 | 2  // ㅑ
        case UInt8(ascii: "O"): return 0x40 | 3  // ㅒ
        case UInt8(ascii: "j"), UInt8(ascii: "J"): return 0x40 | 4  // ㅓ
        case UInt8(ascii: "p"): return 0x40 | 5  // ㅔ
        case UInt8(ascii: "u"), UInt8(ascii: "U"): return 0x40 | 6  // ㅕ
        case UInt8(ascii: "P"): return 0x40 | 7  // ㅖ
        case UInt8(ascii: "h"), UInt8(ascii: "H"): return 0x40 | 8  // ㅗ
        case UInt8(ascii: "y"), UInt8(ascii: "Y"): return 0x40 | 12  // ㅛ
        case UInt8(ascii: "n"), UInt8(ascii: "N"): return 0x40 | 13  // ㅜ
        case UInt8(ascii: "b"), UInt8(ascii: "B"): return 0x40 | 17  // ㅠ
        case UInt8(ascii: "m"), UInt8(ascii: "M"): return 0x40 | 18  // ㅡ
        case UInt8(ascii: "l"), UInt8(ascii: "L"): return 0x40 | 20  // ㅣ
        default: return 0
        }
    }

    // MARK: - Automaton (mirrors libhangul's hangul_ic_process_jamo)

    @inline(__always)
    private mutating func push(_ e: UInt8) {
        switch e & 0xE0 {
        case 0x20: cho = Int8(e & 0x1F)
        case 0x40: jung = Int8(e & 0x1F)
        default: jong = Int8(e & 0x1F)
        }
        guard depth < 8 else { return }  // unreachable: a syllable has at most 5 entries
        stack |= UInt64(e) << (UInt64(depth) &* 8)
        depth &+= 1
    }

    @inline(__always)
    private mutating func pop() -> UInt8 {
        guard depth > 0 else { return 0 }
        depth &-= 1
        let shift = UInt64(depth) &* 8
        let e = UInt8(truncatingIfNeeded: stack >> shift)
        stack &= ~(0xFF << shift)
        return e
    }

    @inline(__always)
    private func peek() -> UInt8 {
        guard depth > 0 else { return 0 }
        return UInt8(truncatingIfNeeded: stack >> (UInt64(depth &- 1) &* 8))
    }

    @inline(__always)
    private mutating func clearBuffer() {
        cho = -1
        jung = -1
        jong = 0
        stack = 0
        depth = 0
    }

    @inline(__always)
    private mutating func appendCommit(_ v: UInt32) {
        switch commitCount {
        case 0: c0 = v
        case 1: c1 = v
        case 2: c2 = v
        default: return
        }
        commitCount &+= 1
    }

    /// Appends the buffer to the commit text and clears it (libhangul's
    /// save_commit_string and flush_internal).
    @inline(__always)
    private mutating func saveCommit() {
        let r = rendered()
        if r.count > 0 { appendCommit(r.a) }
        if r.count > 1 { appendCommit(r.b) }
        if r.count > 2 { appendCommit(r.c) }
        clearBuffer()
    }

    @inline(__always)
    func forEachCommitted(_ body: (UInt32) -> Void) {
        if commitCount > 0 { body(c0) }
        if commitCount > 1 { body(c1) }
        if commitCount > 2 { body(c2) }
    }

    @inline(__always)
    func render(_ body: (UInt32) -> Void) {
        let r = rendered()
        if r.count > 0 { body(r.a) }
        if r.count > 1 { body(r.b) }
        if r.count > 2 { body(r.c) }
    }

    /// The buffer as text, exactly as libhangul renders it in syllable output mode
    /// (the two conjoining forms with fillers are unreachable from the keyboard).
    @inline(__always)
    private func rendered() -> (count: Int, a: UInt32, b: UInt32, c: UInt32) {
        if cho >= 0 {
            if jung >= 0 {
                return (1, 0xAC00 + UInt32((Int(cho) * 21 + Int(jung)) * 28 + Int(jong)), 0, 0)
            } else if jong != 0 {
                return (3, 0x1100 + UInt32(cho), 0x1160, 0x11A7 + UInt32(jong))
            } else {
                return (1, Jamo.compatInitial[Int(cho)], 0, 0)
            }
        } else if jung >= 0 {
            if jong != 0 {
                return (3, 0x115F, 0x1161 + UInt32(jung), 0x11A7 + UInt32(jong))
            } else {
                return (1, 0x314F + UInt32(jung), 0, 0)
            }
        } else if jong != 0 {
            return (1, Jamo.compatFinal[Int(jong)], 0, 0)
        }
        return (0, 0, 0, 0)
    }

    private mutating func backspaceInternal() -> Bool {
        guard depth > 0 else { return false }
        let e = pop()
        if depth > 0 {
            let p = peek()
            switch e & 0xE0 {
            case 0x20: cho = p & 0xE0 == 0x20 ? Int8(p & 0x1F) : -1
            case 0x40: jung = p & 0xE0 == 0x40 ? Int8(p & 0x1F) : -1
            default: jong = p & 0xE0 == 0x80 ? Int8(p & 0x1F) : 0
            }
        } else {
            cho = -1
            jung = -1
            jong = 0
        }
        return true
    }

    /// One jamo code (0 = a key the layout does not map).
    @inline(__always)
    mutating func processCode(_ code: UInt8) -> Bool {
        let kind = code & 0xE0
        let idx = Int(code & 0x1F)
        guard kind != 0 else {
            saveCommit()
            return false
        }
        if jong != 0 {
            if kind == 0x20 {
                let combined = Jamo.combineFinal(Int(jong), withInitial: idx)
                if combined != 0 {
                    push(0x80 | UInt8(combined))
                } else {
                    saveCommit()
                    push(code)
                }
            } else {
                let popped = pop()
                let p = peek()
                if p & 0xE0 == 0x80 {
                    let split = Jamo.finalSplit[Int(jong)]
                    if split.second >= 0 && Int(split.first) == Int(p & 0x1F) {
                        jong = Int8(p & 0x1F)
                        saveCommit()
                        push(0x20 | UInt8(split.second))
                        push(code)
                    } else {
                        saveCommit()
                        push(code)
                    }
                } else {
                    jong = 0
                    saveCommit()
                    let initial = Jamo.initialOfFinal[Int(popped & 0x1F)]
                    if initial >= 0 { push(0x20 | UInt8(initial)) }
                    push(code)
                }
            }
        } else if jung >= 0 {
            if kind == 0x20 {
                let f = Jamo.finalOfInitial[idx]
                if cho >= 0 && f != 0 {
                    push(0x80 | UInt8(f))
                } else {
                    saveCommit()
                    push(code)
                }
            } else {
                let combined = Jamo.combineMedial(Int(jung), idx)
                if combined >= 0 {
                    push(0x40 | UInt8(combined))
                } else {
                    saveCommit()
                    push(code)
                }
            }
        } else if cho >= 0 {
            if kind == 0x20 {
                let f = Jamo.finalOfInitial[Int(cho)]
                let combined = f != 0 ? Jamo.combineFinal(Int(f), withInitial: idx) : 0
                if combined != 0 {
                    // MS IME compatibility in libhangul: ㄱ then ㅅ with no vowel is ㄳ.
                    cho = -1
                    _ = pop()
                    push(0x80 | UInt8(f))
                    push(0x80 | UInt8(combined))
                } else {
                    saveCommit()
                    push(code)
                }
            } else {
                push(code)
            }
        } else {
            push(code)
        }
        return true
    }
}
