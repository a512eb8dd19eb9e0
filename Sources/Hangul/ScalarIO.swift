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

    var isEmpty: Bool { bytes.isEmpty }

    func string() -> String {
        String(decoding: bytes, as: UTF8.self)
    }
}

// MARK: - Fast paths over contiguous UTF-8

/// Reads the scalars of valid UTF-8 (a string's own storage), composing conjoining jamo
/// sequences exactly as ``ComposedScalarIterator`` does, without going through
/// `String.UnicodeScalarView`. Use it through ``withComposedUTF8(_:_:)``.
struct ComposedUTF8Reader {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var i = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// The length of the whole text in UTF-8 bytes.
    var byteCount: Int { bytes.count }

    @inline(__always)
    private func decode(_ j: Int) -> (value: UInt32, length: Int) {
        decodeUTF8(bytes, at: j)
    }

    @inline(__always)
    mutating func next() -> UInt32? {
        guard i < bytes.count else { return nil }
        var (cur, n) = decode(i)
        i &+= n
        if cur &- 0x1100 <= 0x12 {  // a conjoining initial: with a medial, a syllable
            guard i < bytes.count else { return cur }
            let (v, vn) = decode(i)
            guard v &- 0x1161 <= 0x14 else { return cur }
            i &+= vn
            cur = 0xAC00 + ((cur &- 0x1100) &* 21 &+ (v &- 0x1161)) &* 28
        } else if cur &- 0xAC00 > 0x2BA3 || (cur &- 0xAC00) % 28 != 0 {
            return cur
        }
        // `cur` is an LV syllable: a following conjoining final joins it.
        if i < bytes.count {
            let (t, tn) = decode(i)
            if t &- 0x11A8 <= 0x1A {
                cur &+= t &- 0x11A7
                i &+= tn
            }
        }
        return cur
    }
}

/// Decodes the scalar that starts at `i` (a scalar boundary before the end) in valid
/// UTF-8, as a `String`'s storage is: returns its value and length in bytes.
@inline(__always)
func decodeUTF8(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> (value: UInt32, length: Int) {
    let b0 = UInt32(bytes[i])
    if b0 < 0x80 { return (b0, 1) }
    if b0 < 0xE0 { return ((b0 & 0x1F) << 6 | UInt32(bytes[i + 1]) & 0x3F, 2) }
    if b0 < 0xF0 {
        return (
            (b0 & 0x0F) << 12 | (UInt32(bytes[i + 1]) & 0x3F) << 6 | UInt32(bytes[i + 2]) & 0x3F, 3
        )
    }
    return (
        (b0 & 0x07) << 18 | (UInt32(bytes[i + 1]) & 0x3F) << 12 | (UInt32(bytes[i + 2]) & 0x3F) << 6
            | UInt32(bytes[i + 3]) & 0x3F, 4
    )
}

/// Calls `body` with a reader over the composed scalars of `text`'s UTF-8.
@inline(__always)
func withComposedUTF8<R>(_ text: String, _ body: (inout ComposedUTF8Reader) -> R) -> R {
    var text = text
    return text.withUTF8 { bytes in
        var reader = ComposedUTF8Reader(bytes)
        return body(&reader)
    }
}

/// Writes UTF-8 into a small scratch buffer that is moved into the result string each
/// time it fills up, so a large output is written to memory once and a small one costs
/// no heap allocation but the string's own. Every call writes whole, valid scalars, so
/// the bytes are not validated again. Use it through ``makeUTF8String(sizeHint:_:)``.
struct UTF8Writer {
    private let base: UnsafeMutablePointer<UInt8>
    /// Bytes the chunk may hold; the buffer has 8 more bytes of slack for
    /// ``append(packed:length:)``.
    private let limit: Int
    /// Bytes in the chunk.
    private var count = 0
    /// The text of the chunks already moved out.
    private var done = ""
    private let sizeHint: Int

    fileprivate init(base: UnsafeMutablePointer<UInt8>, limit: Int, sizeHint: Int) {
        self.base = base
        self.limit = limit
        self.sizeHint = sizeHint
    }

    @inline(__always)
    private mutating func reserve(_ n: Int) {
        if count &+ n > limit { moveChunk() }
    }

    @inline(never)
    private mutating func moveChunk() {
        if done.isEmpty { done.reserveCapacity(sizeHint) }
        done.append(stringFromValidUTF8(UnsafeBufferPointer(start: base, count: count)))
        count = 0
    }

    fileprivate mutating func finish() -> String {
        let last = stringFromValidUTF8(UnsafeBufferPointer(start: base, count: count))
        if done.isEmpty { return last }
        done.append(last)
        return done
    }

    /// Appends a scalar (a valid scalar value: < 0x110000 and not a surrogate).
    @inline(__always)
    mutating func append(_ v: UInt32) {
        reserve(4)
        if v < 0x80 {
            base[count] = UInt8(truncatingIfNeeded: v)
            count &+= 1
        } else if v < 0x800 {
            base[count] = UInt8(truncatingIfNeeded: 0xC0 | (v >> 6))
            base[count &+ 1] = UInt8(truncatingIfNeeded: 0x80 | (v & 0x3F))
            count &+= 2
        } else if v < 0x10000 {
            base[count] = UInt8(truncatingIfNeeded: 0xE0 | (v >> 12))
            base[count &+ 1] = UInt8(truncatingIfNeeded: 0x80 | ((v >> 6) & 0x3F))
            base[count &+ 2] = UInt8(truncatingIfNeeded: 0x80 | (v & 0x3F))
            count &+= 3
        } else {
            base[count] = UInt8(truncatingIfNeeded: 0xF0 | (v >> 18))
            base[count &+ 1] = UInt8(truncatingIfNeeded: 0x80 | ((v >> 12) & 0x3F))
            base[count &+ 2] = UInt8(truncatingIfNeeded: 0x80 | ((v >> 6) & 0x3F))
            base[count &+ 3] = UInt8(truncatingIfNeeded: 0x80 | (v & 0x3F))
            count &+= 4
        }
    }

    /// Appends `length` bytes (at most 8) given packed little-endian in `packed`: the
    /// UTF-8 of whole scalars, from ``HangulUTF8``'s tables.
    @inline(__always)
    mutating func append(packed: UInt64, length: Int) {
        reserve(length)
        // 8 bytes of slack past `limit`: the 8-byte store stays inside the buffer.
        UnsafeMutableRawPointer(base + count).storeBytes(of: packed.littleEndian, as: UInt64.self)
        count &+= length
    }

    /// Appends 1 to 4 bytes that are one whole, valid UTF-8 scalar.
    @inline(__always)
    mutating func appendScalarBytes(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int, length: Int) {
        reserve(4)
        for k in 0..<length { base[count &+ k] = bytes[i &+ k] }
        count &+= length
    }

    /// Removes the last scalar written; returns `false` when nothing was written.
    @discardableResult
    mutating func removeLastScalar() -> Bool {
        if count == 0 {
            guard !done.isEmpty else { return false }
            done.unicodeScalars.removeLast()
            return true
        }
        repeat { count &-= 1 } while count > 0 && base[count] & 0xC0 == 0x80
        return true
    }
}

/// A string made of the UTF-8 that `body` writes; `sizeHint` (bytes) is the expected
/// size, used for the scratch buffer (on the stack when small) and, for large outputs,
/// reserved once in the result.
@inline(__always)
func makeUTF8String(sizeHint: Int, _ body: (inout UTF8Writer) -> Void) -> String {
    let limit = min(max(sizeHint, 64), 1 << 16)
    return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: limit + 8) { buffer in
        guard let base = buffer.baseAddress else { return "" }
        var writer = UTF8Writer(base: base, limit: limit, sizeHint: sizeHint)
        body(&writer)
        return writer.finish()
    }
}

