import Foundation

/// Everything that shapes the schedule, with py-fsrs 6.3.2's defaults.
public struct SchedulerParameters: Sendable, Equatable, Codable {
    /// FSRS-6's 21 default weights (py-fsrs `DEFAULT_PARAMETERS`).
    public static let defaultWeights: [Double] = [
        0.212, 1.2931, 2.3065, 8.2956, 6.4133, 0.8334, 3.0194, 0.001, 1.8722, 0.1666, 0.796,
        1.4835, 0.0614, 0.2629, 1.6483, 0.6014, 1.8729, 0.5425, 0.0912, 0.0658, 0.1542,
    ]

    /// The range each weight must lie in (py-fsrs `LOWER_BOUNDS_PARAMETERS` and
    /// `UPPER_BOUNDS_PARAMETERS`); outside them the formulas misbehave.
    public static let weightBounds: [ClosedRange<Double>] = [
        0.001...100, 0.001...100, 0.001...100, 0.001...100,
        1...10, 0.001...4, 0.001...4, 0.001...0.75,
        0...4.5, 0...0.8, 0.001...3.5, 0.001...5,
        0.001...0.25, 0.001...0.9, 0...4, 0...1,
        1...6, 0...2, 0...2, 0...0.8,
        0.1...0.8,
    ]

    public var weights: [Double]
    /// The probability of recall the review intervals aim for, in (0, 1).
    public var desiredRetention: Double
    /// Seconds between the learning steps of a new card.
    public var learningSteps: [TimeInterval]
    /// Seconds between the relearning steps of a forgotten card.
    public var relearningSteps: [TimeInterval]
    /// The longest review interval, in days.
    public var maximumInterval: Int
    /// Spread review intervals a little so cards learnt together don't stay together.
    public var enableFuzzing: Bool

    public init(
        weights: [Double] = defaultWeights,
        desiredRetention: Double = 0.9,
        learningSteps: [TimeInterval] = [60, 600],
        relearningSteps: [TimeInterval] = [600],
        maximumInterval: Int = 36500,
        enableFuzzing: Bool = false
    ) {
        self.weights = weights
        self.desiredRetention = desiredRetention
        self.learningSteps = learningSteps
        self.relearningSteps = relearningSteps
        self.maximumInterval = maximumInterval
        self.enableFuzzing = enableFuzzing
    }

    /// The longest `maximumInterval` accepted: a hundred years (py-fsrs's
    /// default), far below where a due date would overflow.
    public static let longestInterval = 36500

    /// These parameters if they are usable, else the first problem found. Check
    /// anything a user typed or uploaded with this before building a `Scheduler`.
    public func validated() throws(SchedulerParameterError) -> SchedulerParameters {
        let bounds = Self.weightBounds
        guard weights.count == bounds.count else {
            throw .weightCount(weights.count, expected: bounds.count)
        }
        for (index, (weight, range)) in zip(weights, bounds).enumerated()
        where !range.contains(weight) {
            throw .weightOutOfBounds(index: index, value: weight, bounds: range)
        }
        // Written as "not inside" so NaN is rejected too.
        guard desiredRetention > 0, desiredRetention < 1 else {
            throw .desiredRetention(desiredRetention)
        }
        for (index, step) in learningSteps.enumerated() where !(step > 0 && step.isFinite) {
            throw .learningStep(index: index, value: step)
        }
        for (index, step) in relearningSteps.enumerated() where !(step > 0 && step.isFinite) {
            throw .relearningStep(index: index, value: step)
        }
        guard (1...Self.longestInterval).contains(maximumInterval) else {
            throw .maximumInterval(maximumInterval)
        }
        return self
    }
}

/// Why `SchedulerParameters.validated()` refused; `description` names the field.
public enum SchedulerParameterError: Error, Equatable, Sendable, CustomStringConvertible {
    case weightCount(Int, expected: Int)
    case weightOutOfBounds(index: Int, value: Double, bounds: ClosedRange<Double>)
    case desiredRetention(Double)
    case learningStep(index: Int, value: TimeInterval)
    case relearningStep(index: Int, value: TimeInterval)
    case maximumInterval(Int)

    public var description: String {
        switch self {
        case .weightCount(let count, let expected):
            "weights: expected \(expected) FSRS-6 weights, got \(count)"
        case .weightOutOfBounds(let index, let value, let bounds):
            "weights[\(index)] = \(value) is out of bounds \(bounds.lowerBound)...\(bounds.upperBound)"
        case .desiredRetention(let value):
            "desiredRetention = \(value) must be greater than 0 and less than 1"
        case .learningStep(let index, let value):
            "learningSteps[\(index)] = \(value) seconds must be a positive number of seconds"
        case .relearningStep(let index, let value):
            "relearningSteps[\(index)] = \(value) seconds must be a positive number of seconds"
        case .maximumInterval(let value):
            "maximumInterval = \(value) days must be 1–\(SchedulerParameters.longestInterval) days"
        }
    }
}
