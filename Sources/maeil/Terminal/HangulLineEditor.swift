import Hangul

/// Which way Latin keys are read: composed into Hangul (2-beolsik) or kept as typed.
enum InputLayout: Sendable {
    case hangul, latin

    var toggled: InputLayout { self == .hangul ? .latin : .hangul }

    /// For the screen: "한" or "EN".
    var label: String { self == .hangul ? "한" : "EN" }
}

/// A one-line input for typed answers. In the Hangul layout Latin keys go through
/// the 2-beolsik automaton as they are typed (t k r h k → ㅅ 사 삭 사고 사과), so no
/// Korean IME is needed; Backspace takes back one jamo of the syllable being composed.
struct HangulLineEditor {
    var layout: InputLayout
    /// Finished text.
    private(set) var committed = ""
    private var composer = HangulInputContext()

    init(layout: InputLayout) {
        self.layout = layout
    }

    /// The syllable being composed, shown underlined after `committed`.
    var preedit: String { composer.preedit }

    var text: String { committed + composer.preedit }

    mutating func type(_ character: Character) {
        guard layout == .hangul else {
            committed += composer.flush()
            committed.append(character)
            return
        }
        // Keys the automaton does not use (space, digits, non-ASCII) commit the syllable and go in as they are.
        let used = composer.process(character)
        committed += composer.commit
        if !used { committed.append(character) }
    }

    /// Removes one jamo being composed, else the last character.
    mutating func backspace() {
        if !composer.backspace(), !committed.isEmpty {
            committed.removeLast()
        }
    }

    /// Switches layouts, finishing the syllable being composed first.
    mutating func toggleLayout() {
        committed += composer.flush()
        layout = layout.toggled
    }

    /// The whole text, with the syllable being composed finished.
    mutating func finish() -> String {
        committed += composer.flush()
        return committed
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
