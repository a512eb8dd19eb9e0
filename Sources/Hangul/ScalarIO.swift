// Internal helpers: read a string's scalars with Hangul canonical composition applied
// on the fly, and write scalars as UTF-8 bytes. Both are linear and allocation-light.

/// Iterates over the scalars of a string, composing conjoining jamo sequences
/// (L V, L V T, and precomposed LV + T) into precomposed syllables, exactly as Unicode
/// canonical composition does for modern Hangul. Every other scalar is returned as is.
struct ComposedScalarIterator: IteratorProtocol {
    private var base: String.UnicodeScalarView.Iterator
    private var pending: UInt32 = 0
    private var hasPending = false

    init(_ string: String) {
        base = string.unicodeScalars.makeIterator()
    }

    @inline(__always)
    private mutating func pull() -> UInt32? {
        if hasPending {
            hasPending = false
            return pending
        }
        return base.next()?.value
    }

    @inline(__always)
    private mutating func pushBack(_ v: UInt32) {
        pending = v
        hasPending = true
    }

    mutating func next() -> UInt32? {
        guard var cur = pull() else { return nil }
        if cur >= 0x1100 && cur <= 0x1112 {
            guard let n = pull() else { return cur }
            guard n >= 0x1161 && n <= 0x1175 else {
                pushBack(n)
                return cur
            }
            cur = 0xAC00 + ((cur - 0x1100) * 21 + (n - 0x1161)) * 28
        } else if cur < 0xAC00 || cur > 0xD7A3 || (cur - 0xAC00) % 28 != 0 {
            return cur
        }
        // `cur` is an LV syllable: a following conjoining final joins it.
        guard let t = pull() else { return cur }
        if t >= 0x11A8 && t <= 0x11C2 {
            cur += t - 0x11A7
        } else {
            pushBack(t)
        }
        return cur
    }
}

/// The scalars of `string` after Hangul canonical composition.
func composedScalars(_ string: String) -> [UInt32] {
    var out: [UInt32] = []
    out.reserveCapacity(string.utf8.count)
    var it = ComposedScalarIterator(string)
    while let v = it.next() { out.append(v) }
    return out
}

/// A growable UTF-8 buffer that becomes a `String`.
struct UTF8Sink {
    var bytes: [UInt8] = []

    init(capacity: Int = 0) {
        bytes.reserveCapacity(capacity)
    }

    @inline(__always)
    mutating func append(_ v: UInt32) {
        if v < 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: v))
        } else if v < 0x800 {
            bytes.append(UInt8(truncatingIfNeeded: 0xC0 | (v >> 6)))
            bytes.append(UInt8(truncatingIfNeeded: 0x80 | (v & 0x3F)))
        } else if v < 0x10000 {
            bytes.append(UInt8(truncatingIfNeeded: 0xE0 | (v >> 12)))
            bytes.append(UInt8(truncatingIfNeeded: 0x80 | ((v >> 6) & 0x3F)))
            bytes.append(UInt8(truncatingIfNeeded: 0x80 | (v & 0x3F)))
        } else {
            bytes.append(UInt8(truncatingIfNeeded: 0xF0 | (v >> 18)))
            bytes.append(UInt8(truncatingIfNeeded: 0x80 | ((v >> 12) & 0x3F)))
            bytes.append(UInt8(truncatingIfNeeded: 0x80 | ((v >> 6) & 0x3F)))
            bytes.append(UInt8(truncatingIfNeeded: 0x80 | (v & 0x3F)))
        }
    }

    @inline(__always)
    mutating func append(ascii s: StaticString) {
        s.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// Removes the last scalar; returns false when empty.
    @discardableResult
    mutating func removeLastScalar() -> Bool {
        guard !bytes.isEmpty else { return false }
        while let last = bytes.popLast(), last & 0xC0 == 0x80 {}
        return true
    }

    var isEmpty: Bool { bytes.isEmpty }

    func string() -> String {
        String(decoding: bytes, as: UTF8.self)
    }
}
