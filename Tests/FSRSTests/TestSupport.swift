import FSRS
import Foundation
import MaeilTestSupport
import Testing

/// The shared reference files this suite reads.
enum SharedFiles {
    static let fsrsVectors = SharedFolder.file("vectors/fsrs/fsrs6.json")
}

/// 2025-03-01T12:00:00Z, a fixed "now" for unit tests.
let t0 = Date(timeIntervalSince1970: 1_740_830_400)

extension TimeInterval {
    static func minutes(_ n: Double) -> TimeInterval { n * 60 }
    static func hours(_ n: Double) -> TimeInterval { n * 3600 }
    static func days(_ n: Double) -> TimeInterval { n * 86_400 }
}

/// A file written by ../shared/tools/fsrs/gen_vectors.py.
struct VectorFile: Decodable {
    struct Case: Decodable {
        let id: Int
        let reviews: [Review]
    }

    struct Review: Decodable {
        let rating: Int
        let at: String
        let state: String
        let step: Int?
        let stability: Double
        let difficulty: Double
        let due: String
    }

    let generator: String
    let parameters: [Double]
    let desiredRetention: Double
    let learningStepsS: [Double]
    let relearningStepsS: [Double]
    let maximumIntervalDays: Int
    let fuzzing: Bool
    let cases: [Case]

    static func load(_ url: URL) throws -> VectorFile {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return try decoder.decode(VectorFile.self, from: Data(contentsOf: url))
    }

    var schedulerParameters: SchedulerParameters {
        SchedulerParameters(
            weights: parameters,
            desiredRetention: desiredRetention,
            learningSteps: learningStepsS,
            relearningSteps: relearningStepsS,
            maximumInterval: maximumIntervalDays,
            enableFuzzing: fuzzing)
    }

    /// Replays every case from a new card and compares each review with py-fsrs: state,
    /// step, stability and difficulty within 1e-4, due to the second (in fact to the
    /// millisecond). Returns the number of reviews checked and the first differences.
    func check(limit: Int = 10) -> (reviews: Int, differenceCount: Int, differences: [String]) {
        let scheduler = Scheduler(schedulerParameters)
        var reviews = 0
        var differenceCount = 0
        var differences: [String] = []
        func differ(_ message: String) {
            differenceCount += 1
            if differences.count < limit { differences.append(message) }
        }
        caseLoop: for vectorCase in cases {
            guard let firstAt = vectorCase.reviews.first.flatMap({ parseISODate($0.at) }) else {
                differ("case \(vectorCase.id): no reviews or an unreadable first date")
                continue
            }
            var card = Card(due: firstAt)
            for (index, review) in vectorCase.reviews.enumerated() {
                reviews += 1
                let place = "case \(vectorCase.id) review \(index + 1)"
                guard let rating = Rating(rawValue: review.rating),
                    let at = parseISODate(review.at),
                    let due = parseISODate(review.due), let state = cardState(review.state)
                else {
                    differ("\(place): unreadable vector \(review)")
                    continue caseLoop
                }
                card = scheduler.review(card, rating: rating, at: at).after
                var problems: [String] = []
                if card.state != state {
                    problems.append("state \(card.state), py-fsrs \(review.state)")
                }
                if card.step != review.step {
                    problems.append(
                        "step \(card.step.map(String.init) ?? "nil"), py-fsrs \(review.step.map(String.init) ?? "nil")"
                    )
                }
                if !close(card.stability, review.stability) {
                    problems.append(
                        "stability \(card.stability ?? .nan), py-fsrs \(review.stability)")
                }
                if !close(card.difficulty, review.difficulty) {
                    problems.append(
                        "difficulty \(card.difficulty ?? .nan), py-fsrs \(review.difficulty)")
                }
                if abs(card.due.timeIntervalSince(due)) >= 0.001 {
                    problems.append("due \(card.due), py-fsrs \(review.due)")
                }
                if card.lastReview != at {
                    problems.append(
                        "lastReview \(String(describing: card.lastReview)), expected \(at)")
                }
                if !problems.isEmpty {
                    // Later reviews of this case build on the wrong card: count the first only.
                    differ(
                        "\(place) (rating \(review.rating) at \(review.at)): "
                            + problems.joined(separator: "; "))
                    continue caseLoop
                }
            }
        }
        return (reviews, differenceCount, differences)
    }

    private func close(_ actual: Double?, _ expected: Double) -> Bool {
        guard let actual else { return false }
        return abs(actual - expected) <= 1e-4
    }

    private func cardState(_ name: String) -> CardState? {
        switch name {
        case "Learning": .learning
        case "Review": .review
        case "Relearning": .relearning
        default: nil
        }
    }
}

/// Python's `datetime.isoformat()`: "2025-01-01T09:00:00+00:00", with ".ffffff" when
/// there are microseconds.
func parseISODate(_ text: String) -> Date? {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime]
    if let date = formatter.date(from: text) { return date }
    // Fractions: parse the whole seconds, then add the microseconds exactly.
    guard let dot = text.firstIndex(of: "."),
        let end = text[dot...].firstIndex(where: { $0 == "+" || $0 == "-" || $0 == "Z" }),
        let micros = Int(
            text[text.index(after: dot)..<end].padding(toLength: 6, withPad: "0", startingAt: 0)),
        let whole = formatter.date(from: String(text[..<dot] + text[end...]))
    else { return nil }
    return whole.addingTimeInterval(Double(micros) / 1e6)
}
