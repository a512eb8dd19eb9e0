extension Hangul {
    /// The 2-beolsik typing units of a text (see ``decompose(_:splitCompounds:)``), one
    /// scalar value each; non-Hangul scalars are their own unit.
    public static func typingUnitScalars(_ text: String) -> [UInt32] {
        var out: [UInt32] = []
        out.reserveCapacity(text.utf8.count)
        var it = ComposedScalarIterator(text)
        while let v = it.next() {
            if let s = HangulSyllable(value: v) {
                s.appendCompat(splitCompounds: true) { out.append($0) }
            } else {
                var c = v
                if v >= 0x1100 && v <= 0x11C2 {
                    let compat = Jamo.compatOfConjoining(v)
                    if compat != 0 { c = compat }
                }
                Jamo.appendTypingUnits(ofCompat: c) { out.append($0) }
            }
        }
        return out
    }

    /// Levenshtein distance between two texts counted in typing-unit jamo, so one
    /// mistyped key is one edit: `jamoDistance("사가", "사과")` is 1 (ㅗ missing),
    /// `jamoDistance("감", "강")` is 1, `jamoDistance("값", "갑")` is 1.
    ///
    /// Time is proportional to the product of the lengths; for long texts use
    /// ``jamoDistance(_:_:limit:)``, which is linear for a fixed limit.
    public static func jamoDistance(_ a: String, _ b: String) -> Int {
        var x = typingUnitScalars(a)
        var y = typingUnitScalars(b)
        if y.count > x.count { swap(&x, &y) }
        if y.isEmpty { return x.count }
        var prev = Array(0...y.count)
        var cur = [Int](repeating: 0, count: y.count + 1)
        for i in 1...x.count {
            cur[0] = i
            let xi = x[i - 1]
            for j in 1...y.count {
                let substitution = prev[j - 1] + (xi == y[j - 1] ? 0 : 1)
                cur[j] = min(substitution, prev[j] + 1, cur[j - 1] + 1)
            }
            swap(&prev, &cur)
        }
        return prev[y.count]
    }

    /// The jamo-level edit distance (see ``jamoDistance(_:_:)``) when it is at most
    /// `limit`, otherwise `nil`. Runs in time proportional to length × limit, so a typo
    /// check against long text stays linear.
    public static func jamoDistance(_ a: String, _ b: String, limit: Int) -> Int? {
        jamoDistance(typingUnits: typingUnitScalars(a), b, limit: limit)
    }

    /// ``jamoDistance(_:_:limit:)`` with the first text already in typing units
    /// (``typingUnitScalars(_:)``): a query compared with many texts splits once.
    public static func jamoDistance(typingUnits x: [UInt32], _ b: String, limit: Int) -> Int? {
        guard limit >= 0 else { return nil }
        let y = typingUnitScalars(b)
        let n = x.count
        let m = y.count
        if abs(n - m) > limit { return nil }
        if n == 0 || m == 0 { return max(n, m) }
        let inf = limit + 1
        var prev = [Int](repeating: inf, count: m + 1)
        var cur = [Int](repeating: inf, count: m + 1)
        for j in 0...min(m, limit) { prev[j] = j }
        for i in 1...n {
            let lo = max(1, i - limit)
            let hi = min(m, i + limit)
            cur[lo - 1] = lo == 1 ? (i <= limit ? i : inf) : inf
            var rowMin = cur[lo - 1]
            if lo <= hi {
                let xi = x[i - 1]
                for j in lo...hi {
                    let substitution = prev[j - 1] + (xi == y[j - 1] ? 0 : 1)
                    let v = min(substitution, prev[j] + 1, cur[j - 1] + 1, inf)
                    cur[j] = v
                    if v < rowMin { rowMin = v }
                }
            }
            if hi < m { cur[hi + 1] = inf }
            if rowMin > limit { return nil }
            swap(&prev, &cur)
        }
        return prev[m] <= limit ? prev[m] : nil
    }
}
