/// One key press as read from a terminal in raw mode.
enum Key: Equatable, Sendable {
    /// A printable character (ASCII or any UTF-8 text, e.g. from the user's own IME).
    case character(Character)
    case enter
    case backspace
    case tab
    case escape
    case up, down, left, right
    /// Ctrl plus a letter, as the letter ("t" for Ctrl-T); Ctrl-C is `.interrupt`.
    case control(Character)
    case interrupt
    /// Standard input closed.
    case endOfInput
    /// Bytes that mean nothing here (an unknown escape sequence, invalid UTF-8).
    case unknown
}

/// Turns the bytes a terminal sends into keys: UTF-8 sequences become one
/// character, CSI/SS3 escape sequences (arrows) one key.
struct KeyDecoder {
    /// Reads the next byte, waiting up to `timeout` seconds when given (nil: no byte in time).
    /// A nil timeout waits for ever; nil then means end of input.
    let readByte: (_ timeout: Double?) -> UInt8?

    func next() -> Key {
        guard let byte = readByte(nil) else { return .endOfInput }
        switch byte {
        case 0x03: return .interrupt
        case 0x04: return .endOfInput
        case 0x09: return .tab
        case 0x0A, 0x0D: return .enter
        case 0x08, 0x7F: return .backspace
        case 0x1B: return escapeSequence()
        case 0x01...0x1A: return .control(Character(Unicode.Scalar(byte + 0x60)))
        case 0x20..<0x7F: return .character(Character(Unicode.Scalar(byte)))
        case 0xC2...0xF4: return utf8Character(startingWith: byte)
        default: return .unknown
        }
    }

    /// ESC alone (nothing follows at once) is the Escape key; ESC [ … or ESC O … is
    /// a key such as an arrow.
    private func escapeSequence() -> Key {
        guard let second = readByte(0.03) else { return .escape }
        guard second == UInt8(ascii: "[") || second == UInt8(ascii: "O") else { return .escape }
        var final: UInt8 = 0
        // Parameters and intermediates (0x20–0x3F) until a final byte (0x40–0x7E).
        for _ in 0..<16 {
            guard let byte = readByte(0.03) else { return .unknown }
            if (0x40...0x7E).contains(byte) {
                final = byte
                break
            }
        }
        switch final {
        case UInt8(ascii: "A"): return .up
        case UInt8(ascii: "B"): return .down
        case UInt8(ascii: "C"): return .right
        case UInt8(ascii: "D"): return .left
        default: return .unknown
        }
    }

    private func utf8Character(startingWith lead: UInt8) -> Key {
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
        var bytes = [lead]
        for _ in 1..<length {
            guard let byte = readByte(0.1), byte & 0xC0 == 0x80 else { return .unknown }
            bytes.append(byte)
        }
        guard let text = String(validating: bytes, as: UTF8.self), let character = text.first else {
            return .unknown
        }
        return .character(character)
    }
}
