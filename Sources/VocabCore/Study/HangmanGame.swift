import Foundation

/// Hangman: guess the keys of a word before 7 misses.
///
/// The answer's script (`HangmanScript`) is its language's (`HangmanScript(language:)`)
/// when the answer has keys of it, else the one most of its characters are written
/// in (a tie goes to Hangul, then kana, then Latin). A Japanese term written with
/// kanji is played by its reading, the term shown with the clue. Characters that are not
/// keys of that script (spaces, digits, punctuation, kanji, ー, letters of another
/// script as in "CD플레이어") are shown from the start. A guessed key is revealed at
/// every position, inside every syllable.
///
/// Refused without cost (`GameError`): a guess after the game is over, a guess that is
/// not one key of the script ("1", "ab", a Latin letter for a Hangul word, ㅘ), and a
/// key already guessed ("E" after "e", カ after か).
public struct HangmanGame: Sendable, Hashable {
    /// Misses that lose the game.
    public static let maxMisses = 7

    /// The word played, when the game was made from one.
    public let itemID: UUID?
    /// What is shown as the clue (the meaning, when guessing the term).
    public let hint: String
    /// The word to find, trimmed.
    public let answer: String
    public let script: HangmanScript
    /// The word's term, for a speak button once the word is over.
    public let term: SpokenTerm?
    /// Keys guessed so far, in order, as `HangmanOutcome.key` records them.
    public private(set) var guesses: [String] = []
    /// Wrong guesses so far, 0...7: how much of the drawing to show.
    public private(set) var misses = 0

    private let letters: [HangmanLetter]
    private let answerUnits: Set<Unicode.Scalar>
    private var guessedUnits: Set<Unicode.Scalar> = []
    private var revealedCount = 0

    /// A game on `answer`, in `preferred` script when the answer has keys of it.
    /// Throws `.nothingToGuess` when no character of it is a key.
    public init(
        answer: String, hint: String = "", itemID: UUID? = nil,
        preferring preferred: HangmanScript? = nil, term: SpokenTerm? = nil
    ) throws(GameError) {
        let trimmed = TextTrim.trimmed(answer)
        let classified = trimmed.map { ($0, HangmanScript.classify($0)) }
        var counts: [HangmanScript: Int] = [:]
        for case (_, let found?) in classified { counts[found.script, default: 0] += 1 }
        let preference: [HangmanScript] = [.hangul, .kana, .latin]
        let majority = preference.max { counts[$0, default: 0] < counts[$1, default: 0] }
        guard
            let script = preferred.flatMap({ counts[$0, default: 0] > 0 ? $0 : nil })
                ?? majority,
            counts[script, default: 0] > 0
        else { throw .nothingToGuess(trimmed) }
        self.itemID = itemID
        self.term = term
        self.hint = hint
        self.answer = trimmed
        self.script = script
        letters = classified.map { character, found in
            HangmanLetter(
                character: character, parts: found?.script == script ? found?.parts ?? [] : [])
        }
        answerUnits = Set(letters.flatMap(\.units))
    }

    /// A game on a word: guess the term from its meaning (`.meaningToTerm`, the
    /// default) or the meaning from its term.
    public init(item: StudyItem, direction: StudyDirection = .meaningToTerm) throws(GameError) {
        let language = item.answerLanguage(direction)
        if direction == .meaningToTerm, language == "ja", Self.holdsKanji(item.term),
            let reading = item.reading.map(TextTrim.trimmed), HangmanScript.kana.spells(reading)
        {
            try self.init(
                answer: reading, hint: item.meaning + " · " + item.term, itemID: item.id,
                preferring: .kana, term: item.spokenTerm)
            return
        }
        try self.init(
            answer: item.answer(direction), hint: item.prompt(direction), itemID: item.id,
            preferring: language.flatMap(HangmanScript.init(language:)), term: item.spokenTerm)
    }

