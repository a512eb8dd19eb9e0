import Foundation
import MaeilTestSupport

/// The shared reference files this suite reads.
enum SharedFiles {
    static let beolsikVectors = SharedFolder.file("vectors/hangul/2beolsik.tsv")
    static let randomKeysScript = SharedFolder.file("tools/hangul/gen_random_keys.py")
}

/// CPU seconds the calling thread spent in `body`: unlike the wall clock, not
/// stretched by the other tests and processes the machine runs meanwhile (on a
/// loaded two-core run, 1 MB took 33× the wall time of 100 KB for a linear function).
func measure(_ body: () -> Void) -> Double {
    func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
    let started = now()
    body()
    return now() - started
}
