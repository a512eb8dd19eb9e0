import Foundation
import Hangul
import MaeilTestSupport
import Testing

@testable import VocabCore

/// Plays 10,000 seeded hangman games on Latin, Korean and Japanese words with random
/// guesses (many of them invalid), checking every rule after every step against a
/// restatement of the rules written independently of the engine.
@Suite struct HangmanGamePropertyTests {
    static let words = [
        "apple", "Ice cream", "café au lait", "rock'n'roll", "Straße", "x-ray 2", "Zoë", "naïve",
        "ＡＢＣ",
        "사과", "닭고기", "값", "괜찮아요", "까치", "왜요?", "읽다", "없다", "꽃잎", "의사 선생님", "빨래", "뷁",
        "CD플레이어", "ㅋㅋ", "ㅘ", "\u{1100}\u{1161}\u{11A8}",
        "ねこ", "カタカナ", "ちょっと", "コーヒー", "食べる", "ヴァイオリン", "きゃっ！", "がっこう", "ゐる", "パーティー",
    ]
    static let noise = [
        "", " ", "1", "ab", "ㅘ", "가", "ㄳ", "ー", "猫", "-", "ß", "A", "É", "カ", "ッ", "\u{1100}", "ねこ",
    ]
    static let allKeys = HangmanScript.allCases.flatMap(\.keys)
    static let hangulKeys = Set(HangmanScript.hangul.keys.flatMap(\.unicodeScalars))

    /// The keys `character` is played with in `script`, in typing order, or nil.
    static func units(of character: Character, in script: HangmanScript) -> [Unicode.Scalar]? {
        if script == .latin {
            let folded = Array(SearchFolding.fold(String(character)).unicodeScalars)
            return folded.count == 1 && ("a"..."z").contains(folded[0]) ? folded : nil
        }
        let nfc = String(character).precomposedStringWithCanonicalMapping.unicodeScalars
        guard nfc.count == 1, let scalar = nfc.first else { return nil }
        switch script {
        case .latin:
            return nil
        case .hangul:
            guard
                (0xAC00...0xD7A3).contains(scalar.value) || (0x3131...0x3163).contains(scalar.value)
            else {
                return nil
            }
            let units = Array(Hangul.decompose(String(scalar), splitCompounds: true).unicodeScalars)
            return units.allSatisfy(hangulKeys.contains) ? units : nil
        case .kana:
            switch scalar.value {
            case 0x3041...0x3096, 0x30F7...0x30FA: return [scalar]
            case 0x30A1...0x30F6: return [Unicode.Scalar(scalar.value - 0x60)!]
            default: return nil
            }
        }
    }

    /// The key a guess stands for in `script`, or nil.
    static func key(_ guess: String, in script: HangmanScript) -> Unicode.Scalar? {
        guard guess.count == 1 else { return nil }
        if script == .hangul {
            let compat = Hangul.toCompatibilityJamo(guess).unicodeScalars
            return compat.count == 1 && hangulKeys.contains(compat.first!) ? compat.first : nil
        }
        return units(of: guess.first!, in: script).flatMap { $0.count == 1 ? $0[0] : nil }
    }

    /// Why `game` must refuse `guess`, given the key it stands for (nil: none).
    static func refusal(of guess: String, key: Unicode.Scalar?, by game: HangmanGame) -> GameError {
        if game.isFinished { return .finished }
        if let key { return .alreadyGuessed(String(key)) }
        return .notAKey(guess, script: game.script)
    }

