import Foundation

// What the terminal client reads: the parts of the API's JSON it shows. Both
// backends decode these from the same JSON (the local one gets it from
// MaeilInstance), so the screens never know where the data came from.

/// `GET study/queue`: today's counts and the next cards.
struct StudyQueue: Decodable, Sendable {
    var newCount: Int
    var learningCount: Int
    var reviewCount: Int
    var nextLearningDue: Date?
    var cards: [StudyCard]
}

/// One review card: what to ask, what to answer, and each rating's next interval.
struct StudyCard: Decodable, Sendable {
    var wordID: UUID
    /// "forward" (term → meaning) or "reverse".
    var direction: String
    var bookName: String?
    var prompt: String
    var answer: String
    var reading: String
    var partOfSpeech: String
    /// "new", "learning", "review" or "relearning".
    var state: String
    var version: Int
    /// The next interval per rating ("1"…"4"), e.g. "10m", "4d".
    var intervals: [String: String]
}

/// A game as the API shows it; only the view of its kind is set.
struct GameState: Decodable, Sendable {
    var id: UUID
    var kind: String
    var direction: String
    var finished: Bool
    var score: Int
    var total: Int
    var quiz: Quiz?
    var hangman: Hangman?

    struct Quiz: Decodable, Sendable {
        var index: Int
        var prompt: String?
        var choices: [String]
        var last: LastAnswer?
        var wrong: [WordRef]
    }

    struct LastAnswer: Decodable, Sendable {
        var prompt: String
        var chosen: Int
        var correct: Int
        var correctAnswer: String
        var isCorrect: Bool
    }

    struct Hangman: Decodable, Sendable {
        var wordIndex: Int
        var wordCount: Int
        var hint: String
        /// "latin", "hangul" or "kana": what one guess is.
        var script: String
        var cells: [Cell]
        var misses: Int
        var maxMisses: Int
        var guessed: [String]
        var wrongGuesses: [String]
        var won: Bool
        var lost: Bool
        var answer: String?
    }

    struct Cell: Decodable, Sendable {
        var text: String?
        var complete: Bool
    }

    struct WordRef: Decodable, Sendable {
        var prompt: String
        var answer: String
    }
}

/// The games the terminal plays.
enum GameKind: String, Sendable {
    case quiz, hangman
}

/// A move in a game, as `POST games/{id}/moves` takes it.
struct GameMove: Encodable, Sendable {
    var action: String
    var choice: Int?
    var guess: String?

    static func choose(_ index: Int) -> GameMove { GameMove(action: "choose", choice: index) }
    static func guess(_ key: String) -> GameMove { GameMove(action: "guess", guess: key) }
    static let nextWord = GameMove(action: "next-word")
}

/// A refusal or failure to show the user, with the server's own message.
struct StudyError: Error, CustomStringConvertible {
    let description: String
    init(_ message: String) { description = message }
}

extension JSONDecoder {
    /// The API's dates are ISO 8601, with or without fractional seconds.
    static func api() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let text = try decoder.singleValueContainer().decode(String.self)
            let plain = ISO8601DateFormatter()
            let fractional = ISO8601DateFormatter()
            fractional.formatOptions.insert(.withFractionalSeconds)
            guard let date = plain.date(from: text) ?? fractional.date(from: text) else {
                throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not an ISO 8601 date: \(text)"))
            }
            return date
        }
        return decoder
    }
}
