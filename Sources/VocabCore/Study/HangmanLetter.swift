import Hangul

/// One character of a hangman answer and the keys that reveal it.
struct HangmanLetter: Hashable, Sendable {
    /// A piece of a character revealed by one or more keys: a Hangul syllable's initial,
    /// vowel (ㅘ = ㅗ ㅏ) or final (ㄺ = ㄹ ㄱ); for other scripts the character's one key.
    struct Part: Hashable, Sendable {
        /// The part as one compatibility jamo (ㅘ), shown once all its keys are revealed.
        var whole: Unicode.Scalar
        var units: [Unicode.Scalar]
    }

    let character: Character
    /// Empty when the character is not played (shown from the start).
    let parts: [Part]
    /// The keys of all parts in typing order (kept, as cells are drawn often).
    let units: [Unicode.Scalar]

    init(character: Character, parts: [Part]) {
        self.character = character
        self.parts = parts
        units = parts.flatMap(\.units)
    }

    var isPlayed: Bool { !parts.isEmpty }

    /// The cell for this character once `revealed` keys have been guessed.
    func cell(revealed: Set<Unicode.Scalar>, script: HangmanScript) -> HangmanCell {
        guard isPlayed else {
            return HangmanCell(text: String(character), isComplete: true, isPlayed: false)
        }
        if units.allSatisfy(revealed.contains) {
            return HangmanCell(text: String(character), isComplete: true, isPlayed: true)
        }
        guard script == .hangul else {
            return HangmanCell(text: nil, isComplete: false, isPlayed: true)
        }
        let text = partialHangul(revealed: revealed)
        return HangmanCell(text: text.isEmpty ? nil : text, isComplete: false, isPlayed: true)
    }

    /// A partly revealed Hangul character: the revealed keys up to the first hidden one,
    /// composed as if typed (ㄱ → ㄱ, ㄱ ㅗ → 고, ㄷ ㅏ ㄹ → 달), followed by the keys
    /// revealed after that gap as loose compatibility jamo, a vowel or final whose keys
    /// are all revealed written whole (과 with ㅗ ㅏ but not ㄱ → ㅘ; 닭 with ㄷ ㅏ ㄱ → 다ㄱ).
    private func partialHangul(revealed: Set<Unicode.Scalar>) -> String {
        var typed = String.UnicodeScalarView()
        var loose = String.UnicodeScalarView()
        var afterGap = false
        for part in parts {
            if afterGap {
                let shown = part.units.filter(revealed.contains)
                if shown.count == part.units.count {
                    loose.append(part.whole)
                } else {
                    loose.append(contentsOf: shown)
                }
                continue
            }
            for unit in part.units {
                if afterGap {
                    if revealed.contains(unit) { loose.append(unit) }
                } else if revealed.contains(unit) {
                    typed.append(unit)
                } else {
                    afterGap = true
                }
            }
        }
        return Hangul.compose(String(typed)) + String(loose)
    }
}
