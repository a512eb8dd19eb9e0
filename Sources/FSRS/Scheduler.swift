import Foundation

/// The FSRS-6 scheduler: answers move a card's memory and due date exactly as py-fsrs
/// 6.3.2's `Scheduler.review_card` does.
public struct Scheduler: Sendable {
    public let parameters: SchedulerParameters
    private let model: MemoryModel
    private let learningSteps: [TimeDelta]
    private let relearningSteps: [TimeDelta]

    /// Doesn't throw: check user-supplied parameters with `validated()` first. So that
    /// scheduling can never trap, a weight list of the wrong length is replaced by the
    /// defaults (and `parameters` shows the weights actually used).
    public init(_ parameters: SchedulerParameters = .init()) {
        var parameters = parameters
        if parameters.weights.count != SchedulerParameters.defaultWeights.count {
            parameters.weights = SchedulerParameters.defaultWeights
        }
        self.parameters = parameters
        model = MemoryModel(weights: parameters.weights)
        learningSteps = parameters.learningSteps.map(TimeDelta.init(seconds:))
        relearningSteps = parameters.relearningSteps.map(TimeDelta.init(seconds:))
    }

    /// Answers `card` with `rating` at `at`; fuzzes review intervals only if enabled.
    public func review(_ card: Card, rating: Rating, at: Date) -> ReviewLog {
        var generator = SystemRandomNumberGenerator()
        return review(card, rating: rating, at: at, using: &generator)
    }

    /// Answers `card` with `rating` at `at`, drawing any fuzz from `generator`.
    public func review<G: RandomNumberGenerator>(
        _ card: Card, rating: Rating, at: Date, using generator: inout G
    ) -> ReviewLog {
        var (after, interval) = schedule(card, rating: rating, at: at)
        if parameters.enableFuzzing && after.state == .review {
            interval = Fuzz.interval(
                interval, maximumInterval: parameters.maximumInterval, using: &generator)
        }
        after.due = at.adding(interval)
        after.lastReview = at
        return ReviewLog(rating: rating, reviewedAt: at, before: card, after: after)
    }

    /// The predicted probability of recalling `card` at `at`: 0 if it was never
    /// reviewed, 1 within the day after a review (time counts in whole days).
    public func retrievability(of card: Card, at: Date) -> Double {
        guard let lastReview = card.lastReview, let stability = card.stability else { return 0 }
        let elapsedDays = max(0, TimeDelta.between(lastReview, and: at).days)
        return model.retrievability(elapsedDays: elapsedDays, stability: stability)
    }

    /// What each answer would make of `card` at `at`, without fuzz: for the intervals
    /// shown on the answer buttons.
    public func preview(_ card: Card, at: Date) -> [Rating: Card] {
        var preview: [Rating: Card] = [:]
        for rating in Rating.allCases {
            var (after, interval) = schedule(card, rating: rating, at: at)
            after.due = at.adding(interval)
            after.lastReview = at
            preview[rating] = after
        }
        return preview
    }

    // MARK: - The state machine

    /// The card after the answer (due and last review not yet set) and the unfuzzed
    /// interval until it is due.
    private func schedule(_ card: Card, rating: Rating, at: Date) -> (Card, TimeDelta) {
        var card = card
        let daysSinceLastReview = card.lastReview.map { TimeDelta.between($0, and: at).days }
        updateMemory(of: &card, rating: rating, daysSinceLastReview: daysSinceLastReview)

        switch card.state {
        case .learning:
            return step(card, rating: rating, through: learningSteps)
        case .relearning:
            return step(card, rating: rating, through: relearningSteps)
        case .review:
            if rating == .again, let first = relearningSteps.first {
                card.state = .relearning
                card.step = 0
                return (card, first)
            }
            // Without relearning steps a lapse stays in review, at its new stability.
            return (card, reviewInterval(card))
        }
    }

    /// Stability and difficulty after the answer. py-fsrs does the same in every state;
    /// it asserts that review and relearning cards have a memory, here a card without
    /// one starts like a new card.
    private func updateMemory(of card: inout Card, rating: Rating, daysSinceLastReview: Int?) {
        guard let stability = card.stability, let difficulty = card.difficulty else {
            card.stability = model.initialStability(rating)
            card.difficulty = model.initialDifficulty(rating)
            return
        }
        if let days = daysSinceLastReview, days < 1 {
            card.stability = model.shortTermStability(stability, rating: rating)
        } else {
            card.stability = model.nextStability(
                difficulty: difficulty,
                stability: stability,
                retrievability: retrievability(of: card, atDaysSince: daysSinceLastReview),
                rating: rating)
        }
        card.difficulty = model.nextDifficulty(difficulty, rating: rating)
    }

    /// `retrievability(of:at:)` for the card before the answer.
    private func retrievability(of card: Card, atDaysSince days: Int?) -> Double {
        guard let days, let stability = card.stability else { return 0 }
        return model.retrievability(elapsedDays: max(0, days), stability: stability)
    }

    /// py-fsrs's (re)learning-step logic, the same for both lists of steps.
    private func step(_ card: Card, rating: Rating, through steps: [TimeDelta]) -> (Card, TimeDelta)
    {
        var card = card
        // py-fsrs asserts a step; a missing or negative one counts as the first.
        let current = max(card.step ?? 0, 0)
        card.step = current

        // Without steps every answer graduates, even Again. Past the end of the list
        // (scheduled when there were more steps) any pass graduates.
        guard let first = steps.first, current < steps.count || rating == .again else {
            return graduate(card)
        }
        switch rating {
        case .again:
            card.step = 0
            return (card, first)
        case .hard:
            // The step stays; on the first step Hard waits halfway to the second step,
            // or 1.5 times the only step.
            if current == 0 {
                let wait =
                    steps.count == 1
                    ? first.scaled(by: 3, over: 2) : (first + steps[1]).scaled(by: 1, over: 2)
                return (card, wait)
            }
            return (card, steps[current])
        case .good:
            if current + 1 == steps.count {
                return graduate(card)
            }
            card.step = current + 1
            return (card, steps[current + 1])
        case .easy:
            return graduate(card)
        }
    }

    private func graduate(_ card: Card) -> (Card, TimeDelta) {
        var card = card
        card.state = .review
        card.step = nil
        return (card, reviewInterval(card))
    }

    private func reviewInterval(_ card: Card) -> TimeDelta {
        // The memory is always set by now (updateMemory ran first).
        let stability = card.stability ?? MemoryModel.minStability
        return .days(
            model.nextInterval(
                stability: stability,
                desiredRetention: parameters.desiredRetention,
                maximumInterval: parameters.maximumInterval))
    }
}
