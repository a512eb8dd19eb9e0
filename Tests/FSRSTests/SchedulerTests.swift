import FSRS
import Foundation
import MaeilTestSupport
import Testing

/// Step logic beyond what the default-parameter vectors reach. Expected values were
/// printed by py-fsrs 6.3.2 for the same calls.
@Suite("learning and relearning steps")
struct StepTests {
    let scheduler = Scheduler()

    /// The card after `rating`, and seconds until it is due.
    func answer(_ card: Card, _ rating: Rating, at: Date = t0, with scheduler: Scheduler? = nil)
        -> (Card, TimeInterval)
    {
        let after = (scheduler ?? self.scheduler).review(card, rating: rating, at: at).after
        return (after, after.due.timeIntervalSince(at))
    }

    @Test func aNewCardStartsLearningAtStepZero() {
        let card = Card(due: t0)
        #expect(card == Card(state: .learning, step: 0, due: t0))
        #expect(card.stability == nil && card.difficulty == nil && card.lastReview == nil)
    }

    @Test func hardOnTheFirstOfTwoStepsWaitsHalfwayAndKeepsTheStep() {
        let (card, wait) = answer(Card(due: t0), .hard)
        #expect(wait == .minutes(5.5))
        #expect(card.state == .learning && card.step == 0)
        #expect(card.stability == 1.2931)
        #expect(abs((card.difficulty ?? 0) - 5.112170705601056) < 1e-12)
    }

    @Test func hardOnTheOnlyStepWaitsOneAndAHalfSteps() {
        let oneStep = Scheduler(SchedulerParameters(learningSteps: [600]))
        let (card, wait) = answer(Card(due: t0), .hard, with: oneStep)
        #expect(wait == .minutes(15))
        #expect(card.state == .learning && card.step == 0)
    }

    @Test func hardOnALaterStepRepeatsThatStep() {
        let (second, wait) = answer(Card(due: t0), .good)
        #expect(second.step == 1 && wait == .minutes(10))
        let (card, hardWait) = answer(second, .hard)
        #expect(card.step == 1 && hardWait == .minutes(10))
        #expect(abs((card.difficulty ?? 0) - 4.752858488532557) < 1e-12)
    }

    @Test func halfStepsKeepPythonsMicrosecondRounding() {
        // (61 s + 600 s) / 2 = 330.5 s exactly, as timedelta has it.
        let odd = Scheduler(SchedulerParameters(learningSteps: [61, 600]))
        #expect(answer(Card(due: t0), .hard, with: odd).1 == 330.5)
    }

    @Test func withoutLearningStepsEveryAnswerGraduates() {
        let noSteps = Scheduler(SchedulerParameters(learningSteps: []))
        let expected: [Rating: (stability: Double, days: Double)] = [
            .again: (0.212, 1), .hard: (1.2931, 1), .good: (2.3065, 2), .easy: (8.2956, 8),
        ]
        for (rating, value) in expected {
            let (card, wait) = answer(Card(due: t0), rating, with: noSteps)
            #expect(card.state == .review && card.step == nil, "\(rating)")
            #expect(card.stability == value.stability, "\(rating)")
            #expect(wait == .days(value.days), "\(rating)")
        }
    }

    @Test func aStepPastTheEndGraduatesOnAPassAndRestartsOnAgain() {
        // Scheduled earlier with more steps than the scheduler has now.
        let card = Card(
            state: .learning, step: 5, stability: 3, difficulty: 5, due: t0,
            lastReview: t0 - .hours(1))
        let (again, againWait) = answer(card, .again)
        #expect(again.state == .learning && again.step == 0 && againWait == .minutes(1))
        #expect(abs((again.stability ?? 0) - 0.9908417942528913) < 1e-12)
        for (rating, days) in [(Rating.hard, 3.0), (.good, 3), (.easy, 5)] {
            let (after, wait) = answer(card, rating)
            #expect(after.state == .review && after.step == nil, "\(rating)")
            #expect(wait == .days(days), "\(rating)")
        }
    }

    let reviewCard = Card(
        state: .review, stability: 10, difficulty: 5, due: t0, lastReview: t0 - .days(10))

    @Test func withoutRelearningStepsALapseStaysInReview() {
        let noRelearning = Scheduler(SchedulerParameters(relearningSteps: []))
        let (card, wait) = answer(reviewCard, .again, with: noRelearning)
        #expect(card.state == .review && card.step == nil)
        #expect(abs((card.stability ?? 0) - 1.3919869729546932) < 1e-12)
        #expect(abs((card.difficulty ?? 0) - 8.341762369296838) < 1e-12)
        #expect(wait == .days(1))
    }

