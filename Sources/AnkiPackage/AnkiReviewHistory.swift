import FSRS
import Foundation

/// A card's Anki review log as answers Maeil's FSRS-6 can replay, so that the card
/// goes on where Anki left it.
///
/// Kept: rows answered 1–4. Left out: manual reschedules and "set due date" rows
/// (ease 0, types 4 and 5) and cram answers in filtered decks that did not
/// reschedule (type 3 with factor 0). A collection on the old v1 scheduler had three
/// buttons while learning (Again, Good, Easy): its learning and relearning answers
/// 2 and 3 are Good and Easy, shifted up by one as Anki does when it upgrades them.
public enum AnkiReviewHistory {
    public struct Answer: Sendable, Equatable {
        public var time: Date
        public var rating: Rating
        /// Time taken, milliseconds.
        public var duration: Int
    }

    /// The kept answers of each card, oldest first.
    public static func answers(_ collection: AnkiCollection) -> [Int64: [Answer]] {
        var byCard: [Int64: [Answer]] = [:]
        for review in collection.reviews.sorted(by: { $0.time < $1.time }) {
            guard (1...4).contains(review.ease), review.kind != 4, review.kind != 5,
                !(review.kind == 3 && review.factor == 0)
            else { continue }
            var ease = review.ease
            if collection.schedulerVersion == 1, review.kind == 0 || review.kind == 2,
                ease == 2 || ease == 3
            {
                ease += 1
            }
            guard let rating = Rating(rawValue: ease) else { continue }
            byCard[review.cardID, default: []].append(
                Answer(time: review.time, rating: rating, duration: review.duration))
        }
        return byCard
    }

    /// `answers` replayed from a new card: each answer's log (the card before and
    /// after it), in order; the last one's `after` is the card now.
    public static func replay(_ answers: [Answer], with scheduler: Scheduler) -> [ReviewLog] {
        guard let first = answers.first else { return [] }
        var card = Card(due: first.time)
        return answers.map { answer in
            let log = scheduler.review(card, rating: answer.rating, at: answer.time)
            card = log.after
            return log
        }
    }
}
