import Hangul
import Kana

/// Which way Latin keys are read: composed into Hangul (2-beolsik), turned into kana
/// (romaji, WanaKana's IME rules), or kept as typed.
enum InputLayout: Sendable {
    case hangul, kana, latin

    /// The other layout Tab switches to (Latin goes to Hangul: the hangman pad's pair).
    var toggled: InputLayout { self == .latin ? .hangul : .latin }

    /// For the screen: "한", "かな" or "EN".
    var label: String {
        switch self {
        case .hangul: "한"
        case .kana: "かな"
        case .latin: "EN"
        }
    }
}

/// A one-line input for typed answers. In the Hangul layout Latin keys go through
/// the 2-beolsik automaton as they are typed (t k r h k → ㅅ 사 삭 사고 사과), so no
/// Korean IME is needed; Backspace takes back one jamo of the syllable being composed.
/// In the kana layout romaji becomes kana as it is typed (g a k u → が ぐ), a lone n
/// waiting for the next key as in a Japanese IME; upper case types katakana.
struct AnswerLineEditor {
    private(set) var layout: InputLayout
    /// The layout the answer is written in; Tab switches between it and Latin.
    let native: InputLayout
    /// Finished text.
    private(set) var committed = ""
    private var composer = HangulInputContext()
    /// What was typed since the kana layout was chosen, converted as far as it can be.
    private var kanaRun = ""

    init(layout: InputLayout) {
        self.layout = layout
        native = layout
    }

    /// The layout Tab switches to: Latin and back, or Hangul and back for a Latin answer.
    var toggledLayout: InputLayout {
        if native == .latin { return layout.toggled }
        return layout == native ? .latin : native
    }

    /// The syllable being composed, shown underlined after `committed`.
    var preedit: String { layout == .kana ? kanaRun : composer.preedit }

    var text: String { committed + preedit }

    mutating func type(_ character: Character) {
        switch layout {
        case .latin:
            committed.append(character)
        case .kana:
            kanaRun = Kana.typing(kanaRun + String(character))
        case .hangul:
            // Keys the automaton does not use (space, digits, non-ASCII) commit the syllable and go in as they are.
            let used = composer.process(character)
            committed += composer.commit
            if !used { committed.append(character) }
        }
    }

    /// Removes one jamo being composed, else the last character.
    mutating func backspace() {
        if layout == .kana, !kanaRun.isEmpty {
            kanaRun.removeLast()
        } else if !composer.backspace(), !committed.isEmpty {
            committed.removeLast()
        }
    }

    /// Switches layouts, finishing what is being composed first.
    mutating func toggleLayout() {
        finishComposing()
        layout = toggledLayout
    }

    /// The whole text, with what is being composed finished (a lone n becomes ん).
    mutating func finish() -> String {
        finishComposing()
        return committed
    }

    private mutating func finishComposing() {
        committed += composer.flush() + Kana.toKana(kanaRun)
        kanaRun = ""
    }
}

extension Hangul {
    /// The jamo a single 2-beolsik key types (t → ㅅ, T → ㅆ, k → ㅏ), through the
    /// same automaton; nil for a key that is not a jamo key.
    static func jamo(forKey key: Character) -> String? {
        var composer = HangulInputContext()
        guard composer.process(key) else { return nil }
        let jamo = composer.flush()
        return jamo.isEmpty ? nil : jamo
    }

    /// Whether `text` has any Hangul in it (syllables or jamo).
    static func containsHangul(_ text: String) -> Bool {
        text.unicodeScalars.contains {
            (0xAC00...0xD7A3).contains($0.value) || (0x3131...0x318E).contains($0.value)
                || (0x1100...0x11FF).contains($0.value)
        }
    }
}
