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
        let r = rendered()
        return Self.smallString(r.count, r.a, r.b, r.c)
    }

    /// Text committed by the last ``process(_:)-(UInt8)`` call, as libhangul's
    /// `hangul_ic_get_commit_string`: finished syllables to append to the caller's
    /// text. It does not include an unused key itself. Cleared by every
    /// ``process(_:)-(UInt8)``, ``backspace()``, ``flush()`` and ``reset()``.
    public var commit: String {
        // The usual case: one scalar.
        if commitCount == 1, let scalar = Unicode.Scalar(c0) { return String(scalar) }
        return Self.smallString(Int(commitCount), c0, c1, c2)
    }

    /// Appends ``commit`` to `scalars` without making a String: for editors and
    /// loops that keep their text as code points, as libhangul's callers keep
    /// `ucschar` buffers.
    public func appendCommit(to scalars: inout [Unicode.Scalar]) {
        if commitCount > 0, let scalar = Unicode.Scalar(c0) { scalars.append(scalar) }
        if commitCount > 1, let scalar = Unicode.Scalar(c1) { scalars.append(scalar) }
        if commitCount > 2, let scalar = Unicode.Scalar(c2) { scalars.append(scalar) }
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
        if let backspace, backspace.unicodeScalars.count == 1,
            let s = backspace.unicodeScalars.first
        {
            bs = s.value
        }
        var ic = HangulInputContext()
        var keys = keys
        return keys.withUTF8 { bytes in
            makeUTF8String(sizeHint: bytes.count * 2) { out in
                var i = 0
                while i < bytes.count {
                    let (v, length) = decodeUTF8(bytes, at: i)
                    i &+= length
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
            }
        }
    }

    /// The first `count` (0 to 3) of the scalars `a`, `b`, `c` as a string: at most 9
    /// UTF-8 bytes, which Swift stores inline (no heap allocation).
    @inline(__always)
    static func smallString(_ count: Int, _ a: UInt32, _ b: UInt32, _ c: UInt32) -> String {
        guard count > 0 else { return "" }
        return String(unsafeUninitializedCapacity: 12) { buffer in
            var n = 0
            @inline(__always)
            func put(_ v: UInt32) {
                if v < 0x80 {
                    buffer[n] = UInt8(truncatingIfNeeded: v)
                    n += 1
                } else if v < 0x800 {
                    buffer[n] = UInt8(truncatingIfNeeded: 0xC0 | (v >> 6))
                    buffer[n + 1] = UInt8(truncatingIfNeeded: 0x80 | (v & 0x3F))
                    n += 2
                } else {
                    // Every scalar here is in the BMP (Hangul, jamo or ASCII).
                    buffer[n] = UInt8(truncatingIfNeeded: 0xE0 | (v >> 12))
                    buffer[n + 1] = UInt8(truncatingIfNeeded: 0x80 | ((v >> 6) & 0x3F))
                    buffer[n + 2] = UInt8(truncatingIfNeeded: 0x80 | (v & 0x3F))
                    n += 3
                }
            }
            put(a)
            if count > 1 { put(b) }
            if count > 2 { put(c) }
            return n
        }
    }

    // MARK: - Keyboard

    /// The jamo of each ASCII key on the 2-beolsik layout: 0x20|initial, 0x40|medial, or 0
    /// for keys the layout does not map. Shift doubles R E Q T W (ㄲ ㄸ ㅃ ㅆ ㅉ) and O P
    /// (ㅒ ㅖ); other capitals act as their lower-case keys. A table rather than a `switch`:
    /// typing random keys, the jump table of a switch mispredicts on every key.
    static let keyCodes: [UInt8] = [
        0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
        0x00,  // 0x00… ················
        0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
        0x00,  // 0x10… ················
        0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
        0x00,  // 0x20… ················
        0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
        0x00,  // 0x30… ················
        0x00, 0x26, 0x51, 0x2E, 0x2B, 0x24, 0x25, 0x32, 0x48, 0x42, 0x44, 0x40, 0x54, 0x52, 0x4D,
        0x43,  // 0x40… ·ABCDEFGHIJKLMNO
        0x47, 0x28, 0x21, 0x22, 0x2A, 0x46, 0x31, 0x2D, 0x30, 0x4C, 0x2F, 0x00, 0x00, 0x00, 0x00,
        0x00,  // 0x50… PQRSTUVWXYZ·····
        0x00, 0x26, 0x51, 0x2E, 0x2B, 0x23, 0x25, 0x32, 0x48, 0x42, 0x44, 0x40, 0x54, 0x52, 0x4D,
        0x41,  // 0x60… ·abcdefghijklmno
        0x45, 0x27, 0x20, 0x22, 0x29, 0x46, 0x31, 0x2C, 0x30, 0x4C, 0x2F, 0x00, 0x00, 0x00, 0x00,
        0x00,  // 0x70… pqrstuvwxyz·····
    ]

    /// The jamo of a key on the 2-beolsik layout: 0x20|initial, 0x40|medial, or 0.
    @inline(__always)
    static func keyCode(_ key: UInt8) -> UInt8 {
        key < 0x80 ? keyCodes[Int(key)] : 0
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
