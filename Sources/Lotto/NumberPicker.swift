/// Picks a game's six numbers and a bonus at random, keeping the numbers the user wants
/// and leaving out the ones they do not.
public enum NumberPicker {
    public struct Pick: Sendable, Equatable {
        /// Six numbers, ascending.
        public var numbers: [Int]
        public var bonus: Int
    }

    public enum Problem: Error, Equatable, Sendable {
        case numberOutOfRange(Int)
        /// More than six numbers to include.
        case tooManyIncluded
        /// A number both included and excluded.
        case includedAndExcluded(Int)
        /// So many excluded that fewer than seven numbers are left.
        case tooFewLeft
    }

    public static func pick(
        including included: Set<Int> = [], excluding excluded: Set<Int> = [],
        using generator: inout some RandomNumberGenerator
    ) throws(Problem) -> Pick {
        for number in included.union(excluded).sorted()
        where !LottoRules.numberRange.contains(number) {
            throw .numberOutOfRange(number)
        }
        guard included.count <= LottoRules.numbersPerGame else { throw .tooManyIncluded }
        if let both = included.intersection(excluded).min() { throw .includedAndExcluded(both) }
        var pool = LottoRules.numberRange.filter {
            !included.contains($0) && !excluded.contains($0)
        }
        guard pool.count >= LottoRules.numbersPerGame - included.count + 1 else {
            throw .tooFewLeft
        }
        pool.shuffle(using: &generator)
        let chosen = pool.prefix(LottoRules.numbersPerGame - included.count)
        let bonus = pool[chosen.count]
        return Pick(numbers: (Array(included) + chosen).sorted(), bonus: bonus)
    }
}
