extension Hangul {
    /// Converts text typed on a QWERTY keyboard with the 2-beolsik layout in mind into
    /// Hangul: `"dkssud"` → `"안녕"`, `"rkqtdl"` → `"값이"`, `"Rk"` → `"까"`. Exactly what
    /// ``HangulInputContext`` produces for these keys; keys it does not use (digits,
    /// space, punctuation, non-ASCII) pass through.
    public static func qwertyToHangul(_ text: String) -> String {
        HangulInputContext.type(text, backspace: nil)
    }

    /// Converts Hangul into the QWERTY keys that type it on the 2-beolsik layout:
    /// `"안녕"` → `"dkssud"`, `"값"` → `"rkqt"`, `"과"` → `"rhk"`, `"까"` → `"Rk"`
    /// (doubles and ㅒ/ㅖ use Shift). Compatibility jamo are converted too (`"ㅋㅋ"` →
    /// `"zz"`); everything else passes through.
    public static func hangulToQwerty(_ text: String) -> String {
        var out = UTF8Sink(capacity: text.utf8.count)
        @inline(__always)
        func key(_ compat: UInt32) {
            let k = keyForCompat(compat)
            out.append(k != 0 ? UInt32(k) : compat)
        }
        var it = ComposedScalarIterator(text)
        while let v = it.next() {
            if let s = HangulSyllable(value: v) {
                s.appendCompat(splitCompounds: true) { key($0) }
                continue
            }
            var c = v
            if v >= 0x1100 && v <= 0x11C2 {
                let compat = Jamo.compatOfConjoining(v)
                if compat != 0 { c = compat }
            }
            if c >= 0x3131 && c <= 0x3163 {
                Jamo.appendTypingUnits(ofCompat: c) { key($0) }
            } else {
                out.append(c)
            }
        }
        return out.string()
    }

    /// The 2-beolsik key (ASCII) of a single-key compatibility jamo, or 0.
    @inline(__always)
    static func keyForCompat(_ c: UInt32) -> UInt8 {
        guard c >= 0x3131 && c <= 0x3163 else { return 0 }
        return compatKeys[Int(c - 0x3131)]
    }

    /// Keys for U+3131…U+3163 (0 for compound jamo typed with two keys), read off
    /// `HangulInputContext.keyCodes`, the one table of the layout: capitals first,
    /// so a lower-case key wins wherever Shift adds nothing (ㅁ is `a`, ㄲ is `R`).
    static let compatKeys: [UInt8] = {
        var keys = [UInt8](repeating: 0, count: 0x3163 - 0x3131 + 1)
        for key in Array(UInt8(ascii: "A")...UInt8(ascii: "Z"))
            + Array(UInt8(ascii: "a")...UInt8(ascii: "z"))
        {
            let code = HangulInputContext.keyCode(key)
            let compat: UInt32 =
                switch code & 0xE0 {
                case 0x20: Jamo.compatInitial[Int(code & 0x1F)]
                case 0x40: 0x314F + UInt32(code & 0x1F)
                default: 0
                }
            if compat >= 0x3131 { keys[Int(compat - 0x3131)] = key }
        }
        return keys
    }()
}
