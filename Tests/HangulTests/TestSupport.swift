import Foundation
import MaeilTestSupport

/// The shared reference files this suite reads.
enum SharedFiles {
    static let beolsikVectors = SharedFolder.file("vectors/hangul/2beolsik.tsv")
    static let randomKeysScript = SharedFolder.file("tools/hangul/gen_random_keys.py")
}

/// Seconds taken by `body` (monotonic clock).
func measure(_ body: () -> Void) -> Double {
    let clock = ContinuousClock()
    let d = clock.measure(body)
    return Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18
}
