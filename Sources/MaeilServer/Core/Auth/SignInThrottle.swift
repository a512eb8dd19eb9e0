import Foundation

/// How failed sign-ins slow the next try down, without letting anyone lock
/// someone else out. Counted per name and client address: the first
/// `freeFailures` cost nothing, then each try waits twice as long after the
/// last failure as the one before (1 s, 2 s, 4 s …, at most `window`), so a
/// guesser gets a few dozen tries an hour while the owner, from their own
/// address, is never held up by it. Per address, over any names:
/// `addressLimit` failures in a window, high enough for a whole office or
/// school behind one address.
enum SignInThrottle {
    static let window: TimeInterval = 15 * 60
    static let freeFailures = 5
    static let addressLimit = 100

    /// Seconds still to wait after `failures` recent failures, the last at
    /// `lastFailure`; nil when a try may go ahead now.
    static func wait(failures: Int, lastFailure: Date?, now: Date) -> TimeInterval? {
        guard failures >= freeFailures, let lastFailure else { return nil }
        let delay = min(window, pow(2, Double(failures - freeFailures)))
        let left = lastFailure.addingTimeInterval(delay).timeIntervalSince(now)
        return left > 0 ? left : nil
    }

    /// The record keys of a failure: one for the name at the address, one for the address.
    static func keys(username: String, clientAddress: String?) -> (pair: String, address: String?) {
        ("pair:\(clientAddress ?? "-") \(username)", clientAddress.map { "addr:\($0)" })
    }
}
