import Foundation

/// Locations of the shared reference files, relative to this package's root.
enum SharedFiles {
    /// The package root: Tests/HangulTests/TestSupport.swift → ../../..
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent()

    /// `../shared` beside the checkout.
    static let shared = packageRoot.appendingPathComponent("../shared").standardizedFileURL

    static let beolsikVectors = shared.appendingPathComponent("vectors/hangul/2beolsik.tsv")
    static let randomKeysScript = shared.appendingPathComponent("tools/hangul/gen_random_keys.py")
}

/// A small seedable generator (SplitMix64) so generated test data is reproducible.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Seconds taken by `body` (monotonic clock).
func measure(_ body: () -> Void) -> Double {
    let clock = ContinuousClock()
    let d = clock.measure(body)
    return Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18
}

/// The scalar values of a string: `String ==` uses canonical equivalence (NFC "값" equals
/// NFD "값"), so tests about normalization compare scalars.
func scalars(_ s: String) -> [UInt32] {
    s.unicodeScalars.map(\.value)
}