    @Test func tenThousandGamesKeepEveryRule() throws {
        var rng = SplitMix64(seed: 0x5EED_0002)
        var outcomes = (won: 0, lost: 0)
        for n in 0..<10_000 {
            let answer = Self.words.randomElement(using: &rng)!
            var game = try HangmanGame(answer: answer)
            let characters = Array(answer)
            // The script is the one most characters are played in, ties to Hangul, kana, Latin.
            let counts = [HangmanScript.hangul, .kana, .latin].map { script in
                (script, characters.filter { Self.units(of: $0, in: script) != nil }.count)
            }
            let best = counts.map(\.1).max()!
            #expect(game.script == counts.first { $0.1 == best }!.0, "\(answer)")
            let perCharacter = characters.map { Self.units(of: $0, in: game.script) }
            let answerUnits = Set(perCharacter.compactMap { $0 }.joined())
            var guessed = Set<Unicode.Scalar>()
            check(game, perCharacter: perCharacter, guessed: guessed)

            for step in 0..<60 {
                let guess = randomGuess(for: game, units: Array(answerUnits), using: &rng)
                let before = game
                let key = Self.key(guess, in: game.script)
                var accepted = false
                do throws(GameError) {
                    let outcome = try game.guess(guess)
                    let expected = key.map {
                        HangmanOutcome(key: String($0), isHit: answerUnits.contains($0))
                    }
                    let isNew = key.map { !guessed.contains($0) } ?? false
                    #expect(
                        !before.isFinished && isNew && outcome == expected, "\(guess) → \(outcome)")
                    if let key { guessed.insert(key) }
                    accepted = true
                } catch {
                    #expect(error == Self.refusal(of: guess, key: key, by: before))
                    // Unchanged, so the checks made after the last step still hold.
                    #expect(game == before, "a refused guess changed the game")
                }
                if accepted {
                    let misses = guessed.subtracting(answerUnits).count
                    let isWon = answerUnits.isSubset(of: guessed)
                    #expect(
                        game.misses == misses && misses <= HangmanGame.maxMisses
                            && game.isLost == (misses == HangmanGame.maxMisses)
                            && game.isWon == isWon
                            && !(isWon && game.isLost))
                    check(game, perCharacter: perCharacter, guessed: guessed)
                }
                if n % 10 == 0 && step % 5 == 0 {
                    #expect(try StudyFixtures.roundTrip(game) == game)
                }
                if game.isFinished && Int.random(in: 0..<3, using: &rng) == 0 { break }
            }
            if game.isWon { outcomes.won += 1 }
            if game.isLost { outcomes.lost += 1 }
            #expect(try StudyFixtures.roundTrip(game) == game)
        }
        #expect(outcomes.won > 1_000 && outcomes.lost > 1_000, "\(outcomes)")
    }

    /// Every cell against the rules: characters not played shown from the start, a
    /// revealed key shown at every position, Hangul drawn from exactly its revealed keys.
    /// (Plain comparisons and one `#expect`, as this runs a quarter of a million times.)
    func check(_ game: HangmanGame, perCharacter: [[Unicode.Scalar]?], guessed: Set<Unicode.Scalar>)
    {
        let cells = game.cells
        var problems: [String] = []
        if cells.count != perCharacter.count { problems.append("\(cells.count) cells") }
        for (i, (cell, character)) in zip(cells, game.answer).enumerated() {
            guard let units = perCharacter[i] else {
                if cell != HangmanCell(text: String(character), isComplete: true, isPlayed: false) {
                    problems.append("\(character) not shown from the start: \(cell)")
                }
                continue
            }
            let shown = units.filter(guessed.contains)
            let complete = shown.count == units.count
            let expected: String?
            if complete {
                expected = String(character)
            } else if shown.isEmpty || game.script != .hangul {
                expected = nil
            } else {
                var view = String.UnicodeScalarView()
                view.append(contentsOf: shown)
                expected = String(view)
            }
            // A partly revealed syllable must decompose to exactly its revealed keys.
            let drawn =
                complete ? cell.text : cell.text.map { Hangul.decompose($0, splitCompounds: true) }
            if !cell.isPlayed || cell.isComplete != complete || drawn != expected {
                problems.append("\(character) after \(game.guesses): \(cell)")
            }
        }
        #expect(problems.isEmpty, "\(game.answer): \(problems)")
    }

    func randomGuess(for game: HangmanGame, units: [Unicode.Scalar], using rng: inout SplitMix64)
        -> String
    {
        switch Int.random(in: 0..<10, using: &rng) {
        case 0..<3:
            // A key of the answer, sometimes written another way (upper case, katakana).
            let key = String(units.randomElement(using: &rng)!)
            guard Bool.random(using: &rng) else { return key }
            if game.script == .kana, let v = key.unicodeScalars.first?.value,
                (0x3041...0x3096).contains(v)
            {
                return String(Unicode.Scalar(v + 0x60)!)
            }
            return key.uppercased()
        case 3..<7:
            return game.script.keys.randomElement(using: &rng)!
        case 7..<9:
            return Self.allKeys.randomElement(using: &rng)!
        default:
            return Self.noise.randomElement(using: &rng)!
        }
    }
}