    @Test func aLapseGoesThroughTheRelearningSteps() {
        let twoSteps = Scheduler(SchedulerParameters(relearningSteps: [600, 3600]))
        let (lapsed, wait) = answer(reviewCard, .again, with: twoSteps)
        #expect(lapsed.state == .relearning && lapsed.step == 0 && wait == .minutes(10))
        let (hard, hardWait) = answer(lapsed, .hard, at: t0, with: twoSteps)
        #expect(hard.step == 0 && hardWait == .minutes(35))
        let (second, secondWait) = answer(lapsed, .good, at: t0 + .minutes(10), with: twoSteps)
        #expect(second.state == .relearning && second.step == 1 && secondWait == .hours(1))
        #expect(abs((second.stability ?? 0) - 1.431103785326287) < 1e-12)
        let (graduated, graduatedWait) = answer(
            second, .good, at: t0 + .minutes(70), with: twoSteps)
        #expect(graduated.state == .review && graduated.step == nil && graduatedWait == .days(1))
        #expect(abs((graduated.difficulty ?? 0) - 8.315548696544992) < 1e-12)
    }

    @Test func aCardWithoutMemoryInReviewStartsLikeANewCard() {
        // py-fsrs would assert; stored data can be incomplete, so it must not trap.
        let card = Card(state: .review, due: t0)
        let (after, _) = answer(card, .good)
        #expect(after.stability == 2.3065 && after.state == .review)
    }

    @Test func theLogKeepsTheCardBeforeAndAfter() {
        let card = Card(due: t0)
        let log = scheduler.review(card, rating: .easy, at: t0 + 5)
        #expect(log.rating == .easy && log.reviewedAt == t0 + 5)
        #expect(log.before == card)
        #expect(log.after.lastReview == t0 + 5 && log.after.state == .review)
    }

    @Test func cardsAndLogsRoundTripThroughJSON() throws {
        let log = scheduler.review(Card(due: t0), rating: .good, at: t0)
        let data = try JSONEncoder().encode(log)
        #expect(try JSONDecoder().decode(ReviewLog.self, from: data) == log)
    }
}

@Suite("retrievability and preview")
struct RetrievabilityTests {
    /// A review card made by answering Good on time `count` times.
    static func matureCard(_ scheduler: Scheduler, goods count: Int) -> Card {
        var card = Card(due: t0)
        for _ in 0..<count {
            card = scheduler.review(card, rating: .good, at: card.due).after
        }
        return card
    }

    @Test func neverReviewedIsZero() {
        #expect(Scheduler().retrievability(of: Card(due: t0), at: t0 + .days(3)) == 0)
    }

    @Test func fallsDayByDayFromOne() throws {
        let scheduler = Scheduler()
        let card = Self.matureCard(scheduler, goods: 4)
        let lastReview = try #require(card.lastReview)
        #expect(scheduler.retrievability(of: card, at: lastReview) == 1)
        // Time counts in whole days, as in py-fsrs: the first 24 hours are day 0.
        #expect(scheduler.retrievability(of: card, at: lastReview + .hours(23.9)) == 1)
        #expect(scheduler.retrievability(of: card, at: lastReview - .days(2)) == 1)
        var previous = 1.0
        for day in 1...3000 {
            let r = scheduler.retrievability(of: card, at: lastReview + .days(Double(day)))
            #expect(r < previous && r > 0, "day \(day)")
            previous = r
        }
    }

    @Test(arguments: [0.7, 0.8, 0.9, 0.95, 0.97])
    func isTheDesiredRetentionWhenDue(retention: Double) {
        let scheduler = Scheduler(SchedulerParameters(desiredRetention: retention))
        var checked = 0
        for goods in 3...8 {
            let card = Self.matureCard(scheduler, goods: goods)
            guard let stability = card.stability, stability >= 20, let lastReview = card.lastReview,
                card.due < lastReview + .days(36500)  // not capped by the maximum interval
            else { continue }
            let r = scheduler.retrievability(of: card, at: card.due)
            // The interval is rounded to whole days, so R is close, not equal.
            #expect(abs(r - retention) < 0.01, "\(goods) Goods: stability \(stability), R \(r)")
            checked += 1
        }
        #expect(checked >= 2)
    }

    @Test func previewIsWhatEachAnswerWouldDo() {
        let scheduler = Scheduler()
        var generator = SplitMix64(seed: 7)
        var card = Card(due: t0)
        var at = t0
        for _ in 0..<300 {
            let preview = scheduler.preview(card, at: at)
            #expect(Set(preview.keys) == Set(Rating.allCases))
            for rating in Rating.allCases {
                #expect(preview[rating] == scheduler.review(card, rating: rating, at: at).after)
            }
            let rating = Rating.allCases.randomElement(using: &generator) ?? .good
            card = scheduler.review(card, rating: rating, at: at).after
            let gap = card.due.timeIntervalSince(at)
            at = at + gap * ([0.2, 1, 1, 2].randomElement(using: &generator) ?? 1)
        }
    }

    @Test func previewIgnoresFuzz() {
        let fuzzy = Scheduler(SchedulerParameters(enableFuzzing: true))
        let plain = Scheduler()
        let card = Self.matureCard(plain, goods: 5)
        let at = card.due
        for rating in Rating.allCases {
            #expect(
                fuzzy.preview(card, at: at)[rating]
                    == plain.review(card, rating: rating, at: at).after)
        }
    }
}
