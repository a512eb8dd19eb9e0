import Foundation

/// The FSRS-6 formulas, ported term by term from py-fsrs 6.3.2's `Scheduler` (same
/// operation order and `pow(e, x)` rather than `exp`, so results agree to the last bit
/// on the same libm).
struct MemoryModel: Sendable {
    static let minStability = 0.001
    static let difficultyRange = 1.0...10.0
    /// Python's `math.e`; py-fsrs raises it with `**`, which is `pow`.
    private static let e = 2.718281828459045

    /// Exactly 21 weights.
    let w: [Double]
    /// The forgetting curve's exponent, `-w[20]`.
    let decay: Double
    /// Chosen so that retrievability is 90% after `stability` days.
    let factor: Double

    init(weights: [Double]) {
        w = weights
        decay = -weights[20]
        factor = pow(0.9, 1 / decay) - 1
    }

    func initialStability(_ rating: Rating) -> Double {
        clampStability(w[rating.rawValue - 1])
    }

    func initialDifficulty(_ rating: Rating, clamp: Bool = true) -> Double {
        let difficulty = w[4] - pow(Self.e, w[5] * Double(rating.rawValue - 1)) + 1
        return clamp ? clampDifficulty(difficulty) : difficulty
    }

    /// Probability of recall after `elapsedDays` whole days.
    func retrievability(elapsedDays: Int, stability: Double) -> Double {
        pow(1 + factor * Double(elapsedDays) / stability, decay)
    }

    /// Whole days until retrievability falls to `desiredRetention`, in 1...maximumInterval.
    func nextInterval(stability: Double, desiredRetention: Double, maximumInterval: Int) -> Int {
        let days = (stability / factor) * (pow(desiredRetention, 1 / decay) - 1)
        // Python's round() is half to even; then at least 1 day, at most the maximum.
        let rounded = days.isNaN ? 1 : days.rounded(.toNearestOrEven)
        let clamped = min(max(rounded, 1), Double(maximumInterval))
        // Comparing first keeps Int() from trapping on a huge maximum.
        return clamped >= Double(maximumInterval) ? maximumInterval : Int(clamped)
    }

    /// A review less than a day after the previous one (FSRS-6: w17, w18 and w19).
    func shortTermStability(_ stability: Double, rating: Rating) -> Double {
        var increase =
            pow(Self.e, w[17] * (Double(rating.rawValue - 3) + w[18])) * pow(stability, -w[19])
        if rating != .again {
            // A successful review never lowers stability.
            increase = max(increase, 1.0)
        }
        return clampStability(stability * increase)
    }

    /// Linear damping towards 10, then mean reversion towards the initial Easy difficulty.
    func nextDifficulty(_ difficulty: Double, rating: Rating) -> Double {
        let target = initialDifficulty(.easy, clamp: false)
        let delta = -(w[6] * Double(rating.rawValue - 3))
        let damped = difficulty + (10.0 - difficulty) * delta / 9.0
        return clampDifficulty(w[7] * target + (1 - w[7]) * damped)
    }

    /// A review a day or more after the previous one.
    func nextStability(
        difficulty: Double, stability: Double, retrievability: Double, rating: Rating
    ) -> Double {
        let next =
            rating == .again
            ? forgetStability(
                difficulty: difficulty, stability: stability, retrievability: retrievability)
            : recallStability(
                difficulty: difficulty, stability: stability, retrievability: retrievability,
                rating: rating)
        return clampStability(next)
    }

    private func forgetStability(difficulty: Double, stability: Double, retrievability: Double)
        -> Double
    {
        let longTerm =
            w[11] * pow(difficulty, -w[12]) * (pow(stability + 1, w[13]) - 1)
            * pow(Self.e, (1 - retrievability) * w[14])
        // Forgetting must not leave the card more stable than a same-day Again would.
        let shortTerm = stability / pow(Self.e, w[17] * w[18])
        return min(longTerm, shortTerm)
    }

    private func recallStability(
        difficulty: Double, stability: Double, retrievability: Double, rating: Rating
    ) -> Double {
        let hardPenalty = rating == .hard ? w[15] : 1
        let easyBonus = rating == .easy ? w[16] : 1
        return stability
            * (1 + pow(Self.e, w[8]) * (11 - difficulty) * pow(stability, -w[9])
                * (pow(Self.e, (1 - retrievability) * w[10]) - 1) * hardPenalty * easyBonus)
    }

    private func clampStability(_ stability: Double) -> Double {
        max(stability, Self.minStability)
    }

    private func clampDifficulty(_ difficulty: Double) -> Double {
        min(max(difficulty, Self.difficultyRange.lowerBound), Self.difficultyRange.upperBound)
    }
}