/// A string from bytes known to be valid UTF-8.
@inline(__always)
func stringFromValidUTF8(_ utf8: UnsafeBufferPointer<UInt8>) -> String {
    #if compiler(>=6.2)
        if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
            return String(copying: UTF8Span(unchecked: utf8.span))
        }
    #endif
    return String(decoding: utf8, as: UTF8.self)
}

/// The UTF-8 of jamo, packed little-endian for ``UTF8Writer/append(packed:length:)``.
enum HangulUTF8 {
    @inline(__always)
    static func packed(_ v: UInt32) -> UInt64 {
        UInt64(0xE0 | (v >> 12)) | UInt64(0x80 | ((v >> 6) & 0x3F)) << 8 | UInt64(0x80 | (v & 0x3F))
            << 16
    }

    /// Where the finals start in ``compat`` and ``conjoining``.
    static let finalOffset = 399

    /// The compatibility jamo of syllables: entries 0..<399, for each LV index (syllable
    /// index / 28), the initial and medial (6 bytes); entries 399..<427, for each final
    /// index, the final (3 bytes; none for 0).
    static let compat: [UInt64] =
        (0..<399).map {
            packed(Jamo.compatInitial[$0 / 21]) | packed(0x314F + UInt32($0 % 21)) << 24
        }
        + Jamo.compatFinal.map { $0 == 0 ? 0 : packed($0) }

    /// The conjoining jamo (U+1100…, U+1161…, U+11A8…) of syllables, laid out as ``compat``.
    static let conjoining: [UInt64] =
        (0..<399).map { packed(0x1100 + UInt32($0 / 21)) | packed(0x1161 + UInt32($0 % 21)) << 24 }
        + (0..<28).map { $0 == 0 ? 0 : packed(0x11A7 + UInt32($0)) }

    /// For each initial index (0..<19): its compatibility jamo (3 bytes).
    static let compatInitial: [UInt64] = Jamo.compatInitial.map { packed($0) }
}

extension UTF8Writer {
    /// Appends the jamo of syllable index `s` (0..<11172) from ``HangulUTF8/compat`` or
    /// ``HangulUTF8/conjoining``.
    @inline(__always)
    mutating func appendJamo(ofSyllable s: Int, from table: UnsafeBufferPointer<UInt64>) {
        append(packed: table[s / 28], length: 6)
        let f = s % 28
        if f != 0 { append(packed: table[HangulUTF8.finalOffset + f], length: 3) }
    }
}
