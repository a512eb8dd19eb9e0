/// Runs of consecutive study days. A day counts when the learner did anything
/// (an answer or a finished game); which days those are is the caller's business.
public struct StudyStreak: Sendable, Equatable {
    /// Consecutive days ending today, or ending yesterday while today has
    /// nothing yet: a streak is not lost until the day is over.
    public var current: Int
    /// The longest run ever, `current` included.
    public var longest: Int

    public init(current: Int, longest: Int) {
        self.current = current
        self.longest = longest
    }

    /// Days after `today` (a clock moved back, another time zone) are ignored.
    public init(activeDays: some Sequence<CivilDay>, today: CivilDay) {
        let ordinals = Set(activeDays.lazy.filter { $0 <= today }.map(\.ordinal))
        let todayOrdinal = today.ordinal
        var end = todayOrdinal
        if !ordinals.contains(end) { end -= 1 }
        var current = 0
        while ordinals.contains(end - current) { current += 1 }

        var longest = 0
        var run = 0
        var previous: Int?
        for ordinal in ordinals.sorted() {
            run = previous == ordinal - 1 ? run + 1 : 1
            longest = max(longest, run)
            previous = ordinal
        }
        self.init(current: current, longest: longest)
    }
}
