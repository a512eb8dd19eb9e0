import FSRS
import Foundation
import Testing

@Suite("scheduler parameters")
struct SchedulerParametersTests {
    @Test func theDefaultsAreValid() throws {
        let defaults = SchedulerParameters()
        #expect(try defaults.validated() == defaults)
        #expect(SchedulerParameters.defaultWeights.count == 21)
        #expect(SchedulerParameters.weightBounds.count == 21)
        #expect(defaults.desiredRetention == 0.9)
        #expect(defaults.learningSteps == [60, 600] && defaults.relearningSteps == [600])
        #expect(defaults.maximumInterval == 36500 && !defaults.enableFuzzing)
    }

    /// The error `validated()` throws, or nil.
    func problem(_ parameters: SchedulerParameters) -> SchedulerParameterError? {
        do {
            _ = try parameters.validated()
            return nil
        } catch {
            return error
        }
    }

    func weights(_ index: Int, _ value: Double) -> [Double] {
        var weights = SchedulerParameters.defaultWeights
        weights[index] = value
        return weights
    }

    @Test func badValuesAreRejectedNamingTheField() {
        let cases: [(SchedulerParameters, SchedulerParameterError, String)] = [
            (
                .init(weights: [1, 2, 3]), .weightCount(3, expected: 21),
                "weights: expected 21 FSRS-6 weights, got 3"
            ),
            (
                .init(weights: weights(7, 0.9)),
                .weightOutOfBounds(index: 7, value: 0.9, bounds: 0.001...0.75),
                "weights[7] = 0.9 is out of bounds 0.001...0.75"
            ),
            (
                .init(weights: weights(20, 0.05)),
                .weightOutOfBounds(index: 20, value: 0.05, bounds: 0.1...0.8),
                "weights[20] = 0.05 is out of bounds 0.1...0.8"
            ),
            (
                .init(desiredRetention: 1), .desiredRetention(1),
                "desiredRetention = 1.0 must be greater than 0 and less than 1"
            ),
            (.init(desiredRetention: 0), .desiredRetention(0), "desiredRetention"),
            (
                .init(learningSteps: [60, 0]), .learningStep(index: 1, value: 0),
                "learningSteps[1] = 0.0 seconds"
            ),
            (.init(learningSteps: [-5]), .learningStep(index: 0, value: -5), "learningSteps[0]"),
            (
                .init(relearningSteps: [.infinity]), .relearningStep(index: 0, value: .infinity),
                "relearningSteps[0]"
            ),
            (
                .init(maximumInterval: 0), .maximumInterval(0),
                "maximumInterval = 0 days must be 1–36500 days"
            ),
            (
                .init(maximumInterval: 1_000_000_000_000), .maximumInterval(1_000_000_000_000),
                "maximumInterval = 1000000000000 days"
            ),
        ]
        for (parameters, expected, text) in cases {
            let error = problem(parameters)
            #expect(error == expected)
            #expect(
                error?.description.contains(text) == true, "\(error?.description ?? "no error")")
        }
    }

    @Test func notANumberIsRejected() {
        #expect(problem(.init(weights: weights(3, .nan))) != nil)
        #expect(problem(.init(desiredRetention: .nan)) != nil)
        #expect(problem(.init(learningSteps: [.nan])) != nil)
    }

    @Test func theBoundsThemselvesAreAccepted() throws {
        _ = try SchedulerParameters(weights: SchedulerParameters.weightBounds.map(\.lowerBound))
            .validated()
        _ = try SchedulerParameters(weights: SchedulerParameters.weightBounds.map(\.upperBound))
            .validated()
        _ = try SchedulerParameters(learningSteps: [], relearningSteps: [], maximumInterval: 1)
            .validated()
    }

    @Test func aSchedulerNeverTrapsOnUnvalidatedParameters() {
        // Wrong weight count: the defaults are used instead.
        let scheduler = Scheduler(SchedulerParameters(weights: [1, 2]))
        #expect(scheduler.parameters.weights == SchedulerParameters.defaultWeights)
        let odd = Scheduler(SchedulerParameters(maximumInterval: .max, enableFuzzing: true))
        var card = Card(
            state: .review, stability: 1e300, difficulty: 5, due: t0, lastReview: t0 - .days(10))
        card = odd.review(card, rating: .easy, at: t0).after
        #expect(card.state == .review)
    }

    @Test func aMaximumIntervalCapsReviews() {
        let scheduler = Scheduler(SchedulerParameters(maximumInterval: 5))
        let card = Card(
            state: .review, stability: 400, difficulty: 3, due: t0, lastReview: t0 - .days(400))
        #expect(scheduler.review(card, rating: .easy, at: t0).after.due == t0 + .days(5))
    }
}
