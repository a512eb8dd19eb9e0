import Foundation
import Hangul
import Kana

/// Judges a typed answer against a card's answer, forgivingly: case, spacing
/// and Unicode normalization do not matter, and when the answer lists several
/// meanings ("apple, fruit"; "사과 (과일)") any one of them is enough. Kana is
/// the same in either script (こーひー = コーヒー), and a Japanese answer in kanji
/// (学生) is also right when typed as its reading (がくせい). One mistyped key
/// (two in a long answer, counted in Hangul jamo) is close, not wrong.
public enum TypedAnswer {
    public static func check(_ typed: String, expected: String, reading: String = "")
        -> TypedAnswerCheck
    {
        var senses = senses(of: expected)
        if isJapanese(expected, reading: reading) && !reading.isEmpty {
            senses += self.senses(of: reading)
        }
        let wanted = normalized(typed)
        let shownTyped = typed.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !wanted.isEmpty, !senses.isEmpty else {
            let sense = senses.first ?? expected
            return TypedAnswerCheck(
                verdict: .wrong, answer: expected, sense: sense,
                diff: AnswerDiff.parts(shownTyped, against: sense))
        }
        var best: (sense: String, distance: Int)?
        for sense in senses {
            let distance = Hangul.jamoDistance(wanted, normalized(sense))
            if distance < best?.distance ?? .max { best = (sense, distance) }
        }
        let (sense, distance) = best ?? (expected, .max)
        let length = Hangul.typingUnitScalars(normalized(sense)).count
        let verdict: TypedAnswerCheck.Verdict =
            distance == 0
            ? .right : distance <= (length >= 10 ? 2 : length >= 4 ? 1 : 0) ? .close : .wrong
        return TypedAnswerCheck(
            verdict: verdict, answer: expected, sense: sense,
            diff: AnswerDiff.parts(shownTyped, against: sense))
    }

    public static func isCorrect(_ typed: String, expected: String, reading: String = "") -> Bool {
        check(typed, expected: expected, reading: reading).verdict == .right
    }

    /// The keyboard an answer is typed on: kana for Japanese, Hangul for Korean.
    public static func keyboard(answer: String, reading: String) -> AnswerKeyboard {
        if isJapanese(answer, reading: reading) { return .kana }
        return answer.unicodeScalars.contains {
            Jamo.isSyllable($0) || Jamo.isCompatibilityConsonant($0)
                || Jamo.isCompatibilityVowel($0)
        } ? .hangul : .plain
    }

    /// Whether `answer` is Japanese: it has kana, or it has kanji and its reading is kana.
    public static func isJapanese(_ answer: String, reading: String) -> Bool {
        answer.unicodeScalars.contains(where: Kana.isKana)
            || (answer.unicodeScalars.contains(where: Kana.isKanji)
                && reading.unicodeScalars.contains(where: Kana.isKana))
    }

    /// The answer's senses as written: split at `, ; / · 、`, notes in
    /// parentheses left out; the whole answer when it has one.
    static func senses(of expected: String) -> [String] {
        let withoutNotes = expected.replacingOccurrences(
            of: #"\([^)]*\)"#, with: " ", options: .regularExpression)
        let parts = withoutNotes.components(separatedBy: CharacterSet(charactersIn: ",;/·、"))
            .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            .filter { !$0.isEmpty }
        let whole = expected.trimmingCharacters(in: .whitespacesAndNewlines)
        return parts.contains(whole) || whole.isEmpty ? parts : [whole] + parts
    }

    static func normalized(_ text: String) -> String {
        Kana.hiraganaToKatakana(text.precomposedStringWithCanonicalMapping)
            .lowercased()
            .split(whereSeparator: \.isWhitespace)
            .joined(separator: " ")
    }
}

public enum AnswerKeyboard: String, Sendable {
    case hangul, kana, plain
}

/// What a typed answer came to: right, close (a slip of one key), or wrong;
/// the sense it came nearest; and the typed text against that sense.
public struct TypedAnswerCheck: Sendable, Equatable {
    public enum Verdict: String, Sendable, Codable, CaseIterable {
        case right, close, wrong
    }

    public var verdict: Verdict
    /// The whole answer, every sense.
    public var answer: String
    /// The sense the typed text came nearest.
    public var sense: String
    public var diff: [AnswerDiff.Part]

    /// The rating to propose: Good when right, Hard when close, Again when wrong.
    public var suggestedRating: Int {
        switch verdict {
        case .right: 3
        case .close: 2
        case .wrong: 1
        }
    }
}

/// The typed text against the expected one, character by character (case and
/// kana script aside): what matches, what was typed and is not in the answer,
/// and what the answer has that was not typed.
public enum AnswerDiff {
    public struct Part: Sendable, Equatable {
        public enum Kind: String, Sendable, Codable {
            case same, extra, missing
        }
        public var kind: Kind
        public var text: String
    }

    public static func parts(_ typed: String, against expected: String) -> [Part] {
        let a = Array(typed)
        let b = Array(expected)
        func key(_ c: Character) -> String { TypedAnswer.normalized(String(c)) }
        let ka = a.map(key)
        let kb = b.map(key)
        // The longest common subsequence, read back from the end.
        var lengths = Array(
            repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                lengths[i][j] =
                    ka[i] == kb[j]
                    ? lengths[i + 1][j + 1] + 1 : max(lengths[i + 1][j], lengths[i][j + 1])
            }
        }
        var parts: [Part] = []
        func add(_ kind: Part.Kind, _ character: Character) {
            if parts.last?.kind == kind {
                parts[parts.count - 1].text.append(character)
            } else {
                parts.append(Part(kind: kind, text: String(character)))
            }
        }
        var i = 0
        var j = 0
        while i < a.count || j < b.count {
            if i < a.count, j < b.count, ka[i] == kb[j] {
                add(.same, b[j])
                i += 1
                j += 1
            } else if j < b.count, i == a.count || lengths[i][j + 1] >= lengths[i + 1][j] {
                add(.missing, b[j])
                j += 1
            } else {
                add(.extra, a[i])
                i += 1
            }
        }
        return parts
    }
}