    /// Whether `text` has a kanji (a CJK ideograph, or 々).
    static func holdsKanji(_ text: String) -> Bool {
        text.unicodeScalars.contains {
            (0x4E00...0x9FFF).contains($0.value) || (0x3400...0x4DBF).contains($0.value)
                || (0xF900...0xFAFF).contains($0.value) || $0 == "々"
        }
    }

    public var isWon: Bool { revealedCount == answerUnits.count }
    public var isLost: Bool { misses >= Self.maxMisses }
    public var isFinished: Bool { isWon || isLost }
    public var missesLeft: Int { Self.maxMisses - misses }

    /// The keys guessed, for marking the pad.
    public var guessed: Set<String> { Set(guesses) }

    /// The keys guessed that are not in the answer, in order.
    public var wrongGuesses: [String] {
        guesses.filter { key in key.unicodeScalars.first.map { !answerUnits.contains($0) } ?? true }
    }

    /// One cell per character of `answer`. Characters not played show themselves;
    /// Latin letters and kana show themselves once their key is guessed, else `nil`.
    /// A Hangul syllable shows the keys revealed up to the first hidden one composed as
    /// if typed, then the other revealed keys as loose jamo (a compound vowel or final
    /// written whole when all its keys are in): 과 shows ㄱ after ㄱ, 고 after ㄱ ㅗ, ㅘ
    /// after ㅗ ㅏ, ㄱㅏ after ㄱ ㅏ; 닭 shows 달 after ㄷ ㅏ ㄹ and 다ㄱ after ㄷ ㅏ ㄱ.
    public var cells: [HangmanCell] {
        let revealed = guessedUnits.intersection(answerUnits)
        return letters.map { $0.cell(revealed: revealed, script: script) }
    }

    /// The keys to offer: the script's pad, plus any key of this answer the pad lacks
    /// (ゐ, ヷ), so every game can be won from the pad.
    public var pad: [String] {
        var keys = script.keys
        let known = Set(keys)
        var extra: [String] = []
        for unit in letters.flatMap(\.units) {
            let key = String(unit)
            if !known.contains(key) && !extra.contains(key) { extra.append(key) }
        }
        keys += extra
        return keys
    }

    /// Guesses one key: a letter, a jamo or a kana (see `HangmanScript`).
    @discardableResult
    public mutating func guess(_ text: String) throws(GameError) -> HangmanOutcome {
        guard !isFinished else { throw .finished }
        guard text.count == 1, let character = text.first, let unit = script.unit(of: character)
        else {
            throw .notAKey(text, script: script)
        }
        let key = String(unit)
        guard !guessedUnits.contains(unit) else { throw .alreadyGuessed(key) }
        guessedUnits.insert(unit)
        guesses.append(key)
        let isHit = answerUnits.contains(unit)
        if isHit { revealedCount += 1 } else { misses += 1 }
        return HangmanOutcome(key: key, isHit: isHit)
    }
}

extension HangmanGame: Codable {
    private enum CodingKeys: String, CodingKey {
        case itemID, hint, answer, guesses, script, term
    }

    /// Saves the word and the guesses; loading replays the guesses, so a loaded game is
    /// always one that could have been played.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(itemID, forKey: .itemID)
        try container.encode(hint, forKey: .hint)
        try container.encode(answer, forKey: .answer)
        try container.encode(guesses, forKey: .guesses)
        try container.encode(script, forKey: .script)
        try container.encodeIfPresent(term, forKey: .term)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let answer = try container.decode(String.self, forKey: .answer)
        do {
            try self.init(
                answer: answer,
                hint: try container.decode(String.self, forKey: .hint),
                itemID: try container.decodeIfPresent(UUID.self, forKey: .itemID),
                preferring: try container.decodeIfPresent(HangmanScript.self, forKey: .script),
                term: try container.decodeIfPresent(SpokenTerm.self, forKey: .term))
            for key in try container.decode([String].self, forKey: .guesses) {
                try guess(key)
            }
        } catch let error as GameError {
            throw DecodingError.dataCorruptedError(
                forKey: .guesses, in: container, debugDescription: "not a playable game: \(error)")
        }
    }
}
